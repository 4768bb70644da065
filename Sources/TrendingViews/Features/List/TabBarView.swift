import AmodbKit
import Localization
import TrendingCore

/// The tab bar under a tab's header: films or series, then every tab, the one showing highlighted.
enum TabBarView {
  /// The tab bar: every list, the one showing highlighted; the longest names shorten first, as far
  /// as the width needs (`TabBar.fit`). For a screen reader the tab and the kind showing are also
  /// in brackets, in the spaces beside their names ("[Films]Series │ Trending [Popular]").
  static func draw(_ state: AppState, row: Int, into screen: inout Screen) {
    let labels = labels(state, width: screen.width)
    for tab in labels {
      // The separator after the switch is never part of its highlight.
      let separator = tab.label.hasSuffix(" │") ? " │" : ""
      let name = String(tab.label.dropLast(separator.count))
      screen.put(
        name, row: row, column: tab.column,
        style: tab.active ? Style(.title, bold: true, selected: true) : Style(.muted), limit: screen.width - tab.column)
      let after = tab.column + TextWidth.width(of: name)
      if !separator.isEmpty, after < screen.width {
        screen.put(separator, row: row, column: after, style: Style(.muted), limit: screen.width - after)
      }
    }
    guard state.shared.screenReader else { return }
    for tab in labels where tab.active {
      // The name alone: not the switch's separator, nor the "…" after the last tab shown.
      var words = tab.label.hasSuffix(" │") ? String(tab.label.dropLast(2)) : tab.label
      if words.hasSuffix(" …") { words = String(words.dropLast(2)) + " " }
      let leading = words.prefix { $0 == " " }.count
      let name = words.dropFirst(leading).reversed().drop { $0 == " " }.reversed()
      let start = tab.column + leading - 1
      let end = tab.column + leading + TextWidth.width(of: String(name))
      guard start >= 0, end < screen.width, screen[row, start].text == " ", screen[row, end].text == " " else {
        continue
      }
      let style = Style(.title, bold: true, selected: true)
      screen.put("[", row: row, column: start, style: style)
      screen.put("]", row: row, column: end, style: style)
    }
  }

  /// What the tab bar's labels depend on: the tab showing, films or series, the width, the tabs and
  /// the language they are named in.
  struct TabBarKey: Equatable, Sendable {
    let active: ListKind
    let browsing: MediaKind
    let width: Int
    let tabs: TabSet
    let catalogue: Catalogue
  }

  /// One label as drawn: its words, its first column, and whether it is the tab or the set showing.
  struct Label: Sendable {
    let label: String
    let column: Int
    let active: Bool
  }

  /// The tab bar last laid out.
  static let tabBars = Memo<TabBarKey, [Label]>()

  /// The tab bar's labels and columns, named, measured and marked active once a change, not once a frame.
  static func labels(_ state: AppState, width: Int) -> [Label] {
    let key = TabBarKey(
      active: state.activeTab, browsing: state.shared.browsing, width: width, tabs: state.shared.tabs,
      catalogue: Translator.current)
    return tabBars.value(for: key) {
      TabBar.labels(active: key.active, browsing: key.browsing, width: width, tabs: key.tabs).map { tab in
        let active: Bool
        switch tab.target {
        case .tab(let kind): active = kind == key.active
        case .media(let media), .folded(let media): active = media == key.browsing
        }
        return Label(label: tab.label, column: tab.columns.lowerBound, active: active)
      }
    }
  }
}
