import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The list screen")
struct ListFeatureTests {
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

  @Test func theNewKeysMoveByPagesAndHalves() {
    var state = Sample.loaded(60)
    let page = state.shared.visibleRows - 1
    _ = Reducer.reduce(&state, .key(.control("d")))
    #expect(state.rootList.selection == page / 2)
    _ = Reducer.reduce(&state, .key(.character(" ")))
    #expect(state.rootList.selection == page / 2 + page)
    _ = Reducer.reduce(&state, .key(.character("b")))
    #expect(state.rootList.selection == page / 2)
    _ = Reducer.reduce(&state, .key(.control("u")))
    #expect(state.rootList.selection == 0)
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

  @Test func anEmptyPageIsLoadedAndEmpty() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(), .success(Sample.fetched(MoviePage(results: [])))))
    #expect(state.rootList.list.value?.movies == [])
    #expect(Reducer.reduce(&state, .key(.enter)).isEmpty)
    #expect(state.top.statusName == "list")
  }

  @Test func aTallTerminalLoadsPagesUntilItsRowsAreFull() {
    var state = Sample.state(size: Size(width: 80, height: 60))
    _ = Reducer.reduce(&state, .start)
    let effects = Reducer.reduce(
      &state, .listLoaded(ListPage(), .success(Sample.fetched(Sample.page(20, totalPages: 5))))
    )
    #expect(effects == [.fetchList(ListPage(page: 2))])
    let more = Reducer.reduce(
      &state,
      .listLoaded(
        ListPage(page: 2), .success(Sample.fetched(Sample.page(20, from: 21, page: 2, totalPages: 5)))
      ))
    #expect(more == [.fetchList(ListPage(page: 3))])
    let enough = Reducer.reduce(
      &state,
      .listLoaded(
        ListPage(page: 3), .success(Sample.fetched(Sample.page(20, from: 41, page: 3, totalPages: 5)))
      ))
    #expect(enough.isEmpty, "60 films fill 55 rows")
  }

  @Test func sCyclesTheOrderAndKeepsTheSelectedFilm() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    let films = [
      MovieSummary(id: 1, title: "b", releaseDate: ReleaseDate("2001"), voteAverage: 5, voteCount: 9),
      MovieSummary(id: 2, title: "C", releaseDate: ReleaseDate("1999"), voteAverage: 9, voteCount: 9),
      MovieSummary(id: 3, title: "a", releaseDate: nil, voteAverage: nil, voteCount: 9),
    ]
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(), .success(Sample.fetched(MoviePage(results: films)))))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.rootList.selectedMovie?.id == 2)
    _ = Reducer.reduce(&state, .key(.character("s")))
    #expect(state.rootList.sort == .score)
    #expect(state.rootList.movies.map(\.id) == [2, 1, 3])
    #expect(state.rootList.selectedMovie?.id == 2, "the same film stays selected")
    _ = Reducer.reduce(&state, .key(.character("s")))
    #expect(state.rootList.movies.map(\.id) == [1, 2, 3], "by year, undated last")
    _ = Reducer.reduce(&state, .key(.character("s")))
    #expect(state.rootList.movies.map(\.id) == [3, 1, 2], "by title, case-insensitive")
    _ = Reducer.reduce(&state, .key(.character("s")))
    #expect(state.rootList.sort == .rank)
  }
}

@Suite("The list screen: tabs")
struct ListTabTests {
  @Test func eachTabLoadsOnceAndKeepsItsOwnPlace() {
    var store = TestStore(Sample.loaded(30))
    store.send(.key(.down)) { $0.rootList.selection = 1 }
    let trending = store.state.rootList
    var popular = ListScreen(kind: .popular, window: .week)
    popular.list.begin()
    store.send(.key(.tab), effects: [.fetchList(ListPage(.popular, page: 1))]) {
      $0.switchTab(to: .popular)
      $0.rootList.list.begin()
    }
    #expect(store.state.tabs[.trending] == trending)
    store.send(
      .listLoaded(ListPage(.popular, page: 1), .success(Sample.fetched(Sample.page(5))))
    ) {
      $0.rootList.list.succeed(Listing(firstPage: Sample.page(5)), at: Sample.start)
    }
    store.send(.key(.character("1"))) { $0.switchTab(to: .trending) }
    #expect(store.state.rootList == trending, "back exactly where it was, with no request")
    store.send(.key(.backTab), effects: [.fetchList(ListPage(.watchlist, page: 1))]) {
      $0.switchTab(to: .watchlist)
      $0.rootList.list.begin()
    }
  }

  @Test func theWindowBelongsToTrending() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("3")))
    #expect(Reducer.reduce(&state, .key(.character("w"))).isEmpty)
    #expect(!Reducer.isAvailable(.toggleWindow, in: state))
  }

  @Test func tabsSwitchFromAnywhereAndCloseTheScreensAbove() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(Reducer.reduce(&state, .key(.tab)).isEmpty, "Tab is not a film-screen key")
    _ = Reducer.reduce(&state, .key(.escape))
    let effects = Reducer.reduce(&state, .key(.character("2")))
    #expect(effects == [.fetchList(ListPage(.popular, page: 1))])
    #expect(state.activeTab == .popular)
  }
}
