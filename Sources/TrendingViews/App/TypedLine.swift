import TrendingCore

/// A line being typed: a prompt, the text, and a cursor block where typing goes (on the character
/// there, or after the text); a text too long for the line scrolls so the cursor stays in view,
/// and the screen's cursor is put on the block. The search line, the filter line, the palette and
/// the status line's prompts draw it.
enum TypedLine {
  /// The columns a prompt leaves for the typed text at least, in a line too narrow for both.
  static let typingRoom = 6

  /// Draws the line across a row from `column`, in `width` columns (the rest of the row when nil),
  /// over whatever the row held; a prompt too long for the line is cut ("…") so what is typed shows.
  /// `cursor`: where typing goes, in characters (nil: after the text); `selected`: the text is
  /// shown selected (what is typed replaces it); `problem`: the prompt's words say why Enter did
  /// not take the text, drawn as an error.
  @discardableResult
  static func draw(
    prompt: String, text: String, cursor: Int? = nil, selected: Bool = false, problem: Bool = false, row: Int,
    column: Int = 0, width: Int? = nil, into screen: inout Screen
  ) -> Int {
    let room = width ?? (screen.width - column)
    screen.fill(row: row, from: column, to: column + room, style: Style())
    var label = " " + prompt
    // What is typed and its block keep their room (half the line at most): the words give way.
    if TextWidth.width(of: label) > wordsRoom(room, text: text) + 1 {
      let words = prompt.hasSuffix(" ") ? String(prompt.dropLast()) : prompt
      label = TextLayout.truncate(" " + words, to: max(1, wordsRoom(room, text: text))) + " "
    }
    let used = screen.put(label, row: row, column: column, style: Style(problem ? .error : .accent, bold: true))
    let characters = Array(text)
    let window = shown(
      characters, cursor: min(max(0, cursor ?? characters.count), characters.count),
      room: max(1, room - used - 1))
    let typedStyle = Style(.normal, bold: true, selected: selected)
    var at = column + used
    var before = String(characters[window.start..<window.cursor])
    // Text hidden off the left: "…" in place of the first character shown.
    if window.start > 0, let first = before.first {
      before =
        "…" + String(repeating: " ", count: max(0, TextWidth.width(of: String(first)) - 1))
        + before.dropFirst()
    }
    at += screen.put(before, row: row, column: at, style: typedStyle)
    // Where typing goes: the block, and a screen reader's cursor, on it.
    screen.cursor = Position(row: row, column: min(screen.width - 1, at))
    let under = window.cursor < characters.count ? String(characters[window.cursor]) : " "
    at += screen.put(under, row: row, column: at, style: Style(selected: true))
    if window.cursor < window.end {
      at += screen.put(
        String(characters[(window.cursor + 1)..<window.end]), row: row, column: at, style: typedStyle)
    }
    return at - column
  }

  /// The columns the words before the typed text have in a line `room` wide, after its margin and
  /// before the space that ends them: what is typed and its block keep theirs (half the line at most).
  static func wordsRoom(_ room: Int, text: String) -> Int {
    room - min(room / 2, max(TextWidth.width(of: text) + 2, typingRoom)) - 1
  }

  /// The characters shown in `room` columns: from `start` to `end`, the cursor's among them (or
  /// its block after them). The end of the text shows while the cursor is in it; further left the
  /// line moves by half its room at a time, not a character a key, so the text stays put under a
  /// moving cursor.
  static func shown(_ characters: [Character], cursor: Int, room: Int) -> (start: Int, cursor: Int, end: Int) {
    let widths = characters.map { TextWidth.width(of: String($0)) }
    let block = cursor < characters.count ? widths[cursor] : 1
    // Where the line starts when it shows the end of the text, its block after it.
    var endStart = characters.count
    var tail = 1
    while endStart > 0, tail + widths[endStart - 1] <= room {
      endStart -= 1
      tail += widths[endStart]
    }
    let step = max(1, room / 2)
    var start = cursor >= endStart ? endStart : (cursor / step) * step
    var before = widths[start..<cursor].reduce(0, +)
    while start < cursor, before + block > room {
      before -= widths[start]
      start += 1
    }
    var end = min(cursor + 1, characters.count)
    var used = before + block
    while end < characters.count, used + widths[end] <= room {
      used += widths[end]
      end += 1
    }
    return (start, cursor, end)
  }
}
