/// What the terminal can show: any Unicode, the symbols a console font has, or ASCII only.
public enum GlyphMode: Sendable, Equatable {
  /// Everything: arrows, ellipses, braille spinners, box drawing.
  case unicode
  /// Letters in any script but no rarer symbols (the Linux console's fonts).
  case console
  /// ASCII only: a locale that is not UTF-8, or a VT100-class terminal.
  case ascii

  /// The mode for a terminal type and whether the user's locale is UTF-8.
  public static func detect(term: String?, localeIsUTF8: Bool) -> GlyphMode {
    let term = term ?? ""
    if !localeIsUTF8 || ["vt100", "vt102", "vt220", "vt52", "ansi"].contains(where: { term.hasPrefix($0) }) {
      return .ascii
    }
    if term == "linux" || term.hasPrefix("linux-") || term.hasPrefix("cons") { return .console }
    return .unicode
  }

  /// The symbols the app draws, and their ASCII stand-ins: one cell each, so layout holds.
  public static let standIns: [String: String] = [
    "…": "~", "·": "-", "›": ">", "‹": "<", "↑": "^", "↓": "v", "←": "<", "→": ">", "⏎": "<", "⌫": "<",
    "–": "-", "—": "-", "“": "\"", "”": "\"", "✓": "v", "✗": "x", "★": "*", "✎": ">", "░": ".", "─": "-", "│": "|",
    "┌": "+", "┐": "+",
    "└": "+", "┘": "+", "▀": "#", "▄": "#", "█": "#", "⠋": "|", "⠙": "/", "⠹": "-", "⠸": "\\", "⠼": "|",
    "⠴": "/", "⠦": "-", "⠧": "\\", "⠇": "|", "⠏": "/",
  ]

  /// A cell's text as this mode draws it: a stand-in for a known symbol; in ASCII, "?" for any
  /// other non-ASCII text (and a blank for the right half of a wide character).
  public func draw(_ text: String) -> String {
    guard self != .unicode else { return text }
    if text.isEmpty { return self == .ascii ? " " : text }
    guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
    if let standIn = Self.stand(in: text) { return standIn }
    if self == .console { return text }
    return "?"
  }

  private static func stand(in text: String) -> String? {
    standIns[text]
  }
}
