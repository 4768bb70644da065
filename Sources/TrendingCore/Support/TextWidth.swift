import AmodbKit
import CWidth
import FoundationEssentials

/// Measures text in terminal columns: the one place that knows how wide text is.
///
/// Widths come from the C library's `wcwidth`, the same table ncurses uses, so what is
/// measured here is what the terminal draws. A grapheme is drawn as its first code point
/// plus the zero-width marks that follow it, and takes that first code point's width.
public enum TextWidth {
  /// One grapheme as it will be drawn: the text for one cell and its width (1 or 2).
  public struct Glyph: Equatable, Sendable {
    /// The text put into the cell.
    public var text: String
    /// Columns it takes.
    public var width: Int
  }

  /// The most zero-width marks kept on one base character (ncurses holds four).
  static let maximumMarks = 4

  /// Whether the user's own locale is UTF-8 (before any switch to `C.UTF-8`), read once: the C
  /// library's answer, or, for a locale this machine has not generated (`ru_RU.UTF-8` on a
  /// system with only `C.UTF-8`), what its name says.
  public static let userLocaleIsUTF8: Bool = {
    if setlocale(LC_CTYPE, "") == nil {
      return namesUTF8(characterLocale(in: ProcessEnvironment.current) ?? "")
    }
    return trending_codeset().map { String(cString: $0) == "UTF-8" } ?? false
  }()

  /// The name of the locale that decides characters, as the C library picks it: `LC_ALL`, else
  /// `LC_CTYPE`, else `LANG` (the first set and not empty); nil when none is.
  public static func characterLocale(in environment: [String: String]) -> String? {
    ["LC_ALL", "LC_CTYPE", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty }
  }

  /// Whether a locale name says UTF-8: `ru_RU.UTF-8`, `pl_PL.utf8`.
  public static func namesUTF8(_ locale: String) -> Bool {
    guard let codeset = locale.split(separator: ".").dropFirst().first?.split(separator: "@").first else {
      return false
    }
    let normalized = codeset.lowercased().replacing("-", with: "")
    return normalized == "utf8"
  }

  /// Whether the C library measures UTF-8; set once, on first use.
  private static let localeIsReady: Bool = {
    _ = userLocaleIsUTF8
    if trending_codeset().map({ String(cString: $0) == "UTF-8" }) == true { return true }
    return setlocale(LC_CTYPE, "C.UTF-8") != nil
  }()

  /// Makes sure `wcwidth` measures UTF-8, switching `LC_CTYPE` to `C.UTF-8` if needed.
  @discardableResult
  public static func prepareLocale() -> Bool { localeIsReady }

  /// The width of one code point: 0, 1 or 2; -1 for one that cannot be drawn.
  public static func width(of scalar: Unicode.Scalar) -> Int {
    // ASCII needs no locale: measured before the one-time check, which costs a call per code point.
    if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : -1 }
    _ = localeIsReady
    return Int(trending_wcwidth(scalar.value))
  }

  /// The drawn form of a grapheme: one glyph per spacing code point, each with the zero-width
  /// marks that follow it; zero-width joiners and marks with nothing to sit on are dropped.
  public static func glyphs(_ character: Character) -> [Glyph] {
    var glyphs: [Glyph] = []
    var marks = 0
    for scalar in character.unicodeScalars {
      let columns = width(of: scalar)
      if columns > 0 {
        glyphs.append(Glyph(text: String(scalar), width: min(columns, 2)))
        marks = 0
      } else if columns == 0, scalar.value != 0x200D, marks < maximumMarks, !glyphs.isEmpty {
        glyphs[glyphs.count - 1].text.unicodeScalars.append(scalar)
        marks += 1
      }
    }
    return glyphs
  }

  /// `text` as a terminal cell by cell draws it: each grapheme's glyphs in turn, so joiners and
  /// marks with nothing to sit on are gone (for the command line's tables; the browser's screen
  /// puts glyphs one by one already).
  public static func drawn(_ text: String) -> String {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    if ascii == true { return text }
    return text.flatMap(glyphs).map(\.text).joined()
  }

  /// The width of a string in columns; printable ASCII, the usual case, counted from its bytes.
  public static func width(of text: String) -> Int {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
    }
    return (ascii ?? nil) ?? columns(text.unicodeScalars)
  }

  /// The width of part of a string in columns.
  public static func width(of text: Substring) -> Int { columns(text.unicodeScalars) }

  /// The glyphs' widths, summed without making them: each spacing code point counts, at most 2.
  /// Generic only inside this module, where each caller's type gets its own specialized copy (a
  /// generic entry point is run unspecialized from other modules, far slower).
  private static func columns<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> Int {
    var total = 0
    for scalar in scalars {
      let columns = width(of: scalar)
      if columns > 0 { total += min(columns, 2) }
    }
    return total
  }
}
