import TrendingCore

@testable import TrendingViews

/// A screen suite's snapshot measures the screen's own body: the cells the tab bar and the hint bar
/// drew are masked (`~`), so a new tab or hint changes only `ChromeSnapshotTests`, which owns them.
enum ChromeMask {
  /// The cell masked chrome shows.
  static let masked = Cell("~", style: .plain)

  /// The snapshot text of a frame, its chrome masked: plain text, then the style layer.
  static func bodyText(_ screen: Screen, _ state: AppState) -> String {
    let chrome = chrome(state)
    let body = screen.mapCells { row, column, cell in
      chrome.rows.contains(row) && chrome.reference[row, column] == cell ? masked : cell
    }
    return body.plainText + "\n--- styles ---\n" + body.styleText
  }

  /// The tab bar and the hint bar alone, as the views draw them for this state, and their rows.
  static func chrome(_ state: AppState) -> (reference: Screen, rows: Set<Int>) {
    let size = state.shared.size
    var reference = Screen(width: size.width, height: size.height)
    let minimum = ListLayout.minimumSize
    guard size.width >= minimum.width, size.height >= minimum.height else { return (reference, []) }
    let layout = Chrome(size)
    var rows: Set<Int> = [layout.hints.row]
    KeyHints.draw(state, in: layout.hints, into: &reference)
    if showsTabBar(state) {
      TabBarView.draw(state, row: layout.body.row, into: &reference)
      rows.insert(layout.body.row)
    }
    return (reference, rows)
  }

  /// Whether the frame has a tab bar: a tab's list shows, alone or under the `f` form.
  static func showsTabBar(_ state: AppState) -> Bool {
    guard state.search == nil else { return false }
    switch state.stack[state.stack.count - 1] {
    case .list(let list): return list.source.tab != nil
    case .discoverForm: return state.topList.source.tab != nil
    default: return false
    }
  }
}
