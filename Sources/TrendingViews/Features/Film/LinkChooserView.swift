import AmodbKit
import Localization
import TrendingCore

/// `o`'s chooser: a box over the film with a numbered line a page (its site and address), the
/// selected one highlighted.
enum LinkChooserView {
  static func draw(_ chooser: LinkChooser, _ state: AppState, into screen: inout Screen) {
    let area = LinkChooser.box(for: state.shared.size, count: chooser.pages.count)
    Box.draw(area, title: tr("Open which page?"), into: &screen)
    let inner = max(1, area.width - 4)
    for (index, page) in chooser.pages.enumerated() where index < area.height - 2 {
      let row = area.row + 1 + index
      let selected = index == chooser.selection
      if selected {
        screen.fill(row: row, from: area.column + 1, to: area.column + area.width - 1, style: Style(selected: true))
        screen.cursor = Position(row: row, column: area.column + 2)
      }
      let label = "\(index + 1)  " + page.siteName + "  "
      screen.put(label, row: row, column: area.column + 2, style: Style(.accent, bold: selected, selected: selected))
      let room = max(0, inner - TextWidth.width(of: label))
      screen.put(
        TextLayout.truncate(page.url, to: room), row: row, column: area.column + 2 + TextWidth.width(of: label),
        style: Style(.muted, selected: selected))
    }
  }
}
