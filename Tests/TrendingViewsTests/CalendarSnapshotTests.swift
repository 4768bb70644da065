import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Calendar tab snapshots")
struct CalendarSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// Friday 15 January 2027 in GB: a watchlisted film in cinemas and online, a series' next
  /// episode, and the region's cinema releases; `answered` false leaves the releases loading.
  static func calendar(_ size: Size, answered: Bool = true, releases: [MediaSummary]? = nil) -> AppState {
    var state = Scenes.list(size)
    state.shared.region = "GB"
    state.shared.marks[.film(7)] = Mark(id: 7, title: "Dune: Part Three", year: nil, onWatchlist: true, added: "x")
    state.shared.marks[.series(1399)] = Mark(
      id: 1399, kind: .series, title: "Severance", year: nil, onWatchlist: true, added: "x")
    _ = Reducer.reduce(&state, .key(.character("7")))
    var film = MovieDetails(id: 7, title: "Dune: Part Three")
    film.releases = [
      "GB": [ReleaseDate("2027-01-20"), ReleaseDate("2027-03-01")].enumerated().compactMap { index, date in
        date.map { RegionalRelease(date: $0, type: index == 0 ? 3 : 4) }
      }
    ]
    var series = SeriesDetails(
      id: 1399, name: "Severance", overview: "Office workers split in two.", posterPath: "/severance.jpg")
    series.nextEpisode = Episode(season: 3, number: 1, name: "Hello, Ms. Cobel", airDate: ReleaseDate("2027-01-17"))
    let fetched = { (value: APIAnswer) in Fetched(value: value, fetchedAt: Scenes.now.addingTimeInterval(-60)) }
    _ = Reducer.reduce(&state, .fetched(state.shared.filmRequest(7), .success(fetched(.movie(film)))))
    _ = Reducer.reduce(&state, .fetched(state.shared.seriesRequest(1399), .success(fetched(.series(series)))))
    guard answered else { return state }
    let page = MediaPage(
      results: releases ?? [
        MediaSummary(id: 11, title: "The Long Walk Home", releaseDate: ReleaseDate("2027-01-22")),
        MediaSummary(
          id: 12, title: "A title long enough to be cut short on a small screen", releaseDate: ReleaseDate("2027-02-05")
        ),
        MediaSummary(id: 13, title: "Кин-дза-дза 2", releaseDate: ReleaseDate("2027-02-12")),
      ])
    _ = Reducer.reduce(&state, .fetched(CalendarTab.upcomingRequest(state.shared), .success(fetched(.page(page)))))
    return state
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theWeeks(size: Size) {
    ScreenSnapshotTests.check(Self.calendar(size), "calendar")
  }

  /// A screen reader hears the row the cursor is on, not the week's heading: its day names the month.
  @Test func aScreenReadersRowsNameTheirMonth() {
    var state = Self.calendar(Size(width: 80, height: 24))
    let plain = Renderer.render(state)
    state.shared.screenReader = true
    let read = Renderer.render(state)
    let row = read.cursor.row
    let months = (1...12).map { " " + Dates.monthName($0) + " " }
    #expect(months.contains { read.screen.line(row).contains($0) }, "\(read.screen.line(row))")
    #expect(!months.contains { plain.screen.line(row).contains($0) }, "\(plain.screen.line(row))")
    // Days of every width, "Sun 17 January" or "Mon 1 March", still start their titles in one column.
    let titles = ["Severance", "Dune: Part Three", "The Long Walk Home", "Кин-дза-дза 2"]
    let columns = Set(
      (0..<24).compactMap { line -> Int? in
        let text = read.screen.line(line)
        guard let title = titles.first(where: text.contains), let start = text.range(of: title) else { return nil }
        return TextWidth.width(of: String(text[..<start.lowerBound]).replacingOccurrences(of: "+ ", with: "  "))
      })
    #expect(columns.count == 1, "\(columns)")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func loadingAndEmpty(size: Size) {
    ScreenSnapshotTests.check(Self.calendar(size, answered: false), "calendar-loading")
    var empty = Self.calendar(size, releases: [])
    empty.shared.marks = [:]
    _ = Reducer.reduce(&empty, .marksLoaded([:], problem: nil))
    ScreenSnapshotTests.check(empty, "calendar-empty")
  }

  @Test(arguments: [Size(width: 120, height: 40), Size(width: 160, height: 48), Size(width: 250, height: 70)])
  func aWideCalendarHasTheListsPaneBesideIt(size: Size) throws {
    // The first event is Severance's next episode: the pane shows the series, from its details.
    try LooksLowsTests.expectPane(
      PosterSnapshotTests.withPoster(Self.calendar(size)), beside: "+ Severance",
      overview: "Office workers split in two.")
  }

  /// A title hidden from the tab (`x` on a release) is not drawn, and the row selected is the one
  /// drawn selected; the tab is in date order, so `s` has no other order to offer.
  @Test func aHiddenReleaseLeavesTheWeeksAndTheSelectionStaysOnTheRowDrawn() throws {
    var state = Self.calendar(Size(width: 80, height: 24))
    #expect(!Reducer.isAvailable(.sort, in: state))
    let before = Renderer.render(state).screen
    #expect((0..<24).contains { before.line($0).contains("The Long Walk Home") })
    while state.rootList.selectedMovie?.id != 11 { _ = Reducer.reduce(&state, .key(.down)) }
    _ = Reducer.reduce(&state, .key(.character("x")))
    let after = Renderer.render(state).screen
    #expect(!(3..<22).contains { after.line($0).contains("The Long Walk Home") }, "the rows, not the notice")
    // The row selected is the one drawn as selected.
    let selected = try #require(state.rootList.selectedMovie)
    let highlighted = (3..<22).filter { after[$0, 2].style.isSelected }.map { after.line($0) }
    #expect(highlighted.count == 1 && highlighted.first?.contains(selected.title) == true, "\(highlighted)")
    _ = Reducer.reduce(&state, .key(.character("s")))
    #expect(state.rootList.sort == .rank, "the calendar keeps its date order")
  }

  @Test func theSelectionScrollsWithItsWeek() {
    var state = Self.calendar(Size(width: 40, height: 12))
    for _ in 0..<4 { _ = Reducer.reduce(&state, .key(.down)) }
    ScreenSnapshotTests.check(state, "calendar-scrolled")
    #expect(state.rootList.selection == 4)
  }
}
