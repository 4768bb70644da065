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

  /// The watchlist's details the tab reads: each film's and series' own request.
  static func detailRequests(_ shared: Shared) -> [APIRequest] {
    watchlist(shared).map { $0.kind == .series ? shared.seriesRequest($0.id) : shared.filmRequest($0.id) }
  }

  /// The most of the watchlist's details asked at once: the rest wait for these to answer, so the
  /// user's own requests never queue behind a hundred of them.
  static let detailsInFlight = 2

  /// The work that loads the releases (the kept answer first unless `force`); the watchlist's
  /// details follow in the background once they have answered (`update`).
  static func loads(_ shared: Shared, force: Bool) -> [Effect] {
    let request = upcomingRequest(shared)
    if force { return [.fetch(request, keptFirst: false)] }
    guard shared.answers[request]?.value == nil, shared.answers[request]?.isLoading != true else { return [] }
    return [.fetch(request, keptFirst: true)]
  }

  /// The next of the watchlist's details, in the background and at most `detailsInFlight` at a
  /// time, once the calendar has been asked for (its releases are known or failed).
  static func nextDetails(_ state: inout AppState) -> [Effect] {
    guard asked(state.shared) else { return [] }
    let requests = detailRequests(state.shared)
    var inFlight = requests.filter { state.shared.answers[$0]?.isLoading == true }.count
    var effects: [Effect] = []
    for request in requests where inFlight < detailsInFlight {
      let entry = state.shared.answers[request] ?? Loadable()
      guard entry.value == nil, entry.error == nil, !entry.isLoading else { continue }
      var started = entry
      started.begin()
      state.shared.answers[request] = started
      effects.append(.fetchInBackground(request))
      inFlight += 1
    }
    return effects
  }

  /// Whether the calendar has been asked for: its releases have answered or failed.
  static func asked(_ shared: Shared) -> Bool {
    guard let releases = shared.answers[upcomingRequest(shared)] else { return false }
    return !releases.isLoading
  }

  /// How many of the watchlist's details have answered, of how many, while some are still to come.
  public static func progress(_ shared: Shared) -> (read: Int, of: Int)? {
    let requests = detailRequests(shared)
    let read = requests.filter { shared.answers[$0]?.value != nil || shared.answers[$0]?.error != nil }.count
    return read < requests.count ? (read, requests.count) : nil
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

  /// Makes every Calendar tab's rows again after an answer, when they changed, asks for the next
  /// details, and says how far the calendar has got while it is on screen.
  static func update(_ state: inout AppState) -> [Effect] {
    let next = nextDetails(&state)
    if asked(state.shared), state.topList.source == .tab(.calendar), state.stack.count == 1 {
      let total = detailRequests(state.shared).count
      if let progress = progress(state.shared) {
        state.shared.say(progressText(read: progress.read, of: total), .message)
      } else if total > 0, state.shared.currentNotice?.text == progressText(read: total - 1, of: total) {
        // The last one has answered: the count says so, rather than stopping one short.
        state.shared.say(progressText(read: total, of: total), .message)
      }
    }
    return next + rows(&state)
  }

  /// How far the calendar has got with the watchlist's details.
  public static func progressText(read: Int, of total: Int) -> String {
    tr("calendar: %1$s of %2$s titles on the watchlist read", String(read), String(total))
  }

  /// Makes every Calendar tab's rows again, when they changed.
  private static func rows(_ state: inout AppState) -> [Effect] {
    state.updateLists({ $0.source == .tab(.calendar) }) { list, shared in
      guard let page = page(shared) else { return [] }
      if case .success(let fetched) = page, !list.list.isLoading, list.list.value?.movies == fetched.value.results {
        return []
      }
      return ListLogic.loaded(&list, page: 1, page, rows: shared.visibleRows, shared)
    }
  }
}
