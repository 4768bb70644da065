import AmodbKit
import Localization
import TrendingCore

/// The `f` form: a box over the list with a line a setting, genre or service, its value on the
/// right, the selected line highlighted, and what the keys do under them.
enum DiscoverFormView {
  static func draw(_ form: DiscoverForm, _ state: AppState, into screen: inout Screen) {
    let fields = form.fields(state.shared)
    let area = DiscoverFormLayout.box(for: state.shared.size, fieldCount: fields.count)
    let lines = DiscoverFormLayout.lineCount(for: state.shared.size, fieldCount: fields.count)
    let selection = min(max(form.selection, 0), fields.count - 1)
    let top = DiscoverFormLayout.top(selection: selection, lines: lines)
    Box.draw(area, title: tr("Filter films"), into: &screen)
    let inner = area.width - 4
    for (offset, field) in fields.dropFirst(top).prefix(lines).enumerated() {
      let row = area.row + 1 + offset
      let selected = top + offset == selection
      if selected {
        screen.fill(row: row, from: area.column + 1, to: area.column + area.width - 1, style: Style(selected: true))
      }
      let value = form.value(field)
      let valueWidth = min(inner / 2, TextWidth.width(of: value))
      let label = TextLayout.truncate(DiscoverForm.label(field), to: max(1, inner - valueWidth - 1))
      let tone: Tone = field == .apply ? .accent : .normal
      screen.put(label, row: row, column: area.column + 2, style: Style(tone, bold: selected, selected: selected))
      let shown = TextLayout.truncate(value, to: valueWidth)
      screen.put(
        shown, row: row, column: area.column + area.width - 2 - TextWidth.width(of: shown),
        style: Style(form.isSet(field) ? .accent : .muted, bold: form.isSet(field), selected: selected))
    }
    let summary = TextLayout.truncate(form.filter.summary, to: inner)
    screen.put(summary, row: area.row + area.height - 3, column: area.column + 2, style: Style(.title))
    let help = TextLayout.truncate(tr("Space/←→ change · ⌫ clears · ⏎ shows · Esc closes"), to: inner)
    screen.put(help, row: area.row + area.height - 2, column: area.column + 2, style: Style(.muted))
  }
}
