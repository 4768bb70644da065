import PosterKit
import TrendingCore

/// The colour role of a cell; the terminal backend maps roles onto the colours it has. Its raw
/// value is the role's name in the settings file (`ColorRole`).
public enum Tone: String, Hashable, Sendable, CaseIterable {
  case normal, muted, accent, title, good, fair, poor, error, warning, bar
  case barMuted = "bar-muted"
}

/// How a cell looks: its role, weight and whether it is part of the selection.
public struct Style: Hashable, Sendable {
  /// The colour role.
  public var tone: Tone
  /// Bold text.
  public var isBold: Bool
  /// Part of the highlighted row (a background bar, or reverse video without colour).
  public var isSelected: Bool
  /// An exact foreground colour (poster art), over the tone's.
  public var foreground: PosterColor?
  /// An exact background colour (poster art).
  public var background: PosterColor?

  /// Makes a style.
  public init(_ tone: Tone = .normal, bold: Bool = false, selected: Bool = false) {
    self.tone = tone
    isBold = bold
    isSelected = selected
    foreground = nil
    background = nil
  }

  /// The style of a poster cell.
  public static func poster(_ foreground: PosterColor, on background: PosterColor) -> Style {
    var style = Style()
    style.foreground = foreground
    style.background = background
    return style
  }

  /// Plain text.
  public static let plain = Style()
}

/// One terminal cell: a grapheme (empty for the right half of a wide one) and its style.
public struct Cell: Hashable, Sendable {
  /// The text drawn in the cell; "" continues the wide character to its left.
  public var text: String
  /// The cell's style.
  public var style: Style

  /// Makes a cell.
  public init(_ text: String = " ", style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// A grid of styled cells: what one frame draws.
public struct Screen: Equatable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// An image drawn over the cells after they are shown (sixel, iTerm2), when one is in view.
  public var overlay: ScreenOverlay?

  /// Makes a blank screen.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: Cell(), count: self.width * self.height)
  }

  /// The cell at a position.
  public subscript(row: Int, column: Int) -> Cell {
    cells[row * width + column]
  }

  /// The same screen with each cell replaced as `transform` says (row, column, cell), for a
  /// snapshot that masks what it does not measure.
  public func mapCells(_ transform: (Int, Int, Cell) -> Cell) -> Screen {
    var mapped = self
    for index in cells.indices { mapped.cells[index] = transform(index / width, index % width, cells[index]) }
    return mapped
  }

  /// A screen of some of these rows, in the order given (rows outside the screen are left out).
  public func rows(_ rows: [Int]) -> Screen {
    let kept = rows.filter { (0..<height).contains($0) }
    var part = Screen(width: width, height: kept.count)
    for (index, row) in kept.enumerated() {
      part.cells.replaceSubrange(index * width..<(index + 1) * width, with: cells[row * width..<(row + 1) * width])
    }
    return part
  }

  /// Fills a row range of one row with a style and spaces.
  public mutating func fill(row: Int, from column: Int = 0, to end: Int? = nil, style: Style) {
    guard (0..<height).contains(row) else { return }
    let last = min(end ?? width, width)
    let first = max(0, column)
    guard first < last else { return }
    clearWideNeighbours(row: row, column: first)
    clearWideNeighbours(row: row, column: last - 1)
    for index in first..<last { cells[row * width + index] = Cell(" ", style: style) }
  }

  /// Writes text at a position, clipped to `limit` columns (default: the right edge); returns the columns used.
  @discardableResult
  public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) -> Int {
    guard (0..<height).contains(row), column >= 0 else { return 0 }
    let end = min(width, column + (limit ?? width))
    let bytes = text.utf8
    // Printable ASCII is one cell a byte, with no segmenting; but the last such byte before other
    // text may begin a grapheme with what follows ("e" and a combining accent): that one goes below.
    let other = bytes.firstIndex { $0 < 0x20 || $0 >= 0x7F }
    let run = other.map { max(0, bytes.distance(from: bytes.startIndex, to: $0) - 1) } ?? bytes.count
    var position = column + putASCII(bytes.prefix(run), row: row, column: column, end: end, style: style)
    guard other != nil, position < end else { return position - column }
    // Without zero-width code points, graphemes change nothing: each code point that draws is a
    // glyph of its own (as `TextWidth.glyphs` makes them), so the rest goes code point by code point.
    let rest = text.unicodeScalars[bytes.index(bytes.startIndex, offsetBy: run)...]
    if rest.allSatisfy({ TextWidth.width(of: $0) != 0 }) {
      for scalar in rest {
        let columns = min(TextWidth.width(of: scalar), 2)
        guard columns > 0 else { continue }
        guard position + columns <= end else { break }
        for offset in 0..<columns { clearWideNeighbours(row: row, column: position + offset) }
        cells[row * width + position] = Cell(String(scalar), style: style)
        if columns == 2 { cells[row * width + position + 1] = Cell("", style: style) }
        position += columns
      }
      return position - column
    }
    characters: for character in text[bytes.index(bytes.startIndex, offsetBy: run)...] {
      let scalars = character.unicodeScalars
      if let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
        // One code point, the usual case: one glyph, or none for one that is not drawn.
        let columns = min(TextWidth.width(of: scalar), 2)
        guard columns > 0 else { continue }
        guard position + columns <= end else { break }
        for offset in 0..<columns { clearWideNeighbours(row: row, column: position + offset) }
        cells[row * width + position] = Cell(String(character), style: style)
        if columns == 2 { cells[row * width + position + 1] = Cell("", style: style) }
        position += columns
        continue
      }
      for glyph in TextWidth.glyphs(character) {
        guard position + glyph.width <= end else { break characters }
        for offset in 0..<glyph.width { clearWideNeighbours(row: row, column: position + offset) }
        cells[row * width + position] = Cell(glyph.text, style: style)
        if glyph.width == 2 { cells[row * width + position + 1] = Cell("", style: style) }
        position += glyph.width
      }
    }
    return position - column
  }

  /// Printable ASCII bytes, one cell each, up to `end`; returns the columns used. The neighbours are
  /// checked at the run's two ends only, which leaves the cells as a check at every cell would (a
  /// cell inside the run is overwritten after its neighbour's check).
  private mutating func putASCII(
    _ bytes: Substring.UTF8View, row: Int, column: Int, end: Int, style: Style
  ) -> Int {
    let count = min(bytes.count, end - column)
    guard count > 0 else { return 0 }
    clearWideNeighbours(row: row, column: column)
    if count > 1 { clearWideNeighbours(row: row, column: column + count - 1) }
    let texts = Self.asciiTexts
    var index = row * width + column
    for byte in bytes.prefix(count) {
      cells[index] = Cell(texts[Int(byte)], style: style)
      index += 1
    }
    return count
  }

  /// The one-character strings of ASCII, by code, made once.
  private static let asciiTexts: [String] = (0..<128).map { String(Character(Unicode.Scalar(UInt8($0)))) }

  /// Blanks the other half of a wide character about to be partly overwritten.
  private mutating func clearWideNeighbours(row: Int, column: Int) {
    let index = row * width + column
    if cells[index].text.isEmpty, column > 0 {
      cells[index - 1] = Cell(" ", style: cells[index - 1].style)
    }
    if column + 1 < width, cells[index + 1].text.isEmpty {
      cells[index + 1] = Cell(" ", style: cells[index + 1].style)
    }
  }

  /// The screen as plain text, one line per row, for snapshots.
  public var plainText: String {
    (0..<height).map { row in
      (0..<width).map { self[row, $0].text }.joined()
    }.joined(separator: "\n")
  }

  /// The text of one row.
  public func line(_ row: Int) -> String {
    (0..<width).map { self[row, $0].text }.joined()
  }

  /// The styles, one letter a cell, and a legend naming each letter: the second layer of a
  /// snapshot, so a lost highlight, colour or weight fails a test as lost text does.
  public var styleText: String {
    var letters: [Style: Character] = [:]
    var legend: [String] = []
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    func letter(for style: Style) -> Character {
      if let known = letters[style] { return known }
      let next = alphabet[min(letters.count, alphabet.count - 1)]
      letters[style] = next
      legend.append("\(next) = \(style.summary)")
      return next
    }
    let rows = (0..<height).map { row in String((0..<width).map { letter(for: self[row, $0].style) }) }
    return (rows + [""] + legend).joined(separator: "\n")
  }
}

extension Style {
  /// The style in words for a snapshot's legend, e.g. "accent bold selected".
  var summary: String {
    var words = ["\(tone)"]
    if isBold { words.append("bold") }
    if isSelected { words.append("selected") }
    if foreground != nil || background != nil { words.append("poster colours") }
    return words.joined(separator: " ")
  }
}

/// An image the terminal draws over the screen's cells: where, and the bytes that draw it.
public struct ScreenOverlay: Hashable, Sendable {
  /// The top row.
  public var row: Int
  /// The left column.
  public var column: Int
  /// The image.
  public var poster: PixelPoster

  /// Makes an overlay.
  public init(row: Int, column: Int, poster: PixelPoster) {
    self.row = row
    self.column = column
    self.poster = poster
  }

  /// The rows it covers.
  public var rows: Range<Int> { row..<(row + poster.rows) }

  /// Whether it covers any cell of `area`.
  public func overlaps(_ area: Rect) -> Bool {
    rows.overlaps(area.rows) && (column..<(column + poster.columns)).overlaps(area.column..<(area.column + area.width))
  }
}
