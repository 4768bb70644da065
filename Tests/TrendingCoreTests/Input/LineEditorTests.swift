import Testing

@testable import TrendingCore

/// The keys every typed line shares: typing where the cursor is, and taking away around it.
@Suite("A typed line")
struct LineEditorTests {
  /// A line after the keys, each applied as typed.
  static func typed(_ keys: [Key], limit: Int = 40, from text: String = "") -> LineEditor {
    var line = LineEditor(text, limit: limit)
    for key in keys {
      let edited = line.edit(key)
      #expect(edited, "\(key) is an edit")
    }
    return line
  }

  /// Each character of the text as its key.
  static func characters(_ text: String) -> [Key] { text.map { .character($0) } }

  @Test func typingGoesWhereTheCursorIs() {
    let line = Self.typed(Self.characters("dne") + [.left, .left] + Self.characters("u"))
    #expect(line.text == "dune")
    #expect(line.cursor == 2)
    let start = Self.typed([.home] + Self.characters("the "), from: "matrix")
    #expect(start.text == "the matrix")
    #expect(start.cursor == 4)
    #expect(Self.typed([.control("a"), .control("e")], from: "alien").cursor == 5)
    #expect(Self.typed([.end, .right], from: "alien").cursor == 5)
    #expect(Self.typed([.home, .left], from: "alien").cursor == 0)
  }

  @Test func deletingTakesAwayAroundTheCursor() {
    #expect(Self.typed([.left, .backspace], from: "dunne").text == "dune")
    #expect(Self.typed([.home, .delete], from: "xdune").text == "dune")
    #expect(Self.typed([.end, .delete], from: "dune").text == "dune")
    #expect(Self.typed([.home, .backspace], from: "dune").text == "dune")
    let killed = Self.typed([.home, .right, .right, .right, .right, .control("u")], from: "the matrix")
    #expect((killed.text, killed.cursor) == ("matrix", 0))
    let ended = Self.typed([.home, .right, .right, .right, .control("k")], from: "the matrix")
    #expect((ended.text, ended.cursor) == ("the", 3))
    // ^W takes the word before the cursor, and the spaces between them.
    let word = Self.typed([.left, .left, .left, .left, .left, .left, .control("w")], from: "blade  runner")
    #expect((word.text, word.cursor) == ("runner", 0))
    #expect(Self.typed([.control("w")], from: "blade runner  ").text == "blade ")
  }

  @Test func theLimitHoldsWhereverTypingGoes() {
    let full = Self.typed([.home] + Self.characters("abc"), limit: 5, from: "1234")
    #expect((full.text, full.cursor) == ("a1234", 1))
    var pasted = LineEditor("ab", limit: 5)
    pasted.insert("wxyz")
    #expect(pasted.text == "abwxy")
    #expect(LineEditor("too long", limit: 3).text == "too")
  }

  @Test func charactersAreWholeAndMarksJoinTheirLetter() {
    // A flag and an ideograph are one character each: one ← passes each.
    let wide = Self.typed([.left, .backspace], from: "🇯🇵卧虎")
    #expect(wide.text == "🇯🇵虎")
    var marked = LineEditor("Ame", limit: 10)
    marked.insert("\u{301}")
    #expect(marked.text == "Amé")
    #expect(marked.cursor == marked.text.count)
  }

  @Test func otherKeysAreLeftToTheLine() {
    var line = LineEditor("dune", limit: 10)
    for key in [Key.up, .down, .enter, .escape, .tab, .pageDown, .control("c"), .control("l")] {
      let edited = line.edit(key)
      #expect(!edited, "\(key) is the line's, not an edit")
    }
    #expect(line == LineEditor("dune", limit: 10))
  }

  /// The quit key on a line being typed (search, palette, filter) drops the line; the next quits.
  @Test func theQuitKeyOnEveryLineBeingTypedDropsTheLineFirst() {
    var state = Sample.loaded(3)
    for opening: Key in [.character("/"), .character(":"), .character("\\")] {
      _ = Reducer.reduce(&state, .key(opening))
      _ = Reducer.reduce(&state, .key(.character("a")))
      #expect(state.isTypingALine, "\(opening)")
      #expect(!Reducer.reduce(&state, .key(.control("c"))).contains(.quit), "\(opening)")
      #expect(!state.isTypingALine, "\(opening)")
    }
    #expect(Reducer.reduce(&state, .key(.control("c"))) == [.quit])
  }
}
