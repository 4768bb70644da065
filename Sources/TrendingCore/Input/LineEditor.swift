import AmodbKit

/// A line of text being typed and where typing goes in it: the keys every typed line shares (the
/// search line, the filter, the palette, the status line's prompts), as a shell's line has them.
public struct LineEditor: Equatable, Sendable {
  /// The text typed.
  public private(set) var text: String
  /// Where typing goes: how many characters of the text come before it.
  public private(set) var cursor: Int
  /// The most characters the line takes.
  public let limit: Int

  /// Makes a line holding `text` (cut at the limit), typing at its end.
  public init(_ text: String = "", limit: Int) {
    self.limit = max(0, limit)
    self.text = String(text.prefix(self.limit))
    cursor = self.text.count
  }

  /// Whether nothing is typed.
  public var isEmpty: Bool { text.isEmpty }

  /// Types text where the cursor is, as much of it as the limit leaves room for.
  public mutating func insert(_ typed: String) {
    let kept = typed.prefix(max(0, limit - text.count))
    guard !kept.isEmpty else { return }
    let before = text.count
    text.insert(contentsOf: kept, at: index(cursor))
    // A combining mark typed joins the character before it: the cursor moves by what was added.
    cursor = min(text.count, cursor + text.count - before)
  }

  /// Types pasted text where the cursor is: on one line (its line breaks spaces), cleaned of
  /// controls and escape sequences as everything shown is.
  public mutating func paste(_ pasted: String) {
    insert(Self.oneLine(pasted, limit: limit))
  }

  /// Pasted text as a line takes it: cleaned, its line breaks spaces, at most four limits long
  /// before cleaning (a huge paste is not cleaned whole to keep a few characters).
  static func oneLine(_ pasted: String, limit: Int) -> String {
    TextSanitizer.clean(String(pasted.prefix(4 * max(1, limit))), keepNewlines: true)
      .split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// Applies an editing key: a character typed, `⌫`/`Del`, `←`/`→`, `Home`/`End` (`^A`/`^E`), and
  /// `^U`, `^K`, `^W` taking away what is before the cursor, after it, or the word before it. False
  /// when the key is not an edit (the line's own commands have it).
  public mutating func edit(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(String(character))
    case .backspace: remove(from: cursor - 1, to: cursor)
    case .delete: remove(from: cursor, to: cursor + 1)
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .control("u"): remove(from: 0, to: cursor)
    case .control("k"): remove(from: cursor, to: text.count)
    case .control("w"): remove(from: wordStart(before: cursor), to: cursor)
    default: return false
    }
    return true
  }

  /// Takes away the characters from `start` up to `end` (clamped to the text); the cursor stays
  /// before what followed them.
  private mutating func remove(from start: Int, to end: Int) {
    let lower = max(0, start)
    let upper = min(text.count, end)
    guard lower < upper else { return }
    text.removeSubrange(index(lower)..<index(upper))
    cursor = lower
  }

  /// Where the word before `offset` starts: spaces before it skipped, then its letters.
  private func wordStart(before offset: Int) -> Int {
    let characters = Array(text.prefix(offset))
    var start = characters.count
    while start > 0, characters[start - 1] == " " { start -= 1 }
    while start > 0, characters[start - 1] != " " { start -= 1 }
    return start
  }

  /// The text's index `offset` characters in.
  private func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
  }
}
