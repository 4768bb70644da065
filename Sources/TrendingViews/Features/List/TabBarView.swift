import AmodbKit
import Localization
import TrendingCore

/// The tab bar under a tab's header: films or series, then every tab, the one showing highlighted.
enum TabBarView {
  /// The tab bar: every list, the one showing highlighted; names shorten, then become numbers.
  static func draw(_ state: AppState, row: Int, into screen: inout Screen) {
    let browsing = state.shared.browsing
    // Read once: the tab showing is worked out from the stack, not stored.
    let activeTab = state.activeTab
    for tab in labels(state, width: screen.width) {
      let active: Bool
      switch tab.target {
      case .tab(let kind): active = kind == activeTab
      case .media(let media): active = media == browsing
      }
      screen.put(
        tab.label, row: row, column: tab.columns.lowerBound,
        style: active ? Style(.title, bold: true, selected: true) : Style(.muted),
        limit: screen.width - tab.columns.lowerBound)
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

  /// The tab bar last laid out.
  static let tabBars = Memo<TabBarKey, [(target: TabBar.Target, label: String, columns: Range<Int>)]>()

  /// The tab bar's labels and columns, named and measured once a change, not once a frame.
  static func labels(_ state: AppState, width: Int) -> [(target: TabBar.Target, label: String, columns: Range<Int>)] {
    let key = TabBarKey(
      active: state.activeTab, browsing: state.shared.browsing, width: width, tabs: state.shared.tabs,
      catalogue: Translator.current)
    return tabBars.value(for: key) {
      TabBar.labels(active: key.active, browsing: key.browsing, width: width, tabs: key.tabs)
    }
  }
}
