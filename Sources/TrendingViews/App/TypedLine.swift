import TrendingCore

/// A line being typed: a prompt, the text, and a cursor block after it; the end of a long text
/// shows, so the cursor stays in view, and the screen's cursor is put on the block. The search
/// line, the filter line, the palette and the status line's prompts draw it.
enum TypedLine {
  /// The columns a prompt leaves for the typed text at least, in a line too narrow for both.
  static let typingRoom = 6

  /// Draws the line across a row from `column`, in `width` columns (the rest of the row when nil),
  /// over whatever the row held; a prompt too long for the line is cut ("…") so what is typed shows.
  /// `selected`: the text is shown selected (what is typed replaces it); `problem`: the prompt's
  /// words say why Enter did not take the text, drawn as an error.
  @discardableResult
  static func draw(
    prompt: String, text: String, selected: Bool = false, problem: Bool = false, row: Int, column: Int = 0,
    width: Int? = nil, into screen: inout Screen
  ) -> Int {
    let room = width ?? (screen.width - column)
    screen.fill(row: row, from: column, to: column + room, style: Style())
    var label = " " + prompt
    // What is typed and its block keep their room (half the line at most): the words give way.
    let reserve = min(room / 2, max(TextWidth.width(of: text) + 2, typingRoom))
    if TextWidth.width(of: label) + reserve > room {
      let words = prompt.hasSuffix(" ") ? String(prompt.dropLast()) : prompt
      label = TextLayout.truncate(" " + words, to: max(1, room - reserve - 1)) + " "
    }
    let used = screen.put(label, row: row, column: column, style: Style(problem ? .error : .accent, bold: true))
    var shown = text
    while TextWidth.width(of: shown) > max(1, room - used - 2) - 1, !shown.isEmpty { shown.removeFirst() }
    let typed = screen.put(
      shown, row: row, column: column + used, style: Style(.normal, bold: true, selected: selected))
    screen.put(" ", row: row, column: column + used + typed, style: Style(selected: true))
    // Where typing goes: a screen reader's cursor, on the block.
    screen.cursor = Position(row: row, column: min(screen.width - 1, column + used + typed))
    return used + typed + 1
  }
}
