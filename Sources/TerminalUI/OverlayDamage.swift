import TrendingViews

/// Whether a frame's update reaches the cells under an image drawn over the screen.
///
/// ncurses rewrites a changed row from its first changed cell to its last, and when the row's
/// new text ends before its old text did, erases from there to the end of the line (it neither
/// scrolls nor inserts or deletes characters while an image is up: `NCursesBackend`). A sixel or
/// iTerm2 image whose cells were written is partly gone and must be sent again.
enum OverlayDamage {
  /// Whether ncurses' update from `old` to `new` writes or erases any cell `image` covers.
  static func touches(_ image: ScreenOverlay, from old: [Cell], to new: [Cell], width: Int) -> Bool {
    guard width > 0, old.count == new.count else { return true }
    let height = new.count / width
    let columns = image.column..<(image.column + image.poster.columns)
    for row in image.rows where row >= 0 && row < height {
      let start = row * width
      guard let first = (0..<width).first(where: { old[start + $0] != new[start + $0] }),
        let last = (0..<width).last(where: { old[start + $0] != new[start + $0] })
      else { continue }
      if columns.overlaps(first..<(last + 1)) { return true }
      // An erase to the end of the line starts after the new line's last cell that is not
      // ncurses' blank: a space in a colour (the selection's bar) is not one, so a row losing its
      // bar is erased to the end of the line, through the image (holding `j` tore a sixel poster).
      let newEnd = (0..<width).last { !isBlank(new[start + $0]) } ?? -1
      let oldEnd = (0..<width).last { !isBlank(old[start + $0]) } ?? -1
      if oldEnd > newEnd, newEnd + 1 < columns.upperBound { return true }
    }
    return false
  }

  /// Whether ncurses counts the cell blank: a space in no colour and no attribute.
  private static func isBlank(_ cell: Cell) -> Bool { cell.isSpace && cell.style == .plain }
}

/// What takes an image's pixels off the cells it leaves: spaces over those ncurses did not write
/// this frame (writing a cell wipes the pixels on it), or the rows to have ncurses write again
/// where such a cell is not a plain blank.
enum OverlayErase {
  /// The spaces (one sequence, cursor saved and restored around it) over `old`'s cells that
  /// `new` does not cover and that the frame from `before` to `after` left alone, and the rows
  /// holding such cells that are not plain blanks (`plain`) and need ncurses to write them again.
  /// No `before` (a full repaint, the terminal cleared): nothing.
  static func cells(
    of old: ScreenOverlay, keeping new: ScreenOverlay?, before: [Cell]?, after: [Cell], width: Int,
    plain: (Cell) -> Bool
  ) -> (spaces: String, rewrite: [Int]) {
    guard let before, before.count == after.count, width > 0 else { return ("", []) }
    let height = after.count / width
    var runs = ""
    var rewrite: [Int] = []
    for row in old.rows where row >= 0 && row < height {
      var run: (start: Int, count: Int)?
      var again = false
      func flush() {
        if let done = run { runs += "\u{1B}[\(row + 1);\(done.start + 1)H" + String(repeating: " ", count: done.count) }
        run = nil
      }
      for column in old.column..<min(width, old.column + old.poster.columns) {
        let index = row * width + column
        let covered =
          new.map { $0.rows.contains(row) && column >= $0.column && column < $0.column + $0.poster.columns } ?? false
        guard !covered, before[index] == after[index] else {
          flush()
          continue
        }
        if plain(after[index]) {
          run = run.map { ($0.start, $0.count + 1) } ?? (column, 1)
        } else {
          flush()
          again = true
        }
      }
      flush()
      if again { rewrite.append(row) }
    }
    return (runs.isEmpty ? "" : "\u{1B}7\u{1B}[0m" + runs + "\u{1B}8", rewrite)
  }
}
