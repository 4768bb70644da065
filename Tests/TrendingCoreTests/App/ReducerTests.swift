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

  @Test func aListLeftOpenRefreshesItselfWhenStaleButNotAfterAFailure() {
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
    }
    // After a failure, r retries; the rows stay.
    store.send(.tick(minutes(40))) { $0.shared.now = minutes(40) }
    #expect(store.state.rootList.movies.count == 3)
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

  @Test func anAnswerForATabNotShowingLandsOnThatTab() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("2")))
    _ = Reducer.reduce(&state, .key(.character("1")))
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(.popular, page: 1), .success(Sample.fetched(Sample.page(7))))
    )
    #expect(state.rootList.movies.count == 3, "the tab showing is untouched")
    #expect(state.tabs[.popular]?.list.value?.movies.count == 7)
    #expect(state.tabs[.popular]?.list.isLoading == false)
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
}
