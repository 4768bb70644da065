import CNCurses
import TrendingViews

/// The terminal's cursor, which a screen reader follows, and the cells as ncurses holds them.
extension NCursesBackend {
  /// Shows the cursor at `position` (a screen reader reads the line under it), or hides it (not
  /// `shown`; where it cannot be hidden, as a VT100 has no `civis`, it rests on the focus all the
  /// same rather than wherever the last write ended).
  ///
  /// Called after the frame and any image: ncurses moves it, and when bytes went around ncurses
  /// since (an image, a question to the terminal) the move is also written out, as ncurses may
  /// think the cursor is there already (decision *screen-reader-cursor*).
  public func placeCursor(_ position: Position?, shown: Bool = true) {
    guard !isShutDown else { return }
    // Hidden, as it starts (ncurses writes nothing when it already is), unless it cannot be.
    if !shown || position == nil, hidesCursor {
      curs_set(0)
      return
    }
    guard let position else { return }
    let current = size
    let row = max(0, min(current.height - 1, position.row))
    let column = max(0, min(current.width - 1, position.column))
    wmove(shim_stdscr(), Int32(row), Int32(column))
    if shown { curs_set(1) }
    wnoutrefresh(shim_stdscr())
    doupdate()
    if wroteAround { writeTerminal("\u{1B}[\(row + 1);\(column + 1)H") }
    wroteAround = false
  }

  /// The text ncurses holds for a cell, read back from its virtual screen.
  public func text(row: Int, column: Int) -> String {
    var character = cchar_t()
    guard mvwin_wch(shim_stdscr(), Int32(row), Int32(column), &character) != ERR else { return "" }
    var text = [wchar_t](repeating: 0, count: 8)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    guard getcchar(&character, &text, &attributes, &pair, nil) != ERR else { return "" }
    return String(
      String.UnicodeScalarView(text.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
  }
}
