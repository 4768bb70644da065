import TrendingCore

/// What the terminal sent: a key or a new size.
public enum TerminalInput: Equatable, Sendable {
  /// A key press.
  case key(Key)
  /// The terminal was resized.
  case resize(Size)
}

/// Turns ncurses' `wget_wch` results into keys: pure, so every mapping is testable.
public enum KeyDecoder {
  /// ncurses function-key codes (from curses.h), named so the mapping reads plainly.
  public enum FunctionKey {
    public static let down: UInt32 = 0o402
    public static let up: UInt32 = 0o403
    public static let left: UInt32 = 0o404
    public static let right: UInt32 = 0o405
    public static let home: UInt32 = 0o406
    public static let backspace: UInt32 = 0o407
    public static let nextPage: UInt32 = 0o522
    public static let previousPage: UInt32 = 0o523
    public static let enter: UInt32 = 0o527
    public static let end: UInt32 = 0o550
    public static let backTab: UInt32 = 0o541
  }

  /// Decodes a function key (`KEY_CODE_YES`); nil for keys the app does not use.
  public static func functionKey(_ code: UInt32) -> Key? {
    switch code {
    case FunctionKey.down: return .down
    case FunctionKey.up: return .up
    case FunctionKey.left: return .left
    case FunctionKey.right: return .right
    case FunctionKey.home: return .home
    case FunctionKey.end: return .end
    case FunctionKey.backspace: return .backspace
    case FunctionKey.nextPage: return .pageDown
    case FunctionKey.previousPage: return .pageUp
    case FunctionKey.enter: return .enter
    case FunctionKey.backTab: return .backTab
    default: return nil
    }
  }

  /// Decodes a character; control characters become their keys.
  public static func character(_ code: UInt32) -> Key? {
    switch code {
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 9: return .tab
    case 1...26:
      guard let scalar = Unicode.Scalar(code + 96) else { return nil }
      return .control(Character(scalar))
    case 0..<32, 0x80..<0xA0: return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .character(Character(scalar))
    }
  }
}
