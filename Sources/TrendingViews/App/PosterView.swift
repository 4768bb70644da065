import Localization
import PosterKit
import TrendingCore

/// Draws a poster, or a quiet placeholder while it loads or when there is none.
enum PosterView {
  /// Draws the poster for `request` (nil: the film has no poster) centred in `area`, only on the
  /// rows in `clip` (all rows when nil), so a scrolled poster never covers the chrome.
  static func draw(
    _ request: PosterRequest?, state: AppState, in area: Rect, clip: Range<Int>? = nil, into screen: inout Screen
  ) {
    let box = Size(width: area.width, height: area.height)
    let top = area.row
    let left = area.column
    guard box.width > 0, box.height > 0 else { return }
    let rows = clip ?? 0..<screen.height
    if let request, case .loaded(let art) = state.shared.posters[request] {
      let offsetX = max(0, (box.width - art.width) / 2)
      for row in 0..<min(art.height, box.height) where rows.contains(top + row) {
        for column in 0..<min(art.width, box.width) {
          let cell = art[row, column]
          screen.put(
            String(cell.symbol), row: top + row, column: left + offsetX + column,
            style: .poster(cell.foreground, on: cell.background), limit: 1)
        }
      }
      return
    }
    if let request, case .pixels(let poster) = state.shared.posters[request] {
      // Blank cells keep the place; the image goes over them once the screen is shown, and only
      // when all of it is in view (a sixel cut at the chrome would scroll the terminal). Centred
      // both ways: a box's shape rarely is the poster's.
      let offsetX = max(0, (box.width - poster.columns) / 2)
      let top = top + max(0, (box.height - poster.rows) / 2)
      for row in 0..<min(poster.rows, box.height) where rows.contains(top + row) {
        screen.put(
          String(repeating: " ", count: min(poster.columns, box.width)), row: top + row, column: left + offsetX)
      }
      let inView =
        poster.rows <= box.height && poster.columns <= box.width
        && rows.contains(top) && rows.contains(top + poster.rows - 1) && top + poster.rows < screen.height
      if inView { screen.overlay = ScreenOverlay(row: top, column: left + offsetX, poster: poster) }
      return
    }
    let width = min(box.width, max(6, box.height * 4 / 3))
    let height = min(box.height, max(3, width * 3 / 4))
    let offsetX = max(0, (box.width - width) / 2)
    let style = Style(.muted)
    for row in 0..<height where rows.contains(top + row) {
      screen.put(String(repeating: "░", count: width), row: top + row, column: left + offsetX, style: style)
    }
    let label: String
    if let request, state.shared.posters[request] == .loading {
      label = " … "
    } else {
      label = " " + (request == nil ? tr("no poster") : tr("no image")) + " "
    }
    let labelWidth = TextWidth.width(of: label)
    if labelWidth <= width, rows.contains(top + height / 2) {
      screen.put(label, row: top + height / 2, column: left + offsetX + (width - labelWidth) / 2, style: style)
    }
  }
}
