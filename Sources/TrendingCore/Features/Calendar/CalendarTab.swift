import AmodbKit
import FoundationEssentials
import Localization

/// The Calendar tab: a list whose rows are the calendar's events, made from what the screens
/// share (the marks, the watchlist's details and the region's cinema releases), never fetched as a page.
public enum CalendarTab {
  /// The days the tab covers: eight weeks from today, on the app's clock.
  public static func span(_ shared: Shared) -> ClosedRange<CivilDay> {
    CalendarLogic.span(from: CivilDay(shared.now), weeks: CalendarLogic.defaultWeeks)
  }

  /// The region's cinema releases in the span: the tab's one list request.
  public static func upcomingRequest(_ shared: Shared) -> APIRequest {
    .discover(
      DiscoverRequest(
        filter: CalendarLogic.upcomingFilter(span(shared)), page: 1, language: shared.language,
        region: CalendarLogic.region(shared.region)))
  }

  /// The films and series on the watchlist.
  static func watchlist(_ shared: Shared) -> [MediaID] {
    shared.marks.values.filter(\.onWatchlist).map(\.media).sorted()
  }

  /// What the tab needs: the releases, then each watchlisted film's and series' details.
  static func requests(_ shared: Shared) -> [APIRequest] {
    [upcomingRequest(shared)]
      + watchlist(shared).map { $0.kind == .series ? shared.seriesRequest($0.id) : shared.filmRequest($0.id) }
  }

  /// The work that loads what is not loaded (the kept answers first, so details already cached
  /// cost no request); `force` asks the releases of the network again.
  static func loads(_ shared: Shared, force: Bool) -> [Effect] {
    requests(shared).enumerated().compactMap { index, request in
      let entry = shared.answers[request]
      if index == 0, force { return .fetch(request, keptFirst: false) }
      guard entry?.value == nil, entry?.isLoading != true else { return nil }
      return .fetch(request, keptFirst: true)
    }
  }

  /// The events as known now, by day.
  public static func events(_ shared: Shared) -> [CalendarEvent] {
    let watchlist = watchlist(shared)
    var films: [Int: MovieDetails] = [:]
    var series: [Int: SeriesDetails] = [:]
    for media in watchlist {
      if media.kind == .series {
        series[media.id] = shared.series(media.id).value
      } else {
        films[media.id] = shared.film(media.id).value
      }
    }
    let upcoming = shared.answers[upcomingRequest(shared)]?.value?.page?.results ?? []
    for summary in upcoming where films[summary.id] == nil { films[summary.id] = shared.film(summary.id).value }
    return CalendarLogic.events(
      watchlist: watchlist, films: films, series: series, upcoming: upcoming,
      region: CalendarLogic.region(shared.region), span: span(shared))
  }

  /// The tab's page once the releases have answered (an error when they could not be read), else nil.
  static func page(_ shared: Shared) -> Result<Fetched<MediaPage>, AmodbError>? {
    guard let entry = shared.answers[upcomingRequest(shared)], entry.value != nil || entry.error != nil else {
      return nil
    }
    if entry.value == nil, let error = entry.error { return .failure(error) }
    let rows = events(shared).map { event in
      MediaSummary(
        id: event.media.id, kind: event.media.kind, title: event.title,
        releaseDate: ReleaseDate(event.day.iso))
    }
    let page = MediaPage(page: 1, totalPages: 1, results: rows)
    return .success(Fetched(value: page, fetchedAt: entry.fetchedAt ?? shared.now, rateLimit: nil, fromCache: false))
  }
}

/// The Calendar tab as a feed: its rows are made from the releases and the watchlist's details.
struct CalendarFeed: Feed {
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  var isMade: Bool { true }
  var rowsStyle: FeedRowsStyle { .byWeek }

  func loads(force: Bool, _ shared: Shared) -> [Effect] { CalendarTab.loads(shared, force: force) }
  func rows(_ shared: Shared) -> Result<Fetched<MediaPage>, AmodbError>? { CalendarTab.page(shared) }
  func reads(_ shared: Shared) -> [APIRequest] { [CalendarTab.upcomingRequest(shared)] }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("Nothing known to come out in the next eight weeks."), tr("Press a on a film or series to follow it here."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", ListKind.calendar.title), tr("Could not load “%s”.", ListKind.calendar.title))
  }
}
