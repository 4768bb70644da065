import AmodbKit
import FoundationEssentials
import PosterKit
import TrendingCore

/// Posters as real pixels drawn over the cells (sixel, iTerm2 inline images): the size to
/// download, and the encoded image for one poster.
public struct PixelOutput: Sendable {
  /// The protocol.
  public let kind: PixelPoster.Kind
  /// Pixels per cell, wide and tall.
  public let cell: (width: Int, height: Int)

  /// The cell assumed when neither the terminal (`CSI 16 t`) nor its window's pixels say: a small
  /// one, so an image can come out smaller than its box but never taller, and a sixel never runs
  /// into the rows below (where it would scroll the screen).
  public static let assumedCell = (width: 6, height: 12)

  /// Makes the output.
  public init(kind: PixelPoster.Kind, cell: (width: Int, height: Int) = PixelOutput.assumedCell) {
    self.kind = kind
    self.cell = (max(1, min(cell.width, 200)), max(1, min(cell.height, 400)))
  }

  /// The smallest download that covers the box in pixels.
  public func size(for request: PosterRequest) -> String {
    PosterSize.covering(pixels: request.columns * cell.width)
  }

  /// The encoded poster for its JPEG bytes (kitty's under image `id`, its data sent with each
  /// placement), or nil when it cannot be read or encoded.
  func ready(_ data: Data, request: PosterRequest, id: Int) -> (poster: PixelPoster, transmit: String?)? {
    guard
      let image = try? JPEGDecoder.decode(data, covering: (request.columns * cell.width, request.rows * cell.height))
    else { return nil }
    let (columns, rows) = PosterGeometry.cells(
      imageWidth: image.width, imageHeight: image.height, box: (request.columns, request.rows), cell: cell)
    guard columns > 0, rows > 0 else { return nil }
    switch kind {
    case .sixel:
      guard let sequence = PixelEncoder.sixel(image, columns: columns, rows: rows, cell: cell) else { return nil }
      return (PixelPoster(kind: .sixel, sequence: sequence, columns: columns, rows: rows), nil)
    case .iterm:
      let sequence = PixelEncoder.iterm(jpeg: data, columns: columns, rows: rows)
      return (PixelPoster(kind: .iterm, sequence: sequence, columns: columns, rows: rows), nil)
    case .kitty:
      // The image's data goes with every placement: kitty frees an image whose placements a clear
      // (Ctrl-L, a resize) or a scroll took away, so a placement by id alone could show nothing.
      let poster = PixelPoster(
        kind: .kitty, sequence: KittyGraphics.place(id: id, columns: columns, rows: rows), columns: columns,
        rows: rows, erase: KittyGraphics.unplace(id: id), upload: KittyGraphics.transmitOnly(image, id: id))
      return (poster, nil)
    }
  }
}

/// Where a poster's pixels land in cells.
enum PosterGeometry {
  /// The cells an image fills inside a box, at the image's shape and the cell's aspect.
  static func cells(
    imageWidth: Int, imageHeight: Int, box: (columns: Int, rows: Int), cell: (width: Int, height: Int)
  ) -> (columns: Int, rows: Int) {
    guard imageWidth > 0, imageHeight > 0, box.columns > 0, box.rows > 0 else { return (0, 0) }
    // Cells per pixel differ across and down: a cell is cell.width × cell.height pixels.
    let ratio = Double(imageWidth) / Double(imageHeight) * Double(cell.height) / Double(max(1, cell.width))
    var rows = min(box.rows, KittyGraphics.maximumCells)
    var columns = Int((Double(rows) * ratio).rounded())
    if columns > box.columns {
      columns = box.columns
      rows = max(1, Int((Double(columns) / ratio).rounded()))
    }
    return (max(1, min(columns, KittyGraphics.maximumCells)), max(1, min(rows, KittyGraphics.maximumCells)))
  }
}
