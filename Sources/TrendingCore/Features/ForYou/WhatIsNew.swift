import AmodbKit
import Localization

/// What is new for the user since a day, as values: aired episodes not seen, watchlisted films
/// released in the region, and titles that came to one of the user's services. `trending new`
/// reads the library and the details and hands them here.
public enum WhatIsNew {
  /// What kind of news an item is.
  public enum Kind: String, Sendable {
    case episode, cinema, digital, service
  }

  /// One piece of news.
  public struct Item: Equatable, Sendable {
    /// Its day.
    public var day: ReleaseDate
    /// The title.
    public var media: MediaID
    /// Its name.
    public var title: String
    /// What it is.
    public var kind: Kind
    /// The episode (`S01E05 “Low Tide”`) or the service, when it is one.
    public var detail: String?
    /// The episode's season and number, when it is one.
    public var episode: EpisodeKey?

    /// Makes an item.
    public init(
      day: ReleaseDate, media: MediaID, title: String, kind: Kind, detail: String? = nil, episode: EpisodeKey? = nil
    ) {
      self.day = day
      self.media = media
      self.title = title
      self.kind = kind
      self.detail = detail
      self.episode = episode
    }

    /// What tells it from every other piece of news of its day: kind, title and episode or service.
    public var key: String {
      [kind.rawValue, media.description, episode.map { "S\($0.season)E\($0.number)" } ?? detail ?? ""]
        .joined(separator: " ")
    }

    /// The key with its day before it, as a run keeps what it said.
    public var datedKey: String { day.description + " " + key }

    /// The item in one line: `2026-11-28  Silo S02E05 “Descent”: new episode`.
    public var line: String {
      let what: String =
        switch kind {
        case .episode: tr("%1$s %2$s: new episode", title, detail ?? "")
        case .cinema: tr("%s: in cinemas", title)
        case .digital: tr("%s: out to watch at home", title)
        case .service: tr("%1$s: now on %2$s", title, detail ?? "")
        }
      return day.description + "  " + what
    }
  }

  /// The news not said yet: `said` holds the dated keys (`Item.datedKey`) of what earlier runs said
  /// from the day a run starts at, so a later one says only the rest (an episode of a title followed
  /// since, or what a run that failed on another title did not say).
  public static func unsaid(_ items: [Item], said: Set<String>) -> [Item] {
    items.filter { !said.contains($0.datedKey) }
  }

  /// The dated keys a run kept, one a line; a line with no day (as runs before days were kept wrote
  /// them) is of `day`, the day that run ran.
  public static func saidKeys(_ text: String, day: ReleaseDate) -> Set<String> {
    Set(
      text.split(separator: "\n").map { line in
        let dated = line.count > 11 && ReleaseDate(String(line.prefix(10))) != nil && line.dropFirst(10).first == " "
        return dated ? String(line) : day.description + " " + line
      })
  }

  /// The most seasons of one series a run asks for: a long window over a long series reads its
  /// latest seasons, not every one.
  public static let seasonsAtMost = 10

  /// The seasons whose episodes may have aired since `since`, latest first: the latest season aired
  /// by `today` (the next episode's, once its day has come: details read yesterday still call it
  /// next), and each earlier one whose next season began on or after `since` (till then its episodes
  /// could still come), at most `seasonsAtMost`; the specials too when the last aired was one.
  public static func seasons(of series: SeriesDetails, since: ReleaseDate, today: ReleaseDate) -> [Int] {
    var aired = [series.lastEpisode].compactMap { $0?.season }
    if let next = series.nextEpisode, let day = next.airDate, day <= today { aired.append(next.season) }
    // A special aired last says nothing of the regular seasons: the latest one begun by today is.
    let begunByToday = series.seasons.filter { $0.number > 0 && ($0.airDate.map { $0 <= today } ?? false) }
    guard let last = aired.filter({ $0 > 0 }).max() ?? begunByToday.map(\.number).max() else {
      return aired.contains(0) ? [0] : []
    }
    let begun = series.seasons.filter { $0.number > 0 && $0.number <= last }.sorted { $0.number < $1.number }
    var earlier: [Int] = []
    for (season, next) in zip(begun, begun.dropFirst()) where season.number < last {
      if let starts = next.airDate, starts >= since { earlier.append(season.number) }
    }
    let specials = aired.contains(0) ? [0] : []
    return Array(([last] + earlier.sorted(by: >) + specials).prefix(seasonsAtMost))
  }

  /// The episodes aired from `since` to `today`, not seen; never one not aired.
  public static func episodes(
    of series: MediaID, title: String, _ episodes: [Episode], seen: Set<String>, since: ReleaseDate,
    today: ReleaseDate
  ) -> [Item] {
    episodes.compactMap { episode in
      guard let day = episode.airDate, day <= today, day >= since,
        !seen.contains(episode.code)
      else { return nil }
      let name = episode.name.map { " “\($0)”" } ?? ""
      return Item(
        day: day, media: series, title: title, kind: .episode, detail: episode.code + name,
        episode: EpisodeKey(season: episode.season, number: episode.number))
    }
  }

  /// A film's first cinema and first digital release in the region, when in the window.
  public static func releases(
    of film: MovieDetails, region: String, since: ReleaseDate, today: ReleaseDate
  ) -> [Item] {
    let dated = film.releases[region] ?? []
    let firsts: [(ReleaseDate?, Kind)] = [
      (dated.filter(\.isCinema).map(\.date).min(), .cinema), (dated.filter(\.isDigital).map(\.date).min(), .digital),
    ]
    return firsts.compactMap { date, kind in
      guard let date, date <= today, date >= since else { return nil }
      return Item(day: date, media: .film(film.id), title: film.title, kind: kind)
    }
  }

  /// The user's services a title streams on now and did not at the last check (nothing when it was
  /// never checked: there is nothing to compare with).
  public static func newServices(
    of media: MediaID, title: String, now: [String], before: [String]?, mine: [String], today: ReleaseDate
  ) -> [Item] {
    guard let before else { return [] }
    let wanted = Set(mine.map { $0.lowercased() })
    let known = Set(before.map { $0.lowercased() })
    return now.filter { wanted.contains($0.lowercased()) && !known.contains($0.lowercased()) }
      .reduce(into: [String]()) { names, name in
        if !names.contains(where: { $0.lowercased() == name.lowercased() }) { names.append(name) }
      }
      .map { Item(day: today, media: media, title: title, kind: .service, detail: $0) }
  }

  /// Oldest first; on one day, by title, then kind, then detail.
  public static func sorted(_ items: [Item]) -> [Item] {
    items.sorted {
      ($0.day, $0.title, $0.kind.rawValue, $0.detail ?? "") < ($1.day, $1.title, $1.kind.rawValue, $1.detail ?? "")
    }
  }
}
