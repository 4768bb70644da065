/// Text folded for matching what a user types: lower case, without marks, and a Latin letter's
/// accents, strokes and ligatures undone ("Amélie" is "amelie", "Łódź" "lodz", "Æon" "aeon"),
/// read from the letter's Unicode name; Cyrillic "ё" is "е", as Russians type it. Other letters of
/// other scripts stay as they are.
public enum TextFold {
  /// The text folded, its words only: every run of other than letters and digits one space, none
  /// at either end ("Dune: Part Two" is "dune part two").
  public static func words(_ text: String) -> String {
    folded(text).split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
  }

  /// The text folded.
  public static func folded(_ text: String) -> String {
    var out = ""
    for scalar in text.lowercased().unicodeScalars {
      if scalar.isASCII {
        out.unicodeScalars.append(scalar)
      } else if scalar == "\u{0451}" {
        out += "\u{0435}"
      } else if scalar.properties.generalCategory != .nonspacingMark {
        out += latinBase(of: scalar) ?? String(scalar)
      }
    }
    return out
  }

  /// The plain letters a Latin letter stands for ("LATIN SMALL LETTER E WITH ACUTE" is "e",
  /// "… LETTER AE" "ae", "… LIGATURE OE" "oe", "… SHARP S" "ss"); nil for any other character.
  static func latinBase(of scalar: Unicode.Scalar) -> String? {
    guard let name = scalar.properties.name, name.hasPrefix("LATIN ") else { return nil }
    if name.hasSuffix(" SHARP S") { return "ss" }
    let words = name.split(separator: " ")
    guard let kind = words.firstIndex(where: { $0 == "LETTER" || $0 == "LIGATURE" }), kind + 1 < words.count else {
      return nil
    }
    let letters = words[kind + 1]
    guard (1...2).contains(letters.count), letters.allSatisfy({ ("A"..."Z").contains($0) }),
      kind + 2 == words.count || words[kind + 2] == "WITH"
    else { return nil }
    return letters.lowercased()
  }
}
