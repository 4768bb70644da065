/// A colour of a poster cell: true colour, or an index into the terminal's palette.
public enum PosterColor: Hashable, Sendable {
  /// 24-bit colour.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)
  /// A palette index (0–255).
  case indexed(UInt8)
}

/// One cell of poster art: a symbol drawn in a foreground colour over a background colour.
public struct PosterCell: Hashable, Sendable {
  /// The symbol, e.g. "▀" or " ".
  public var symbol: Character
  /// Its colour.
  public var foreground: PosterColor
  /// The colour behind it.
  public var background: PosterColor

  /// Makes a cell.
  public init(symbol: Character, foreground: PosterColor, background: PosterColor) {
    self.symbol = symbol
    self.foreground = foreground
    self.background = background
  }
}

/// A poster as text cells: the size chafa chose inside the box, and the cells row by row.
public struct PosterArt: Hashable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// Cells, row by row.
  public let cells: [PosterCell]

  /// Makes art from its cells.
  public init(width: Int, height: Int, cells: [PosterCell]) {
    self.width = width
    self.height = height
    self.cells = cells
  }

  /// The cell at a position.
  public subscript(row: Int, column: Int) -> PosterCell {
    cells[row * width + column]
  }
}

/// The colours a terminal can show, as poster rendering uses them.
public enum PosterColorMode: Sendable, Hashable {
  /// 24-bit colour.
  case trueColor
  /// The 256-colour palette.
  case indexed256
  /// Sixteen colours.
  case indexed16
  /// Eight colours.
  case indexed8
}

/// Why a poster could not be made; shown as a quiet placeholder, never as an error screen.
public enum PosterError: Error, Hashable, Sendable {
  /// More bytes than the limit.
  case tooManyBytes(Int)
  /// Larger than the pixel limit, read from the header before decoding.
  case tooManyPixels(width: Int, height: Int)
  /// Not a JPEG that TurboJPEG can read.
  case undecodable(String)
  /// The box is too small to draw in.
  case noRoom
  /// A library posters are made with (libturbojpeg, libchafa) could not be loaded.
  case libraryMissing(String)
}
