import Localization
import TrendingCore

/// What shows when the terminal is below the smallest usable size.
enum TooSmallView {
  /// `typing`: a line is being typed, which the keys leave as it is until the terminal is larger.
  static func draw(into screen: inout Screen, size: Size, typing: Bool = false) {
    guard screen.width > 0, screen.height > 0 else { return }
    let minimum = ListLayout.minimumSize
    let way = typing ? tr("What you typed is kept.") : tr("q quits.")
    let lines = [
      (tr("Terminal too small"), Style(.warning, bold: true)),
      (
        tr(
          "%1$s×%2$s, needs %3$s×%4$s", String(size.width), String(size.height), String(minimum.width),
          String(minimum.height)),
        Style(.muted)
      ),
      (way, Style(.muted)),
    ]
    let width = screen.width
    let wrap = { (lines: [(String, Style)]) in
      lines.flatMap { text, style in TextLayout.wrap(text, width: width).map { ($0, style) } }
    }
    var wrapped = wrap(lines)
    // Where that does not fit, what matters most: the size needed, and the way out.
    if wrapped.count > screen.height {
      let needs = tr("needs %1$s×%2$s", String(minimum.width), String(minimum.height))
      wrapped = wrap([(needs, Style(.warning, bold: true)), (way, Style(.muted))])
    }
    let top = max(0, (screen.height - wrapped.count) / 2)
    for (offset, (text, style)) in wrapped.prefix(screen.height).enumerated() {
      let width = TextWidth.width(of: text)
      let column = max(0, (screen.width - width) / 2)
      screen.put(text, row: top + offset, column: column, style: style)
      // A screen reader's cursor rests on the message.
      if offset == 0 { screen.cursor = Position(row: top, column: column) }
    }
  }
}
