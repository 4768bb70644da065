import TrendingCore

/// What a terminal answers when asked: its name and version (XTVERSION), and its primary device
/// attributes (DA1), which every terminal answers, so it marks the end of the answers.
extension TerminalReply {
  /// The questions: XTVERSION, the background colour, the cell's size in pixels, then DA1
  /// (answered last, by everyone).
  public static let questions = "\u{1B}[>0q\u{1B}]11;?\u{07}\u{1B}[16t\u{1B}[c"

  /// The answer starting at `codes[0]` (just after ESC) and how many codes it takes; nil when the
  /// codes do not start an answer; `.incomplete` when they start one that has not all arrived.
  public static func parse(_ codes: ArraySlice<UInt32>) -> Parsed? {
    var index = codes.startIndex
    guard index < codes.endIndex else { return nil }
    if codes[index] == 0x50 {  // P: a device control string, up to ESC \; only XTVERSION's `>|` is awaited
      let opening: [UInt32] = [0x3E, 0x7C]
      let after = codes.dropFirst(index + 1 - codes.startIndex)
      if after.count < opening.count { return opening.starts(with: after) ? .incomplete : nil }
      guard after.starts(with: opening) else { return nil }
      var cursor = index + 1
      var text = String.UnicodeScalarView()
      while cursor < codes.endIndex {
        if codes[cursor] == 0x1B {
          guard cursor + 1 < codes.endIndex else { return .incomplete }
          guard codes[cursor + 1] == 0x5C else { return nil }
          let body = String(text)
          let version = body.hasPrefix(">|") ? String(body.dropFirst(2)) : body
          return .reply(.version(String(version.prefix(80))), length: cursor + 2 - codes.startIndex)
        }
        if let scalar = Unicode.Scalar(codes[cursor]), scalar.value >= 0x20, scalar.value < 0x7F, text.count < 200 {
          text.append(scalar)
        }
        cursor += 1
        if cursor - codes.startIndex > 400 { return nil }
      }
      return .incomplete
    }
    if codes[index] == 0x5D {  // ]: an operating system command, up to BEL or ESC \; only `11;` is awaited
      let opening: [UInt32] = [0x31, 0x31, 0x3B]
      let after = codes.dropFirst(index + 1 - codes.startIndex)
      if after.count < opening.count { return opening.starts(with: after) ? .incomplete : nil }
      guard after.starts(with: opening) else { return nil }
      var cursor = index + 1
      var text = String.UnicodeScalarView()
      while cursor < codes.endIndex {
        let code = codes[cursor]
        if code == 0x07 || code == 0x1B {
          if code == 0x1B {
            guard cursor + 1 < codes.endIndex else { return .incomplete }
            guard codes[cursor + 1] == 0x5C else { return nil }
          }
          let length = cursor + (code == 0x07 ? 1 : 2) - codes.startIndex
          guard let colour = Self.colour(String(text)) else { return nil }
          return .reply(colour, length: length)
        }
        if let scalar = Unicode.Scalar(code), text.count < 100 { text.append(scalar) }
        cursor += 1
        if cursor - codes.startIndex > 200 { return nil }
      }
      return .incomplete
    }
    guard codes[index] == 0x5B else { return nil }
    guard index + 1 < codes.endIndex else { return .incomplete }
    if codes[index + 1] == 0x36 { return cellSize(codes.dropFirst(index + 1 - codes.startIndex)) }
    guard codes[index + 1] == 0x3F else { return nil }  // "[?": a private answer
    index += 2
    var numbers: [Int] = [0]
    while index < codes.endIndex {
      let code = codes[index]
      switch code {
      case 0x30...0x39: numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(code - 0x30), 9999)
      case 0x3B:
        guard numbers.count < 32 else { return nil }
        numbers.append(0)
      case 0x63: return .reply(.deviceAttributes(numbers), length: index + 1 - codes.startIndex)
      default: return nil
      }
      index += 1
    }
    return .incomplete
  }

  /// `6;height;widtht` (after the CSI) as the cell's size; nil for anything else, such as a key.
  static func cellSize(_ codes: ArraySlice<UInt32>) -> Parsed? {
    var numbers: [Int] = [0]
    var index = codes.startIndex
    while index < codes.endIndex {
      switch codes[index] {
      case 0x30...0x39:
        numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(codes[index] - 0x30), 9999)
      case 0x3B:
        guard numbers.count < 3 else { return nil }
        numbers.append(0)
      case 0x74:
        guard numbers.count == 3, numbers[0] == 6, numbers[1] > 0, numbers[2] > 0 else { return nil }
        return .reply(.cellSize(width: numbers[2], height: numbers[1]), length: index + 2 - codes.startIndex)
      default: return nil
      }
      index += 1
    }
    return .incomplete
  }

  /// `11;rgb:RRRR/GGGG/BBBB` (1–4 hex digits a channel) as a background answer.
  static func colour(_ text: String) -> TerminalReply? {
    guard text.hasPrefix("11;rgb:") else { return nil }
    let channels = text.dropFirst(7).split(separator: "/")
    guard channels.count == 3 else { return nil }
    let values = channels.compactMap { channel -> Double? in
      guard (1...4).contains(channel.count), let value = Int(channel, radix: 16) else { return nil }
      return Double(value) / Double((1 << (4 * channel.count)) - 1)
    }
    guard values.count == 3 else { return nil }
    return .background(red: values[0], green: values[1], blue: values[2])
  }

  /// What parsing found.
  public enum Parsed: Equatable, Sendable {
    case reply(TerminalReply, length: Int)
    case incomplete
  }
}

/// Reads SGR (1006) mouse reports, `ESC [ < button ; column ; row M` (press) or `m` (release):
/// pure, so every report shape is testable.
public enum SGRMouse {
  /// The longest report read (a few digits each).
  static let maximumLength = 24

  /// What a report starting at `codes[0]` (just after ESC) means: the event (nil for one the app
  /// ignores, such as a release or a drag) and how many codes it takes; nil when `codes` does not
  /// start a whole report.
  public static func parse(_ codes: ArraySlice<UInt32>) -> (event: MouseEvent?, length: Int)? {
    var index = codes.startIndex
    guard codes.count >= 3, codes[index] == 0x5B, codes[index + 1] == 0x3C else { return nil }
    index += 2
    var numbers: [Int] = [0]
    while index < codes.endIndex, index - codes.startIndex < maximumLength {
      let code = codes[index]
      switch code {
      case 0x30...0x39:
        numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(code - 0x30), 100_000)
      case 0x3B:
        numbers.append(0)
        guard numbers.count <= 3 else { return nil }
      case 0x4D, 0x6D:
        guard numbers.count == 3 else { return nil }
        let length = index - codes.startIndex + 1
        return (event(button: numbers[0], column: numbers[1], row: numbers[2], press: code == 0x4D), length)
      default:
        return nil
      }
      index += 1
    }
    return nil
  }

  /// The event for a report's numbers (1-based cells): a left press, or a wheel notch.
  static func event(button: Int, column: Int, row: Int, press: Bool) -> MouseEvent? {
    guard press, column >= 1, row >= 1 else { return nil }
    // Bits 2–4 are Shift, Meta and Control; 32 is motion (a drag), ignored.
    guard button & 32 == 0 else { return nil }
    switch button & ~28 {
    case 0: return MouseEvent(.press, row: row - 1, column: column - 1)
    case 64: return MouseEvent(.wheelUp, row: row - 1, column: column - 1)
    case 65: return MouseEvent(.wheelDown, row: row - 1, column: column - 1)
    default: return nil
    }
  }
}
