import AmodbKit
import FoundationEssentials
import Localization

/// The Calendar tab: a list whose rows are the calendar's events, made from what the screens
/// share (the marks, the watchlist's details and the region's cinema releases), never fetched as a page.
public enum CalendarTab {
  /// The days the tab covers: eight weeks from today, on the app's clock.
  public static func span(_ shared: Shared) -> ClosedRange<CivilDay> {
    CalendarLogic.span(from: CivilDay(shared.today), weeks: CalendarLogic.defaultWeeks)
  }

  /// The region's cinema releases in the span: the tab's one list request.
  public static func upcomingRequest(_ shared: Shared) -> APIRequest {
    upcomingRequest(shared, from: CivilDay(shared.today))
  }

  /// The releases' request of the eight weeks from `day`.
  private static func upcomingRequest(_ shared: Shared, from day: CivilDay) -> APIRequest {
    .discover(
      DiscoverRequest(
        filter: CalendarLogic.upcomingFilter(CalendarLogic.span(from: day, weeks: CalendarLogic.defaultWeeks)),
        page: 1, language: shared.language, region: CalendarLogic.region(shared.region)))
  }

  /// The releases as answered: today's span's, else, just past midnight while today's is asked,
  /// yesterday's (its days from today on are today's too), so the rows never go blank; once
  /// today's has failed, that failure (the list keeps its rows and says so).
  static func upcomingAnswer(_ shared: Shared) -> Loadable<APIAnswer>? {
    let today = shared.answers[upcomingRequest(shared)]
    guard today?.value == nil, today?.error == nil else { return today }
    let yesterday = shared.answers[upcomingRequest(shared, from: CivilDay(shared.today).adding(days: -1))]
    return yesterday?.value != nil ? yesterday : today
  }

  /// The titles the calendar dates, read from the marks once for all one step asks of them (each
  /// answer asks several times; a lifetime's marks filtered each time cost seconds of CPU).
  struct Dated {
    /// The films and series on the watchlist, in order.
    let watchlist: [MediaID]
    /// The series in progress off the watchlist: their episodes are the user's news too.
    let following: [MediaID]

    /// Reads them from what the screens share.
    init(_ shared: Shared) {
      watchlist = shared.marks.values.filter(\.onWatchlist).map(\.media).sorted()
      let listed = Set(watchlist)
      following = shared.following.map(MediaID.series).filter { !listed.contains($0) }
    }
  }

  /// The details the tab reads: each watchlisted film's and series', and each followed series'.
  static func detailRequests(_ shared: Shared, _ dated: Dated? = nil) -> [APIRequest] {
    let dated = dated ?? Dated(shared)
    return (dated.watchlist + dated.following).map {
      $0.kind == .series ? shared.seriesRequest($0.id) : shared.filmRequest($0.id)
    }
  }

  /// The seasons whose episodes the calendar dates, once their series have answered: one for each
  /// watchlisted series whose next episode airs in the span.
  static func seasonRequests(_ shared: Shared, _ dated: Dated) -> [APIRequest] {
    CalendarLogic.seasonsWanted(series: watchlistSeries(shared, dated), span: span(shared)).sorted { $0.key < $1.key }
      .map { shared.seasonRequest($0.key, $0.value) }
  }

  /// The watchlisted series whose details have answered, by id.
  private static func watchlistSeries(_ shared: Shared, _ dated: Dated) -> [Int: SeriesDetails] {
    var series: [Int: SeriesDetails] = [:]
    for media in dated.watchlist + dated.following where media.kind == .series {
      series[media.id] = shared.series(media.id).value
    }
    return series
  }

  /// The most of the watchlist's details asked at once: the rest wait for these to answer, so the
  /// user's own requests never queue behind a hundred of them.
  static let detailsInFlight = 2

  /// The work that loads the releases (the kept answer first unless `force`); the watchlist's
  /// details follow in the background once they have answered (`update`).
  static func loads(_ shared: Shared, force: Bool) -> [Effect] {
    let request = upcomingRequest(shared)
    // The series in progress are read from the library each time: an episode seen elsewhere counts.
    if force { return [.readLocal(.following), .fetch(request, keptFirst: false)] }
    guard shared.answers[request]?.value == nil, shared.answers[request]?.isLoading != true else {
      return [.readLocal(.following)]
    }
    return [.readLocal(.following), .fetch(request, keptFirst: true)]
  }

  /// The next of the watchlist's details, in the background and at most `detailsInFlight` at a
  /// time, once the calendar has been asked for (its releases are known or failed).
  /// `details`: the titles' requests when the caller has made them already.
  static func nextDetails(_ shared: inout Shared, _ dated: Dated? = nil, details: [APIRequest]? = nil) -> [Effect] {
    guard asked(shared) else { return [] }
    let dated = dated ?? Dated(shared)
    // The seasons after the titles: a title read counts for the progress line, a season dates more episodes.
    return shared.askInBackground(
      (details ?? detailRequests(shared, dated)) + seasonRequests(shared, dated), atMost: detailsInFlight)
  }

  /// Whether the calendar has been asked for: its releases have answered or failed.
  static func asked(_ shared: Shared) -> Bool {
    guard let releases = shared.answers[upcomingRequest(shared)] else { return false }
    return !releases.isLoading
  }

  /// How many of the watchlist's details have answered, of how many, while some are still to come.
  public static func progress(_ shared: Shared, of requests: [APIRequest]? = nil) -> (read: Int, of: Int)? {
    let requests = requests ?? detailRequests(shared)
    let read = requests.filter { shared.answers[$0]?.value != nil || shared.answers[$0]?.error != nil }.count
    return read < requests.count ? (read, requests.count) : nil
  }

  /// The events as known now, by day.
  public static func events(_ shared: Shared) -> [CalendarEvent] {
    let dated = Dated(shared)
    var films: [Int: MovieDetails] = [:]
    for media in dated.watchlist where media.kind == .film { films[media.id] = shared.film(media.id).value }
    let series = watchlistSeries(shared, dated)
    var seasons: [Int: SeasonDetails] = [:]
    for (id, season) in CalendarLogic.seasonsWanted(series: series, span: span(shared)) {
      seasons[id] = shared.season(id, season).value
    }
    let upcoming = upcomingAnswer(shared)?.value?.page?.results ?? []
    for summary in upcoming where films[summary.id] == nil { films[summary.id] = shared.film(summary.id).value }
    return CalendarLogic.events(
      watchlist: dated.watchlist, following: dated.following, films: films, series: series, seasons: seasons,
      upcoming: upcoming, region: CalendarLogic.region(shared.region), span: span(shared))
  }

  /// The tab's page once the releases have answered (an error when they could not be read), else nil.
  static func page(_ shared: Shared) -> Result<Fetched<MediaPage>, AmodbError>? {
    guard let entry = upcomingAnswer(shared), entry.value != nil || entry.error != nil else {
      return nil
    }
    if entry.value == nil, let error = entry.error { return .failure(error) }
    let upcoming = entry.value?.page?.results ?? []
    let released = Dictionary(upcoming.map { ($0.id, $0) }) { first, _ in first }
    let rows = events(shared).map { event in
      // The row is the title as it is known (poster, score, year), for the pane beside the rows.
      var row =
        known(event.media, shared, released: released)
        ?? MediaSummary(id: event.media.id, kind: event.media.kind, title: event.title)
      row.title = event.title
      row.releaseDate = row.releaseDate ?? ReleaseDate(event.day.iso)
      // An episode's row is that episode's: Enter opens it (`CalendarFeed.opening`).
      if let (season, number) = event.episode {
        row.nextEpisode = Episode(
          season: season, number: number, name: event.episodeName, airDate: ReleaseDate(event.day.iso))
      }
      return row
    }
    let page = MediaPage(page: 1, totalPages: 1, results: rows)
    return .success(Fetched(value: page, fetchedAt: entry.fetchedAt ?? shared.now, rateLimit: nil, fromCache: false))
  }

  /// A film or series of the calendar as its details or the releases give it, when they have answered.
  private static func known(_ media: MediaID, _ shared: Shared, released: [Int: MediaSummary]) -> MediaSummary? {
    if media.kind == .series { return shared.series(media.id).value?.summary }
    return shared.film(media.id).value?.summary ?? released[media.id]
  }

  /// After an answer, while the calendar has been asked for: the next of the watchlist's details,
  /// and, when the tab is on screen, how far it has got.
  static func advance(_ shared: inout Shared, showing: Bool) -> [Effect] {
    // The titles and their requests are read once an answer: a lifetime's watchlist makes hundreds.
    let dated = Dated(shared)
    let details = detailRequests(shared, dated)
    let next = nextDetails(&shared, dated, details: details)
    guard asked(shared), showing else { return next }
    let total = details.count
    if let progress = progress(shared, of: details) {
      // What the user just did, or a problem, is not talked over by the count (`a` on a row asks
      // for the title's details too).
      if let notice = shared.currentNotice, notice.kind != .message { return next }
      shared.say(progressText(read: progress.read, of: total), .message)
    } else if total > 0, shared.currentNotice?.text == progressText(read: total - 1, of: total) {
      // The last one has answered: the count says so, rather than stopping one short, and says
      // how many could not be read (offline, every one).
      let unread = details.filter { shared.answers[$0]?.value == nil }.count
      if unread == 0 {
        shared.say(progressText(read: total, of: total), .message)
      } else {
        shared.say(
          tr("calendar: %1$s of %2$s titles on the watchlist could not be read", String(unread), String(total)),
          .problem)
      }
    }
    return next
  }

  /// How far the calendar has got with the watchlist's details ("1 of 1 title", short enough for
  /// 40 columns).
  public static func progressText(read: Int, of total: Int) -> String {
    trn("calendar: %1$s of %2$s title read", "calendar: %1$s of %2$s titles read", total, String(read), String(total))
  }
}

/// The Calendar tab as a feed: its rows are made from the releases and the watchlist's details.
struct CalendarFeed: Feed {
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  var isMade: Bool { true }
  var rowsStyle: FeedRowsStyle { .byWeek }
  /// A title added to or taken off the watchlist comes or goes at once.
  var followsMarks: Bool { true }

  func loads(force: Bool, _ shared: Shared) -> [Effect] { CalendarTab.loads(shared, force: force) }

  /// An episode's row opens the episode, as its `.ics` event's link does; a film's, the film.
  func opening(_ entry: MediaSummary, _ shared: Shared) -> Route? {
    guard entry.kind == .series, let episode = entry.nextEpisode else { return nil }
    return .episode(EpisodeScreen(seriesID: entry.id, season: episode.season, number: episode.number))
  }

  func rows(_ shared: Shared) -> Result<Fetched<MediaPage>, AmodbError>? { CalendarTab.page(shared) }
  func reads(_ shared: Shared) -> [APIRequest] { [CalendarTab.upcomingRequest(shared)] }
  func advance(_ shared: inout Shared, showing: Bool) -> [Effect] { CalendarTab.advance(&shared, showing: showing) }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("Nothing known to come out in the next eight weeks."), tr("Press a on a film or series to follow it here."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", ListKind.calendar.title), tr("Could not load “%s”.", ListKind.calendar.title))
  }
}
