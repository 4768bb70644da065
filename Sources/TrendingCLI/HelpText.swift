import TrendingCore
import TrendingViews

/// Lays out the command line's help: a column of syntax and wrapped descriptions beside it.
enum HelpText {
  /// The width help is wrapped to.
  static let width = 80

  /// Two columns: each syntax, then its description wrapped beside it (under it when the syntax is long).
  static func table(_ rows: [(syntax: String, text: String)]) -> String {
    let column = min(30, (rows.map { TextWidth.width(of: $0.syntax) }.max() ?? 0) + 4)
    var lines: [String] = []
    for row in rows {
      let wrapped = TextLayout.wrap(row.text, width: width - column)
      let syntax = "  " + row.syntax
      var first = true
      if TextWidth.width(of: syntax) + 2 > column {
        lines.append(syntax)
        first = false
      }
      for text in wrapped {
        let lead = first ? TextLayout.fit(syntax, to: column) : String(repeating: " ", count: column)
        lines.append(lead + text)
        first = false
      }
    }
    return lines.joined(separator: "\n")
  }
}
