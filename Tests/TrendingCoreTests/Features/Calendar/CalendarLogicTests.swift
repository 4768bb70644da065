import AmodbKit
import Foundation
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
        "tv-9-s2e5@trending", "film-3-GB-cinema@trending", "film-1-GB-cinema@trending", "film-1-GB-digital@trending",
      ], "by day; film 1 once though discover lists it too; nothing outside the span")
    #expect(events.map(\.day.iso) == ["2026-12-03", "2026-12-08", "2026-12-11", "2027-01-10"])
    #expect(events.map(\.onWatchlist) == [true, false, true, true])
    #expect(events[0].summary == "Series 9 — S2 E5 “Five”")
    #expect(events[0].page == .episode(9, 2, 5))
    #expect(
      CalendarLogic.missing(watchlist: [.film(1), .film(5), .series(9), .series(8)], films: films, series: [9: series])
        == [.film(5), .series(8)])
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
}
