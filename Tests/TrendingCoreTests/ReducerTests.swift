import AmodbKit
import Foundation
import Testing

@testable import TrendingCore

/// Builds states and answers for reducer tests.
enum Sample {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func films(_ count: Int, from first: Int = 1) -> [MovieSummary] {
    (first..<(first + count)).map { MovieSummary(id: $0, title: "Film \($0)", voteAverage: 7, voteCount: 10) }
  }

  static func page(_ count: Int, from first: Int = 1, page: Int = 1, totalPages: Int = 1) -> MoviePage {
    MoviePage(page: page, totalPages: totalPages, results: films(count, from: first))
  }

  static func fetched<T: Sendable>(_ value: T, at date: Date = start) -> Fetched<T> {
    Fetched(value: value, fetchedAt: date, rateLimit: RateLimitStatus(limit: 40, remaining: 30), fromCache: false)
  }

  static func state(size: Size = Size(width: 80, height: 24)) -> AppState {
    AppState(language: "en-US", size: size, now: start)
  }

  /// A state with `count` films loaded on one of `totalPages` pages.
  static func loaded(_ count: Int = 30, totalPages: Int = 1, size: Size = Size(width: 80, height: 24)) -> AppState {
    var state = state(size: size)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(
      &state, .listLoaded(ListRequest(window: .week, page: 1), .success(fetched(page(count, totalPages: totalPages)))))
    return state
  }
}

@Suite("Reducer: the list")
struct ListReducerTests {
  @Test func startLoadsTheFirstPage() {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListRequest(window: .week, page: 1, forceRefresh: false))]) {
      $0.list.begin()
    }
    #expect(store.state.isBusy)
  }

  @Test func loadingThenLoaded() {
    let state = Sample.loaded(3)
    var expected = Sample.state()
    expected.list = Loadable(value: Listing(firstPage: Sample.page(3)), fetchedAt: Sample.start)
    expected.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    #expect(state == expected)
    #expect(!state.isBusy)
  }

  @Test func aFailedFirstLoadShowsTheError() {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListRequest(window: .week, page: 1))]) { $0.list.begin() }
    let failure = AmodbError.server(status: 503, message: nil)
    store.send(.listLoaded(ListRequest(window: .week, page: 1), .failure(failure))) { $0.list.fail(failure) }
    store.send(.key(.character("r")), effects: [.fetchList(ListRequest(window: .week, page: 1, forceRefresh: true))]) {
      $0.list.begin()
    }
  }

  @Test func refreshKeepsTheRowsWhileItRuns() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("r")), effects: [.fetchList(ListRequest(window: .week, page: 1, forceRefresh: true))]) {
      $0.list.begin()
    }
    #expect(store.state.movies.count == 5)
  }

  @Test func pressingRefreshTenTimesCostsOneRequest() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("r")), effects: [.fetchList(ListRequest(window: .week, page: 1, forceRefresh: true))]) {
      $0.list.begin()
    }
    for _ in 1..<10 { store.send(.key(.character("r"))) }
  }

  @Test func aFailedRefreshKeepsTheOldList() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("r")), effects: [.fetchList(ListRequest(window: .week, page: 1, forceRefresh: true))]) {
      $0.list.begin()
    }
    store.send(
      .listLoaded(ListRequest(window: .week, page: 1, forceRefresh: true), .failure(.timedOut(seconds: 10)))
    ) {
      $0.list.fail(.timedOut(seconds: 10))
    }
    #expect(store.state.list.fetchedAt == Sample.start, "the old rows keep their age")
  }

  @Test func refreshKeepsTheSelectedFilmWhenItMoved() {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.selectedMovie?.id == 3)
    _ = Reducer.reduce(&state, .key(.character("r")))
    let reordered = MoviePage(results: Sample.films(5).reversed())
    _ = Reducer.reduce(
      &state, .listLoaded(ListRequest(window: .week, page: 1, forceRefresh: true), .success(Sample.fetched(reordered))))
    #expect(state.selectedMovie?.id == 3)
    #expect(state.selection == 2)
  }

  @Test func movementIsClamped() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.up))
    #expect(state.selection == 0)
    for _ in 0..<10 { _ = Reducer.reduce(&state, .key(.character("j"))) }
    #expect(state.selection == 2)
    _ = Reducer.reduce(&state, .key(.home))
    #expect(state.selection == 0)
    _ = Reducer.reduce(&state, .key(.character("G")))
    #expect(state.selection == 2)
    _ = Reducer.reduce(&state, .key(.character("g")))
    #expect(state.selection == 0)
  }

  @Test func pagingMovesByAScreenAndScrolls() {
    var state = Sample.loaded(100)
    let visible = state.visibleRows
    _ = Reducer.reduce(&state, .key(.pageDown))
    #expect(state.selection == visible - 1)
    _ = Reducer.reduce(&state, .key(.control("f")))
    #expect(state.selection == 2 * (visible - 1))
    #expect(state.selection >= state.listTop && state.selection < state.listTop + visible)
    _ = Reducer.reduce(&state, .key(.control("b")))
    #expect(state.selection == visible - 1)
    _ = Reducer.reduce(&state, .key(.end))
    #expect(state.selection == 99)
    #expect(state.listTop == 100 - visible)
    _ = Reducer.reduce(&state, .key(.pageUp))
    #expect(state.selection == 99 - (visible - 1))
  }

  @Test func resizingKeepsTheSelectionVisible() {
    var state = Sample.loaded(100)
    _ = Reducer.reduce(&state, .key(.end))
    _ = Reducer.reduce(&state, .resize(Size(width: 40, height: 12)))
    #expect(state.listTop == 100 - state.visibleRows)
    _ = Reducer.reduce(&state, .resize(Size(width: 200, height: 60)))
    #expect(state.listTop == 100 - state.visibleRows)
    #expect(state.selection == 99)
  }

  @Test func nearingTheEndFetchesTheNextPageOnce() {
    var state = Sample.loaded(20, totalPages: 3)
    var effects: [Effect] = []
    for _ in 0..<16 { effects += Reducer.reduce(&state, .key(.down)) }
    #expect(effects == [.fetchList(ListRequest(window: .week, page: 2))])
    #expect(state.isLoadingMore)
    _ = Reducer.reduce(
      &state,
      .listLoaded(
        ListRequest(window: .week, page: 2), .success(Sample.fetched(Sample.page(20, from: 19, page: 2, totalPages: 3)))
      ))
    #expect(state.movies.count == 38, "films already listed are not repeated")
    #expect(state.list.value?.pagesLoaded == 2)
    #expect(!state.isLoadingMore)
  }

  @Test func aFailedNextPageKeepsTheListAndStopsAsking() {
    var state = Sample.loaded(20, totalPages: 3)
    _ = Reducer.reduce(&state, .key(.end))
    _ = Reducer.reduce(
      &state, .listLoaded(ListRequest(window: .week, page: 2), .failure(.transport(description: "offline"))))
    #expect(state.moreError == .transport(description: "offline"))
    #expect(Reducer.reduce(&state, .key(.up)).isEmpty)
    #expect(state.movies.count == 20)
  }

  @Test func answersForAnotherWindowAreIgnored() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("w")))
    #expect(state.window == .day)
    #expect(state.movies.isEmpty)
    _ = Reducer.reduce(
      &state, .listLoaded(ListRequest(window: .week, page: 1), .success(Sample.fetched(Sample.page(9)))))
    #expect(state.movies.isEmpty)
  }

  @Test func anEmptyPageIsLoadedAndEmpty() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(
      &state, .listLoaded(ListRequest(window: .week, page: 1), .success(Sample.fetched(MoviePage(results: [])))))
    #expect(state.list.value?.movies == [])
    #expect(Reducer.reduce(&state, .key(.enter)).isEmpty)
    #expect(state.screen == .list)
  }

  @Test func quitKeys() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .key(.character("q"))) == [.quit])
    #expect(Reducer.reduce(&state, .key(.control("c"))) == [.quit])
  }

  @Test func helpOpensAndAnyKeyClosesIt() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("?")))
    #expect(state.showsHelp)
    #expect(Reducer.reduce(&state, .key(.character("q"))).isEmpty)
    #expect(!state.showsHelp)
    _ = Reducer.reduce(&state, .key(.character("?")))
    #expect(Reducer.reduce(&state, .key(.control("c"))) == [.quit])
  }

  @Test func aListLeftOpenRefreshesItselfWhenStaleButNotAfterAFailure() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(29 * 60))).isEmpty)
    let effects = Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(30 * 60)))
    #expect(effects == [.fetchList(ListRequest(window: .week, page: 1, forceRefresh: false))])
    #expect(Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(31 * 60))).isEmpty, "one at a time")
    _ = Reducer.reduce(
      &state, .listLoaded(ListRequest(window: .week, page: 1), .failure(.transport(description: "offline"))))
    #expect(
      Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(40 * 60))).isEmpty, "after a failure, r retries")
    #expect(state.movies.count == 3)
  }

  @Test func ticksMoveTheClock() {
    var state = Sample.loaded(3)
    let later = Sample.start.addingTimeInterval(300)
    #expect(Reducer.reduce(&state, .tick(later)).isEmpty)
    #expect(state.now == later)
  }
}

@Suite("Reducer: the detail screen")
struct DetailReducerTests {
  private func details(_ id: Int) -> MovieDetails {
    MovieDetails(id: id, title: "Film \(id)")
  }

  @Test func openingLoadsTheFilmOnce() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("j"))) { $0.selection = 1 }
    store.send(.key(.character("j"))) { $0.selection = 2 }
    store.send(.key(.enter), effects: [.fetchDetails(id: 3, forceRefresh: false)]) {
      $0.push(.film(FilmScreen(id: 3)))
      $0.details[3] = Loadable()
      $0.details[3]?.begin()
    }
    store.send(.detailsLoaded(id: 3, .success(Sample.fetched(details(3))))) {
      $0.details[3]?.succeed(details(3), at: Sample.start)
    }
    store.send(.key(.escape)) { $0.pop() }
    store.send(.key(.right)) { $0.push(.film(FilmScreen(id: 3))) }  // cached per film: no request
  }

  @Test(arguments: [Key.escape, .backspace, .left, .character("h"), .character("q")])
  func backKeysReturnWithTheSameRow(key: Key) {
    var state = Sample.loaded(40)
    for _ in 0..<25 { _ = Reducer.reduce(&state, .key(.down)) }
    let top = state.listTop
    _ = Reducer.reduce(&state, .key(.character("l")))
    #expect(Reducer.reduce(&state, .key(key)).isEmpty)
    #expect(state.screen == .list)
    #expect(state.selection == 25)
    #expect(state.listTop == top)
  }

  @Test func scrollingIsBoundedByTheLayout() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.enter), effects: [.fetchDetails(id: 1, forceRefresh: false)]) {
      $0.push(.film(FilmScreen(id: 1)))
      $0.details[1] = Loadable()
      $0.details[1]?.begin()
    }
    store.send(.documentLayout(DocumentLayout(maxScroll: 4))) { $0.detailMaxScroll = 4 }
    for line in 1...4 { store.send(.key(.down)) { $0.detailScroll = line } }
    for _ in 0..<6 { store.send(.key(.down)) }
    store.send(.key(.up)) { $0.detailScroll = 3 }
    store.send(.key(.home)) { $0.detailScroll = 0 }
    store.send(.key(.end)) { $0.detailScroll = 4 }
    store.send(.documentLayout(DocumentLayout(maxScroll: 2))) {
      $0.detailMaxScroll = 2
      $0.detailScroll = 2
    }
  }

  @Test func filmsOffTheStackAreLetGoPastTheLimit() {
    var state = Sample.loaded(60)
    for id in 1...40 {
      state.selection = id - 1
      _ = Reducer.reduce(&state, .key(.enter))
      _ = Reducer.reduce(&state, .detailsLoaded(id: id, .success(Sample.fetched(details(id)))))
      #expect(state.details.count <= AppState.keptDetailsLimit)
      #expect(state.details[id]?.value == details(id), "the film on screen is kept")
      _ = Reducer.reduce(&state, .key(.escape))
    }
    state.selection = 0
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchDetails(id: 1, forceRefresh: false)], "asked for again")
  }

  @Test func reloadForcesOneRequestAndKeepsTheFilm() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .detailsLoaded(id: 1, .success(Sample.fetched(details(1)))))
    var store = TestStore(state)
    store.send(.key(.character("r")), effects: [.fetchDetails(id: 1, forceRefresh: true)]) {
      $0.details[1]?.begin()
    }
    for _ in 0..<4 { store.send(.key(.character("r"))) }
    store.send(.detailsLoaded(id: 1, .failure(.rateLimited(retryAfter: 5)))) {
      $0.details[1]?.fail(.rateLimited(retryAfter: 5))
    }
    #expect(store.state.details[1]?.value == details(1), "the film stays on screen")
  }

  @Test func aFailedFilmIsAskedForAgainWhenReopened() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .detailsLoaded(id: 1, .failure(.notFound(message: nil))))
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchDetails(id: 1, forceRefresh: false)])
  }

  @Test func listKeysDoNothingOnTheDetailScreen() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(Reducer.reduce(&state, .key(.character("w"))).isEmpty)
    #expect(state.window == .week)
  }
}

@Suite("Reducer: cached answers and the budget")
struct CacheReducerTests {
  @Test func aStaleCachedListShowsAtOnceAndKeepsRefreshing() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    let old = Fetched(value: Sample.page(4), fetchedAt: Sample.start.addingTimeInterval(-7_200), fromCache: true)
    let effects = Reducer.reduce(&state, .listLoaded(ListRequest(window: .week, page: 1), .success(old)))
    #expect(state.movies.count == 4)
    #expect(state.list.isLoading, "the refresh runs behind the cached rows")
    #expect(
      effects == [.fetchList(ListRequest(window: .week, page: 1, forceRefresh: true))],
      "the reducer, on its own clock, asks the network")
    _ = Reducer.reduce(
      &state, .listLoaded(ListRequest(window: .week, page: 1), .failure(.transport(description: "offline"))))
    #expect(state.movies.count == 4)
    #expect(state.list.error?.isOffline == true)
  }

  @Test func aFreshCachedListIsDone() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    let recent = Fetched(value: Sample.page(4), fetchedAt: Sample.start.addingTimeInterval(-60), fromCache: true)
    let effects = Reducer.reduce(&state, .listLoaded(ListRequest(window: .week, page: 1), .success(recent)))
    #expect(!state.list.isLoading)
    #expect(effects.isEmpty, "a fresh cached list needs no request")
  }

  @Test func theBoundaryIsThirtyMinutesOnTheStatesClock() {
    for (age, stale) in [(29.0 * 60, false), (30.0 * 60, true)] {
      var state = Sample.state()
      _ = Reducer.reduce(&state, .start)
      let cached = Fetched(value: Sample.page(4), fetchedAt: Sample.start.addingTimeInterval(-age), fromCache: true)
      let effects = Reducer.reduce(&state, .listLoaded(ListRequest(window: .week, page: 1), .success(cached)))
      #expect(state.list.isLoading == stale)
      #expect(effects.isEmpty == !stale, "\(age / 60) min")
    }
  }

  @Test func aStaleCachedFilmIsShownAndAskedForAgain() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    let film = MovieDetails(id: 1, title: "Film 1")
    let old = Fetched(value: film, fetchedAt: Sample.start.addingTimeInterval(-25 * 3_600), fromCache: true)
    let effects = Reducer.reduce(&state, .detailsLoaded(id: 1, .success(old)))
    #expect(state.details[1]?.value == film)
    #expect(state.details[1]?.isLoading == true)
    #expect(effects == [.fetchDetails(id: 1, forceRefresh: true)])
    let fresh = Fetched(value: film, fetchedAt: Sample.start.addingTimeInterval(-3_600), fromCache: true)
    var other = Sample.loaded(3)
    _ = Reducer.reduce(&other, .key(.enter))
    #expect(Reducer.reduce(&other, .detailsLoaded(id: 1, .success(fresh))).isEmpty)
  }

  @Test func budgetWaitsAreShownUntilAnAnswerArrives() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("r")))
    _ = Reducer.reduce(&state, .waiting(.listPage(1), seconds: 12))
    #expect(state.waitUntil(.listPage(1)) == Sample.start.addingTimeInterval(12))
    #expect(state.waitUntil(.details(3)) == nil, "the wait belongs to the list's request")
    _ = Reducer.reduce(
      &state,
      .listLoaded(ListRequest(window: .week, page: 1, forceRefresh: true), .success(Sample.fetched(Sample.page(3)))))
    #expect(state.waits.isEmpty)
  }

  @Test func aFilmWaitingForTheBudgetSaysSoOnItsOwnScreen() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .waiting(.details(1), seconds: 50))
    #expect(state.waitUntil(.details(1)) == Sample.start.addingTimeInterval(50))
    _ = Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(51)))
    #expect(state.waitUntil(.details(1)) == nil, "a wait that has passed is over")
    _ = Reducer.reduce(&state, .waiting(.details(1), seconds: 5))
    _ = Reducer.reduce(&state, .detailsLoaded(id: 1, .success(Sample.fetched(MovieDetails(id: 1, title: "Film 1")))))
    #expect(state.waits[.details(1)] == nil)
  }
}
