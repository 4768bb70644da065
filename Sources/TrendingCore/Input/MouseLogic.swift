import AmodbKit
import Localization

/// The tab bar's labels and where they stand: the view draws them, the mouse finds them.
public enum TabBar {
  /// What a label in the tab bar shows when clicked.
  public enum Target: Equatable, Sendable {
    /// The films' or the series' tabs.
    case media(MediaKind)
    /// A tab.
    case tab(ListKind)
  }

  /// How the bar names films and series, the switch at its start.
  static func name(_ media: MediaKind) -> String {
    media == .series ? trc("tab bar switch", "Series") : trc("tab bar switch", "Films")
  }

  /// The switch between films and series, then each tab shown: labels and columns at a width,
  /// the longest labels that fit first.
  public static func labels(active: ListKind, browsing: MediaKind, width: Int, tabs: TabSet = TabSet()) -> [(
    target: Target, label: String, columns: Range<Int>
  )] {
    let kinds = tabs.shown(browsing)
    let styles: [(ListKind) -> String] = [
      { " \($0.title) " }, { " \($0.shortTitle) " },
      { kind in " \((kinds.firstIndex(of: kind) ?? 0) + 1)\(kind == active ? " " + kind.shortTitle : "") " },
    ]
    // Both names, the one browsed, or none where room is short (`t` still switches, the header says which).
    let switches: [[(Target, String)]] = [
      [(.media(.film), name(.film)), (.media(.series), " " + name(.series) + " │")],
      [(.media(browsing), name(browsing) + " │")], [],
    ]
    let widths = { (labels: [String]) in labels.reduce(0) { $0 + TextWidth.width(of: $1) } }
    // Named tabs with the switch first, then named tabs alone, then numbers: the switch goes before
    // the names are cut to numbers.
    let order = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2)]
    // Made one at a time, until one fits: each names every tab.
    let candidates = order.lazy.map { switchIndex, styleIndex in
      switches[switchIndex] + kinds.map { (Target.tab($0), styles[styleIndex]($0)) }
    }
    let chosen =
      candidates.first { widths($0.map(\.1)) + 1 <= width }
      ?? switches[2] + kinds.map { (Target.tab($0), styles[2]($0)) }
    var column = 1
    return chosen.map { target, label in
      let columns = TextWidth.width(of: label)
      defer { column += columns }
      return (target, label, column..<(column + columns))
    }
  }
}

/// What the mouse does above the screens: the help overlay scrolls and closes, the back marker
/// and the tabs in the header answer clicks; the rest goes to the search line or the screen showing.
enum MouseLogic {
  /// How many rows or lines one notch of the wheel moves.
  static let wheelStep = 3
  /// The header columns that go back when the stack has screens above the list: the "‹" marker.
  static let backMarker = 0..<3

  static func handle(_ event: MouseEvent, _ state: inout AppState) -> [Effect] {
    // The mouse runs commands, never keys: a user's own bindings cannot change what a click does.
    if var help = state.help {
      let rows = HelpScreen.rowCount(state)
      state.help = help.mouse(event, rows: rows, height: state.shared.size.height) == .closes ? nil : help
      return []
    }
    if state.palette != nil { return PaletteLogic.mouse(event, &state) }
    let chrome = Chrome(state.shared.size)
    if event.kind == .press, event.row == chrome.header.row {
      guard state.stack.count > 1, state.search == nil, backMarker.contains(event.column) else { return [] }
      return Reducer.perform(.back, &state)
    }
    if state.search == nil, state.stack.count == 1, event.kind == .press, event.row == chrome.body.row {
      let tabs = TabBar.labels(
        active: state.activeTab, browsing: state.shared.browsing, width: state.shared.size.width,
        tabs: state.shared.tabs)
      guard let tab = tabs.first(where: { $0.columns.contains(event.column) }) else { return [] }
      switch tab.target {
      case .tab(let kind):
        return Reducer.perform(.tab(state.shared.tabs.number(of: kind, browsing: state.shared.browsing)), &state)
      case .media(let media):
        return media == state.shared.browsing ? [] : Reducer.perform(.toggleMedia, &state)
      }
    }
    if var search = state.search {
      let outcome = search.mouse(event, state.shared)
      state.search = search
      return Reducer.apply(outcome, &state)
    }
    let reaction = state.updateTop { screen, shared in screen.mouse(event, &shared) }
    return Reducer.apply(reaction, &state)
  }
}
