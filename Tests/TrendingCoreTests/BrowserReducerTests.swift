import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

/// Keys for typing a word into the search line.
private func typing(_ text: String) -> [Action] {
  text.map { .key(.character($0)) }
}

@Suite("Reducer: the search line")
struct SearchReducerTests {
  @Test func typingSchedulesOneDebouncedQueryAndOnlyTheLastOneIsAsked() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("/"))) { $0.search = SearchBox() }
    let dune = SearchQuery(text: "dune", year: nil)
    var typed = ""
    for character in "dune" {
      typed.append(character)
      let query = SearchQuery(parsing: typed)
      store.send(
        .key(.character(character)), effects: [.after(SearchBox.delay, .searchDue(query), id: .searchDebounce)]
      ) {
        $0.search?.text = typed
      }
    }
    // A stale wake-up for an older query asks nothing.
    store.send(.searchDue(SearchQuery(text: "dun", year: nil)))
    var results = ListScreen(source: .search(dune))
    results.list.begin()
    store.send(.searchDue(dune), effects: [.fetchList(ListPage(source: .search(dune), window: .week, page: 1))]) {
      $0.search?.results = results
    }
    // The same query due again (a repeated wake-up) asks nothing more.
    store.send(.searchDue(dune))
  }

  @Test func pastedTextIsTypedIntoTheLineOnOneLineAndIgnoredElsewhere() {
    var store = TestStore(Sample.loaded(5))
    store.send(.paste("quiet planet q"))
    store.send(.key(.character("/"))) { $0.search = SearchBox() }
    // Cleaned as everything shown is: `ESC SP p` is an escape sequence and goes whole.
    let typed = "quietlanet q blade"
    store.send(
      .paste("quiet\u{1B} planet q\nblade\u{7}"),
      effects: [.after(SearchBox.delay, .searchDue(SearchQuery(parsing: typed)), id: .searchDebounce)]
    ) {
      $0.search?.text = typed
    }
    let full = typed + String(repeating: "x", count: 100 - typed.count)
    store.send(
      .paste(String(repeating: "x", count: 500)),
      effects: [.after(SearchBox.delay, .searchDue(SearchQuery(parsing: full)), id: .searchDebounce)]
    ) {
      $0.search?.text = full
    }
  }

  @Test func anAnswerForAnOlderQueryIsNeverShown() {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.character("/")))
    for action in typing("alien") { _ = Reducer.reduce(&state, action) }
    let alien = SearchQuery(text: "alien", year: nil)
    _ = Reducer.reduce(&state, .searchDue(alien))
    for action in typing("s") { _ = Reducer.reduce(&state, action) }
    let aliens = SearchQuery(text: "aliens", year: nil)
    let effects = Reducer.reduce(&state, .searchDue(aliens))
    #expect(effects.contains(.cancel(.list(ListPage(source: .search(alien))))), "the older request is cancelled")
    // Even if its answer slipped through, it lands nowhere.
    _ = Reducer.reduce(
      &state,
      .listLoaded(ListPage(source: .search(alien), window: .week, page: 1), .success(Sample.fetched(Sample.page(3))))
    )
    #expect(state.search?.results?.source == .search(aliens))
    #expect(state.search?.results?.list.value == nil)
    _ = Reducer.reduce(
      &state,
      .listLoaded(
        ListPage(source: .search(aliens), window: .week, page: 1), .success(Sample.fetched(Sample.page(2, from: 50)))
      ))
    #expect(state.search?.results?.movies.map(\.id) == [50, 51])
  }

  @Test func aYearNarrowsAndEmptyTextAsksNothing() {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.character("/")))
    var last: [Effect] = []
    for action in typing("heat (1995)") { last = Reducer.reduce(&state, action) }
    #expect(
      last == [.after(SearchBox.delay, .searchDue(SearchQuery(text: "heat", year: 1995)), id: .searchDebounce)])
    #expect(SearchQuery(parsing: "year:1999 matrix") == SearchQuery(text: "matrix", year: 1999))
    var cleared = Sample.loaded(5)
    _ = Reducer.reduce(&cleared, .key(.character("/")))
    _ = Reducer.reduce(&cleared, .key(.character(" ")))
    #expect(cleared.search?.query == nil)
    let effects = Reducer.reduce(&cleared, .key(.control("u")))
    #expect(effects.isEmpty, "nothing typed, nothing asked")
  }

  @Test func enterKeepsTheResultsAsAListAndEscCancels() {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.character("/")))
    for action in typing("film") { _ = Reducer.reduce(&state, action) }
    let query = SearchQuery(text: "film", year: nil)
    _ = Reducer.reduce(&state, .searchDue(query))
    let request = ListPage(source: .search(query), window: .week, page: 1)
    _ = Reducer.reduce(&state, .listLoaded(request, .success(Sample.fetched(Sample.page(4, from: 20)))))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.search?.results?.selection == 1)
    let effects = Reducer.reduce(&state, .key(.enter))
    #expect(effects == [.cancel(.searchDebounce)])
    #expect(state.search == nil)
    #expect(state.stack.count == 2)
    #expect(state.topList.source == .search(query))
    #expect(state.topList.selectedMovie?.id == 21, "the kept list keeps the selection")
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(state.top.statusName == "detail:21")
    _ = Reducer.reduce(&state, .key(.escape))
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.stack.count == 1)
    #expect(state.rootList.source == .tab(.trending))

    _ = Reducer.reduce(&state, .key(.character("/")))
    for action in typing("x") { _ = Reducer.reduce(&state, action) }
    _ = Reducer.reduce(&state, .searchDue(SearchQuery(text: "x", year: nil)))
    let cancelled = Reducer.reduce(&state, .key(.escape))
    #expect(
      cancelled == [
        .cancel(.searchDebounce), .cancel(.list(ListPage(source: .search(SearchQuery(text: "x", year: nil))))),
      ])
    #expect(state.search == nil && state.stack.count == 1)
  }

  @Test func keysTypeIntoTheLineNotCommands() {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.character("/")))
    for action in typing("qjk?r") { _ = Reducer.reduce(&state, action) }
    #expect(state.search?.text == "qjk?r")
    #expect(state.help == nil)
    _ = Reducer.reduce(&state, .key(.backspace))
    #expect(state.search?.text == "qjk?")
    _ = Reducer.reduce(&state, .key(.control("w")))
    #expect(state.search?.text == "")
  }
}

@Suite("Reducer: films, people and links")
struct DocumentReducerTests {
  static let layout = DocumentLayout(
    maxScroll: 40,
    links: [
      DocumentLink(line: 12, target: .person(7)), DocumentLink(line: 13, target: .person(8)),
      DocumentLink(line: 60, target: .film(99)),
    ])

  @Test func jStopsAtEachLinkOnScreenAndScrollsBetween() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .documentLayout(Self.layout))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.cursor?.selectedTarget == .person(7))
    #expect(state.detailScroll == 0)
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.cursor?.selectedTarget == .person(8))
    // The next link is far below: j scrolls a line at a time until it comes into view.
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.detailScroll == 1)
    #expect(state.cursor?.selectedTarget == .person(8))
    for _ in 0..<40 { _ = Reducer.reduce(&state, .key(.down)) }
    #expect(state.cursor?.selectedTarget == .film(99))
    _ = Reducer.reduce(&state, .key(.home))
    #expect(state.detailScroll == 0)
    #expect(state.cursor?.selected == nil, "a link scrolled away is let go")
    #expect(Reducer.reduce(&state, .key(.enter)).isEmpty, "enter without a link does nothing")
  }

  @Test func filmToActorToFilmAndBackTwiceLandsWhereItStarted() {
    var state = Sample.loaded(10)
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.down))
    let list = state.rootList
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchFilm(3)])
    _ = Reducer.reduce(&state, .documentLayout(Self.layout))
    _ = Reducer.reduce(&state, .key(.down))
    let film = (state.top as? FilmScreen)
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchPerson(7)])
    #expect(state.top.statusName == "person:7")
    #expect(state.keyContext == .person)
    let person = PersonDetails(
      id: 7, name: "Someone",
      credits: [PersonCredit(movie: MovieSummary(id: 99, title: "Other film"), role: "Lead", isCast: true)])
    _ = Reducer.reduce(&state, .personLoaded(7, .success(Sample.fetched(person))))
    _ = Reducer.reduce(
      &state, .documentLayout(DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 5, target: .film(99))])))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchFilm(99)])
    #expect(state.stack.count == 4)
    #expect((state.top as? FilmScreen)?.known?.title == "Other film", "what the person's list knew shows at once")
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.top.statusName == "person:7")
    _ = Reducer.reduce(&state, .key(.escape))
    #expect((state.top as? FilmScreen) == film, "the film is exactly as left, its link still selected")
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.stack == [.list(list)])
  }

  @Test func aPersonIsOneRequestAndSortsAndExpands() {
    var state = Sample.loaded(3)
    state.push(.person(PersonScreen(id: 5)))
    state.shared[person: 5] = Loadable(
      value: PersonDetails(
        id: 5, name: "P", credits: [PersonCredit(movie: MovieSummary(id: 1, title: "F"), role: nil, isCast: true)]),
      fetchedAt: Sample.start)
    _ = Reducer.reduce(&state, .key(.character("s")))
    #expect((state.top as? PersonScreen)?.byScore == true)
    _ = Reducer.reduce(
      &state, .documentLayout(DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 3, target: .expand)])))
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.enter))
    #expect((state.top as? PersonScreen)?.expanded == true)
    #expect(Reducer.reduce(&state, .key(.character("r"))) == [.fetchPerson(5, force: true)])
  }

  @Test func aStalePersonFromTheCacheShowsAndIsAskedAgain() {
    var state = Sample.loaded(3)
    state.push(.person(PersonScreen(id: 5)))
    state.shared[person: 5] = Loadable()
    state.shared[person: 5]?.begin()
    let old = Fetched(
      value: PersonDetails(id: 5, name: "P"), fetchedAt: Sample.start.addingTimeInterval(-2 * detailsFreshness),
      rateLimit: nil, fromCache: true)
    #expect(Reducer.reduce(&state, .personLoaded(5, .success(old))) == [.fetchPerson(5, force: true)])
    #expect(state.shared[person: 5]?.value?.name == "P")
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
}
