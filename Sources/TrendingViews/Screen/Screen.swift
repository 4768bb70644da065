import FoundationEssentials
import PosterKit
import TrendingCore

/// The colour role of a cell; the terminal backend maps roles onto the colours it has. Its raw
/// value is the role's name in the settings file (`ColorRole`). The roles every screen shares:
/// `title` (what a screen or row is), `muted` (what is said of it), `link` (what opens something),
/// `accent` (keys, marks, what is busy), `yours` (the user's own rating), and the score scale.
public enum Tone: String, Hashable, Sendable, CaseIterable {
  case normal, muted, accent, title, good, fair, poor, error, warning, bar
  case barMuted = "bar-muted"
  case link, yours
  /// The words typed found in a title (the search's and the filter's), underlined without colour.
  case match
  /// The public score's five steps, worst first (`ScoreScale`).
  case score1 = "score-1", score2 = "score-2", score3 = "score-3", score4 = "score-4", score5 = "score-5"
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

  /// The same look: written out and inlinable, as the terminal's loop compares every cell's style
  /// with its neighbour's (the derived one is a call into this module per cell).
  @inlinable public static func == (left: Style, right: Style) -> Bool {
    left.tone == right.tone && left.isBold == right.isBold && left.isSelected == right.isSelected
      && left.foreground == right.foreground && left.background == right.background
  }
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

  /// Whether the cell is one space: read from its bytes, as the terminal's loop asks it of every cell.
  @inlinable public var isSpace: Bool { text.utf8.count == 1 && text.utf8.first == 0x20 }
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
  /// Where the focus starts: the selected row, the link or the end of the line typed, as the view
  /// drawn last over it says (a screen reader's terminal cursor rests there).
  public var cursor: Position?
  /// When the words drawn change with time alone ("updated just now" becoming "1 minute ago").
  ///
  /// Nil when nothing drawn does; an idle app draws again then, and not before.
  public var changesAt: Date?

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
  ///
  /// What it draws is each grapheme's glyphs (`TextWidth.glyphs`) in turn, a whole glyph or none at
  /// the limit, the other half of a wide character it overwrites blanked. The usual text goes a
  /// faster way to the same cells: printable ASCII a byte a cell, and text without zero-width code
  /// points a code point a glyph, read straight from the string's UTF-8.
  @discardableResult
  public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) -> Int {
    guard (0..<height).contains(row), column >= 0 else { return 0 }
    let end = min(width, column + (limit ?? width))
    guard column < end else { return 0 }
    let line = row * width..<(row + 1) * width
    // A string read from a bridged or foreign buffer has no contiguous UTF-8: it goes grapheme by grapheme.
    let drawn = cells.withUnsafeMutableBufferPointer { all in
      var row = RowCells(cells: UnsafeMutableBufferPointer(rebasing: all[line]))
      return text.utf8.withContiguousStorageIfAvailable { bytes in
        row.put(text, bytes, from: column, to: end, style: style)
      } ?? row.putGraphemes(text[...], from: column, to: end, style: style)
    }
    return drawn - column
  }

  /// Blanks the other half of a wide character about to be partly overwritten.
  private mutating func clearWideNeighbours(row: Int, column: Int) {
    cells.withUnsafeMutableBufferPointer { all in
      var cells = RowCells(cells: UnsafeMutableBufferPointer(rebasing: all[row * width..<(row + 1) * width]))
      cells.clearWideNeighbours(column)
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

/// One row's cells, written in place: the work of `Screen.put` without a bounds or copy check a cell.
private struct RowCells {
  let cells: UnsafeMutableBufferPointer<Cell>

  /// The one-character strings of ASCII, by code, made once.
  static let asciiTexts: [String] = (0..<128).map { String(Character(Unicode.Scalar(UInt8($0)))) }

  /// Writes `text`, whose UTF-8 is `bytes`, from `column` up to `end`; returns the column after it.
  mutating func put(
    _ text: String, _ bytes: UnsafeBufferPointer<UInt8>, from column: Int, to end: Int, style: Style
  ) -> Int {
    var other = 0
    while other < bytes.count, bytes[other] >= 0x20, bytes[other] < 0x7F { other += 1 }
    // The last ASCII byte before other text may begin a grapheme with what follows ("e" and a
    // combining accent): that one goes with the rest.
    let run = other == bytes.count ? other : max(0, other - 1)
    var position = putASCII(bytes, count: run, from: column, to: end, style: style)
    guard run < bytes.count, position < end else { return position }
    // Without zero-width code points graphemes change nothing: each code point that draws is a
    // glyph of its own, as `TextWidth.glyphs` makes them. At the first zero-width one, the rest
    // goes again by graphemes, over the same cells.
    let restart = position
    var offset = run
    while offset < bytes.count {
      let (scalar, length) = Self.decode(bytes, at: offset)
      let columns = TextWidth.width(of: scalar)
      if columns == 0 {
        let utf8 = text.utf8
        let rest = text[utf8.index(utf8.startIndex, offsetBy: run)...]
        return putGraphemes(rest, from: restart, to: end, style: style)
      }
      offset += length
      guard columns > 0 else { continue }
      let glyph = min(columns, 2)
      guard position + glyph <= end else { break }
      write(scalar.value < 0x80 ? Self.asciiTexts[Int(scalar.value)] : String(scalar), glyph, at: position, style)
      position += glyph
    }
    return position
  }

  /// Printable ASCII, a byte a cell, up to `end`; returns the column after it. The neighbours are
  /// checked at the run's two ends only, which leaves the cells as a check at every cell would (a
  /// cell inside the run is overwritten after its neighbour's check).
  mutating func putASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, count: Int, from column: Int, to end: Int, style: Style
  ) -> Int {
    let count = min(count, end - column)
    guard count > 0 else { return column }
    clearWideNeighbours(column)
    if count > 1 { clearWideNeighbours(column + count - 1) }
    let texts = Self.asciiTexts
    for offset in 0..<count { cells[column + offset] = Cell(texts[Int(bytes[offset])], style: style) }
    return column + count
  }

  /// Writes grapheme by grapheme, each as its glyphs; returns the column after the last.
  mutating func putGraphemes(_ text: Substring, from column: Int, to end: Int, style: Style) -> Int {
    var position = column
    for character in text {
      for glyph in TextWidth.glyphs(character) {
        guard position + glyph.width <= end else { return position }
        write(glyph.text, glyph.width, at: position, style)
        position += glyph.width
      }
    }
    return position
  }

  /// One glyph of one or two columns at `column`, the halves of wide characters it breaks blanked.
  mutating func write(_ text: String, _ columns: Int, at column: Int, _ style: Style) {
    clearWideNeighbours(column)
    if columns == 2 { clearWideNeighbours(column + 1) }
    cells[column] = Cell(text, style: style)
    if columns == 2 { cells[column + 1] = Cell("", style: style) }
  }

  /// Blanks the other half of a wide character about to be partly overwritten.
  mutating func clearWideNeighbours(_ column: Int) {
    if cells[column].text.isEmpty, column > 0 {
      cells[column - 1] = Cell(" ", style: cells[column - 1].style)
    }
    if column + 1 < cells.count, cells[column + 1].text.isEmpty {
      cells[column + 1] = Cell(" ", style: cells[column + 1].style)
    }
  }

  /// The code point at `offset` of valid UTF-8 (a string's own), and its length in bytes.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
    let lead = UInt32(bytes[offset])
    let (length, initial): (Int, UInt32) =
      lead < 0x80 ? (1, lead) : lead < 0xE0 ? (2, lead & 0x1F) : lead < 0xF0 ? (3, lead & 0x0F) : (4, lead & 0x07)
    var value = initial
    for next in 1..<max(1, length) where offset + next < bytes.count {
      value = value << 6 | UInt32(bytes[offset + next] & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}

/// A cell's place on the screen: a row and a column, from 0.
public struct Position: Hashable, Sendable {
  /// The row.
  public var row: Int
  /// The column.
  public var column: Int

  /// Makes a position.
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
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
