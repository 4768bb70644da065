import AmodbKit
import FoundationEssentials

/// The calendar as a pure function of what is known: the watchlist's films and series, their
/// details, and the region's upcoming cinema releases.
public enum CalendarLogic {
  /// How many weeks the calendar covers unless told otherwise.
  public static let defaultWeeks = 8
  /// The most weeks it covers.
  public static let mostWeeks = 26

  /// The days covered: from today through the last day of `weeks` weeks.
  public static func span(from today: CivilDay, weeks: Int) -> ClosedRange<CivilDay> {
    today...today.adding(days: 7 * max(1, weeks) - 1)
  }

  /// The discover filter of the region's cinema releases in the span, most popular first.
  public static func upcomingFilter(_ span: ClosedRange<CivilDay>) -> DiscoverFilter {
    var filter = DiscoverFilter(media: .film)
    filter.releases = RegionalReleases(from: span.lowerBound.iso, through: span.upperBound.iso, types: [2, 3])
    return filter
  }

  /// The region the calendar is for: the user's, else the US (as where-to-watch falls back).
  public static func region(_ region: String?) -> String { region ?? "US" }

  /// The events in the span, by day then title: each watchlisted film's first cinema and first
  /// digital release in the region, each watchlisted or `following` series' episodes from its next
  /// one (every one its season dates in the span, when `seasons` holds that season; else the next
  /// alone), and the upcoming releases (a film's own regional date when its details are known, else
  /// the list's).
  public static func events(
    watchlist: [MediaID], following: [MediaID] = [], films: [Int: MovieDetails], series: [Int: SeriesDetails],
    seasons: [Int: SeasonDetails] = [:], upcoming: [MediaSummary], region: String, span: ClosedRange<CivilDay>
  ) -> [CalendarEvent] {
    var events: [CalendarEvent] = []
    var seen = Set<String>()
    func add(_ event: CalendarEvent) {
      guard span.contains(event.day), seen.insert(event.uid).inserted else { return }
      events.append(event)
    }
    let watched = Set(watchlist)
    for media in watched.union(following.filter { $0.kind == .series }).sorted() {
      switch media.kind {
      case .film:
        guard let film = films[media.id] else { continue }
        for event in releases(of: film, region: region, onWatchlist: true) { add(event) }
      case .series:
        guard let details = series[media.id] else { continue }
        // The last aired is in the span when it aired today: amodb calls today's episode the last.
        var episodes = [details.lastEpisode].compactMap { $0.map { ($0.season, $0) } }
        if let next = details.nextEpisode, next.airDate != nil {
          let season = seasons[media.id].flatMap { $0.number == next.season ? $0 : nil }
          let coming = season?.episodes.filter { $0.number >= next.number } ?? [next]
          episodes += (coming.isEmpty ? [next] : coming).map { (next.season, $0) }
        }
        for (season, episode) in episodes {
          guard let date = episode.airDate else { continue }
          add(
            CalendarEvent(
              day: CivilDay(date), media: media, title: details.name, kind: .episode,
              episode: (season, episode.number), episodeName: episode.name, onWatchlist: watched.contains(media)))
        }
      case .person: continue
      }
    }
    for summary in upcoming where summary.kind == .film {
      let onWatchlist = watched.contains(.film(summary.id))
      if let film = films[summary.id] {
        let known = releases(of: film, region: region, onWatchlist: onWatchlist).filter { $0.kind == .cinema }
        if !known.isEmpty {
          known.forEach(add)
          continue
        }
      }
      guard let date = summary.releaseDate else { continue }
      add(
        CalendarEvent(
          day: CivilDay(date), media: .film(summary.id), title: summary.title, kind: .cinema, region: region,
          onWatchlist: onWatchlist))
    }
    return events.sorted { ($0.day, $0.title, $0.uid) < ($1.day, $1.title, $1.uid) }
  }

  /// A film's first cinema and first digital release in a region, as events.
  static func releases(of film: MovieDetails, region: String, onWatchlist: Bool) -> [CalendarEvent] {
    let dated = film.releases[region] ?? []
    let cinema = dated.filter(\.isCinema).map(\.date).min()
    let digital = dated.filter(\.isDigital).map(\.date).min()
    return [(cinema, CalendarEventKind.cinema), (digital, .digital)].compactMap { date, kind in
      date.map {
        CalendarEvent(
          day: CivilDay($0), media: .film(film.id), title: film.title, kind: kind, region: region,
          onWatchlist: onWatchlist)
      }
    }
  }

  /// The events grouped by week (Monday first), every week of the span listed, empty or not.
  public static func weeks(_ events: [CalendarEvent], span: ClosedRange<CivilDay>) -> [CalendarWeek] {
    var monday = span.lowerBound.adding(days: -span.lowerBound.weekday)
    var weeks: [CalendarWeek] = []
    while monday <= span.upperBound {
      let end = monday.adding(days: 7)
      weeks.append(CalendarWeek(monday: monday, events: events.filter { $0.day >= monday && $0.day < end }))
      monday = end
    }
    return weeks
  }

  /// The season whose episodes the calendar would date, by series id: that of each series' next
  /// episode, when it airs in the span (a season's answer dates the episodes after it).
  public static func seasonsWanted(series: [Int: SeriesDetails], span: ClosedRange<CivilDay>) -> [Int: Int] {
    series.compactMapValues { details in
      guard let next = details.nextEpisode, let date = next.airDate, span.contains(CivilDay(date)) else { return nil }
      return next.season
    }
  }

  /// The watchlisted films and series whose details are not known yet: what to ask for.
  public static func missing(
    watchlist: [MediaID], films: [Int: MovieDetails], series: [Int: SeriesDetails]
  ) -> [MediaID] {
    watchlist.sorted().filter { $0.kind == .film ? films[$0.id] == nil : series[$0.id] == nil }
  }
}

extension CivilDay {
  /// The day of a release date.
  public init(_ date: ReleaseDate) {
    self.init(year: date.year, month: date.month, day: date.day)
  }
}
