import Localization
import TrendingCore

/// The command palette: a box near the top with the text typed and the commands it matches by
/// their short names, the letters matched highlighted, each with its keys, the selected one highlighted.
enum PaletteView {
  static func draw(_ box: PaletteBox, _ state: AppState, into screen: inout Screen) {
    let entries = PaletteLogic.entries(state)
    let listRows = PaletteLogic.listRows(height: screen.height, entries: entries.count)
    let area = PaletteLogic.area(for: Size(width: screen.width, height: screen.height), entries: entries.count)
    let width = area.width
    Box.draw(area, title: tr("Commands"), into: &screen)
    let inner = width - 4
    TypedLine.draw(
      prompt: ": ", text: box.text, cursor: box.line.cursor, row: area.row + 1, column: area.column + 1,
      width: inner + 2, into: &screen)
    let first = area.row + 3
    guard !entries.isEmpty else {
      screen.put(
        TextLayout.truncate(tr("No command here matches “%s”.", box.text), to: inner), row: first,
        column: area.column + 2, style: Style(.muted))
      return
    }
    let selection = min(box.selection, entries.count - 1)
    let top = PaletteLogic.firstShown(selection: selection, height: screen.height, count: entries.count)
    let keyWidth = min(inner / 3, entries.map { TextWidth.width(of: $0.keys) }.max() ?? 0)
    for (offset, entry) in entries.dropFirst(top).prefix(listRows).enumerated() {
      let row = first + offset
      let selected = top + offset == selection
      if selected {
        screen.fill(row: row, from: area.column + 1, to: area.column + width - 1, style: Style(selected: true))
        // Once ↑↓ move to it, what Enter runs has the focus; while typing, the line keeps it.
        if box.browsing { screen.cursor = Position(row: row, column: area.column + 2) }
      }
      let name = TextLayout.truncate(entry.name, to: max(1, inner - keyWidth - 2))
      drawName(name, matched: Set(entry.matched), row: row, column: area.column + 2, selected: selected, into: &screen)
      let keys = TextLayout.truncate(entry.keys, to: keyWidth)
      screen.put(
        keys, row: row, column: area.column + width - 2 - TextWidth.width(of: keys),
        style: Style(.accent, bold: true, selected: selected))
    }
  }

  /// A name with the letters the typed text matched in the accent, underlined by weight.
  static func drawName(
    _ name: String, matched: Set<Int>, row: Int, column: Int, selected: Bool, into screen: inout Screen
  ) {
    var column = column
    for (offset, character) in name.enumerated() {
      let hit = matched.contains(offset)
      let style = Style(hit ? .accent : .normal, bold: hit || selected, selected: selected)
      column += screen.put(String(character), row: row, column: column, style: style)
    }
  }
}
