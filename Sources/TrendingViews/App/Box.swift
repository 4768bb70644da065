import TrendingCore

/// A bordered box drawn over the screen on a cleared ground: the help and the command palette.
enum Box {
  /// Dims what is under the box (`dimmed`), clears the box's cells and a column either side, and
  /// draws its border with a title in the top edge.
  static func draw(_ area: Rect, title: String, into screen: inout Screen) {
    screen = dimmed(screen)
    // An image would cover the box: one the box overlaps is hidden (its blank cells stay), one
    // beside it stays.
    if let image = screen.overlay, image.overlaps(area) { screen.overlay = nil }
    let border = Style(.accent)
    // The box's rows are cleared across the screen but for poster art: pieces of rows beside a
    // box read as nothing but stray letters (decision *overlays-cover*).
    for row in area.rows { clear(row: row, keepingArtOutside: area, in: &screen) }
    let horizontal = String(repeating: "─", count: max(0, area.width - 2))
    screen.put("┌" + horizontal + "┐", row: area.row, column: area.column, style: border)
    screen.put("└" + horizontal + "┘", row: area.row + area.height - 1, column: area.column, style: border)
    for row in (area.row + 1)..<max(area.row + 1, area.row + area.height - 1) {
      screen.put("│", row: row, column: area.column, style: border)
      screen.put("│", row: row, column: area.column + area.width - 1, style: border)
    }
    screen.put(" " + title + " ", row: area.row, column: area.column + 2, style: Style(.title, bold: true))
  }

  /// The screen as a box sees it under itself: every cell's text in the muted tone, plain, off the
  /// selection, so no selection bar, score or mark beside the box competes with it; the header and
  /// key bars (which speak for the box) and poster art keep their look.
  static func dimmed(_ screen: Screen) -> Screen {
    screen.mapCells { _, _, cell in
      let style = cell.style
      guard style.foreground == nil, style.background == nil, style.tone != .bar, style.tone != .barMuted else {
        return cell
      }
      return Cell(cell.text, style: cell.text.allSatisfy(\.isWhitespace) ? .plain : Style(.muted))
    }
  }

  /// Blanks a row, but for the poster cells (exact colours) more than a column away from `area`.
  static func clear(row: Int, keepingArtOutside area: Rect, in screen: inout Screen) {
    let near = (area.column - 1)...(area.column + area.width)
    var start: Int?
    for column in 0...screen.width {
      let art =
        column < screen.width && !near.contains(column)
        && (screen[row, column].style.foreground != nil || screen[row, column].style.background != nil)
      if column == screen.width || art {
        if let first = start { screen.fill(row: row, from: first, to: column, style: .plain) }
        start = nil
      } else if start == nil {
        start = column
      }
    }
  }
}
