import TrendingCore

/// A bordered box drawn over the screen on a cleared ground: the help and the command palette.
enum Box {
  /// Clears the box's cells and a column either side, and draws its border with a title in the top edge.
  static func draw(_ area: Rect, title: String, into screen: inout Screen) {
    // An image would cover the box: one the box overlaps is hidden (its blank cells stay), one
    // beside it stays.
    if let image = screen.overlay, image.overlaps(area) { screen.overlay = nil }
    let border = Style(.accent)
    // A blank column either side, so text beneath never runs into the border; to the screen's
    // edge when fewer than six columns would be left there, too few to read as anything but pieces.
    let left = area.column - 1 < 6 ? 0 : area.column - 1
    let right = screen.width - (area.column + area.width + 1) < 6 ? screen.width : area.column + area.width + 1
    for row in area.rows { screen.fill(row: row, from: left, to: right, style: .plain) }
    let horizontal = String(repeating: "─", count: max(0, area.width - 2))
    screen.put("┌" + horizontal + "┐", row: area.row, column: area.column, style: border)
    screen.put("└" + horizontal + "┘", row: area.row + area.height - 1, column: area.column, style: border)
    for row in (area.row + 1)..<max(area.row + 1, area.row + area.height - 1) {
      screen.put("│", row: row, column: area.column, style: border)
      screen.put("│", row: row, column: area.column + area.width - 1, style: border)
    }
    screen.put(" " + title + " ", row: area.row, column: area.column + 2, style: Style(.title, bold: true))
  }
}
