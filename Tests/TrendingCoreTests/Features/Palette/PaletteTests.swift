import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The command palette")
struct PaletteTests {
  @Test func itOffersTheCommandsAvailableOnTheScreenWithTheirKeys() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    #expect(store.state.keyContext == .palette)
    let entries = PaletteLogic.entries(store.state)
    let commands = entries.map(\.command)
    #expect(commands.contains(.refresh) && commands.contains(.sort) && commands.contains(.tab(6)))
    #expect(!commands.contains(.back), "back does nothing on a tab: not offered")
    #expect(!commands.contains(.palette), "the palette does not offer itself")
    #expect(entries.first { $0.command == .moveDown }?.keys == "↓ j")
    #expect(entries.first { $0.command == .refresh }?.help == "refresh")
    #expect(entries.first { $0.command == .refresh }?.name == "Refresh")
  }

  /// A tab is found by the short name a narrow tab bar shows ("Dates" for the Calendar).
  @Test func aTabIsFoundByItsShortNameToo() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    var state = store.state
    state.palette?.text = "dates"
    let found = PaletteLogic.entries(state)
    #expect(found.first?.name == "Calendar", "\(found.map(\.name))")
    #expect(found.first?.matched == [], "nothing of the name lit")
  }

  /// Nothing matching as typed, a name a slip of the keys away is offered, nearest first; a short
  /// word must be exact, and a name far off is not offered.
  @Test(arguments: [("watchlst", "Watchlist"), ("popluar", "Popular"), ("recntly rated", "Recently rated")])
  func aSlipOfTheKeysStillFindsTheEntry(typed: String, name: String) {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    var state = store.state
    state.palette?.text = typed
    let found = PaletteLogic.entries(state)
    #expect(found.first?.name == name, "\(found.map(\.name))")
    state.palette?.text = "xqzt"
    #expect(PaletteLogic.entries(state).isEmpty)
    state.palette?.text = "zzzzzzzzzz"
    #expect(PaletteLogic.entries(state).isEmpty)
  }

  @Test func everyTabIsAnEntryOfItsOwnNameWithItsNumberKey() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    let films = PaletteLogic.entries(store.state).filter { if case .app(.tab) = $0.command { true } else { false } }
    #expect(films.map(\.name) == Tab.shown(.film).map { $0.kind.title }, "the tabs shown, in order")
    #expect(films.first { $0.name == "Now playing" }?.keys == "4")
    #expect(!films.contains { $0.name.contains(" / ") }, "a number key's two names never show")
    let all = PaletteLogic.entries(store.state)
    #expect(all.filter { $0.name == "For you" }.count == 1, "F and the tab's number are one entry")
    #expect(all.first { $0.name == "For you" }?.keys == "8 F")
    store.send(.key(.escape)) { $0.palette = nil }
    store.step(.key(.character("t")), effects: [.fetchList(ListPage(.seriesTrending))])
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    let series = PaletteLogic.entries(store.state).first { $0.command == .tab(4) }
    #expect(series?.name == "On the air" && series?.keys == "4", "named among the tabs browsed")
  }

  /// Each list of the user's is an entry of its own name, as written; Enter opens it over the
  /// screen shown, where Esc goes back. The watchlist has its tab.
  @Test func theUsersListsAreEntriesThatOpenThem() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    store.send(.localRead(.listNames, .success(.listNames(["watchlist", "iPhone films", "Noir"])))) {
      $0.shared.listNames = ["watchlist", "iPhone films", "Noir"]
    }
    let lists = PaletteLogic.entries(store.state).filter {
      if case .app(.openList) = $0.command { true } else { false }
    }
    #expect(lists.map(\.name) == ["iPhone films · your list", "Noir · your list"], "as written, not capitalised")
    for character in "noir" { store.step(.key(.character(character))) }
    #expect(PaletteLogic.entries(store.state).first?.command == .app(.openList("Noir")))
    store.step(.key(.enter), effects: [.readLocal(.list("Noir"))])
    #expect(store.state.palette == nil && store.state.stack.count == 2)
    #expect(store.state.stack.last?.list?.source == .list("Noir"))
    store.step(.localRead(.list("Noir"), .success(.list(Sample.films(2)))))
    #expect(store.state.stack.last?.list?.movies.count == 2)
    #expect(Reducer.isAvailable(.back, in: store.state) && Reducer.isAvailable(.removeFromList, in: store.state))
    // d takes the title off at once, before its save answers, as on a list's tab.
    var state = store.state
    _ = Reducer.reduce(&state, .key(.character("d")))
    #expect(state.stack.last?.list?.movies.count == 1)
    // Once saved, the list opened over the tab is read again: the title stays off.
    let saved = Reducer.reduce(&state, .changeSaved(.mark(.film(1), nil), problem: nil))
    #expect(saved.contains(.readLocal(.list("Noir"))), "\(saved)")
    _ = Reducer.reduce(&state, .localRead(.list("Noir"), .success(.list(Array(Sample.films(2).dropFirst())))))
    #expect(state.stack.last?.list?.movies.map(\.id) == [2])
  }

  @Test func aPasteIsTypedIntoThePalette() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    store.send(.key(.down)) {
      $0.palette?.selection = 1
      $0.palette?.browsing = true
    }
    // Typed where the cursor is, on one line; the best match selected again.
    store.send(.paste("ref\nresh")) {
      $0.palette?.text = "ref resh"
      $0.palette?.selection = 0
      $0.palette?.browsing = false
    }
  }

  @Test func typingMatchesFuzzilyAndEnterRunsTheBestMatch() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    for (index, character) in "refr".enumerated() {
      store.send(.key(.character(character))) { $0.palette?.text = String("refr".prefix(index + 1)) }
    }
    #expect(PaletteLogic.entries(store.state).first?.command == .refresh)
    // Run: the palette closes and the list refreshes, as `r` does.
    store.send(.key(.enter), effects: [.fetchList(ListPage(force: true))]) {
      $0.palette = nil
      $0.rootList.list.begin()
    }
  }

  @Test func arrowsMoveAndWrapEscClosesAndNothingMatchedRunsNothing() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    let count = PaletteLogic.entries(store.state).count
    store.send(.key(.down)) {
      $0.palette?.selection = 1
      $0.palette?.browsing = true
    }
    store.send(.key(.up)) { $0.palette?.selection = 0 }
    store.send(.key(.up)) { $0.palette?.selection = count - 1 }
    // Page keys move the rows the box shows (the screen less six), stopping at the ends.
    let page = PaletteLogic.listRows(height: store.state.shared.size.height, entries: count)
    #expect(count > page)
    store.send(.key(.pageUp)) { $0.palette?.selection = count - 1 - page }
    store.send(.key(.pageDown)) { $0.palette?.selection = count - 1 }
    store.send(.key(.pageDown))
    store.send(.key(.up)) { $0.palette?.selection = count - 2 }
    // Typing starts the matches over, from the first.
    store.send(.key(.character("z"))) {
      $0.palette?.text = "z"
      $0.palette?.selection = 0
      $0.palette?.browsing = false
    }
    store.send(.key(.character("q"))) { $0.palette?.text = "zq" }
    #expect(PaletteLogic.entries(store.state).isEmpty)
    store.send(.key(.enter))
    store.send(.key(.escape)) { $0.palette = nil }
    #expect(store.state.keyContext == .list)
  }

  @Test func onAFilmItOffersTheFilmsCommandsAndAClickOutsideClosesIt() {
    var store = TestStore(Sample.loaded(5))
    store.openSelectedFilm()
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    let commands = PaletteLogic.entries(store.state).map(\.command)
    #expect(commands.contains(.back) && commands.contains(.toggleWatchlist) && !commands.contains(.nextTab))
    let size = store.state.shared.size
    let area = PaletteLogic.area(for: size, entries: commands.count)
    // A click on the typed line keeps it open; one under the box closes it.
    store.send(.mouse(MouseEvent(.press, row: area.row + 1, column: area.column + 4)))
    store.send(.mouse(MouseEvent(.press, row: area.row + area.height, column: area.column + 4))) { $0.palette = nil }
  }

  /// A click on an entry selects it, as the link chooser's does; a click on the selected one runs it.
  @Test func aClickSelectsAnEntryAndASecondRunsIt() throws {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    let entries = PaletteLogic.entries(store.state)
    let index = try #require(entries.firstIndex { $0.command == .sort })
    let area = PaletteLogic.area(for: store.state.shared.size, entries: entries.count)
    let row = area.row + 3 + index
    store.send(.mouse(MouseEvent(.press, row: row, column: area.column + 2))) {
      $0.palette?.selection = index
      $0.palette?.browsing = true
    }
    var ran = store.state
    ran.palette = nil
    let effects = Reducer.perform(.sort, &ran)
    store.send(.mouse(MouseEvent(.press, row: row, column: area.column + 2)), effects: effects) { $0 = ran }
  }

  @Test func matchesAreRunsAtWordStartsAndSayWhichLetters() throws {
    let together = try #require(WordMatch.match("ref", in: "Refresh"))
    #expect(together.positions == [0, 1, 2])
    let apart = try #require(WordMatch.match("atw", in: "Add to the watchlist"))
    #expect(apart.positions == [0, 4, 11])
    #expect(together.score > apart.score, "one run beats three")
    #expect(WordMatch.match("sor", in: "Mark seen") == nil, "s and or are not at word starts in order")
    #expect(WordMatch.match("xyz", in: "Refresh") == nil)
    #expect(WordMatch.match("efr", in: "Refresh") == nil, "a run starts a word")
    #expect(WordMatch.match("SORT", in: "Sort")?.positions == [0, 1, 2, 3], "case does not matter")
    #expect(WordMatch.match("刷", in: "手动刷新")?.positions == [2], "every ideograph starts a word")
  }

  @Test func entriesAreShortNamesWithTheMatchedLetters() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    let names = PaletteLogic.entries(store.state).map(\.name)
    #expect(names.contains("Mark seen") && names.contains("Sort") && !names.contains { $0.contains("(") })
    for character in "sor" {
      store.step(.key(.character(character))) { _ in }
    }
    let found = PaletteLogic.entries(store.state)
    #expect(found.first?.command == .sort && found.first?.matched == [0, 1, 2])
    #expect(!found.contains { $0.command == .toggleSeen }, "sor is not mark seen, or not")
  }
}
