import Localization
import TrendingCore

/// The `?` overlay: the keys of the screen showing, grouped, read from the key table, in two or
/// three columns on a wide screen; it scrolls (j/k, PgDn, g/G) when the terminal is too short.
enum HelpOverlay {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let lines = HelpScreen.lines(state)
    let layout = HelpLayout(lines, width: screen.width)
    let gutter = 3
    let columns = layout.columns.count
    let boxWidth = min(screen.width, columns * layout.columnWidth + (columns - 1) * gutter + 4)
    let rows = min(layout.rows, max(1, screen.height - 2))
    let boxHeight = rows + 2
    let left = (screen.width - boxWidth) / 2
    let top = (screen.height - boxHeight) / 2
    let scroll = min(state.help?.scroll ?? 0, KeyTable.helpMaxScroll(lineCount: layout.rows, height: screen.height))
    Box.draw(Rect(row: top, column: left, width: boxWidth, height: boxHeight), title: tr("Keys"), into: &screen)
    // The focus starts at the first line shown.
    screen.cursor = Position(row: top + 1, column: left + 2)
    // How to go on, on the bottom border: scrolling where it scrolls, and how to close where it fits.
    let scrolls = layout.rows > rows ? (scroll < layout.rows - rows ? tr("j/k more") : tr("k back")) : nil
    let hints = [
      " " + (scrolls.map { $0 + " · " } ?? "") + tr("Esc closes") + " ",
      scrolls.map { " " + $0 + " " },
    ]
    if let hint = hints.compactMap({ $0 }).first(where: { TextWidth.width(of: $0) <= boxWidth - 4 }) {
      screen.put(
        hint, row: top + boxHeight - 1, column: left + boxWidth - 2 - TextWidth.width(of: hint), style: Style(.muted))
    }
    let inner = columns == 1 ? boxWidth - 4 : layout.columnWidth
    for (index, column) in layout.columns.enumerated() {
      let columnLeft = left + 2 + index * (layout.columnWidth + gutter)
      for (offset, line) in column.dropFirst(scroll).prefix(rows).enumerated() {
        draw(line, row: top + 1 + offset, column: columnLeft, width: inner, keyWidth: layout.keyWidth, into: &screen)
      }
    }
  }

  /// Draws one line of the help in a column.
  private static func draw(
    _ line: KeyTable.HelpLine, row: Int, column: Int, width: Int, keyWidth: Int, into screen: inout Screen
  ) {
    switch line {
    case .group(let name):
      screen.put(TextLayout.truncate(name, to: width), row: row, column: column, style: Style(.title, bold: true))
    case .binding(let keys, let meaning):
      let used = screen.put(
        TextLayout.fit(keys, to: min(keyWidth, width)), row: row, column: column, style: Style(.accent, bold: true))
      screen.put(
        TextLayout.truncate(meaning, to: max(0, width - used - 1)), row: row, column: column + used + 1,
        style: .plain)
    case .note(let text):
      screen.put(TextLayout.truncate(text, to: width), row: row, column: column, style: Style(.muted))
    }
  }
}
