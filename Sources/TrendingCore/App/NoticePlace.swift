import AmodbKit

/// Where the user is, as far as a status message goes: a message belongs to the screen it was
/// said on, so moving to another screen (Enter, Esc, a tab, the search line) takes it away.
struct NoticePlace: Equatable {
  /// How many screens are on the stack.
  let depth: Int
  /// The tab at the bottom of the stack.
  let tab: ListKind
  /// The kind of screen showing.
  let screen: ObjectIdentifier
  /// Whether the search line is open.
  let searching: Bool
  /// The list showing, when one is, and its window: `w` or a palette's "today" shows another.
  let list: ListSource?
  /// The window of the list showing.
  let window: TimeWindow?

  /// The place `state` shows.
  init(_ state: AppState) {
    depth = state.stack.count
    tab = state.activeTab
    screen = ObjectIdentifier(type(of: state.top))
    searching = state.search != nil
    list = state.stack.last?.list?.source
    window = state.stack.last?.list?.window
  }

  /// Takes away a message said before `action` moved the user from `before` to another place:
  /// one the action said itself (a move that reports something) stays.
  static func settle(before: NoticePlace, notice: Notice?, _ state: inout AppState) {
    guard state.shared.notice != nil, state.shared.notice == notice, NoticePlace(state) != before else { return }
    state.shared.notice = nil
  }
}
