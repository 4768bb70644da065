import Localization
import PosterKit
import TrendingCore

/// Draws a poster, or a quiet placeholder while it loads or when there is none.
public enum PosterView {
  /// Draws the poster for `request` (nil: the film has no poster) centred in `area`, only on the
  /// rows in `clip` (all rows when nil), so a scrolled poster never covers the chrome.
  /// `atTop`: at the box's top, level with a page's title, rather than centred down it.
  static func draw(
    _ request: PosterRequest?, state: AppState, in area: Rect, clip: Range<Int>? = nil, atTop: Bool = false,
    into screen: inout Screen
  ) {
    // While the wanted poster loads, the one shown before stays (same box): no placeholder between.
    let slot = state.shared.shown(request, slot: request.flatMap { state.shared.posters[$0] })
    draw(request, slot: slot, in: area, clip: clip, atTop: atTop, into: &screen)
  }

  /// Draws `request`'s poster as `slot` has it (nil `request`: the film has no poster) centred in
  /// `area`, only on the rows in `clip`: cell art, blank cells under an image drawn over them
  /// (set as the screen's overlay), or the placeholder while it loads or when there is none.
  public static func draw(
    _ request: PosterRequest?, slot: PosterSlot?, in area: Rect, clip: Range<Int>? = nil, atTop: Bool = false,
    into screen: inout Screen
  ) {
    let box = Size(width: area.width, height: area.height)
    // How far down the box a picture `height` rows tall starts.
    let down = { (height: Int) in atTop ? 0 : max(0, (box.height - height) / 2) }
    let top = area.row
    let left = area.column
    guard box.width > 0, box.height > 0 else { return }
    let rows = clip ?? 0..<screen.height
    if request != nil, case .loaded(let art) = slot {
      // Centred both ways, as an image and the placeholder are.
      let offsetX = max(0, (box.width - art.width) / 2)
      let top = top + down(art.height)
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
    if request != nil, case .pixels(let poster) = slot {
      // Blank cells keep the place; the image goes over them once the screen is shown, and only
      // when all of it is in view (a sixel cut at the chrome would scroll the terminal). Centred
      // both ways: a box's shape rarely is the poster's.
      let offsetX = max(0, (box.width - poster.columns) / 2)
      let top = top + down(poster.rows)
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
    // As tall as a poster fills its box: the box's height unless its width holds it back (4:3
    // rounded down lost a row, so the box changed height between a poster and none).
    let width = min(box.width, max(6, box.height * 4 / 3))
    let height = width < box.height * 4 / 3 ? min(box.height, max(3, width * 3 / 4)) : box.height
    let offsetX = max(0, (box.width - width) / 2)
    // Centred both ways, as an image is: the pane does not jump when a poster comes or is missing.
    let placed = top + down(height)
    let style = Style(.muted)
    for row in 0..<height where rows.contains(placed + row) {
      screen.put(String(repeating: "░", count: width), row: placed + row, column: left + offsetX, style: style)
    }
    let label: String
    if request != nil, slot == .loading {
      label = " … "
    } else {
      label = " " + (request == nil ? tr("no poster") : tr("no image")) + " "
    }
    let labelWidth = TextWidth.width(of: label)
    if labelWidth <= width, rows.contains(placed + height / 2) {
      screen.put(label, row: placed + height / 2, column: left + offsetX + (width - labelWidth) / 2, style: style)
    }
  }

  /// A frame with a person's initials, for people without a photo: the box a photo would take
  /// (the posters' box), so a page without one is laid out as a page with one.
  static func drawPortrait(initials: String, in area: Rect, clip: Range<Int>, into screen: inout Screen) {
    let width = area.width
    let height = area.height
    guard width >= 6, height >= 4 else { return }
    let left = area.column + (area.width - width) / 2
    let frame = Style(.muted)
    let horizontal = String(repeating: "─", count: width - 2)
    let lines =
      ["╭" + horizontal + "╮"]
      + Array(repeating: "│" + String(repeating: " ", count: width - 2) + "│", count: height - 2)
      + ["╰" + horizontal + "╯"]
    for (offset, line) in lines.enumerated() where clip.contains(area.row + offset) {
      screen.put(line, row: area.row + offset, column: left, style: frame)
    }
    let middle = area.row + (height - 1) / 2
    if clip.contains(middle) {
      let shown = TextLayout.truncate(initials, to: width - 4)
      screen.put(
        shown, row: middle, column: left + (width - TextWidth.width(of: shown)) / 2, style: Style(.title, bold: true))
    }
    let label = TextLayout.truncate(tr("no photo"), to: width - 2)
    if clip.contains(middle + 1), height > 4 {
      screen.put(label, row: middle + 1, column: left + (width - TextWidth.width(of: label)) / 2, style: frame)
    }
  }

  /// A name's initials: the first letter of its first and last words ("Denis Villeneuve" → "DV").
  static func initials(of name: String) -> String {
    let words = name.split(whereSeparator: \.isWhitespace).filter { $0.first?.isLetter == true }
    guard let first = words.first?.first else { return "?" }
    guard words.count > 1, let last = words.last?.first else { return String(first).uppercased() }
    return (String(first) + String(last)).uppercased()
  }
}
