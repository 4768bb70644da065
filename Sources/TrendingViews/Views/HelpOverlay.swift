/// The `?` overlay: every key, in a box over the current screen.
enum HelpOverlay {
  static let entries: [(String, String)] = [
    ("↓ j / ↑ k", "move / scroll"),
    ("PgDn ^F / PgUp ^B", "page down / up"),
    ("Home g / End G", "first / last"),
    ("⏎ → l", "open the film"),
    ("Esc ⌫ ← h q", "back to the list"),
    ("r", "refresh"),
    ("w", "today / this week"),
    ("?", "this help"),
    ("q ^C", "quit"),
  ]

  static func draw(into screen: inout Screen) {
    let keyWidth = entries.map { TextWidth.width(of: $0.0) }.max() ?? 0
    let textWidth = entries.map { TextWidth.width(of: $0.1) }.max() ?? 0
    let boxWidth = min(screen.width, keyWidth + textWidth + 7)
    let padding = screen.height >= entries.count + 4 ? 1 : 0
    let boxHeight = min(screen.height, entries.count + 2 + 2 * padding)
    let left = (screen.width - boxWidth) / 2
    let top = (screen.height - boxHeight) / 2
    let border = Style(.accent)
    for row in top..<(top + boxHeight) {
      screen.fill(row: row, from: left, to: left + boxWidth, style: .plain)
    }
    let horizontal = String(repeating: "─", count: max(0, boxWidth - 2))
    screen.put("┌" + horizontal + "┐", row: top, column: left, style: border)
    screen.put("└" + horizontal + "┘", row: top + boxHeight - 1, column: left, style: border)
    for row in (top + 1)..<(top + boxHeight - 1) {
      screen.put("│", row: row, column: left, style: border)
      screen.put("│", row: row, column: left + boxWidth - 1, style: border)
    }
    screen.put(" Keys ", row: top, column: left + 2, style: Style(.title, bold: true))
    let inner = boxWidth - 4
    for (offset, (keys, meaning)) in entries.prefix(max(0, boxHeight - 2 - 2 * padding)).enumerated() {
      let row = top + 1 + padding + offset
      let used = screen.put(
        TextLayout.fit(keys, to: min(keyWidth, inner)), row: row, column: left + 2, style: Style(.accent, bold: true))
      screen.put(
        TextLayout.truncate(meaning, to: max(0, inner - used - 1)), row: row, column: left + 3 + used, style: .plain)
    }
  }
}
