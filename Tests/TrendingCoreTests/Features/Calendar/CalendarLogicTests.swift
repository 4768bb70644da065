import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The calendar's events, weeks and iCalendar text")
struct CalendarLogicTests {
  /// Tuesday 1 December 2026.
  static let today = CivilDay(year: 2026, month: 12, day: 1)
  static let span = CalendarLogic.span(from: today, weeks: 8)

  private func film(_ id: Int, _ releases: [String: [(String, Int)]]) -> MovieDetails {
    var film = MovieDetails(id: id, title: "Film \(id)")
    film.releases = releases.mapValues { dates in
      dates.compactMap { date, type in ReleaseDate(date).map { RegionalRelease(date: $0, type: type) } }
    }
    return film
  }

  @Test func theSpanIsEightWeeksFromToday() {
    #expect(Self.span.upperBound == CivilDay(year: 2027, month: 1, day: 25))
    let filter = CalendarLogic.upcomingFilter(Self.span)
    #expect(
      filter.queryItems(region: "GB").map { "\($0.name)=\($0.value ?? "")" } == [
        "sort_by=popularity.desc", "region=GB", "release_date.gte=2026-12-01", "release_date.lte=2027-01-25",
        "with_release_type=2|3",
      ])
  }

  @Test func watchlistFilmsSeriesAndUpcomingReleasesByDay() {
    let films = [
      // The earliest cinema date in the region, and the digital one; other regions and past dates are not ours.
      1: film(1, ["GB": [("2026-12-20", 3), ("2026-12-11", 2), ("2027-01-10", 4)], "US": [("2026-12-02", 3)]]),
      2: film(2, ["GB": [("2026-11-01", 3)]]),
    ]
    var series = SeriesDetails(id: 9, name: "Series 9")
    series.nextEpisode = Episode(season: 2, number: 5, name: "Five", airDate: ReleaseDate("2026-12-03"))
    let upcoming = [
      MediaSummary(id: 1, title: "Film 1", releaseDate: ReleaseDate("2026-12-20")),
      MediaSummary(id: 3, title: "Film 3", releaseDate: ReleaseDate("2026-12-08")),
      MediaSummary(id: 4, title: "Far off", releaseDate: ReleaseDate("2027-06-01")),
    ]
    let events = CalendarLogic.events(
      watchlist: [.film(1), .film(2), .series(9), .film(5)], films: films, series: [9: series], upcoming: upcoming,
      region: "GB", span: Self.span)
    #expect(
      events.map(\.uid) == [
        "tv-9-s2e5@trending", "film-3-cinema@trending", "film-1-cinema@trending", "film-1-digital@trending",
      ], "by day; film 1 once though discover lists it too; nothing outside the span")
    #expect(events.map(\.day.iso) == ["2026-12-03", "2026-12-08", "2026-12-11", "2027-01-10"])
    #expect(events.map(\.onWatchlist) == [true, false, true, true])
    #expect(events[0].summary == "Series 9 — S02E05 “Five”")
    #expect(events[0].page == .episode(9, 2, 5))
    #expect(
      CalendarLogic.missing(watchlist: [.film(1), .film(5), .series(9), .series(8)], films: films, series: [9: series])
        == [.film(5), .series(8)])
  }

  /// A series airing weekly shows every episode its season dates in the span, from the next one on;
  /// without its season, the next one alone.
  @Test func aSeriesSeasonDatesEveryEpisodeInTheSpan() {
    var series = SeriesDetails(id: 9, name: "Series 9")
    series.nextEpisode = Episode(season: 2, number: 5, name: "Five", airDate: ReleaseDate("2026-12-03"))
    let dates = [(4, "2026-11-26"), (5, "2026-12-03"), (6, "2026-12-10"), (7, nil), (8, "2027-03-01")]
    let season = SeasonDetails(
      number: 2,
      episodes: dates.map {
        Episode(season: 2, number: $0.0, name: "E\($0.0)", airDate: $0.1.flatMap(ReleaseDate.init))
      })
    #expect(CalendarLogic.seasonsWanted(series: [9: series], span: Self.span) == [9: 2])
    let events = CalendarLogic.events(
      watchlist: [.series(9)], films: [:], series: [9: series], seasons: [9: season], upcoming: [], region: "GB",
      span: Self.span)
    #expect(events.map(\.uid) == ["tv-9-s2e5@trending", "tv-9-s2e6@trending"], "no past, undated or far episode")
    #expect(events.last?.summary == "Series 9 — S02E06 “E6”")
    let other = SeasonDetails(number: 1, episodes: [Episode(season: 1, number: 9, airDate: ReleaseDate("2026-12-05"))])
    let alone = CalendarLogic.events(
      watchlist: [.series(9)], films: [:], series: [9: series], seasons: [9: other], upcoming: [], region: "GB",
      span: Self.span)
    #expect(alone.map(\.uid) == ["tv-9-s2e5@trending"], "another season's answer dates nothing")
    series.nextEpisode?.airDate = ReleaseDate("2027-05-01")
    #expect(CalendarLogic.seasonsWanted(series: [9: series], span: Self.span).isEmpty, "not asked when out of span")
  }

  /// amodb calls the episode airing today the last aired: it is today's event all the same, and a
  /// past last one is not.
  @Test func anEpisodeAiringTodayIsInTheCalendar() {
    var series = SeriesDetails(id: 9, name: "Series 9")
    series.lastEpisode = Episode(season: 2, number: 2, name: "Two", airDate: ReleaseDate("2026-12-01"))
    series.nextEpisode = Episode(season: 2, number: 3, name: "Three", airDate: ReleaseDate("2026-12-08"))
    let events = CalendarLogic.events(
      watchlist: [], following: [.series(9)], films: [:], series: [9: series], upcoming: [], region: "GB",
      span: Self.span)
    #expect(events.map(\.uid) == ["tv-9-s2e2@trending", "tv-9-s2e3@trending"])
    #expect(events.first?.onWatchlist == false, "followed, not on the watchlist")
    series.lastEpisode?.airDate = ReleaseDate("2026-11-30")
    series.nextEpisode = nil
    #expect(
      CalendarLogic.events(
        watchlist: [.series(9)], films: [:], series: [9: series], upcoming: [], region: "GB", span: Self.span
      ).isEmpty, "yesterday's is past")
  }

  @Test func aReleasesIdentityIsTheSameInEveryRegion() {
    let day = CivilDay(year: 2026, month: 12, day: 13)
    let british = CalendarEvent(day: day, media: .film(1), title: "F", kind: .cinema, region: "GB", onWatchlist: false)
    var french = british
    (french.region, french.day) = ("FR", CivilDay(year: 2026, month: 12, day: 16))
    #expect(british.uid == "film-1-cinema@trending" && french.uid == british.uid, "cron and a French shell: one event")
  }

  @Test func weeksStartOnMondayAndEveryWeekIsListed() {
    let event = CalendarEvent(
      day: CivilDay(year: 2026, month: 12, day: 13), media: .film(1), title: "F", kind: .cinema, region: "GB",
      onWatchlist: false)
    let weeks = CalendarLogic.weeks([event], span: Self.span)
    #expect(weeks.first?.monday == CivilDay(year: 2026, month: 11, day: 30))
    #expect(weeks.count == 9, "a partial first and last week")
    #expect(weeks[1].monday == CivilDay(year: 2026, month: 12, day: 7) && weeks[1].events == [event])
    #expect(weeks.allSatisfy { $0.monday.weekday == 0 })
  }

  @Test func textIsEscapedAndLinesFoldAtSeventyFiveOctets() {
    #expect(ICalendar.text("a,b;c\\d\ne\u{1B}") == "a\\,b\\;c\\\\d\\ne")
    let long = "SUMMARY:" + String(repeating: "千", count: 40)
    let folded = ICalendar.fold(long).components(separatedBy: "\r\n")
    #expect(folded.count == 2 && folded.allSatisfy { $0.utf8.count <= 75 })
    #expect(folded[1].hasPrefix(" "))
    #expect(folded.map { $0.hasPrefix(" ") ? String($0.dropFirst()) : $0 }.joined() == long, "no character is split")
    #expect(ICalendar.fold("SHORT:x") == "SHORT:x")
    #expect(ICalendar.timestamp(Date(timeIntervalSince1970: 1_800_000_000)) == "20270115T080000Z")
  }

  /// Issue 38, finding 6: a date that is not a real day is no date, so it never reaches the `.ics`.
  @Test func anImpossibleDateIsNoDateAndTheICSStillParses() throws {
    let today = CivilDay(year: 2026, month: 11, day: 20)
    let span = CalendarLogic.span(from: today, weeks: 8)
    // As amodb sends them: through the real decoders, not made by hand.
    let details = #"""
      {"id": 1, "title": "Film 1", "release_dates": {"results": [{"iso_3166_1": "GB", "release_dates": [
        {"type": 3, "release_date": "2026-11-31T00:00:00.000Z"}, {"type": 4, "release_date": "2026-11-30T00:00:00.000Z"},
        {"type": 4, "release_date": "2026-12-1xT00:00:00.000Z"}]}]}}
      """#
    let film = try AmodbJSON.decoder().decode(MovieDetails.self, from: Data(details.utf8))
    let page = #"""
      {"page": 1, "results": [{"id": 2, "title": "Two", "release_date": "2026-12-1x"},
        {"id": 3, "title": "Three", "release_date": "2027-02-29"}, {"id": 4, "title": "Four", "release_date": "2026-12-31"}]}
      """#
    let upcoming = try AmodbJSON.decoder().decode(MediaPage.self, from: Data(page.utf8)).results
    let events = CalendarLogic.events(
      watchlist: [.film(1)], films: [1: film], series: [:], upcoming: upcoming, region: "GB", span: span)
    #expect(events.map(\.uid) == ["film-1-digital@trending", "film-4-cinema@trending"])
    #expect(events.map(\.day.iso) == ["2026-11-30", "2026-12-31"], "not the 31st of November, not the 1st for 1x")
    for text in ["2026-11-31", "2026-02-29", "2026-12-1x", "2026-12-", "2026-1x", "2026-12-01-02", "2026-+1-01"] {
      #expect(ReleaseDate(text) == nil, "\(text)")
    }
    #expect(ReleaseDate("2028-02-29")?.day == 29 && ReleaseDate("2026-12")?.month == 12 && ReleaseDate("2026") != nil)
    // What python-icalendar refused before (DTSTART 20261131) is not written: the file parses whole.
    let python = "/usr/bin/python3"
    try #require(FileManager.default.isExecutableFile(atPath: python), "make setup installs python3-icalendar")
    let ics = ICalendar.document(events, name: "trending", now: Date(timeIntervalSince1970: 1_795_000_000))
    #expect(!ics.contains("20261131"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("impossible-\(UUID().uuidString).ics")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(ics.utf8).write(to: file)
    let script = """
      import icalendar, sys
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      print(' '.join(event['DTSTART'].dt.isoformat() for event in calendar.walk('VEVENT')))
      """
    let parsed = try BinaryRunner.program(python, ["-c", script, file.path])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    #expect(parsed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2026-11-30 2026-12-31")
  }
}
