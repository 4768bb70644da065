import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The Calendar tab")
struct CalendarTabTests {
  /// Film 7 on the watchlist, opening in GB cinemas on 20 January 2027 (five days after the tests' now).
  static var film7: MovieDetails {
    var film = MovieDetails(id: 7, title: "Film 7")
    film.releases = ["GB": [RegionalRelease(date: ReleaseDate("2027-01-20") ?? ReleaseDate(day: Date()), type: 3)]]
    return film
  }

  private func state() -> AppState {
    var state = Sample.loaded(3)
    state.shared.region = "GB"
    state.shared.marks[.film(7)] = Mark(id: 7, title: "Film 7", year: nil, onWatchlist: true, added: "2027-01-01")
    return state
  }

  @Test func itAsksForTheReleasesAndTheWatchlistsDetailsThenOpensAnEvent() {
    var store = TestStore(state())
    let upcoming = CalendarTab.upcomingRequest(store.state.shared)
    let span = CivilDay(year: 2027, month: 1, day: 15)...CivilDay(year: 2027, month: 3, day: 11)
    #expect(
      upcoming
        == .discover(
          DiscoverRequest(
            filter: CalendarLogic.upcomingFilter(span), page: 1, language: ListPage.language, region: "GB")))
    // 7: the tab after the watchlist; the kept answers first, so cached details cost nothing.
    store.send(.key(.character("7")), effects: [.fetch(upcoming, keptFirst: true), .fetchFilm(7)]) {
      $0.switchTab(to: .calendar)
      $0.rootList.list.begin()
    }
    store.send(.filmLoaded(7, .success(Sample.fetched(Self.film7)))) {
      $0.shared[film: 7] = Loadable()
      $0.shared[film: 7]?.succeed(Self.film7, at: Sample.start)
    }
    let releases = MediaPage(results: [
      MediaSummary(id: 8, title: "Film 8", releaseDate: ReleaseDate("2027-02-01")),
      MediaSummary(id: 9, title: "Too late", releaseDate: ReleaseDate("2027-06-01")),
    ])
    let rows = [
      MediaSummary(id: 7, title: "Film 7", releaseDate: ReleaseDate("2027-01-20")),
      MediaSummary(id: 8, title: "Film 8", releaseDate: ReleaseDate("2027-02-01")),
    ]
    store.send(.fetched(upcoming, .success(Sample.fetched(.page(releases))))) {
      $0.shared.answers[upcoming] = Loadable(value: .page(releases), fetchedAt: Sample.start)
      $0.rootList.list.succeed(Listing(firstPage: MediaPage(results: rows)), at: Sample.start)
    }
    #expect(
      CalendarTab.events(store.state.shared).map(\.uid) == ["film-7-GB-cinema@trending", "film-8-GB-cinema@trending"])
    store.send(.key(.enter)) { $0.push(.film(FilmScreen(id: 7, known: rows[0]))) }
    store.send(.key(.escape)) { $0.pop() }
    // r asks the releases of the network again; the details are kept.
    store.send(.key(.character("r")), effects: [.fetch(upcoming, keptFirst: false)]) { $0.rootList.list.begin() }
  }

  @Test func releasesThatCannotBeReadAreTheTabsError() {
    var store = TestStore(state())
    let upcoming = CalendarTab.upcomingRequest(store.state.shared)
    store.send(.key(.character("7")), effects: [.fetch(upcoming, keptFirst: true), .fetchFilm(7)]) {
      $0.switchTab(to: .calendar)
      $0.rootList.list.begin()
    }
    store.send(.fetched(upcoming, .failure(.server(status: 503, message: nil)))) {
      var failed = Loadable<APIAnswer>()
      failed.fail(.server(status: 503, message: nil))
      $0.shared.answers[upcoming] = failed
      $0.rootList.list.fail(.server(status: 503, message: nil))
    }
  }
}
