import FoundationEssentials

/// The kitty graphics protocol with Unicode placeholders: an image is transmitted once under an
/// id and placed virtually; the screen then shows it through ordinary text cells (U+10EEEE with
/// row and column diacritics, the id in the foreground colour), which ncurses, overlays,
/// scrolling and tmux treat like any other text.
public enum KittyGraphics {
  /// The placeholder character.
  public static let placeholder: Unicode.Scalar = "\u{10EEEE}"

  /// The row and column diacritics, index n standing for n: the start of kitty's
  /// `rowcolumn-diacritics.txt`.
  public static let diacritics: [UInt32] = [
    0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C, 0x0350,
    0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369, 0x036A, 0x036B,
    0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595,
    0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1, 0x05A8, 0x05A9, 0x05AB, 0x05AC,
    0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658, 0x0659,
    0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8, 0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0,
    0x06E1,
  ]

  /// The most rows or columns a placement can address with the diacritics above.
  public static var maximumCells: Int { diacritics.count }

  /// Image ids cycle through 1…`idCount`; before an id is used again its old image is deleted, so
  /// the terminal holds at most this many of ours.
  public static let idCount = 64

  /// The most base64 bytes in one escape sequence, as the protocol asks.
  static let chunkSize = 4096

  /// The sequences that delete image `id` and transmit `image` under it, placed virtually in
  /// `columns` × `rows` cells; wrapped for tmux's passthrough when `tmux` is set.
  public static func transmit(_ image: RGBAImage, id: Int, columns: Int, rows: Int, tmux: Bool) -> String {
    chunks(image, id: id, first: "a=T,U=1,q=2,f=32,i=\(id),s=\(image.width),v=\(image.height),c=\(columns),r=\(rows)")
      .map { tmux ? wrapForTmux($0) : $0 }.joined()
  }

  /// For kitty before placeholders (0.28): the sequences that delete image `id` and transmit
  /// `image` under it without showing it; `place` shows it at the cursor.
  public static func transmitOnly(_ image: RGBAImage, id: Int) -> String {
    chunks(image, id: id, first: "a=t,q=2,f=32,i=\(id),s=\(image.width),v=\(image.height)").joined()
  }

  /// Shows image `id` at the cursor over `columns` × `rows` cells, leaving the cursor where it is.
  public static func place(id: Int, columns: Int, rows: Int) -> String {
    "\u{1B}_Ga=p,q=2,C=1,i=\(id),c=\(columns),r=\(rows)\u{1B}\\"
  }

  /// Takes image `id` off the screen, keeping its data for the next `place`.
  public static func unplace(id: Int) -> String {
    "\u{1B}_Ga=d,d=i,q=2,i=\(id)\u{1B}\\"
  }

  /// The delete for `id`, then the image's RGBA as base64 in chunks, the first with `first`'s keys.
  private static func chunks(_ image: RGBAImage, id: Int, first control: String) -> [String] {
    let encoded = Data(image.pixels).base64EncodedString()
    var sequences = [delete(id: id)]
    var start = encoded.startIndex
    var first = true
    repeat {
      let end = encoded.index(start, offsetBy: chunkSize, limitedBy: encoded.endIndex) ?? encoded.endIndex
      let more = end < encoded.endIndex ? 1 : 0
      let keys = first ? "\(control),m=\(more)" : "q=2,m=\(more)"
      sequences.append("\u{1B}_G\(keys);\(encoded[start..<end])\u{1B}\\")
      first = false
      start = end
    } while start < encoded.endIndex
    return sequences
  }

  /// The sequence that deletes image `id` and its placements, freeing its data.
  public static func delete(id: Int, tmux: Bool = false) -> String {
    let sequence = "\u{1B}_Ga=d,d=I,q=2,i=\(id)\u{1B}\\"
    return tmux ? wrapForTmux(sequence) : sequence
  }

  /// A sequence inside tmux's passthrough: `ESC P tmux;` + the sequence with every ESC doubled + `ESC \`.
  public static func wrapForTmux(_ sequence: String) -> String {
    "\u{1B}Ptmux;" + sequence.replacing("\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
  }

  /// The cells that show image `id` over `columns` × `rows`: the placeholder with its row and
  /// column diacritics, the id as the foreground colour (a palette index in 256 colours, the
  /// packed value in 24-bit colour).
  public static func placeholders(id: Int, columns: Int, rows: Int, mode: PosterColorMode) -> PosterArt {
    let color: PosterColor =
      mode == .trueColor
      ? .rgb(red: UInt8((id >> 16) & 0xFF), green: UInt8((id >> 8) & 0xFF), blue: UInt8(id & 0xFF))
      : .indexed(UInt8(clamping: id))
    let columns = min(columns, maximumCells)
    let rows = min(rows, maximumCells)
    var cells: [PosterCell] = []
    cells.reserveCapacity(columns * rows)
    for row in 0..<rows {
      for column in 0..<columns {
        var scalars = String.UnicodeScalarView()
        scalars.append(placeholder)
        if let rowMark = Unicode.Scalar(diacritics[row]), let columnMark = Unicode.Scalar(diacritics[column]) {
          scalars.append(rowMark)
          scalars.append(columnMark)
        }
        cells.append(PosterCell(symbol: Character(String(scalars)), foreground: color, background: .indexed(0)))
      }
    }
    return PosterArt(width: columns, height: rows, cells: cells)
  }

  /// The image id a placeholder cell stands for, when it is one.
  public static func id(of cell: PosterCell) -> Int? {
    guard cell.symbol.unicodeScalars.first == placeholder else { return nil }
    switch cell.foreground {
    case .indexed(let index): return Int(index)
    case .rgb(let red, let green, let blue): return Int(red) << 16 | Int(green) << 8 | Int(blue)
    }
  }
}
