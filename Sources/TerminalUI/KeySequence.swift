import TrendingCore

/// The escape sequences keys and X10 mouse reports arrive as, read from the raw bytes (ncurses'
/// keypad decoding is off, so one decoder with one window reads everything): pure and testable.
enum KeySequence {
  /// What the codes after an ESC are.
  enum Parsed: Equatable {
    /// A whole sequence of `length` codes, and the input it means (nil for one the app ignores).
    case sequence(length: Int, TerminalInput?)
    /// The start of a sequence that has not all arrived.
    case incomplete
  }

  /// The sequence starting at `codes[0]` (just after ESC): CSI (`[` parameters, intermediates, a
  /// final), SS3 (`O` and one code), or an X10 mouse report (`[M` and three codes); nil for none.
  static func parse(_ codes: ArraySlice<UInt32>, mouse: Bool) -> Parsed? {
    guard let first = codes.first else { return .incomplete }
    let rest = codes.dropFirst()
    switch first {
    case 0x5B: return csi(rest, mouse: mouse)
    case 0x4F:
      guard let final = rest.first else { return .incomplete }
      guard (0x40...0x7E).contains(final) else { return nil }
      return .sequence(length: 2, ss3(final).map(TerminalInput.key))
    default: return nil
    }
  }

  /// `ESC [` and what follows: an X10 mouse report, or a control sequence.
  private static func csi(_ codes: ArraySlice<UInt32>, mouse: Bool) -> Parsed? {
    if codes.first == 0x4D {  // M: X10 mouse, three codes of 32 + value
      guard codes.count >= 4 else { return .incomplete }
      let values = codes.dropFirst().prefix(3).map { Int($0) - 32 }
      guard mouse, values.allSatisfy({ $0 >= 0 }) else { return .sequence(length: 5, nil) }
      let press = values[0] & 3 != 3 || values[0] & 64 != 0
      let event = SGRMouse.event(button: values[0], column: values[1], row: values[2], press: press)
      return .sequence(length: 5, event.map(TerminalInput.mouse))
    }
    var parameters: [UInt32] = []
    var index = codes.startIndex
    while index < codes.endIndex, (0x30...0x3F).contains(codes[index]) {
      parameters.append(codes[index])
      index += 1
      if parameters.count > 32 { return nil }
    }
    while index < codes.endIndex, (0x20...0x2F).contains(codes[index]) {
      index += 1
      if index - codes.startIndex > 40 { return nil }
    }
    guard index < codes.endIndex else { return .incomplete }
    let final = codes[index]
    guard (0x40...0x7E).contains(final) else { return nil }
    let length = index - codes.startIndex + 2
    return .sequence(length: length, key(final: final, parameters: parameters).map(TerminalInput.key))
  }

  /// The key a control sequence names (modifiers ignored); nil for one the app does not use.
  private static func key(final: UInt32, parameters: [UInt32]) -> Key? {
    let first = parameters.split(separator: 0x3B, omittingEmptySubsequences: false).first.map {
      $0.reduce(0) { value, code in (0x30...0x39).contains(code) ? min(value * 10 + Int(code - 0x30), 9999) : value }
    }
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x5A: return .backTab
    case 0x7E:
      switch first {
      case 1, 7: return .home
      case 3: return .delete
      case 4, 8: return .end
      case 5: return .pageUp
      case 6: return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  /// The key an SS3 sequence names (application cursor and keypad keys).
  private static func ss3(_ final: UInt32) -> Key? {
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x4D: return .enter
    default: return nil
    }
  }
}
