import Localization
import TrendingCore

/// The `?` overlay: the keys of the screen showing, grouped, read from the key table; it scrolls
/// (j/k) when the terminal is too short for all of it.
enum HelpOverlay {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let lines = state.shared.keys.helpLines(
      in: state.keyContext, ascii: state.shared.asciiKeys, notes: state.shared.imagesNote.map { [$0] } ?? [])
    let keyWidth =
      lines.map { line -> Int in
        if case .binding(let keys, _) = line { return TextWidth.width(of: keys) }
        return 0
      }.max() ?? 0
    let textWidth =
      lines.map { line -> Int in
        switch line {
        case .group(let name): return TextWidth.width(of: name) - keyWidth - 1
        case .binding(_, let meaning): return TextWidth.width(of: meaning)
        case .note: return 0
        }
      }.max() ?? 0
    let noteWidth =
      lines.map { line -> Int in
        if case .note(let text) = line { return TextWidth.width(of: text) }
        return 0
      }.max() ?? 0
    let boxWidth = min(screen.width, max(keyWidth + textWidth + 7, noteWidth + 4))
    let rows = min(lines.count, max(1, screen.height - 2))
    let boxHeight = rows + 2
    let left = (screen.width - boxWidth) / 2
    let top = (screen.height - boxHeight) / 2
    let scroll = min((state.help?.scroll ?? 0), KeyTable.helpMaxScroll(lineCount: lines.count, height: screen.height))
    Box.draw(Rect(row: top, column: left, width: boxWidth, height: boxHeight), title: tr("Keys"), into: &screen)
    if lines.count > rows {
      let more = " " + (scroll < lines.count - rows ? tr("j/k more") : tr("k back")) + " "
      screen.put(
        more, row: top + boxHeight - 1, column: left + max(2, boxWidth - 2 - TextWidth.width(of: more)),
        style: Style(.muted))
    }
    let inner = boxWidth - 4
    for (offset, line) in lines.dropFirst(scroll).prefix(rows).enumerated() {
      let row = top + 1 + offset
      switch line {
      case .group(let name):
        screen.put(TextLayout.truncate(name, to: inner), row: row, column: left + 2, style: Style(.title, bold: true))
      case .binding(let keys, let meaning):
        let used = screen.put(
          TextLayout.fit(keys, to: min(keyWidth, inner)), row: row, column: left + 2,
          style: Style(.accent, bold: true))
        screen.put(
          TextLayout.truncate(meaning, to: max(0, inner - used - 1)), row: row, column: left + 3 + used,
          style: .plain)
      case .note(let text):
        screen.put(TextLayout.truncate(text, to: inner), row: row, column: left + 2, style: Style(.muted))
      }
    }
  }
}
