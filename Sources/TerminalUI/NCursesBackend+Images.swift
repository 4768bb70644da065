import CNCurses
import TrendingViews

/// The poster over the cells (a sixel, iTerm2 or directly placed kitty image): drawn after the
/// frame, erased and replaced in one write, and never under a scroll (decision *posters-as-a-layer*).
extension NCursesBackend {
  /// Draws the image over the cells, or takes it away (nil), erasing what the old one left.
  public func showOverlay(_ overlay: ScreenOverlay?) {
    let touched = overlayTouched
    overlayTouched = false
    guard !isShutDown, overlay != shownOverlay || touched else { return }
    let new = overlay.flatMap { $0.row + $0.poster.rows < size.height ? $0 : nil }
    // kitty's data for the new poster first: the old one stays up while it arrives.
    var bytes = new?.poster.upload ?? ""
    var rewrite: [Int] = []
    if let old = shownOverlay, old != new || old.poster.erase == nil {
      if let erase = old.poster.erase {
        // kitty: the old placement goes in the same write as the new one.
        bytes += erase
      } else if let screen = previous {
        let erasing = OverlayErase.cells(
          of: old, keeping: new, before: beforeFrame, after: screen.cells, width: screen.width,
          plain: { self.isPlainBlank($0) })
        bytes += erasing.spaces
        rewrite = erasing.rewrite
      }
    }
    shownOverlay = new
    // Saved and restored around the image, so ncurses' idea of the cursor stays true.
    let image = new.map { "\u{1B}7\u{1B}[\($0.row + 1);\($0.column + 1)H" + $0.poster.sequence + "\u{1B}8" } ?? ""
    if rewrite.isEmpty {
      guard !bytes.isEmpty || !image.isEmpty else { return }
      // The old image's leftovers erased and the new one drawn in one write: the box is never
      // seen empty between them.
      writeTerminal(bytes + image)
      return
    }
    // Cells of the old image that are not plain blanks now: ncurses writes them again before the
    // new image goes over its own cells.
    writeTerminal(bytes)
    for row in rewrite { wredrawln(shim_stdscr(), Int32(row), 1) }
    wnoutrefresh(shim_stdscr())
    doupdate()
    if !image.isEmpty { writeTerminal(image) }
  }

  /// Whether a cell is a space in the terminal's own colours, as a space written after `ESC [0m` is.
  private func isPlainBlank(_ cell: Cell) -> Bool {
    guard cell.isSpace else { return false }
    let colours = colours(for: palette.resolve(cell.style, text: cell.text))
    return colours.1 == 0 && colours.0 == shim_a_normal()
  }

  /// Lets ncurses scroll the screen's contents (and clear its bottom in one erase), or not: while
  /// an image is over the cells, a terminal would move or wipe its pixels with them, leaving
  /// copies outside its box, so lines are rewritten instead.
  func allowScrolling(_ allowed: Bool) {
    if allowed, let kept = scrollingKept {
      var strings = kept
      _ = strings.withUnsafeMutableBufferPointer { shim_scrolling(0, $0.baseAddress) }
      scrollingKept = nil
    } else if !allowed, scrollingKept == nil {
      var strings = [UnsafeMutablePointer<CChar>?](repeating: nil, count: Int(shim_scrolling_count()))
      let taken = strings.withUnsafeMutableBufferPointer { shim_scrolling(1, $0.baseAddress) }
      if taken != 0 { scrollingKept = strings }
    }
  }
}
