import AmodbKit
import FoundationEssentials
import Localization

/// What comes out on a day: a film in cinemas or online, or a series' next episode.
public enum CalendarEventKind: String, Hashable, Sendable, CaseIterable {
  case cinema, digital, episode
}

/// One entry of the calendar: a day, what comes out, and where it opens.
public struct CalendarEvent: Hashable, Sendable {
  /// The day it comes out (in the region, for films).
  public var day: CivilDay
  /// The film or series.
  public var media: MediaID
  /// Its title, in the language asked for.
  public var title: String
  /// Cinema, digital or an episode.
  public var kind: CalendarEventKind
  /// The country of a film's release; nil for an episode.
  public var region: String?
  /// The episode's season and number.
  public var episode: (season: Int, number: Int)? {
    get { episodeNumbers.map { ($0[0], $0[1]) } }
    set { episodeNumbers = newValue.map { [$0.season, $0.number] } }
  }
  /// The season and number as a pair kept `Hashable`.
  private var episodeNumbers: [Int]?
  /// The episode's name, when known.
  public var episodeName: String?
  /// Whether the film or series is on the watchlist (else it is an upcoming release).
  public var onWatchlist: Bool

  /// Makes an event.
  public init(
    day: CivilDay, media: MediaID, title: String, kind: CalendarEventKind, region: String? = nil,
    episode: (season: Int, number: Int)? = nil, episodeName: String? = nil, onWatchlist: Bool
  ) {
    self.day = day
    self.media = media
    self.title = title
    self.kind = kind
    self.region = region
    self.episodeNumbers = episode.map { [$0.season, $0.number] }
    self.episodeName = episodeName
    self.onWatchlist = onWatchlist
  }

  /// A stable identity, the same whenever the calendar is made again, so a calendar app that
  /// imports it again updates the event instead of adding another: `film-550-cinema@trending`,
  /// `tv-1399-s8e3@trending`. Not the region's: one made by cron (no `LANG`) and one made in a
  /// French shell name one release, whose day moves with the region.
  public var uid: String {
    switch kind {
    case .cinema, .digital: return "film-\(media.id)-\(kind.rawValue)@trending"
    case .episode:
      let numbers = episode.map { "s\($0.season)e\($0.number)" } ?? "next"
      return "tv-\(media.id)-\(numbers)@trending"
    }
  }

  /// The page it opens: the film's or series' on TMDB (the episode's when its numbers are known).
  public var page: WebPage {
    switch kind {
    case .cinema, .digital: return .film(media.id)
    case .episode:
      return episode.map { WebPage.episode(media.id, $0.season, $0.number) } ?? .series(media.id)
    }
  }

  /// What it is, in words: "in cinemas", "online", "S02E05 “Name”".
  public var what: String {
    switch kind {
    case .cinema: return tr("in cinemas")
    case .digital: return tr("online")
    case .episode:
      // Written as every other screen and command writes an episode: S02E05.
      let numbers = episode.map { Episode(season: $0.season, number: $0.number).code } ?? tr("next episode")
      return episodeName.map { numbers + " " + Quoted.name($0) } ?? numbers
    }
  }

  /// The line a calendar app shows: "Dune: Part Three — in cinemas".
  public var summary: String { title + " — " + what }
}

/// A week of the calendar: its Monday and what comes out in it.
public struct CalendarWeek: Hashable, Sendable {
  /// The week's Monday.
  public var monday: CivilDay
  /// Its events, by day, then title.
  public var events: [CalendarEvent]

  /// Makes a week.
  public init(monday: CivilDay, events: [CalendarEvent]) {
    self.monday = monday
    self.events = events
  }
}
