import AmodbKit
import Localization
import TrendingCore

/// The `f` form: a box over the list with a line a setting, genre or service, its value on the
/// right, genres and services under headings with their ✓/✗ marks, the selected line
/// highlighted, the filter read out and what the keys do under them.
enum DiscoverFormView {
  static func draw(_ form: DiscoverForm, _ state: AppState, into screen: inout Screen) {
    let fields = form.fields(state.shared)
    let area = DiscoverFormLayout.box(for: state.shared.size, fieldCount: fields.count)
    let lines = DiscoverFormLayout.lineCount(for: state.shared.size, fieldCount: fields.count)
    let selection = min(max(form.selection, 0), fields.count - 1)
    let top = DiscoverFormLayout.top(selection: selection, lines: lines)
    Box.draw(area, title: form.title, into: &screen)
    let inner = area.width - 4
    for (offset, field) in fields.dropFirst(top).prefix(lines).enumerated() {
      let row = area.row + 1 + offset
      if field.isHeading {
        drawHeading(field, region: state.shared.region, row: row, area: area, into: &screen)
        continue
      }
      let selected = top + offset == selection
      if selected {
        screen.fill(row: row, from: area.column + 1, to: area.column + area.width - 1, style: Style(selected: true))
        screen.cursor = Position(row: row, column: area.column + 2)
      }
      var column = area.column + 2
      if let mark = form.mark(field) {
        let tone: Tone = mark == "✗" ? .warning : .accent
        screen.put(mark, row: row, column: column, style: Style(tone, bold: true, selected: selected))
        column += 2
      }
      let value = form.shownValue(field, selected: selected)
      let valueWidth = min(inner / 2, TextWidth.width(of: value))
      let room = max(1, area.column + 2 + inner - column - valueWidth - 1)
      let label = TextLayout.truncate(DiscoverForm.label(field, media: form.media), to: room)
      let tone: Tone = field == .apply ? .accent : .normal
      screen.put(label, row: row, column: column, style: Style(tone, bold: selected, selected: selected))
      let shown = TextLayout.truncate(value, to: valueWidth)
      screen.put(
        shown, row: row, column: area.column + area.width - 2 - TextWidth.width(of: shown),
        style: Style(form.isSet(field) ? .accent : .muted, bold: form.isSet(field), selected: selected))
    }
    drawMore(above: top > 0, below: top + lines < fields.count, area: area, into: &screen)
    let help = DiscoverFormLayout.helpLines(width: inner)
    let summary = TextLayout.truncate(form.filter.summary, to: inner)
    screen.put(summary, row: area.row + area.height - 2 - help.count, column: area.column + 2, style: Style(.title))
    for (index, line) in help.enumerated() {
      let row = area.row + area.height - 1 - help.count + index
      screen.put(TextLayout.truncate(line, to: inner), row: row, column: area.column + 2, style: Style(.muted))
    }
  }

  /// "↑ more" in the top border and "↓ more" in the bottom one where lines are out of view.
  static func drawMore(above: Bool, below: Bool, area: Rect, into screen: inout Screen) {
    for (shows, text, row) in [(above, tr("↑ more"), area.row), (below, tr("↓ more"), area.row + area.height - 1)]
    where shows {
      let label = " " + text + " "
      let width = TextWidth.width(of: label)
      guard area.width - width - 2 > 0 else { continue }
      screen.put(label, row: row, column: area.column + area.width - 2 - width, style: Style(.muted))
    }
  }

  /// A heading over the genres or the services (the services' names its region), with what the marks mean.
  static func drawHeading(_ field: FormField, region: String?, row: Int, area: Rect, into screen: inout Screen) {
    let inner = area.width - 4
    let marks = field == .genresHeading ? tr("✓ with · ✗ without") : tr("✓ on any of them")
    let marksWidth = min(inner / 2, TextWidth.width(of: marks))
    var title = DiscoverForm.label(field)
    if field == .servicesHeading, let region { title = tr("Services in %s", region) }
    let shown = TextLayout.truncate(title, to: max(1, inner - marksWidth - 1))
    screen.put(shown, row: row, column: area.column + 2, style: Style(.title, bold: true))
    screen.put(
      TextLayout.truncate(marks, to: marksWidth), row: row, column: area.column + area.width - 2 - marksWidth,
      style: Style(.muted))
  }
}
