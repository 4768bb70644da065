/// A key press, decoded by the terminal backend and interpreted by the reducer.
public enum Key: Equatable, Sendable, Hashable {
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, delete, tab, backTab
  /// A printable character.
  case character(Character)
  /// A control key, e.g. `control("c")` for Ctrl-C.
  case control(Character)
}
