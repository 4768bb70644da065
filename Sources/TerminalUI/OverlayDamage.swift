import TrendingViews

/// Whether a frame's update reaches the cells under an image drawn over the screen.
///
/// ncurses rewrites a changed row from its first changed cell, and may write over unchanged cells
/// or erase to the end of the line on the way, so any changed cell on a row the image spans
/// counts: a sixel or iTerm2 image whose cells were written is partly gone and must be sent again.
enum OverlayDamage {
  /// Whether any cell differs between `old` and `new` on the rows `image` covers.
  static func touches(_ image: ScreenOverlay, from old: [Cell], to new: [Cell], width: Int) -> Bool {
    guard width > 0, old.count == new.count else { return true }
    let height = new.count / width
    for row in image.rows where row >= 0 && row < height {
      let start = row * width
      for index in start..<(start + width) where old[index] != new[index] { return true }
    }
    return false
  }
}
