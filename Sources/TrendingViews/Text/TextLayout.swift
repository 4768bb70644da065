import TrendingCore

/// Fits text into columns: truncation with an ellipsis, padding and word wrapping.
public enum TextLayout {
  /// The mark that ends truncated text.
  public static let ellipsis = "…"

  /// Returns `text` cut to at most `width` columns, ending with `…` when cut; never splits a character.
  public static func truncate(_ text: String, to width: Int) -> String { truncated(text, to: width).text }

  /// `truncate`'s text with its columns, measured once (padding needs them too).
  static func truncated(_ text: String, to width: Int) -> (text: String, columns: Int) {
    guard width > 0 else { return ("", 0) }
    let columns = TextWidth.width(of: text)
    guard columns > width else { return (text, columns) }
    var result = ""
    var used = 0
    for glyph in text.flatMap(TextWidth.glyphs) {
      if used + glyph.width > width - 1 { break }
      result += glyph.text
      used += glyph.width
    }
    return (result + ellipsis, used + TextWidth.width(of: ellipsis))
  }

  /// Returns `text` truncated and padded with spaces to exactly `width` columns.
  public static func fit(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    let cut = truncated(text, to: width)
    let padding = String(repeating: " ", count: max(0, width - cut.columns))
    return alignRight ? padding + cut.text : cut.text + padding
  }

  /// Breaks `text` into lines of at most `width` columns, at spaces where possible; keeps paragraphs.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += wrapParagraph(String(paragraph), width: width)
    }
    return lines
  }

  /// Facts in `width` columns, " · " between them, broken between two facts rather than inside one
  /// ("8 December 2026" stays on a line); a line broken after a fact ends with "·", and a fact wider
  /// than a line breaks at its spaces where it stands.
  public static func wrap(facts: [String], width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for fact in facts where !fact.isEmpty {
      let joined = line.isEmpty ? fact : line + " · " + fact
      if TextWidth.width(of: joined) <= width {
        line = joined
        continue
      }
      // A fact no line holds breaks at its spaces where it stands; another starts the next line.
      let long = TextWidth.width(of: fact) > width
      if !line.isEmpty, !long { lines.append(TextWidth.width(of: line) + 2 <= width ? line + " ·" : line) }
      let parts = wrapParagraph(long ? joined : fact, width: width)
      lines += parts.dropLast()
      line = parts.last ?? ""
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  private static func wrapParagraph(_ paragraph: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in paragraph.split(separator: " ") {
      let wordWidth = TextWidth.width(of: word)
      if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      if wordWidth <= width {
        line = String(word)
        lineWidth = wordWidth
        continue
      }
      // A word wider than the line (or text without spaces, as in CJK) breaks by columns.
      for glyph in word.flatMap(TextWidth.glyphs) {
        if lineWidth + glyph.width > width {
          if lineWidth > 0 {
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          if glyph.width > width { continue }
        }
        line += glyph.text
        lineWidth += glyph.width
      }
    }
    lines.append(line)
    return lines
  }
}

extension Screen {
  /// Writes `text` as `TextLayout.fit` makes it, cut and padded to exactly `width` columns, without
  /// making the padded text: the same cells, the padding written as spaces in `style`.
  @discardableResult
  mutating func put(_ text: String, row: Int, column: Int, fitting width: Int, alignRight: Bool = false, style: Style)
    -> Int
  {
    let cut = TextLayout.truncated(text, to: width)
    let padding = max(0, width - cut.columns)
    if alignRight {
      fill(row: row, from: column, to: column + padding, style: style)
      return padding + put(cut.text, row: row, column: column + padding, style: style)
    }
    let used = put(cut.text, row: row, column: column, style: style)
    fill(row: row, from: column + used, to: column + used + padding, style: style)
    return used + padding
  }
}
