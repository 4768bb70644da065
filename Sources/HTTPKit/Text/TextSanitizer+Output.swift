extension TextSanitizer {
  /// Returns a command's whole output with escape sequences and controls removed, its layout kept.
  ///
  /// The same scalars `clean` drops go (C0 and C1 controls, DEL, bidirectional overrides, invisible
  /// formatters), and escape sequences go whole; unlike `clean`, nothing else changes: spaces are
  /// not folded, nothing is cut, tabs and line breaks stay (they separate fields and rows), and a
  /// carriage return stays only just before a line break (CSV and iCalendar end lines with CRLF).
  /// A tab or line break also ends an escape sequence left open, so a damaged field can never hide
  /// the fields and rows after it.
  public static func cleanOutput(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isDropped($0.value) && $0 != "\t" && $0 != "\n" }) else {
      return text
    }
    var output = String.UnicodeScalarView()
    var scanner = EscapeScanner()
    var pendingReturn = false
    for scalar in text.unicodeScalars {
      if pendingReturn, scalar == "\n" { output.append("\r") }
      pendingReturn = false
      if scalar == "\t" || scalar == "\n" {
        scanner = EscapeScanner()
        output.append(scalar)
      } else if scanner.accepts(scalar) {
        if scalar == "\r" {
          pendingReturn = true
        } else if !isDropped(scalar.value) {
          output.append(scalar)
        }
      }
    }
    return String(output)
  }

  /// Returns JSON text with each control, bidirectional override and invisible formatter written as
  /// a `\u` escape, so the JSON means the same and no such scalar reaches a terminal.
  ///
  /// Outside its strings JSON holds only ASCII punctuation, letters, digits and white space, so
  /// any other such scalar is inside a string, where its escape stands for it. JSON's white space
  /// (tab, line feed, carriage return) is left as it is: it may be between values.
  public static func escapingControls(inJSON json: String) -> String {
    guard json.unicodeScalars.contains(where: isEscapedInJSON) else { return json }
    var output = ""
    for scalar in json.unicodeScalars {
      guard isEscapedInJSON(scalar) else {
        output.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return output
  }

  /// Whether `escapingControls` writes a scalar as an escape: dropped from text, and not JSON's white space.
  static func isEscapedInJSON(_ scalar: Unicode.Scalar) -> Bool {
    isDropped(scalar.value) && scalar != "\t" && scalar != "\n" && scalar != "\r"
  }
}
