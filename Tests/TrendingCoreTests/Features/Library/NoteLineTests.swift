import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

/// A note on the status line's one line: as long as the library keeps, its line breaks shown as
/// `↵` and kept, and a line that is full says so.
@Suite("The note's line: long notes, line breaks, a full line")
struct NoteLineTests {
  /// A loaded list whose first film holds `note`.
  private func noted(_ note: String) -> (AppState, MediaSummary) {
    var state = Sample.loaded(3)
    let film = state.rootList.movies[0]
    state.shared.marks[.film(1)] = Mark(
      id: 1, title: "Film 1", year: nil, onWatchlist: false, added: LibraryBrowserTests.day)
    state.shared.marks[.film(1)]?.note = note
    return (state, film)
  }

  /// The note Enter saves, the line opened on the note as it is and `keys` typed.
  private func saved(_ note: String, _ keys: [Key] = []) -> String? {
    var (state, _) = noted(note)
    _ = Reducer.reduce(&state, .key(.character("N")))
    for key in keys { _ = Reducer.reduce(&state, .key(key)) }
    let effects = Reducer.reduce(&state, .key(.enter))
    guard case .save(let change)? = effects.first, case .note(let text) = change.kind else { return nil }
    return text
  }

  @Test func aLongNoteOpensWholeAndEnterKeepsItWhole() {
    let long = String(repeating: "x", count: 2_000)
    #expect(saved(long) == nil, "Enter on the note as it opened changes nothing")
    #expect(saved(long, [.end, .character("y")]) == long + "y")
  }

  @Test func aNotesLineBreaksShowAsAMarkAndAreKept() {
    var (state, film) = noted("line one\nline two\n\nthree")
    _ = Reducer.reduce(&state, .key(.character("N")))
    #expect(state.prompt?.text == "line one↵line two↵↵three")
    #expect(state.prompt == Prompt(.note, film: film, state.shared))
    #expect(saved("line one\nline two\n\nthree", [.end, .character("!")]) == "line one\nline two\n\nthree!")
    #expect(saved("a ↵ of its own") == nil, "a note's own ↵, unedited, is not made a break")
    #expect(saved("a\nb", [.end, .character("↵"), .character("c")]) == "a\nb\nc", "↵ typed is a line break")
  }

  @Test func aLineThatIsFullSaysSoAndTakesWhatFits() {
    var (state, _) = noted("")
    _ = Reducer.reduce(&state, .key(.character("N")))
    _ = Reducer.reduce(&state, .paste(String(repeating: "z", count: Prompt.longestNote + 5)))
    #expect(state.prompt?.text.count == Prompt.longestNote)
    #expect(state.prompt?.problem?.contains("The line is full") == true)
    _ = Reducer.reduce(&state, .key(.left))
    #expect(state.prompt?.problem == nil, "said until the next key")
  }
}
