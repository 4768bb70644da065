import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

/// What a user's evening with the library found: a list of theirs open over the screen follows
/// changes made elsewhere and says when it is gone; `H` counts the seen titles it hides; an empty
/// line clears only what there is; `d` says where it works; the palette names what a key would do.
@Suite("The library's words and lists, as a user found them")
struct LibraryReviewTests {
  /// The trending list with the user's list "Noir" (two films) opened over it from the palette.
  static func onNoir() -> AppState {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.character(":")))
    _ = Reducer.reduce(&state, .localRead(.listNames, .success(.listNames(["watchlist", "Noir"]))))
    for character in "noir" { _ = Reducer.reduce(&state, .key(.character(character))) }
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .localRead(.list("Noir"), .success(.list(Sample.films(2)))))
    return state
  }

  @Test func aListOpenOverTheScreenIsReadAgainWhenTheLibraryChangesElsewhere() {
    var state = Self.onNoir()
    #expect(state.stack.last?.list?.source == .list("Noir"))
    let effects = Reducer.reduce(&state, .libraryChanged)
    #expect(effects.contains(.readLocal(.list("Noir"))), "\(effects)")
    _ = Reducer.reduce(&state, .localRead(.list("Noir"), .success(.list(Sample.films(3)))))
    #expect(state.stack.last?.list?.movies.count == 3)
  }

  @Test func aListDeletedElsewhereSaysItIsNoMore() {
    var state = Self.onNoir()
    _ = Reducer.reduce(&state, .libraryChanged)
    _ = Reducer.reduce(&state, .localRead(.list("Noir"), .success(.list(nil))))
    let list = state.stack.last?.list
    #expect(list?.movies.isEmpty == true)
    #expect(list?.feed.empty(state.shared).text == "There is no list named Noir.")
    _ = Reducer.reduce(&state, .localRead(.list("Noir"), .success(.list([]))))
    #expect(state.stack.last?.list?.feed.empty(state.shared).text == "The list Noir is empty.", "made again, empty")
  }

  @Test func mHidesTheRowAtOnceOnlyWhileSeenTitlesAreHidden() {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    state.shared.hideSeen = true
    _ = Reducer.reduce(&state, .key(.character("m")))
    #expect(state.rootList.hidden == [.film(1)], "seen, and seen titles hidden: gone at once")
    #expect(state.rootList.movies.map(\.id) == [2, 3])
    _ = Reducer.reduce(&state, .key(.character("H")))
    #expect(!state.shared.hideSeen && state.rootList.selectedMovie?.id == 2)
    _ = Reducer.reduce(&state, .key(.character("m")))
    #expect(state.shared.marks[.film(2)]?.seen != nil)
    #expect(state.rootList.hidden.isEmpty, "seen titles shown: the row stays")
  }

  @Test func hideSeenCountsTheSeenTitlesItHides() {
    var state = Sample.loaded(5)
    var seen = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2026-01-01")
    seen.seen = "2026-01-01"
    state.shared.marks[.film(1)] = seen
    var shelved = Mark(id: 2, title: "Film 2", year: nil, onWatchlist: false, added: "2026-01-01")
    shelved.hidden = true
    state.shared.marks[.film(2)] = shelved
    _ = Reducer.reduce(&state, .key(.character("H")))
    #expect(state.shared.currentNotice?.text == "Seen titles hidden: 1 here.")
  }

  @Test func anEmptyLineClearsOnlyWhatThereIs() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("R")))
    _ = Reducer.reduce(&state, .key(.character("x")))
    #expect(state.prompt?.problem == "A rating is a whole number from 1 to 10:", "a letter is said, not dropped unsaid")
    let effects = Reducer.reduce(&state, .key(.enter))
    #expect(effects.isEmpty && state.prompt == nil && state.shared.unsaved.isEmpty)
    #expect(state.shared.currentNotice?.text == "Film 1 has no rating to clear.")
    _ = Reducer.reduce(&state, .key(.character("N")))
    #expect(Reducer.reduce(&state, .key(.enter)).isEmpty)
    #expect(state.shared.currentNotice?.text == "Film 1 has no note to clear.")
  }

  @Test func dOnAListThatIsNotTheUsersSaysWhereItWorks() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .key(.character("d"))).isEmpty)
    #expect(
      state.shared.currentNotice?.text
        == "d takes a title off your watchlist or one of your lists; this list is neither.")
  }

  @Test func thePaletteNamesWhatAKeyWouldNowDo() {
    var state = Sample.loaded(3)
    let name = { (command: AppCommand, state: AppState) in
      PaletteLogic.entries(state).first { $0.command == .app(command) }?.name
    }
    _ = Reducer.reduce(&state, .key(.character(":")))
    #expect(name(.toggleSeen, state) == "Mark seen")
    #expect(name(.toggleWatchlist, state) == "Add to the watchlist")
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: "2026-01-01")
    mark.seen = "2026-01-01"
    state.shared.marks[.film(1)] = mark
    #expect(name(.toggleSeen, state) == "Mark not seen")
    #expect(name(.toggleWatchlist, state) == "Remove from the watchlist")
    for character in "add to the watch" { _ = Reducer.reduce(&state, .key(.character(character))) }
    #expect(PaletteLogic.entries(state).first?.name == "Remove from the watchlist", "found by its help's words")
  }
}
