/// Cleans text from the network so that it can never act on a terminal.
///
/// Escape sequences (CSI, OSC, DCS and the like, in their 7-bit and 8-bit forms) are
/// removed whole, other C0 and C1 controls and bidirectional overrides are dropped, and
/// line breaks and tabs become spaces unless the caller keeps paragraphs.
public enum TextSanitizer {
  /// The longest text kept from one field, in characters.
  public static let defaultLimit = 4_000

  /// Returns `text` with every control character and escape sequence removed.
  public static func clean(_ text: String, keepNewlines: Bool = false, limit: Int = defaultLimit) -> String {
    isPlain(text, limit: limit, keepNewlines: keepNewlines)
      ? text : rewritten(text, keepNewlines: keepNewlines, limit: limit)
  }

  /// The full pass: `text` scalar by scalar, escape sequences and controls out, spaces folded.
  static func rewritten(_ text: String, keepNewlines: Bool, limit: Int) -> String {
    var output = String.UnicodeScalarView()
    var scanner = EscapeScanner()
    var lastWasSpace = true
    var count = 0
    for scalar in text.unicodeScalars {
      guard scanner.accepts(scalar) else { continue }
      let value = scalar.value
      if value == 0x0A || value == 0x2029, keepNewlines {
        while output.last == " " { output.removeLast() }
        output.append("\n")
        lastWasSpace = true
      } else if value == 0x09 || value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029 {
        if !lastWasSpace { output.append(" ") }
        lastWasSpace = true
      } else if isDropped(value) {
        continue
      } else if value == 0x20 || value > 0x7F && isWideSpace(scalar) {
        if !lastWasSpace { output.append(" ") }
        lastWasSpace = true
      } else {
        output.append(scalar)
        lastWasSpace = false
      }
      count += 1
      if count >= limit { break }
    }
    var result = String(output)
    while result.last == " " || result.last == "\n" { result.removeLast() }
    if keepNewlines {
      while result.contains("\n\n\n") { result = result.replacing("\n\n\n", with: "\n\n") }
    }
    return result
  }

  /// Whether `text` is already clean, so that the full pass would give it back unchanged: no
  /// control, formatter or other break, single ASCII spaces and none at either end or beside a
  /// line break, line breaks (when kept) at most two together and not at either end, within the limit.
  static func isPlain(_ text: String, limit: Int, keepNewlines: Bool = false) -> Bool {
    var count = 0
    // What came before the first scalar counts as a break: a space or a line break there is not plain.
    var previous: UInt32 = 0x0A
    var breaks = 1
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x0A {
        guard keepNewlines, previous != 0x20, count > 0, breaks < 2 else { return false }
        breaks += 1
      } else if value < 0x80 {
        guard value >= 0x20, value != 0x7F, value != 0x20 || (previous != 0x20 && previous != 0x0A) else {
          return false
        }
        breaks = 0
      } else {
        guard !isDropped(value), !isWideSpace(scalar) else { return false }
        breaks = 0
      }
      previous = value
      count += 1
    }
    return previous != 0x20 && previous != 0x0A && count <= limit
  }

  /// Whether a scalar above ASCII is white space (the full pass makes it a plain space). Unicode's
  /// White_Space set is closed: above ASCII it is U+0085, U+00A0, U+1680 and a few in U+2000–U+3000.
  static func isWideSpace(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value == 0x85 || value == 0xA0 || value == 0x1680 || (0x2000...0x3000).contains(value) else { return false }
    return scalar.properties.isWhitespace
  }

  /// Whether a code point is a control, a bidi override or an invisible formatter.
  static func isDropped(_ value: UInt32) -> Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069: return true
    case 0xFEFF, 0xFFF9...0xFFFB: return true
    case 0xE0000...0xE007F: return true
    default: return false
    }
  }
}

/// Tracks whether the scalars seen so far are inside a terminal escape sequence.
struct EscapeScanner {
  private enum Mode {
    case text, escape, csi, string, stringEscape
  }

  private var mode = Mode.text

  /// Returns whether `scalar` is ordinary text rather than part of an escape sequence. A line
  /// break ends a sequence left open and is text: one unterminated escape costs its own line, not
  /// every paragraph after it.
  mutating func accepts(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if mode != .text, value == 0x0A || value == 0x0D {
      mode = .text
      return true
    }
    switch mode {
    case .text:
      switch value {
      case 0x1B: mode = .escape
      case 0x9B: mode = .csi
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F: mode = .string
      default: return true
      }
    case .escape:
      switch value {
      case 0x5B: mode = .csi  // [
      case 0x5D, 0x50, 0x58, 0x5E, 0x5F: mode = .string  // ] P X ^ _
      case 0x20...0x2F: break  // intermediate bytes: stay
      default: mode = .text
      }
    case .csi:
      if (0x40...0x7E).contains(value) || value < 0x20 && value != 0x1B { mode = .text }
      if value == 0x1B { mode = .escape }
    case .string:
      if value == 0x07 || value == 0x9C { mode = .text }
      if value == 0x1B { mode = .stringEscape }
    case .stringEscape:
      mode = value == 0x5C ? .text : .string
    }
    return false
  }
}
