import AmodbKit
import Foundation
import TestSupport
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
      &state, .listLoaded(ListPage(), .success(fetched(page(count, totalPages: totalPages)))))
    return state
  }
}

@Suite("Reducer: the list")
struct ListReducerTests {
  @Test func startLoadsTheFirstPage() {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) {
      $0.rootList.list.begin()
    }
    #expect(store.state.isBusy)
  }

  @Test func loadingThenLoaded() {
    let state = Sample.loaded(3)
    var expected = Sample.state()
    expected.rootList.list = Loadable(value: Listing(firstPage: Sample.page(3)), fetchedAt: Sample.start)
    expected.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    #expect(state == expected)
    #expect(!state.isBusy)
  }

  @Test func aFailedFirstLoadShowsTheError() {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    let failure = AmodbError.server(status: 503, message: nil)
    store.send(.listLoaded(ListPage(), .failure(failure))) { $0.rootList.list.fail(failure) }
    store.send(.key(.character("r")), effects: [.fetchList(ListPage(page: 1, force: true))]) {
      $0.rootList.list.begin()
    }
  }

  @Test func refreshKeepsTheRowsWhileItRuns() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("r")), effects: [.fetchList(ListPage(page: 1, force: true))]) {
      $0.rootList.list.begin()
    }
    #expect(store.state.rootList.movies.count == 5)
  }

  @Test func pressingRefreshTenTimesCostsOneRequest() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("r")), effects: [.fetchList(ListPage(page: 1, force: true))]) {
      $0.rootList.list.begin()
    }
    for _ in 1..<10 { store.send(.key(.character("r"))) }
  }

  @Test func aFailedRefreshKeepsTheOldList() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("r")), effects: [.fetchList(ListPage(page: 1, force: true))]) {
      $0.rootList.list.begin()
    }
    store.send(
      .listLoaded(ListPage(page: 1, force: true), .failure(.timedOut(seconds: 10)))
    ) {
      $0.rootList.list.fail(.timedOut(seconds: 10))
    }
    #expect(store.state.rootList.list.fetchedAt == Sample.start, "the old rows keep their age")
  }

  @Test func refreshKeepsTheSelectedFilmWhenItMoved() {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.rootList.selectedMovie?.id == 3)
    _ = Reducer.reduce(&state, .key(.character("r")))
    let reordered = MoviePage(results: Sample.films(5).reversed())
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(page: 1, force: true), .success(Sample.fetched(reordered))))
    #expect(state.rootList.selectedMovie?.id == 3)
    #expect(state.rootList.selection == 2)
  }

  @Test func movementIsClamped() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.up))
    #expect(state.rootList.selection == 0)
    for _ in 0..<10 { _ = Reducer.reduce(&state, .key(.character("j"))) }
    #expect(state.rootList.selection == 2)
    _ = Reducer.reduce(&state, .key(.home))
    #expect(state.rootList.selection == 0)
    _ = Reducer.reduce(&state, .key(.character("G")))
    #expect(state.rootList.selection == 2)
    _ = Reducer.reduce(&state, .key(.character("g")))
    #expect(state.rootList.selection == 0)
  }

  @Test func pagingMovesByAScreenAndScrolls() {
    var state = Sample.loaded(100)
    let visible = state.shared.visibleRows
    _ = Reducer.reduce(&state, .key(.pageDown))
    #expect(state.rootList.selection == visible - 1)
    _ = Reducer.reduce(&state, .key(.control("f")))
    #expect(state.rootList.selection == 2 * (visible - 1))
    #expect(state.rootList.selection >= state.rootList.top && state.rootList.selection < state.rootList.top + visible)
    _ = Reducer.reduce(&state, .key(.control("b")))
    #expect(state.rootList.selection == visible - 1)
    _ = Reducer.reduce(&state, .key(.end))
    #expect(state.rootList.selection == 99)
    #expect(state.rootList.top == 100 - visible)
    _ = Reducer.reduce(&state, .key(.pageUp))
    #expect(state.rootList.selection == 99 - (visible - 1))
  }

  @Test func resizingKeepsTheSelectionVisible() {
    var state = Sample.loaded(100)
    _ = Reducer.reduce(&state, .key(.end))
    _ = Reducer.reduce(&state, .resize(Size(width: 40, height: 12)))
    #expect(state.rootList.top == 100 - state.shared.visibleRows)
    _ = Reducer.reduce(&state, .resize(Size(width: 200, height: 60)))
    #expect(state.rootList.top == 100 - state.shared.visibleRows)
    #expect(state.rootList.selection == 99)
  }

  @Test func nearingTheEndFetchesTheNextPageOnce() {
    var state = Sample.loaded(20, totalPages: 3)
    var effects: [Effect] = []
    for _ in 0..<16 { effects += Reducer.reduce(&state, .key(.down)) }
    #expect(effects == [.fetchList(ListPage(page: 2))])
    #expect(state.rootList.isLoadingMore)
    _ = Reducer.reduce(
      &state,
      .listLoaded(
        ListPage(page: 2), .success(Sample.fetched(Sample.page(20, from: 19, page: 2, totalPages: 3)))
      ))
    #expect(state.rootList.movies.count == 38, "films already listed are not repeated")
    #expect(state.rootList.list.value?.pagesLoaded == 2)
    #expect(!state.rootList.isLoadingMore)
  }

  @Test func aFailedNextPageKeepsTheListAndStopsAsking() {
    var state = Sample.loaded(20, totalPages: 3)
    _ = Reducer.reduce(&state, .key(.end))
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(page: 2), .failure(.transport(description: "offline"))))
    #expect(state.rootList.moreError == .transport(description: "offline"))
    #expect(Reducer.reduce(&state, .key(.up)).isEmpty)
    #expect(state.rootList.movies.count == 20)
  }

  @Test func answersForAnotherWindowAreIgnored() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("w")))
    #expect(state.rootList.window == .day)
    #expect(state.rootList.movies.isEmpty)
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(), .success(Sample.fetched(Sample.page(9)))))
    #expect(state.rootList.movies.isEmpty)
  }

  @Test func anEmptyPageIsLoadedAndEmpty() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(), .success(Sample.fetched(MoviePage(results: [])))))
    #expect(state.rootList.list.value?.movies == [])
    #expect(Reducer.reduce(&state, .key(.enter)).isEmpty)
    #expect(state.top.statusName == "list")
  }

  @Test func quitKeys() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .key(.character("q"))) == [.quit])
    #expect(Reducer.reduce(&state, .key(.control("c"))) == [.quit])
  }

  @Test func helpOpensAndAnyKeyClosesIt() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("?")))
    #expect(state.help != nil)
    #expect(Reducer.reduce(&state, .key(.character("q"))).isEmpty)
    #expect(state.help == nil)
    _ = Reducer.reduce(&state, .key(.character("?")))
    #expect(Reducer.reduce(&state, .key(.control("c"))) == [.quit])
  }

  @Test func aListLeftOpenRefreshesItselfWhenStaleButNotAfterAFailure() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(29 * 60))).isEmpty)
    let effects = Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(30 * 60)))
    #expect(effects == [.fetchList(ListPage())])
    #expect(Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(31 * 60))).isEmpty, "one at a time")
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(), .failure(.transport(description: "offline"))))
    #expect(
      Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(40 * 60))).isEmpty, "after a failure, r retries")
    #expect(state.rootList.movies.count == 3)
  }

  @Test func ticksMoveTheClock() {
    var state = Sample.loaded(3)
    let later = Sample.start.addingTimeInterval(300)
    #expect(Reducer.reduce(&state, .tick(later)).isEmpty)
    #expect(state.shared.now == later)
  }
}

@Suite("Reducer: the detail screen")
struct DetailReducerTests {
  private func details(_ id: Int) -> MovieDetails {
    MovieDetails(id: id, title: "Film \(id)")
  }

  @Test func openingLoadsTheFilmOnce() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("j"))) { $0.rootList.selection = 1 }
    store.send(.key(.character("j"))) { $0.rootList.selection = 2 }
    store.send(.key(.enter), effects: [.fetchFilm(3)]) {
      $0.push(.film(FilmScreen(id: 3, known: $0.rootList.movies[2])))
      $0.shared[film: 3] = Loadable()
      $0.shared[film: 3]?.begin()
    }
    store.send(.filmLoaded(3, .success(Sample.fetched(details(3))))) {
      $0.shared[film: 3]?.succeed(details(3), at: Sample.start)
    }
    store.send(.key(.escape)) { $0.pop() }
    store.send(.key(.right)) { $0.push(.film(FilmScreen(id: 3, known: $0.rootList.movies[2]))) }  // cached per film: no request
  }

  @Test(arguments: [Key.escape, .backspace, .left, .character("h"), .character("q")])
  func backKeysReturnWithTheSameRow(key: Key) {
    var state = Sample.loaded(40)
    for _ in 0..<25 { _ = Reducer.reduce(&state, .key(.down)) }
    let top = state.rootList.top
    _ = Reducer.reduce(&state, .key(.character("l")))
    #expect(Reducer.reduce(&state, .key(key)).isEmpty)
    #expect(state.top.statusName == "list")
    #expect(state.rootList.selection == 25)
    #expect(state.rootList.top == top)
  }

  @Test func scrollingIsBoundedByTheLayout() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.enter), effects: [.fetchFilm(1)]) {
      $0.push(.film(FilmScreen(id: 1, known: $0.rootList.movies[0])))
      $0.shared[film: 1] = Loadable()
      $0.shared[film: 1]?.begin()
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
      state.rootList.selection = id - 1
      _ = Reducer.reduce(&state, .key(.enter))
      _ = Reducer.reduce(&state, .filmLoaded(id, .success(Sample.fetched(details(id)))))
      #expect(
        state.shared.answers.keys.filter { if case .movie = $0 { true } else { false } }.count
          <= AppState.keptDetailsLimit)
      #expect(state.shared[film: id]?.value == details(id), "the film on screen is kept")
      _ = Reducer.reduce(&state, .key(.escape))
    }
    state.rootList.selection = 0
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchFilm(1)], "asked for again")
  }

  @Test func reloadForcesOneRequestAndKeepsTheFilm() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .filmLoaded(1, .success(Sample.fetched(details(1)))))
    var store = TestStore(state)
    store.send(.key(.character("r")), effects: [.fetchFilm(1, force: true)]) {
      $0.shared[film: 1]?.begin()
    }
    for _ in 0..<4 { store.send(.key(.character("r"))) }
    store.send(.filmLoaded(1, .failure(.rateLimited(retryAfter: 5)))) {
      $0.shared[film: 1]?.fail(.rateLimited(retryAfter: 5))
    }
    #expect(store.state.shared[film: 1]?.value == details(1), "the film stays on screen")
  }

  @Test func aFailedFilmIsAskedForAgainWhenReopened() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .filmLoaded(1, .failure(.notFound(message: nil))))
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchFilm(1)])
  }

  @Test func listKeysDoNothingOnTheDetailScreen() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(Reducer.reduce(&state, .key(.character("w"))).isEmpty)
    #expect(state.rootList.window == .week)
  }
}

@Suite("Reducer: cached answers and the budget")
struct CacheReducerTests {
  @Test func aStaleCachedListShowsAtOnceAndKeepsRefreshing() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    let old = Fetched(value: Sample.page(4), fetchedAt: Sample.start.addingTimeInterval(-7_200), fromCache: true)
    let effects = Reducer.reduce(&state, .listLoaded(ListPage(), .success(old)))
    #expect(state.rootList.movies.count == 4)
    #expect(state.rootList.list.isLoading, "the refresh runs behind the cached rows")
    #expect(
      effects == [.fetchList(ListPage(page: 1, force: true))],
      "the reducer, on its own clock, asks the network")
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(), .failure(.transport(description: "offline"))))
    #expect(state.rootList.movies.count == 4)
    #expect(state.rootList.list.error?.isOffline == true)
  }

  @Test func aFreshCachedListIsDone() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    let recent = Fetched(value: Sample.page(4), fetchedAt: Sample.start.addingTimeInterval(-60), fromCache: true)
    let effects = Reducer.reduce(&state, .listLoaded(ListPage(), .success(recent)))
    #expect(!state.rootList.list.isLoading)
    #expect(effects.isEmpty, "a fresh cached list needs no request")
  }

  @Test func theBoundaryIsThirtyMinutesOnTheStatesClock() {
    for (age, stale) in [(29.0 * 60, false), (30.0 * 60, true)] {
      var state = Sample.state()
      _ = Reducer.reduce(&state, .start)
      let cached = Fetched(value: Sample.page(4), fetchedAt: Sample.start.addingTimeInterval(-age), fromCache: true)
      let effects = Reducer.reduce(&state, .listLoaded(ListPage(), .success(cached)))
      #expect(state.rootList.list.isLoading == stale)
      #expect(effects.isEmpty == !stale, "\(age / 60) min")
    }
  }

  @Test func aStaleCachedFilmIsShownAndAskedForAgain() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    let film = MovieDetails(id: 1, title: "Film 1")
    let old = Fetched(value: film, fetchedAt: Sample.start.addingTimeInterval(-25 * 3_600), fromCache: true)
    let effects = Reducer.reduce(&state, .filmLoaded(1, .success(old)))
    #expect(state.shared[film: 1]?.value == film)
    #expect(state.shared[film: 1]?.isLoading == true)
    #expect(effects == [.fetchFilm(1, force: true)])
    let fresh = Fetched(value: film, fetchedAt: Sample.start.addingTimeInterval(-3_600), fromCache: true)
    var other = Sample.loaded(3)
    _ = Reducer.reduce(&other, .key(.enter))
    #expect(Reducer.reduce(&other, .filmLoaded(1, .success(fresh))).isEmpty)
  }

  @Test func budgetWaitsAreShownUntilAnAnswerArrives() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("r")))
    _ = Reducer.reduce(&state, .waiting(.list(ListPage(page: 1)), seconds: 12))
    #expect(state.shared.waitUntil(.list(ListPage(page: 1))) == Sample.start.addingTimeInterval(12))
    #expect(state.shared.waitUntil(.fetch(.film(3))) == nil, "the wait belongs to the list's request")
    _ = Reducer.reduce(
      &state,
      .listLoaded(ListPage(page: 1, force: true), .success(Sample.fetched(Sample.page(3)))))
    #expect(state.shared.waits.isEmpty)
  }

  @Test func aFilmWaitingForTheBudgetSaysSoOnItsOwnScreen() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .waiting(.fetch(.film(1)), seconds: 50))
    #expect(state.shared.waitUntil(.fetch(.film(1))) == Sample.start.addingTimeInterval(50))
    _ = Reducer.reduce(&state, .tick(Sample.start.addingTimeInterval(51)))
    #expect(state.shared.waitUntil(.fetch(.film(1))) == nil, "a wait that has passed is over")
    _ = Reducer.reduce(&state, .waiting(.fetch(.film(1)), seconds: 5))
    _ = Reducer.reduce(&state, .filmLoaded(1, .success(Sample.fetched(MovieDetails(id: 1, title: "Film 1")))))
    #expect(state.shared.waits[.fetch(.film(1))] == nil)
  }
}
