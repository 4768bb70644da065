import AmodbKit
import Localization

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
      case .folded:
        return Reducer.perform(.toggleMedia, &state)
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
