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

  @Test func quitKeys() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .key(.character("q"))) == [.quit])
    #expect(Reducer.reduce(&state, .key(.control("c"))) == [.quit])
  }

  @Test func redrawSuspendAndQuitAreEffectsForTheRuntime() {
    var state = Sample.loaded()
    #expect(Reducer.reduce(&state, .key(.control("l"))) == [.redraw])
    #expect(Reducer.reduce(&state, .key(.control("z"))) == [.suspend])
    #expect(Reducer.reduce(&state, .key(.character("q"))) == [.quit])
    let before = state
    _ = Reducer.reduce(&state, .key(.control("l")))
    #expect(state == before, "a redraw changes nothing in the state")
  }

  @Test func ticksMoveTheClock() {
    var state = Sample.loaded(3)
    let later = Sample.start.addingTimeInterval(300)
    #expect(Reducer.reduce(&state, .tick(later)).isEmpty)
    #expect(state.shared.now == later)
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

  @Test func openingPushesAndBackPopsToExactlyWhereTheUserWas() {
    var state = Sample.loaded(30)
    for _ in 0..<7 { _ = Reducer.reduce(&state, .key(.down)) }
    let list = state.rootList
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(state.stack.count == 2)
    #expect((state.top as? FilmScreen)?.id == 8)
    #expect((state.top as? FilmScreen)?.known == list.movies[7], "the film starts from its row")
    _ = Reducer.reduce(&state, .documentLayout(DocumentLayout(maxScroll: 30)))
    _ = Reducer.reduce(&state, .key(.character(" ")))
    #expect(state.detailScroll > 0, "the film screen scrolls its own state")
    #expect(state.rootList == list, "the list below is untouched")
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.stack == [.list(list)])
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.stack.count == 1, "the list is never popped")
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

  @Test func onlyCommandsThatDoSomethingAreAvailable() {
    var failed = Sample.state()
    _ = Reducer.reduce(&failed, .start)
    #expect(!Reducer.isAvailable(.refresh, in: failed), "a refresh is already running")
    _ = Reducer.reduce(&failed, .listLoaded(ListPage(), .failure(.timedOut(seconds: 10))))
    #expect(Reducer.isAvailable(.refresh, in: failed))
    for command in [Command.moveDown, .open, .pageDown, .last] {
      #expect(!Reducer.isAvailable(command, in: failed), "\(command) on an error screen")
    }
    let loaded = Sample.loaded()
    #expect(Reducer.isAvailable(.open, in: loaded) && Reducer.isAvailable(.moveDown, in: loaded))
    #expect(!Reducer.isAvailable(.back, in: loaded))
  }

  @Test func aUserBindingDrivesTheReducer() {
    var state = Sample.loaded()
    state.shared.keys.bind(.character("x"), to: .last, in: [.list], help: "to the end")
    _ = Reducer.reduce(&state, .key(.character("x")))
    #expect(state.rootList.selection == state.rootList.movies.count - 1)
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
