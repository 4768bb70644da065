import AmodbKit
import FoundationEssentials
import PosterKit
import TrendingCore

/// Posters as real pixels through the kitty graphics protocol: the size to download, and the
/// placeholder cells and transmission for one poster.
public struct KittyOutput: Sendable {
  /// The colours the placeholders' ids are written in.
  public let mode: PosterColorMode
  /// Whether the terminal is behind tmux (sequences go through its passthrough).
  public let tmux: Bool
  /// Pixels per cell, wide and tall (a common 10×20 until the terminal says otherwise).
  public let cell: (width: Int, height: Int)

  /// Makes the output.
  public init(mode: PosterColorMode, tmux: Bool, cell: (width: Int, height: Int) = (10, 20)) {
    self.mode = mode
    self.tmux = tmux
    self.cell = cell
  }

  /// The smallest download that covers the box in pixels.
  public func size(for request: PosterRequest) -> String {
    PosterSize.covering(pixels: request.columns * cell.width)
  }

  /// The cells the image fills inside the box, at the poster's shape and the cell's aspect.
  func cells(imageWidth: Int, imageHeight: Int, request: PosterRequest) -> (columns: Int, rows: Int) {
    PosterGeometry.cells(
      imageWidth: imageWidth, imageHeight: imageHeight, box: (request.columns, request.rows), cell: cell)
  }

  /// The placeholders and the transmission for a poster's JPEG bytes, or nil when it cannot be read.
  func ready(_ data: Data, request: PosterRequest, id: Int) -> (art: PosterArt, transmit: String)? {
    guard
      let image = try? JPEGDecoder.decode(data, covering: (request.columns * cell.width, request.rows * cell.height))
    else { return nil }
    let (columns, rows) = cells(imageWidth: image.width, imageHeight: image.height, request: request)
    guard columns > 0, rows > 0 else { return nil }
    let art = KittyGraphics.placeholders(id: id, columns: columns, rows: rows, mode: mode)
    return (art, KittyGraphics.transmit(image, id: id, columns: columns, rows: rows, tmux: tmux))
  }

  /// The sequences that delete every image ids of ours may name, for a clean exit.
  public var cleanup: String {
    (1...KittyGraphics.idCount).map { KittyGraphics.delete(id: $0, tmux: tmux) }.joined()
  }
}
