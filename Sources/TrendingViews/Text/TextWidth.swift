import CWidth
import Foundation

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

  /// Whether the C library measures UTF-8; set once, on first use.
  private static let localeIsReady: Bool = {
    setlocale(LC_CTYPE, "")
    if let codeset = trending_codeset(), String(cString: codeset) == "UTF-8" { return true }
    return setlocale(LC_CTYPE, "C.UTF-8") != nil
  }()

  /// Makes sure `wcwidth` measures UTF-8, switching `LC_CTYPE` to `C.UTF-8` if needed.
  @discardableResult
  public static func prepareLocale() -> Bool { localeIsReady }

  /// The width of one code point: 0, 1 or 2; -1 for one that cannot be drawn.
  public static func width(of scalar: Unicode.Scalar) -> Int {
    _ = localeIsReady
    if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : -1 }
    return Int(trending_wcwidth(scalar.value))
  }

  /// The drawn form of a grapheme, or nil when nothing of it can be drawn.
  public static func glyph(_ character: Character) -> Glyph? {
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return nil }
    let firstWidth = width(of: first)
    guard firstWidth > 0 else { return nil }
    var text = String(first)
    var marks = 0
    while let next = scalars.next(), marks < maximumMarks {
      if next.value != 0x200D, width(of: next) == 0 {
        text.unicodeScalars.append(next)
        marks += 1
      }
    }
    return Glyph(text: text, width: min(firstWidth, 2))
  }

  /// The width of a string in columns.
  public static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + (glyph($1)?.width ?? 0) }
  }
}
