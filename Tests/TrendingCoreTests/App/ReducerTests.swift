import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The app reducer: start, time, quitting and the stack")
struct AppReducerTests {
  private func details(_ id: Int) -> MovieDetails {
    MovieDetails(id: id, title: "Film \(id)")
  }

  @Test func startLoadsTheFirstPage() {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) {
      $0.rootList.list.begin()
    }
    #expect(store.state.isBusy)
  }

  @Test func quitRedrawAndSuspendAreEffectsForTheRuntimeAndChangeNothing() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("q")), effects: [.quit])
    store.send(.key(.control("c")), effects: [.quit])
    store.send(.key(.control("l")), effects: [.redraw])
    store.send(.key(.control("z")), effects: [.suspend])
  }

  @Test func ticksMoveTheClock() {
    var store = TestStore(Sample.loaded(3))
    let later = Sample.start.addingTimeInterval(300)
    store.send(.tick(later)) { $0.shared.now = later }
  }

  @Test func aListLeftOpenRefreshesItselfWhenStaleAndTriesAgainAfterAFailure() {
    var store = TestStore(Sample.loaded(3))
    let minutes = { (count: Double) in Sample.start.addingTimeInterval(count * 60) }
    store.send(.tick(minutes(29))) { $0.shared.now = minutes(29) }
    store.send(.tick(minutes(30)), effects: [.fetchList(ListPage())]) {
      $0.shared.now = minutes(30)
      $0.rootList.list.begin()
    }
    // One at a time.
    store.send(.tick(minutes(31))) { $0.shared.now = minutes(31) }
    store.send(.listLoaded(ListPage(), .failure(.transport(description: "offline")))) {
      $0.rootList.list.fail(.transport(description: "offline"))
      $0.rootList.failures = 1
      $0.rootList.failedAt = minutes(31)
    }
    // After a failure it tries again by itself: 30 seconds on, then a minute after the next; the rows stay.
    store.send(.tick(minutes(31.4))) { $0.shared.now = minutes(31.4) }
    store.send(.tick(minutes(31.5)), effects: [.fetchList(ListPage())]) {
      $0.shared.now = minutes(31.5)
      $0.rootList.list.begin()
    }
    store.send(.listLoaded(ListPage(), .failure(.timedOut(seconds: 10)))) {
      $0.rootList.list.fail(.timedOut(seconds: 10))
      $0.rootList.failures = 2
      $0.rootList.failedAt = minutes(31.5)
    }
    store.send(.tick(minutes(32.4))) { $0.shared.now = minutes(32.4) }
    store.send(.tick(minutes(32.5)), effects: [.fetchList(ListPage())]) {
      $0.shared.now = minutes(32.5)
      $0.rootList.list.begin()
    }
    #expect(store.state.rootList.movies.count == 3)
    // A fresh answer ends the failures.
    store.send(.listLoaded(ListPage(), .success(Fetched(value: Sample.page(3), fetchedAt: minutes(32.5))))) {
      $0.rootList.list.succeed(Listing(firstPage: Sample.page(3)), at: minutes(32.5))
      $0.rootList.failures = 0
      $0.rootList.failedAt = nil
    }
  }

  /// Only what waiting may mend is tried again by itself: no answer, or a 5xx.
  @Test func onlyAnOutageIsTriedAgainByItself() {
    let failed = { (error: AmodbError) in
      var state = Sample.loaded(3)
      state.rootList.list.fail(error)
      state.rootList.failures = 1
      state.rootList.failedAt = Sample.start
      return state.rootList.retryDue(at: Sample.start.addingTimeInterval(3_600))
    }
    #expect(failed(.transport(description: "offline")) && failed(.timedOut(seconds: 10)))
    #expect(failed(.server(status: 503, message: nil)))
    #expect(!failed(.server(status: 418, message: nil)) && !failed(.unreadable(detail: "x")))
    #expect(!failed(.rateLimited(retryAfter: 30)))
  }

  /// The busy library's notice, said again while quitting is armed, never hides the quit's warning.
  @Test func theQuitWarningStaysWhileTheLibraryStaysBusy() {
    var state = Sample.loaded(3)
    state.shared.unsaved = [
      LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: "2027-01-15", summary: nil)
    ]
    _ = Reducer.reduce(&state, .libraryBusy)
    #expect(Reducer.reduce(&state, .key(.character("q"))).isEmpty)
    let warning = state.shared.notice?.text
    #expect(warning?.contains("quit again to lose it") == true, "\(warning ?? "")")
    _ = Reducer.reduce(&state, .libraryBusy)
    #expect(state.shared.notice?.text == warning, "the warning stays")
    #expect(Reducer.reduce(&state, .key(.character("q"))) == [.quit])
  }

  @Test func aKeyRefusedIsNotTriedAgainByItself() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("r")), effects: [.fetchList(ListPage(page: 1, force: true))]) {
      $0.rootList.list.begin()
    }
    store.send(.listLoaded(ListPage(page: 1, force: true), .failure(.unauthorized(message: nil)))) {
      $0.rootList.list.fail(.unauthorized(message: nil))
      $0.rootList.failures = 1
      $0.rootList.failedAt = Sample.start
    }
    let later = Sample.start.addingTimeInterval(3_600)
    store.send(.tick(later)) { $0.shared.now = later }
  }

  @Test func openingPushesAndBackPopsToExactlyWhereTheUserWas() {
    var store = TestStore(Sample.loaded(30))
    store.moveDown(7)
    let list = store.state.rootList
    store.openSelectedFilm()
    #expect((store.state.top as? FilmScreen)?.known == list.movies[7], "the film starts from its row")
    store.send(.documentLayout(DocumentLayout(maxScroll: 30))) { $0.detailMaxScroll = 30 }
    // The film screen scrolls its own state; the list below is untouched.
    store.send(.key(.character(" "))) { $0.detailScroll = 21 }
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.stack == [.list(list)])
    // The list is never popped.
    store.send(.key(.escape))
  }

  @Test func theStackIsBoundedAndKeepsTheList() {
    var state = Sample.loaded(3)
    for id in 1...80 { state.push(.film(FilmScreen(id: id))) }
    #expect(state.stack.count == AppState.stackLimit)
    if case .list = state.stack.first {} else { Issue.record("the list left the bottom of the stack") }
    #expect((state.top as? FilmScreen)?.id == 80)
    if case .film(let oldest) = state.stack[1] { #expect(oldest.id == 80 - AppState.stackLimit + 2) }
  }

  @Test func filmsOffTheStackAreLetGoPastTheLimit() {
    var store = TestStore(Sample.loaded(60))
    for id in 1...40 {
      if id > 1 { store.moveDown(1) }
      store.step(.key(.enter), effects: [.fetchFilm(id)])
      store.send(.filmLoaded(id, .success(Sample.fetched(details(id))))) {
        $0.shared[film: id]?.succeed(details(id), at: Sample.start)
      }
      let films = store.state.shared.answers.keys.filter { if case .movie = $0 { true } else { false } }
      #expect(films.count <= AppState.keptDetailsLimit)
      store.send(.key(.escape)) { $0.pop() }
    }
    store.send(.key(.home)) {
      $0.rootList.selection = 0
      $0.rootList.top = 0
    }
    // Let go: asked for again.
    store.openSelectedFilm()
  }

  @Test func onlyCommandsThatDoSomethingAreAvailable() {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    #expect(!Reducer.isAvailable(.refresh, in: store.state), "a refresh is already running")
    store.send(.listLoaded(ListPage(), .failure(.timedOut(seconds: 10)))) {
      $0.rootList.list.fail(.timedOut(seconds: 10))
      $0.rootList.failures = 1
      $0.rootList.failedAt = $0.shared.now
    }
    #expect(Reducer.isAvailable(.refresh, in: store.state))
    for command in [Command.moveDown, .open, .pageDown, .last, .back, .toggleWatchlist, .openInBrowser] {
      #expect(!Reducer.isAvailable(command, in: store.state), "\(command) on an error screen")
    }
    let loaded = Sample.loaded()
    for command in [Command.open, .moveDown, .sort, .toggleWatchlist, .openInBrowser, .toggleWindow, .tab(3)] {
      #expect(Reducer.isAvailable(command, in: loaded), "\(command) on a list")
    }
    #expect(!Reducer.isAvailable(.back, in: loaded))
  }

  @Test func availabilityInOneGoAnswersAsEachCommandAlone() {
    var film = Sample.loaded()
    film.push(.film(FilmScreen(id: 1)))
    var searching = Sample.loaded()
    searching.search = SearchBox()
    for state in [Sample.state(), Sample.loaded(), film, searching] {
      let each = Command.allCases.map { Reducer.isAvailable($0, in: state) }
      #expect(Reducer.availability(of: Command.allCases, in: state) == each)
    }
  }

  @Test func aUserBindingDrivesTheReducer() {
    var state = Sample.loaded()
    state.shared.keys.bind(.character("x"), to: .last, in: [.list], help: "to the end")
    var store = TestStore(state)
    store.send(.key(.character("x"))) {
      $0.rootList.selection = 29
      $0.rootList.top = 30 - $0.shared.visibleRows
    }
  }
}

@Suite("The app reducer: answers by request, the cache and the budget")
struct AnswerTests {
  /// A store that has asked for the first page of trending.
  private func started() -> TestStore {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    return store
  }

  @Test func aStaleCachedListShowsAtOnceAndKeepsRefreshing() {
    var store = started()
    let fetchedAt = Sample.start.addingTimeInterval(-7_200)
    let old = Fetched(value: Sample.page(4), fetchedAt: fetchedAt, fromCache: true)
    // The reducer, on its own clock, asks the network; the refresh runs behind the cached rows.
    store.send(.listLoaded(ListPage(), .success(old)), effects: [.fetchList(ListPage(force: true))]) {
      $0.rootList.list.succeed(Listing(firstPage: Sample.page(4)), at: fetchedAt)
      $0.rootList.list.begin()
    }
    store.send(.listLoaded(ListPage(), .failure(.transport(description: "offline")))) {
      $0.rootList.list.fail(.transport(description: "offline"))
      $0.rootList.failures = 1
      $0.rootList.failedAt = $0.shared.now
    }
    #expect(store.state.rootList.movies.count == 4 && store.state.rootList.list.error?.isOffline == true)
  }

  @Test(arguments: [(60.0, false), (29.0 * 60, false), (30.0 * 60, true)])
  func aCachedListIsStaleFromThirtyMinutesOnTheStatesClock(age: TimeInterval, stale: Bool) {
    var store = started()
    let fetchedAt = Sample.start.addingTimeInterval(-age)
    let cached = Fetched(value: Sample.page(4), fetchedAt: fetchedAt, fromCache: true)
    store.send(.listLoaded(ListPage(), .success(cached)), effects: stale ? [.fetchList(ListPage(force: true))] : []) {
      $0.rootList.list.succeed(Listing(firstPage: Sample.page(4)), at: fetchedAt)
      if stale { $0.rootList.list.begin() }
    }
  }

  @Test(arguments: [(25.0 * 3_600, true), (3_600.0, false)])
  func aCachedFilmIsShownAndAskedForAgainWhenADayOld(age: TimeInterval, stale: Bool) {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    let film = MovieDetails(id: 1, title: "Film 1")
    let fetchedAt = Sample.start.addingTimeInterval(-age)
    let cached = Fetched(value: film, fetchedAt: fetchedAt, fromCache: true)
    store.send(.filmLoaded(1, .success(cached)), effects: stale ? [.fetchFilm(1, force: true)] : []) {
      $0.shared[film: 1]?.succeed(film, at: fetchedAt)
      if stale { $0.shared[film: 1]?.begin() }
    }
  }

  @Test func budgetWaitsAreShownUntilAnAnswerArrives() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("r")), effects: [.fetchList(ListPage(force: true))]) { $0.rootList.list.begin() }
    let until = Sample.start.addingTimeInterval(12)
    // The wait belongs to the list's request.
    store.send(.waiting(.list(ListPage()), seconds: 12)) { $0.shared.waits = [.list(ListPage()): until] }
    store.send(.listLoaded(ListPage(force: true), .success(Sample.fetched(Sample.page(3))))) {
      $0.shared.waits = [:]
      $0.rootList.list.succeed(Listing(firstPage: Sample.page(3)), at: Sample.start)
    }
  }

  @Test func aFilmWaitingForTheBudgetSaysSoOnItsOwnScreen() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    store.send(.waiting(.fetch(.film(1)), seconds: 50)) {
      $0.shared.waits = [.fetch(.film(1)): Sample.start.addingTimeInterval(50)]
    }
    #expect(store.state.shared.waitUntil(.fetch(.film(1))) == Sample.start.addingTimeInterval(50))
    store.send(.tick(Sample.start.addingTimeInterval(51))) { $0.shared.now = Sample.start.addingTimeInterval(51) }
    #expect(store.state.shared.waitUntil(.fetch(.film(1))) == nil, "a wait that has passed is over")
    store.send(.waiting(.fetch(.film(1)), seconds: 5)) {
      $0.shared.waits = [.fetch(.film(1)): Sample.start.addingTimeInterval(56)]
    }
    let film = MovieDetails(id: 1, title: "Film 1")
    store.send(.filmLoaded(1, .success(Sample.fetched(film)))) {
      $0.shared.waits = [:]
      $0.shared[film: 1]?.succeed(film, at: Sample.start)
    }
  }

  @Test func anAnswerForATabNotShowingLandsOnThatTab() {
    var store = TestStore(Sample.loaded(3))
    let trending = store.state.rootList
    store.send(.key(.character("2")), effects: [.fetchList(ListPage(.popular))]) {
      $0.tabs[.trending] = trending
      $0.rootList = ListScreen(kind: .popular, window: .week)
      $0.rootList.list.begin()
    }
    var popular = store.state.rootList
    store.send(.key(.character("1"))) {
      $0.tabs = [.popular: popular]
      $0.rootList = trending
    }
    // The tab showing is untouched.
    popular.list.succeed(Listing(firstPage: Sample.page(7)), at: Sample.start)
    store.send(.listLoaded(ListPage(.popular), .success(Sample.fetched(Sample.page(7))))) {
      $0.tabs[.popular] = popular
    }
  }

  @Test func answersForAnotherWindowAreIgnored() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("w")), effects: [.fetchList(ListPage(window: .day))]) {
      $0.rootList = ListScreen(window: .day)
      $0.rootList.list.begin()
    }
    store.send(.listLoaded(ListPage(), .success(Sample.fetched(Sample.page(9)))))
  }
}

@Suite("A terminal below the smallest size")
struct TooSmallTerminalTests {
  /// Only the size shows, so no key acts on the screen that cannot be seen; q and ^C quit.
  @Test func keysDoNothingButQuit() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .resize(Size(width: 20, height: 6)))
    let before = state
    for key: Key in [.character("m"), .character("R"), .character("3"), .enter, .character("x"), .down] {
      #expect(Reducer.reduce(&state, .key(key)).isEmpty, "\(key)")
    }
    #expect(state == before, "nothing marked, rated, hidden or moved")
    #expect(Reducer.reduce(&state, .key(.character("q"))) == [.quit])
    #expect(Reducer.reduce(&state, .key(.control("c"))) == [.quit])
  }
}
