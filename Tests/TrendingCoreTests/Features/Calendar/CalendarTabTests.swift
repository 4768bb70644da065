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
    // 7: the tab after the watchlist: the releases first, the kept answer first.
    store.send(.key(.character("7")), effects: [.readLocal(.following), .fetch(upcoming, keptFirst: true)]) {
      $0.switchTab(to: .calendar)
      $0.rootList.list.begin()
    }
    let releases = MediaPage(results: [
      MediaSummary(id: 8, title: "Film 8", releaseDate: ReleaseDate("2027-02-01")),
      MediaSummary(id: 9, title: "Too late", releaseDate: ReleaseDate("2027-06-01")),
    ])
    let rows = [
      MediaSummary(id: 7, title: "Film 7", releaseDate: ReleaseDate("2027-01-20")),
      MediaSummary(id: 8, title: "Film 8", releaseDate: ReleaseDate("2027-02-01")),
    ]
    // Then the watchlist's details, in the background (cached ones cost nothing), and how far it has got.
    let film7 = store.state.shared.filmRequest(7)
    store.send(.fetched(upcoming, .success(Sample.fetched(.page(releases)))), effects: [.fetchInBackground(film7)]) {
      $0.shared.answers[upcoming] = Loadable(value: .page(releases), fetchedAt: Sample.start)
      $0.shared[film: 7] = Loadable()
      $0.shared[film: 7]?.begin()
      $0.shared.say("calendar: 0 of 1 title read", .message)
      $0.rootList.list.succeed(Listing(firstPage: MediaPage(results: [rows[1]])), at: Sample.start)
    }
    store.send(.filmLoaded(7, .success(Sample.fetched(Self.film7)))) {
      $0.shared[film: 7]?.succeed(Self.film7, at: Sample.start)
      $0.shared.say("calendar: 1 of 1 title read", .message)
      $0.rootList.list.succeed(Listing(firstPage: MediaPage(results: rows)), at: Sample.start)
      $0.rootList.selection = 1  // still on Film 8, now second
    }
    store.send(.key(.character("k"))) { $0.rootList.selection = 0 }
    #expect(
      CalendarTab.events(store.state.shared).map(\.uid) == ["film-7-cinema@trending", "film-8-cinema@trending"])
    // The progress said on the tab stays there: the film opened does not show it.
    store.send(.key(.enter)) {
      $0.push(.film(FilmScreen(id: 7, known: rows[0])))
      $0.shared.notice = nil
    }
    store.send(.key(.escape)) { $0.pop() }
    // r asks the releases of the network again; the details are kept.
    store.send(.key(.character("r")), effects: [.readLocal(.following), .fetch(upcoming, keptFirst: false)]) {
      $0.rootList.list.begin()
    }
  }

  /// Midnight with the calendar open: its rows stay (yesterday's releases, from today on) while
  /// today's weeks are asked, with no key pressed.
  @Test func theCalendarKeepsItsRowsAtMidnightAndAsksForTodaysWeeks() {
    var state = state()
    let upcoming = CalendarTab.upcomingRequest(state.shared)
    _ = Reducer.reduce(&state, .key(.character("7")))
    let releases = MediaPage(results: [
      MediaSummary(id: 8, title: "Film 8", releaseDate: ReleaseDate("2027-02-01")),
      MediaSummary(id: 9, title: "Film 9", releaseDate: ReleaseDate("2027-02-03")),
    ])
    _ = Reducer.reduce(&state, .fetched(upcoming, .success(Sample.fetched(.page(releases)))))
    #expect(CalendarTab.events(state.shared).count == 2)
    // The next day's first second, on the same clock.
    let day = CivilDay(state.shared.today)
    var midnight = state.shared.now
    while CivilDay(ReleaseDate(day: midnight, utcOffset: state.shared.utcOffset)) == day {
      midnight = midnight.addingTimeInterval(60)
    }
    let effects = Reducer.reduce(&state, .tick(midnight, utcOffset: state.shared.utcOffset))
    let tomorrow = CalendarTab.upcomingRequest(state.shared)
    #expect(tomorrow != upcoming)
    #expect(effects.contains(.fetch(tomorrow, keptFirst: false)), "asked of the network: \(effects)")
    #expect(CalendarTab.events(state.shared).count == 2, "not blank while today's weeks are asked")
  }

  @Test func aTitleAddedElsewhereIsAskedForWhenTheCalendarShowsAgain() {
    var state = state()
    let upcoming = CalendarTab.upcomingRequest(state.shared)
    _ = Reducer.reduce(&state, .key(.character("7")))
    _ = Reducer.reduce(&state, .fetched(upcoming, .success(Sample.fetched(.page(MediaPage(results: []))))))
    _ = Reducer.reduce(&state, .filmLoaded(7, .success(Sample.fetched(Self.film7))))
    #expect(state.rootList.movies.map(\.id) == [7])
    // Back on Trending, a on Film 1; then the calendar again: Film 1's details are asked for.
    _ = Reducer.reduce(&state, .key(.character("1")))
    _ = Reducer.reduce(&state, .key(.character("a")))
    #expect(state.shared.marks[.film(1)]?.onWatchlist == true)
    let shown = Reducer.reduce(&state, .key(.character("7")))
    #expect(shown.contains(.fetchInBackground(state.shared.filmRequest(1))), "\(shown)")
    #expect(!shown.contains(.fetch(upcoming, keptFirst: false)), "the releases are not asked again")
  }

  @Test func releasesThatCannotBeReadAreTheTabsError() {
    var store = TestStore(state())
    let upcoming = CalendarTab.upcomingRequest(store.state.shared)
    store.send(.key(.character("7")), effects: [.readLocal(.following), .fetch(upcoming, keptFirst: true)]) {
      $0.switchTab(to: .calendar)
      $0.rootList.list.begin()
    }
    // The watchlist's own dates are still asked for.
    let film7 = store.state.shared.filmRequest(7)
    store.send(.fetched(upcoming, .failure(.server(status: 503, message: nil))), effects: [.fetchInBackground(film7)]) {
      var failed = Loadable<APIAnswer>()
      failed.fail(.server(status: 503, message: nil))
      $0.shared.answers[upcoming] = failed
      $0.shared[film: 7] = Loadable()
      $0.shared[film: 7]?.begin()
      $0.shared.say("calendar: 0 of 1 title read", .message)
      $0.rootList.list.fail(.server(status: 503, message: nil))
      $0.rootList.failures = 1
      $0.rootList.failedAt = $0.shared.now
    }
    // The last one failing too: the count says it could not be read, not that it was.
    store.send(.filmLoaded(7, .failure(.server(status: 503, message: nil)))) {
      $0.shared[film: 7]?.fail(.server(status: 503, message: nil))
      $0.shared.say("calendar: 1 of 1 titles on the watchlist could not be read", .problem)
    }
  }

  /// Issue 38, finding 5: a hundred watchlisted films are asked two at a time, in the background,
  /// and a film the user opens meanwhile is asked at once, in the foreground.
  @Test func aHundredFilmsAreAskedTwoAtATimeBehindTheUsersOwnRequests() {
    var start = Sample.loaded(3)
    start.shared.region = "GB"
    for id in 1...100 {
      start.shared.marks[.film(1000 + id)] = Mark(
        id: 1000 + id, title: "Film \(1000 + id)", year: nil, onWatchlist: true, added: "2027-01-01")
    }
    var store = TestStore(start)
    let upcoming = CalendarTab.upcomingRequest(store.state.shared)
    store.send(.key(.character("7")), effects: [.readLocal(.following), .fetch(upcoming, keptFirst: true)]) {
      $0.switchTab(to: .calendar)
      $0.rootList.list.begin()
    }
    let request = { (id: Int) in store.state.shared.filmRequest(id) }
    let releases = MediaPage(results: [MediaSummary(id: 555, title: "Opened", releaseDate: ReleaseDate("2027-02-01"))])
    store.send(
      .fetched(upcoming, .success(Sample.fetched(.page(releases)))),
      effects: [.fetchInBackground(request(1001)), .fetchInBackground(request(1002))]
    ) {
      $0.shared.answers[upcoming] = Loadable(value: .page(releases), fetchedAt: Sample.start)
      for id in [1001, 1002] {
        $0.shared[film: id] = Loadable()
        $0.shared[film: id]?.begin()
      }
      $0.shared.say("calendar: 0 of 100 titles read", .message)
      $0.rootList.list.succeed(Listing(firstPage: releases), at: Sample.start)
    }
    // The user opens the film on the list: its request goes out now, not after a hundred.
    var state = store.state
    let effects = Reducer.reduce(&state, .key(.enter))
    #expect(effects.contains(.fetch(request(555), keptFirst: true)), "\(effects)")
    #expect(!effects.contains { if case .fetchInBackground = $0 { true } else { false } })
    // One answer in, one more asked: never more than two at once.
    _ = Reducer.reduce(&state, .key(.escape))
    let next = Reducer.reduce(&state, .filmLoaded(1001, .success(Sample.fetched(MovieDetails(id: 1001, title: "F")))))
    #expect(
      next.filter { if case .fetchInBackground = $0 { true } else { false } } == [.fetchInBackground(request(1003))])
    #expect(state.shared.currentNotice?.text == "calendar: 1 of 100 titles read")
    // A change the user just made is said, not talked over by the count.
    state.shared.say("Added F to the watchlist.", .confirmation)
    _ = Reducer.reduce(&state, .filmLoaded(1003, .success(Sample.fetched(MovieDetails(id: 1003, title: "G")))))
    #expect(state.shared.currentNotice?.text == "Added F to the watchlist.")
  }
}
