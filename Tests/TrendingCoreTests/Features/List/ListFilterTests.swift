import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The list filter")
struct ListFilterTests {
  private func titled(_ titles: [String]) -> AppState {
    var state = Sample.state()
    let films = titles.enumerated().map { MediaSummary(id: $0.offset + 1, title: $0.element) }
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: films)), fetchedAt: Sample.start)
    return state
  }

  @Test func backslashNarrowsByTitleAsYouTypeWithNoRequest() {
    var store = TestStore(titled(["Dune", "Alien", "Aliens", "Dune: Part Two", "Amélie"]))
    store.send(.key(.character("\\"))) { $0.rootList.filter = ListFilter() }
    #expect(store.state.keyContext == .filter)
    store.send(.key(.character("a"))) { $0.rootList.filter?.text = "a" }
    store.send(.key(.character("l"))) { $0.rootList.filter?.text = "al" }
    #expect(store.state.rootList.movies.map(\.title) == ["Alien", "Aliens"])
    // `q` and `j` type; the arrows still move.
    store.send(.key(.down)) {
      $0.rootList.selection = 1
      $0.rootList.filter?.browsing = true
    }
    store.send(.key(.character("i"))) {
      $0.rootList.filter?.text = "ali"
      $0.rootList.filter?.browsing = false
    }
    // Enter keeps the filter and stops typing; the header says how many of how many.
    store.send(.key(.enter)) { $0.rootList.filter?.editing = false }
    #expect(store.state.keyContext == .list)
    #expect(store.state.rootList.movies.count == 2 && store.state.rootList.unfilteredCount == 5)
    // Esc clears it: every film again, the selected one still selected.
    store.send(.key(.escape)) {
      $0.rootList.filter = nil
      $0.rootList.selection = 2
    }
  }

  @Test func wordsMatchAnywhereWhateverTheCaseAndAnEmptyFilterGoesOnEnter() {
    var store = TestStore(titled(["Dune", "Dune: Part Two", "Blade Runner"]))
    store.send(.key(.character("\\"))) { $0.rootList.filter = ListFilter() }
    for (index, character) in "TWO dune".enumerated() {
      store.send(.key(.character(character))) { $0.rootList.filter?.text = String("TWO dune".prefix(index + 1)) }
    }
    #expect(store.state.rootList.movies.map(\.id) == [2])
    // Cleared, every film shows, the selected one still selected.
    store.send(.key(.control("u"))) {
      $0.rootList.filter?.text = ""
      $0.rootList.selection = 1
    }
    store.send(.key(.enter)) { $0.rootList.filter = nil }
  }

  @Test func aPasteIsTypedIntoTheFilter() {
    var store = TestStore(titled(["Dune", "Alien", "Amélie"]))
    store.send(.key(.character("\\"))) { $0.rootList.filter = ListFilter() }
    store.send(.paste("ame\u{1B}[31m")) { $0.rootList.filter?.text = "ame" }
    #expect(store.state.rootList.movies.map(\.title) == ["Amélie"])
    // Not while the filter is only kept: then a paste goes nowhere.
    store.send(.key(.enter)) { $0.rootList.filter?.editing = false }
    store.send(.paste("x"))
  }

  @Test func accentsAndLigaturesNeedNotBeTyped() {
    let filter = { (text: String) in ListFilter(text: text) }
    let film = { (title: String) in MediaSummary(id: 1, title: title) }
    #expect(filter("amelie").matches(film("Amélie")))
    #expect(filter("AMÉLIE").matches(film("Amelie")), "typed with the accent, found without it")
    #expect(filter("lodz").matches(film("Łódź")))
    #expect(filter("aeon").matches(film("Æon Flux")))
    #expect(filter("strasse").matches(film("Straße")))
    #expect(filter("pokemon").matches(film("Poke\u{301}mon")), "a mark typed apart from its letter")
    // Other scripts keep their letters: й is not и, and ideographs match only themselves.
    #expect(!filter("дикии").matches(film("Дикий")))
    #expect(filter("дикий").matches(film("Дикий")))
    #expect(filter("卧虎").matches(film("卧虎藏龙")))
    #expect(!filter("amelia").matches(film("Amélie")))
  }

  @Test func aFilteredListAsksForNoMorePages() {
    var store = TestStore(Sample.loaded(20, totalPages: 3))
    store.send(.key(.character("\\"))) { $0.rootList.filter = ListFilter() }
    store.send(.key(.character("1"))) { $0.rootList.filter?.text = "1" }
    // While the filter is typed, End goes to the end of its text; kept, to the end of the list.
    store.send(.key(.end))
    store.send(.key(.enter)) { $0.rootList.filter?.editing = false }
    // Films 1, 10–19 match; going to the end asks nothing.
    store.send(.key(.end)) { $0.rootList.selection = 10 }
    #expect(store.state.rootList.movies.count == 11)
  }
}

@Suite("A ranked list's numbers are the service's")
struct ServiceRankTests {
  /// Page 1 of 20 with its third entry unreadable, then page 2's two.
  private func listing() throws -> Listing {
    let entries = (1...20).map { $0 == 3 ? #"{"id":"x"}"# : #"{"id":\#($0),"title":"Film \#($0)"}"# }
    let first = try AmodbJSON.decoder().decode(
      MediaPage.self, from: Data(#"{"page":1,"total_pages":2,"results":[\#(entries.joined(separator: ","))]}"#.utf8))
    var listing = Listing(firstPage: first)
    listing.append(Sample.page(2, from: 21, page: 2, totalPages: 2), number: 2)
    return listing
  }

  @Test func anEntryThatCouldNotBeReadRenumbersNone() throws {
    var state = Sample.state()
    state.rootList.list = Loadable(value: try listing(), fetchedAt: Date())
    #expect(state.rootList.movies.count == 21)
    #expect(state.rootList.ranks == [1, 2] + Array(4...22), "#4 stays 4, and page 2 starts at 21")
    // Hidden rows take their numbers with them; the rest keep the service's.
    state.rootList.hidden = [.film(2)]
    #expect(state.rootList.ranks == [1] + Array(4...22))
  }

  @Test func aMergedPageOfTwoKindsNumbersTheNextAfterAllOfIt() {
    let films = Sample.page(20), series = Sample.page(20, from: 101)
    var listing = Listing(firstPage: MediaPage.interleaving(films, series))
    listing.append(
      MediaPage.interleaving(Sample.page(1, from: 21, page: 2), Sample.page(1, from: 121, page: 2)), number: 2)
    #expect(
      listing.ranks.count == 42 && listing.ranks[40] == 41 && listing.ranks[41] == 42, "\(listing.ranks.suffix(3))")
  }

  @Test func aWholeListIsNumberedByItsPlaces() {
    var state = Sample.state()
    state.rootList.list = Loadable(value: Listing(firstPage: Sample.page(5)), fetchedAt: Date())
    #expect(state.rootList.ranks == nil)
  }
}
