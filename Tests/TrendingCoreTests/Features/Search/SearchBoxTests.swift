import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The search line")
struct SearchBoxTests {
  /// The search line opened, `text` typed and its query asked (its answer not come): the store
  /// and the query.
  static func asked(_ text: String) -> (TestStore, SearchQuery) {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("/"))) { $0.search = SearchBox() }
    store.type(text)
    let query = SearchQuery(text: text, year: nil)
    var results = ListScreen(source: .search(query))
    results.list.begin()
    store.send(.searchDue(query), effects: [.fetchList(ListPage(source: .search(query)))]) {
      $0.search?.results = results
    }
    return (store, query)
  }

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

  @Test func typingInTheMiddleOfTheLineAsksForWhatTheLineSays() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("/"))) { $0.search = SearchBox() }
    store.type("dne")
    store.send(.key(.left)) { _ = $0.search?.line.edit(.left) }
    store.send(.key(.left)) { _ = $0.search?.line.edit(.left) }
    // Moving asks nothing; what is typed goes in where the cursor is.
    store.send(
      .key(.character("u")),
      effects: [.after(SearchBox.delay, .searchDue(SearchQuery(text: "dune", year: nil)), id: .searchDebounce)]
    ) {
      _ = $0.search?.line.edit(.character("u"))
    }
    #expect(store.state.search?.text == "dune")
    #expect(store.state.search?.line.cursor == 2)
    // Home and End are the line's while it is open, not the results'.
    store.send(.key(.home)) { _ = $0.search?.line.edit(.home) }
    #expect(store.state.search?.line.cursor == 0)
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
    var (store, alien) = Self.asked("alien")
    store.type("s")
    let aliens = SearchQuery(text: "aliens", year: nil)
    var asking = ListScreen(source: .search(aliens))
    asking.list.begin()
    // The older request is cancelled.
    store.send(
      .searchDue(aliens),
      effects: [.cancel(.list(ListPage(source: .search(alien)))), .fetchList(ListPage(source: .search(aliens)))]
    ) { $0.search?.results = asking }
    // Even if its answer slipped through, it lands nowhere.
    store.send(.listLoaded(ListPage(source: .search(alien)), .success(Sample.fetched(Sample.page(3)))))
    store.send(.listLoaded(ListPage(source: .search(aliens)), .success(Sample.fetched(Sample.page(2, from: 50))))) {
      $0.search?.results?.list.succeed(Listing(firstPage: Sample.page(2, from: 50)), at: Sample.start)
    }
    #expect(store.state.search?.results?.movies.map(\.id) == [50, 51])
  }

  @Test func aYearNarrowsAndEmptyTextAsksNothing() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("/"))) { $0.search = SearchBox() }
    // Typing the year's brackets and digits changes no query until the year is whole.
    store.type("heat (1995)")
    #expect(store.state.search?.query == SearchQuery(text: "heat", year: 1995))
    #expect(SearchQuery(parsing: "year:1999 matrix") == SearchQuery(text: "matrix", year: 1999))
    var cleared = TestStore(Sample.loaded(5))
    cleared.send(.key(.character("/"))) { $0.search = SearchBox() }
    // Nothing typed, nothing asked.
    cleared.send(.key(.character(" "))) { $0.search?.text = " " }
    cleared.send(.key(.control("u"))) { $0.search?.text = "" }
  }

  @Test func enterKeepsTheResultsAsAListAndEscCancels() {
    var (store, query) = Self.asked("film")
    let page = Sample.page(4, from: 20)
    store.send(.listLoaded(ListPage(source: .search(query)), .success(Sample.fetched(page)))) {
      $0.search?.results?.list.succeed(Listing(firstPage: page), at: Sample.start)
    }
    store.send(.key(.down)) {
      $0.search?.results?.selection = 1
      $0.search?.browsing = true
    }
    // Kept as a list opened on top, with its selection.
    store.send(.key(.enter), effects: [.cancel(.searchDebounce)]) {
      let kept = $0.search?.results
      $0.search = nil
      if let kept { $0.push(.list(kept)) }
    }
    store.send(.key(.enter), effects: [.fetchFilm(21)]) {
      $0.push(.film(FilmScreen(id: 21, known: page.results[1])))
      $0.shared[film: 21] = Loadable()
      $0.shared[film: 21]?.begin()
    }
    store.send(.key(.escape)) { $0.pop() }
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.stack.count == 1 && store.state.rootList.source == .tab(.trending))

    store.send(.key(.character("/"))) { $0.search = SearchBox() }
    store.type("x")
    let x = SearchQuery(text: "x", year: nil)
    var asked = ListScreen(source: .search(x))
    asked.list.begin()
    store.send(.searchDue(x), effects: [.fetchList(ListPage(source: .search(x)))]) { $0.search?.results = asked }
    // Esc while it is asked: the wait and the request both stop.
    store.send(.key(.escape), effects: [.cancel(.searchDebounce), .cancel(.list(ListPage(source: .search(x))))]) {
      $0.search = nil
    }
  }

  /// `/matrix⏎` typed in one go: Enter before typing rests asks the query at once and keeps it,
  /// never the answer to an older query on the line.
  @Test func enterBeforeTypingRestsKeepsWhatIsTyped() {
    var fresh = TestStore(Sample.loaded(5))
    fresh.send(.key(.character("/"))) { $0.search = SearchBox() }
    fresh.type("matrix")
    // Nothing asked yet, or the answer on the line is an older query's.
    var (stale, _) = Self.asked("matri")
    stale.type("x")
    let query = SearchQuery(text: "matrix", year: nil)
    for store in [fresh, stale] {
      var state = store.state
      #expect(Reducer.isAvailable(.open, in: state))
      let effects = Reducer.reduce(&state, .key(.enter))
      #expect(effects.contains(.fetchList(ListPage(source: .search(query)))), "\(effects)")
      #expect(state.search == nil && state.stack.last?.list?.source == .search(query))
    }
  }

  /// Nothing matched: Enter keeps no empty list, and the bar offers no "keep".
  @Test func nothingMatchedIsNoListToKeep() {
    var (store, query) = Self.asked("zzzq")
    #expect(Reducer.isAvailable(.open, in: store.state), "while it is asked, Enter keeps what comes")
    let none = MediaPage(page: 1, totalPages: 1, results: [])
    store.send(.listLoaded(ListPage(source: .search(query)), .success(Sample.fetched(none)))) {
      $0.search?.results?.list.succeed(Listing(firstPage: none), at: Sample.start)
    }
    #expect(!Reducer.isAvailable(.open, in: store.state))
    store.send(.key(.enter))
    #expect(store.state.search != nil && store.state.stack.count == 1)
  }

  @Test func keysTypeIntoTheLineNotCommands() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("/"))) { $0.search = SearchBox() }
    store.type("qjk?r")
    store.send(
      .key(.backspace),
      effects: [.after(SearchBox.delay, .searchDue(SearchQuery(text: "qjk?", year: nil)), id: .searchDebounce)]
    ) {
      $0.search?.text = "qjk?"
    }
    store.send(.key(.control("w")), effects: [.cancel(.searchDebounce)]) { $0.search?.text = "" }
  }
}

extension TestStore {
  /// Types text into the search line, a key at a time: each key that changes the query schedules
  /// it once typing rests.
  mutating func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for character in text {
      let before = state.search?.query
      let typed = (state.search?.text ?? "") + String(character)
      var box = SearchBox()
      box.text = typed
      let effects: [Effect] =
        box.query == before
        ? [] : box.query.map { [.after(SearchBox.delay, .searchDue($0), id: .searchDebounce)] } ?? []
      send(.key(.character(character)), effects: effects, sourceLocation: sourceLocation) { $0.search?.text = typed }
    }
  }
}
