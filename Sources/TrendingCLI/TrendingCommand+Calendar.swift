import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore
import TrendingViews

#if canImport(Glibc)
  import Glibc
#endif

/// How `trending calendar` prints: text for people, JSON for scripts, an iCalendar file for calendar apps.
public enum CalendarOutput: Equatable, Sendable {
  case text, json, ics
}

/// What the calendar was made of: the events and the parts that could not be read.
struct CalendarReport {
  /// The events, by day.
  var events: [CalendarEvent]
  /// The days covered.
  var span: ClosedRange<CivilDay>
  /// The region.
  var region: String
  /// What could not be asked or read, one line each.
  var problems: [String]
  /// Why the region's releases could not be read, when they could not.
  var failure: AmodbError?
  /// Why a part could not be read (a title of the watchlist, the releases), when one could not.
  var partFailure: AmodbError?
}

extension TrendingCommand {
  /// `trending calendar`: the watchlist's films (their regional releases) and series (their next
  /// episodes), and the region's cinema releases, for the next weeks.
  static func calendar(
    weeks: Int, format: CalendarOutput, invocation: Invocation, environment: [String: String]
  ) -> Int32 {
    if let refused = refusingAbsentLibrary(environment) { return refused }
    return runClient(invocation, environment: environment) { services in
      let report = gatherCalendar(weeks: weeks, client: services.client, environment: environment, today: Date())
      for problem in report.problems { printError(problem) }
      // Nothing to show and the releases unreadable: a failure (the network's, offline), not an
      // empty calendar.
      if report.events.isEmpty, let failure = report.failure { return ExitCode(failure).rawValue }
      // What could be read is printed; a part that could not fails the run, as `new` does, so a
      // calendar file written by cron is known to lack it.
      let partly = { (code: Int32) in
        code == ExitCode.success.rawValue ? report.partFailure.map { ExitCode($0).rawValue } ?? code : code
      }
      switch format {
      case .ics:
        // Stamped with the day, not the second: a file written again the same day is the same bytes,
        // so file syncs and subscriptions' caches see no change where there is none.
        let stamp = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        return partly(emitRaw(ICalendar.document(report.events, name: tr("trending: coming soon"), now: stamp)))
      case .json: return partly(emit(Output.json(report)))
      case .text:
        // Nothing to come is said, not printed, as the tab says it (decision *nothing-is-said-not-printed*).
        guard !report.events.isEmpty else {
          printError(
            trn(
              "Nothing known to come out in the next %s week.", "Nothing known to come out in the next %s weeks.", weeks
            ))
          return partly(ExitCode.success.rawValue)
        }
        return partly(emit(Output.text(report)))
      }
    }
  }

  /// How the line about unreadable cinema releases starts.
  static var upcomingProblemPrefix: String { tr("cinema releases") }

  /// Asks for what the calendar needs: the watchlist's details (the kept answers first, so only
  /// films and series never seen are asked of amodb) and one page of the region's cinema releases.
  static func gatherCalendar(
    weeks: Int, client: AmodbClient, environment: [String: String], today: Date
  ) -> CalendarReport {
    let configuration = client.configuration
    let language = configuration.language
    let region = CalendarLogic.region(configuration.region)
    let span = CalendarLogic.span(from: CivilDay(ReleaseDate(localDay: today)), weeks: weeks)
    var problems: [String] = []
    // The watchlist, and the series in progress off it: their episodes are the user's news too.
    var watchlist: [MediaID] = []
    var following: [MediaID] = []
    if let path = Library.standardPath(environment: environment) {
      let day = WatchlistFormat.day(today)
      let read = LibraryService(path: path).sync { library throws(LibraryError) in
        (library.notice, try library.marks(), try library.seriesAhead(today: day))
      }
      switch read {
      case .success(let (notice, marks, ahead)):
        if let notice { problems.append(notice) }
        watchlist = marks.values.filter(\.onWatchlist).map(\.media)
        following = ahead.map(MediaID.series).filter { !watchlist.contains($0) }
      case .failure(let error): problems.append(error.message)
      }
    }
    let asked = watchlist + following
    var films: [Int: MovieDetails] = [:]
    var series: [Int: SeriesDetails] = [:]
    var unread: (count: Int, error: AmodbError?) = (0, nil)
    // What fails the run: not a title amodb no longer has (404), which would fail every run.
    var partFailure: AmodbError?
    // Once amodb refuses every request, the rest are read from what is kept, never asked.
    var refused: AmodbError?
    // On a terminal, a line that says how far it has got (each request may wait for the budget).
    let showsProgress = Console.redrawsErrorLine && !asked.isEmpty
    defer { if showsProgress { try? Console.write("\r\u{1B}[K", to: 2) } }
    for (index, media) in asked.sorted().enumerated() {
      if showsProgress {
        try? Console.write("\r" + CalendarTab.progressText(read: index, of: asked.count) + "\u{1B}[K", to: 2)
      }
      let request = APIRequest.details(media, language: language)
      switch answer(request, keptFirst: true, refused: refused, client: client) {
      case .success(let fetched):
        if let film = fetched.value.movie { films[media.id] = film }
        if let show = fetched.value.series { series[media.id] = show }
      case .failure(let error):
        unread = (unread.count + 1, error)
        if error.refusesEveryRequest { refused = error }
        switch error {
        case .notFound: break
        default: partFailure = error
        }
      }
    }
    if showsProgress {
      try? Console.write("\r" + CalendarTab.progressText(read: asked.count, of: asked.count), to: 2)
    }
    // The season of each series' next episode dates the episodes after it (kept a day, as details
    // are); without it, the next episode alone. Offline, the kept seasons alone are read.
    var seasons: [Int: SeasonDetails] = [:]
    let wanted = CalendarLogic.seasonsWanted(series: series, span: span)
    for (id, season) in wanted.sorted(by: { $0.key < $1.key }) {
      let request = APIRequest.season(SeasonRequest(seriesID: id, number: season, language: language))
      switch answer(request, keptFirst: true, refused: refused, client: client) {
      case .success(let fetched): seasons[id] = fetched.value.season
      case .failure(let error): if error.refusesEveryRequest { refused = error }
      }
    }
    // One line for the titles that could not be read (offline, every one of them).
    if let error = unread.error {
      problems.append(
        trn(
          "%1$s title on the watchlist could not be read: %2$s", "%1$s titles on the watchlist could not be read: %2$s",
          unread.count, String(unread.count), error.message))
    }
    let upcoming = APIRequest.discover(
      DiscoverRequest(filter: CalendarLogic.upcomingFilter(span), page: 1, language: language, region: region))
    var releases: [MediaSummary] = []
    var failure: AmodbError?
    switch answer(upcoming, keptFirst: false, refused: refused, client: client) {
    case .success(let fetched): releases = fetched.value.page?.results ?? []
    case .failure(let error):
      failure = error
      problems.append(upcomingProblemPrefix + ": " + error.message)
    }
    let events = CalendarLogic.events(
      watchlist: watchlist, following: following, films: films, series: series, seasons: seasons,
      upcoming: releases, region: region, span: span)
    return CalendarReport(
      events: events, span: span, region: region, problems: problems, failure: failure,
      partFailure: failure ?? partFailure)
  }

  /// A request's answer in a run of many: asked of amodb (the kept answer first when `keptFirst`),
  /// or, once amodb has `refused` every request, the kept answer alone.
  private static func answer(
    _ request: APIRequest, keptFirst: Bool, refused: AmodbError?, client: AmodbClient
  ) -> Result<Fetched<APIAnswer>, AmodbError> {
    guard let refused else { return blocking({ await client.answer(request, keptFirst: keptFirst) }) }
    return blocking({ await client.kept(request) }).map { .success($0) } ?? .failure(refused)
  }

  /// Writes text exactly as given (an iCalendar file keeps its CRLFs and ends in one).
  static func emitRaw(_ text: String) -> Int32 {
    // `emit` adds the final "\n" itself: keep the "\r" before it.
    var text = text
    if text.unicodeScalars.last == "\n" { text.unicodeScalars.removeLast() }
    return emit(text)
  }
}

extension Output {
  /// One event in `trending calendar --json`: the same events the `.ics` file holds.
  struct CalendarEventEntry: Encodable {
    let uid: String
    let date: String
    let kind: String
    let mediaType: String
    let id: Int
    let title: String
    let summary: String
    let region: String?
    let season: Int?
    let episode: Int?
    let episodeName: String?
    let onWatchlist: Bool
    let url: String

    enum CodingKeys: String, CodingKey {
      case uid, date, kind, id, title, summary, region, season, episode, url
      case mediaType = "media_type"
      case episodeName = "episode_name"
      case onWatchlist = "on_watchlist"
    }
  }

  /// `trending calendar --json`.
  struct CalendarEntry: Encodable {
    let region: String
    let from: String
    let through: String
    let events: [CalendarEventEntry]
  }

  /// The calendar as JSON.
  static func json(_ report: CalendarReport) -> String {
    encode(
      CalendarEntry(
        region: report.region, from: report.span.lowerBound.iso, through: report.span.upperBound.iso,
        events: report.events.map { event in
          CalendarEventEntry(
            uid: event.uid, date: event.day.iso, kind: event.kind.rawValue, mediaType: event.media.kind.rawValue,
            id: event.media.id, title: event.title, summary: event.summary, region: event.region,
            season: event.episode?.season, episode: event.episode?.number, episodeName: event.episodeName,
            onWatchlist: event.onWatchlist, url: event.page.url)
        }))
  }

  /// The calendar as text for people: a heading a week with something in it, as the tab shows
  /// them, then one line an event.
  static func text(_ report: CalendarReport) -> String {
    var lines: [String] = []
    for week in CalendarLogic.weeks(report.events, span: report.span) where !week.events.isEmpty {
      if !lines.isEmpty { lines.append("") }
      lines.append(CalendarWords.weekHeading(week.monday))
      for event in week.events {
        let mark = event.onWatchlist ? "+" : " "
        lines.append("\(mark) \(CalendarWords.shortDay(event.day))  \(event.summary)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
