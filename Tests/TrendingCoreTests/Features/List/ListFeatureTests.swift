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
    store.send(.listLoaded(ListPage(), .failure(failure))) {
      $0.rootList.list.fail(failure)
      $0.rootList.failures = 1
      $0.rootList.failedAt = $0.shared.now
    }
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
      $0.rootList.failures = 1
      $0.rootList.failedAt = $0.shared.now
    }
    #expect(store.state.rootList.list.fetchedAt == Sample.start, "the old rows keep their age")
  }

  @Test func refreshKeepsTheSelectedFilmWhenItMoved() {
    var store = TestStore(Sample.loaded(5))
    store.step(.key(.down))
    store.step(.key(.down))
    #expect(store.state.rootList.selectedMovie?.id == 3)
    store.step(.key(.character("r")), effects: [.fetchList(ListPage(force: true))])
    let reordered = MediaPage(results: Sample.films(5).reversed())
    store.step(.listLoaded(ListPage(page: 1, force: true), .success(Sample.fetched(reordered))))
    #expect(store.state.rootList.selectedMovie?.id == 3)
    #expect(store.state.rootList.selection == 2)
  }

  /// Two pages loaded, the last title of the second selected, then `r`, whose first page has
  /// come back (the second asked again): the store, and the second page to answer with.
  private static func refreshedPastTheFirstPage() -> (TestStore, MediaPage) {
    var store = TestStore(Sample.loaded(20, totalPages: 2))
    let second = Sample.page(20, from: 21, page: 2, totalPages: 2)
    store.step(.key(.end), effects: [.fetchList(ListPage(page: 2))]) {
      $0.rootList.selection = 19
      $0.rootList.isLoadingMore = true
    }
    store.step(.listLoaded(ListPage(page: 2), .success(Sample.fetched(second))))
    store.step(.key(.end))
    #expect(store.state.rootList.selectedMovie?.id == 40)
    store.step(.key(.character("r")), effects: [.fetchList(ListPage(page: 1, force: true))])
    store.step(
      .listLoaded(ListPage(page: 1, force: true), .success(Sample.fetched(Sample.page(20, totalPages: 2)))),
      effects: [.fetchList(ListPage(page: 2))])
    return (store, second)
  }

  @Test func aKeptLaterPageOlderThanTheFirstIsAskedAnewNeverShownUnderIt() {
    var (store, second) = Self.refreshedPastTheFirstPage()
    var old = Sample.fetched(
      Sample.page(20, from: 21, page: 2, totalPages: 2), at: Sample.start.addingTimeInterval(-600))
    old.fromCache = true
    store.step(.listLoaded(ListPage(page: 2), .success(old)), effects: [.fetchList(ListPage(page: 2, force: true))])
    #expect(store.state.rootList.movies.count == 20, "the old page is not shown")
    #expect(store.state.rootList.isLoadingMore)
    store.step(.listLoaded(ListPage(page: 2, force: true), .success(Sample.fetched(second))))
    #expect(store.state.rootList.movies.count == 40)
    var kept = Sample.fetched(second, at: Sample.start.addingTimeInterval(60))
    kept.fromCache = true
    var (again, _) = Self.refreshedPastTheFirstPage()
    again.step(.listLoaded(ListPage(page: 2), .success(kept)))
    #expect(again.state.rootList.movies.count == 40, "a kept page as new as the first is taken")
    var offline = TestStore(Sample.loaded(20, totalPages: 2))
    offline.step(.key(.character("r")), effects: [.fetchList(ListPage(page: 1, force: true))])
    offline.step(.listLoaded(ListPage(page: 1, force: true), .failure(.transport(description: "no network"))))
    offline.step(.key(.end), effects: [.fetchList(ListPage(page: 2))])
    offline.step(.listLoaded(ListPage(page: 2), .success(old)))
    #expect(offline.state.rootList.movies.count == 40, "offline, the kept pages are all there is: shown")
  }

  @Test func refreshSelectsATitleOfALaterPageAgainWhenItsPageComesBack() {
    var (store, second) = Self.refreshedPastTheFirstPage()
    // The refresh's first page does not hold it: the selection waits on the last row there.
    #expect(store.state.rootList.selectedMovie?.id == 20)
    // Its page comes back (asked as the selection is near the end): the title is selected again.
    store.step(.listLoaded(ListPage(page: 2), .success(Sample.fetched(second))))
    #expect(store.state.rootList.selectedMovie?.id == 40)
    #expect(store.state.rootList.reselect == nil)
  }

  @Test func aMoveAfterTheRefreshIsNotUndoneWhenTheLaterPageComes() {
    var (store, second) = Self.refreshedPastTheFirstPage()
    store.step(.key(.up))
    store.step(.listLoaded(ListPage(page: 2), .success(Sample.fetched(second))))
    #expect(store.state.rootList.selectedMovie?.id == 19, "the user's move stands")
  }

  @Test func movementIsClamped() {
    var store = TestStore(Sample.loaded(3))
    store.step(.key(.up))
    #expect(store.state.rootList.selection == 0)
    for _ in 0..<10 { store.step(.key(.character("j"))) }
    #expect(store.state.rootList.selection == 2)
    store.step(.key(.home))
    #expect(store.state.rootList.selection == 0)
    store.step(.key(.character("G")))
    #expect(store.state.rootList.selection == 2)
    store.step(.key(.character("g")))
    #expect(store.state.rootList.selection == 0)
  }

  @Test func pagingMovesByAScreenAndScrolls() {
    var store = TestStore(Sample.loaded(100))
    let visible = store.state.shared.visibleRows
    store.step(.key(.pageDown))
    #expect(store.state.rootList.selection == visible - 1)
    store.step(.key(.control("f")))
    #expect(store.state.rootList.selection == 2 * (visible - 1))
    #expect(
      store.state.rootList.selection >= store.state.rootList.top
        && store.state.rootList.selection < store.state.rootList.top + visible)
    store.step(.key(.control("b")))
    #expect(store.state.rootList.selection == visible - 1)
    store.step(.key(.end))
    #expect(store.state.rootList.selection == 99)
    #expect(store.state.rootList.top == 100 - visible)
    store.step(.key(.pageUp))
    #expect(store.state.rootList.selection == 99 - (visible - 1))
  }

  @Test func theNewKeysMoveByPagesAndHalves() {
    var store = TestStore(Sample.loaded(60))
    let page = store.state.shared.visibleRows - 1
    store.step(.key(.control("d")))
    #expect(store.state.rootList.selection == page / 2)
    store.step(.key(.character(" ")))
    #expect(store.state.rootList.selection == page / 2 + page)
    store.step(.key(.character("b")))
    #expect(store.state.rootList.selection == page / 2)
    store.step(.key(.control("u")))
    #expect(store.state.rootList.selection == 0)
  }

  @Test func resizingKeepsTheSelectionVisible() {
    var store = TestStore(Sample.loaded(100))
    store.step(.key(.end))
    store.step(.resize(Size(width: 40, height: 12)))
    #expect(store.state.rootList.top == 100 - store.state.shared.visibleRows)
    // Wide enough for the pane: it waits to ask for the selected film's details.
    store.step(
      .resize(Size(width: 200, height: 60)),
      effects: [.after(PaneFacts.delay, .paneFactsDue(.film(100)), id: .paneFacts)])
    #expect(store.state.rootList.top == 100 - store.state.shared.visibleRows)
    #expect(store.state.rootList.selection == 99)
  }

  @Test func nearingTheEndFetchesTheNextPageOnce() {
    var store = TestStore(Sample.loaded(20, totalPages: 3))
    // The next page is asked once, as the selection comes within five rows of the end.
    for row in 1...14 { store.step(.key(.down)) { $0.rootList.selection = row } }
    store.step(.key(.down), effects: [.fetchList(ListPage(page: 2))])
    store.step(.key(.down))
    #expect(store.state.rootList.isLoadingMore)
    store.step(
      .listLoaded(
        ListPage(page: 2), .success(Sample.fetched(Sample.page(20, from: 19, page: 2, totalPages: 3)))
      ))
    #expect(store.state.rootList.movies.count == 38, "films already listed are not repeated")
    #expect(store.state.rootList.list.value?.pagesLoaded == 2)
    #expect(!store.state.rootList.isLoadingMore)
  }

  @Test func aFailedNextPageKeepsTheListAndStopsAsking() {
    var store = TestStore(Sample.loaded(20, totalPages: 3))
    store.step(.key(.end), effects: [.fetchList(ListPage(page: 2))]) {
      $0.rootList.selection = 19
      $0.rootList.isLoadingMore = true
    }
    store.send(.listLoaded(ListPage(page: 2), .failure(.transport(description: "offline")))) {
      $0.rootList.isLoadingMore = false
      $0.rootList.moreError = .transport(description: "offline")
    }
    // It stops asking by itself; the rows stay.
    store.send(.key(.up)) { $0.rootList.selection = 18 }
    #expect(store.state.rootList.movies.count == 20)
    // A move down at the end asks again, as the status says.
    store.step(.key(.end), effects: [.fetchList(ListPage(page: 2))]) {
      $0.rootList.selection = 19
      $0.rootList.moreError = nil
      $0.rootList.isLoadingMore = true
    }
  }

  @Test func aPageThatAddsNothingEndsTheListWhateverItsAnswerSays() {
    // A tall terminal asks on while its rows are not full: a server that answers page 2 with page
    // 1's films (and calls it page 1), or with none, while it says it has 500 pages, is asked no more.
    for answer in [Sample.page(20, page: 1, totalPages: 500), MediaPage(page: 2, totalPages: 500, results: [])] {
      var store = TestStore(Sample.state(size: Size(width: 80, height: 60)))
      store.step(.start, effects: [.loadMarks, .fetchList(ListPage())])
      store.step(
        .listLoaded(ListPage(), .success(Sample.fetched(Sample.page(20, totalPages: 500)))),
        effects: [.fetchList(ListPage(page: 2))])
      store.step(.listLoaded(ListPage(page: 2), .success(Sample.fetched(answer))), effects: [])
      #expect(store.state.rootList.list.value?.hasMore == false && !store.state.rootList.isLoadingMore)
      store.step(.key(.end), effects: []) { $0.rootList.selection = 19 }
    }
    // A first page with nothing in it is the whole list.
    var empty = TestStore(Sample.state(size: Size(width: 80, height: 60)))
    empty.step(.start, effects: [.loadMarks, .fetchList(ListPage())])
    empty.step(.listLoaded(ListPage(), .success(Sample.fetched(MediaPage(page: 1, totalPages: 500, results: [])))))
    #expect(empty.state.rootList.list.value?.hasMore == false && !empty.state.rootList.isLoadingMore)
  }

  @Test func anEmptyPageIsLoadedAndEmpty() {
    var store = TestStore(Sample.state())
    store.step(.start, effects: [.loadMarks, .fetchList(ListPage())])
    store.step(.listLoaded(ListPage(), .success(Sample.fetched(MediaPage(results: [])))))
    #expect(store.state.rootList.list.value?.movies == [])
    store.step(.key(.enter))
    #expect(store.state.top.statusName == "list")
  }

  @Test func aTallTerminalLoadsPagesUntilItsRowsAreFull() {
    var store = TestStore(Sample.state(size: Size(width: 80, height: 60)))
    store.step(.start, effects: [.loadMarks, .fetchList(ListPage())])
    store.step(
      .listLoaded(ListPage(), .success(Sample.fetched(Sample.page(20, totalPages: 5)))),
      effects: [.fetchList(ListPage(page: 2))])
    store.step(
      .listLoaded(ListPage(page: 2), .success(Sample.fetched(Sample.page(20, from: 21, page: 2, totalPages: 5)))),
      effects: [.fetchList(ListPage(page: 3))])
    // 60 films fill 55 rows.
    store.step(
      .listLoaded(ListPage(page: 3), .success(Sample.fetched(Sample.page(20, from: 41, page: 3, totalPages: 5)))))
  }

  @Test func sCyclesTheOrderAndKeepsTheSelectedFilm() {
    var store = TestStore(Sample.state())
    store.step(.start, effects: [.loadMarks, .fetchList(ListPage())])
    let films = [
      MediaSummary(id: 1, title: "b", releaseDate: ReleaseDate("2001"), voteAverage: 5, voteCount: 9),
      MediaSummary(id: 2, title: "C", releaseDate: ReleaseDate("1999"), voteAverage: 9, voteCount: 9),
      MediaSummary(id: 3, title: "a", releaseDate: nil, voteAverage: nil, voteCount: 9),
    ]
    store.step(.listLoaded(ListPage(), .success(Sample.fetched(MediaPage(results: films)))))
    store.step(.key(.down))
    #expect(store.state.rootList.selectedMovie?.id == 2)
    store.step(.key(.character("s")))
    #expect(store.state.rootList.sort == .score)
    #expect(store.state.rootList.movies.map(\.id) == [2, 1, 3])
    #expect(store.state.rootList.selectedMovie?.id == 2, "the same film stays selected")
    store.step(.key(.character("s")))
    #expect(store.state.rootList.movies.map(\.id) == [1, 2, 3], "by year, undated last")
    store.step(.key(.character("s")))
    #expect(store.state.rootList.movies.map(\.id) == [3, 1, 2], "by title, case-insensitive")
    store.step(.key(.character("s")))
    #expect(store.state.rootList.sort == .rank)
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
    // S-Tab wraps to the last tab: Recently rated, which the runner reads from the library.
    store.send(.key(.backTab), effects: [.readLocal(.rated)]) {
      $0.switchTab(to: .rated)
      $0.rootList.list.begin()
    }
  }

  @Test func theWindowBelongsToTrending() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("3")), effects: [.fetchList(ListPage(.topRated))]) {
      $0.switchTab(to: .topRated)
      $0.rootList.list.begin()
    }
    store.send(.key(.character("w")))
    #expect(!Reducer.isAvailable(.toggleWindow, in: store.state))
  }

  @Test func tabsSwitchFromAnywhereAndCloseTheScreensAbove() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    // Tab is not a film-screen key.
    store.send(.key(.tab))
    store.send(.key(.escape)) { $0.pop() }
    store.send(.key(.character("2")), effects: [.fetchList(ListPage(.popular))]) {
      $0.switchTab(to: .popular)
      $0.rootList.list.begin()
    }
    #expect(store.state.activeTab == .popular)
  }
}
