import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The key table")
struct KeyTableTests {
  @Test func theREADMEListsExactlyTheTable() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let begin = try #require(text.range(of: "<!-- keys:begin -->"))
    let end = try #require(text.range(of: "<!-- keys:end -->", range: begin.upperBound..<text.endIndex))
    let listed = text[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
    #expect(
      listed == KeyTable.standard.markdown,
      "README.md's key list differs from KeyTable.standard; paste this between the markers:\n\(KeyTable.standard.markdown)"
    )
  }

  @Test func everyKeyMeansOneThingPerScreen() {
    for context in KeyContext.allCases {
      var seen: [Key: Command] = [:]
      for binding in KeyTable.standard.bindings(in: context) {
        for key in binding.keys {
          if let earlier = seen[key] {
            Issue.record("\(key.label) is both \(earlier) and \(binding.command) on the \(context) screen")
          }
          seen[key] = binding.command
        }
      }
    }
  }

  @Test func theUsualKeysAreThere() {
    let table = KeyTable.standard
    #expect(table.command(for: .character("b"), in: .list) == .pageUp)
    #expect(table.command(for: .character(" "), in: .film) == .pageDown)
    #expect(table.command(for: .control("d"), in: .list) == .halfPageDown)
    #expect(table.command(for: .control("u"), in: .film) == .halfPageUp)
    #expect(table.command(for: .control("l"), in: .list) == .redraw)
    #expect(table.command(for: .control("z"), in: .film) == .suspend)
    #expect(table.command(for: .character("q"), in: .list) == .quit)
    #expect(table.command(for: .character("q"), in: .film) == .back)
    #expect(table.command(for: .control("c"), in: .film) == .quit)
  }

  @Test func aUserBindingWinsAndUnbindRemoves() {
    var table = KeyTable.standard
    table.bind(.character("x"), to: .open, in: [.list], help: "open")
    #expect(table.command(for: .character("x"), in: .list) == .open)
    table.bind(.character("j"), to: .last, in: [.list], help: "mine")
    #expect(table.command(for: .character("j"), in: .list) == .last)
    #expect(table.command(for: .character("j"), in: .film) == .moveDown)
    table.unbind(.character("w"), in: [.list])
    #expect(table.command(for: .character("w"), in: .list) == nil)
  }
}

@Suite("Reducer: keys from the table")
struct KeyCommandTests {
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

  @Test func redrawSuspendAndQuitAreEffectsForTheRuntime() {
    var state = Sample.loaded()
    #expect(Reducer.reduce(&state, .key(.control("l"))) == [.redraw])
    #expect(Reducer.reduce(&state, .key(.control("z"))) == [.suspend])
    #expect(Reducer.reduce(&state, .key(.character("q"))) == [.quit])
    let before = state
    _ = Reducer.reduce(&state, .key(.control("l")))
    #expect(state == before, "a redraw changes nothing in the state")
  }

  @Test func helpScrollsOnShortTerminalsAndAnyOtherKeyClosesIt() {
    var state = Sample.loaded(size: Size(width: 40, height: 12))
    _ = Reducer.reduce(&state, .key(.character("?")))
    #expect(state.help != nil)
    let lines = state.shared.keys.helpLines(in: .list).count
    for _ in 0..<50 { _ = Reducer.reduce(&state, .key(.character("j"))) }
    #expect(state.help?.scroll == lines - (12 - 2), "scrolls to the last line and no further")
    _ = Reducer.reduce(&state, .key(.character("k")))
    #expect(state.help?.scroll == lines - 11)
    #expect(state.help != nil)
    _ = Reducer.reduce(&state, .key(.character("x")))
    #expect(state.help == nil)
    #expect(state.rootList.selection == 0, "keys that close the help do nothing else")
  }

  @Test func aUserBindingDrivesTheReducer() {
    var state = Sample.loaded()
    state.shared.keys.bind(.character("x"), to: .last, in: [.list], help: "to the end")
    _ = Reducer.reduce(&state, .key(.character("x")))
    #expect(state.rootList.selection == state.rootList.movies.count - 1)
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
}

@Suite("The navigation stack")
struct StackTests {
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
}

@Suite("Reducer: lists as tabs")
struct TabTests {
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

  @Test func theWindowBelongsToTrending() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("3")))
    #expect(Reducer.reduce(&state, .key(.character("w"))).isEmpty)
    #expect(!Reducer.isAvailable(.toggleWindow, in: state))
  }
}
