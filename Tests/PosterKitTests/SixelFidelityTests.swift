import Foundation
import TestSupport
import Testing

@testable import AmodbKit
@testable import PosterKit

/// How faithfully a sixel poster reproduces its JPEG: each demo poster encoded as the app does
/// for a 25×20 box of xterm's 8×15 cells, decoded back as a terminal would draw it, and compared
/// with the decoded JPEG on a grid of 2×2-pixel blocks of the JPEG.
@Suite("Sixel posters are faithful to the JPEG")
struct SixelFidelityTests {
  /// The mean colour error (0…255 a channel) of every demo poster's sixels against its JPEG.
  static func meanError() throws -> Double {
    var errors: [Double] = []
    for path in DemoPosters.files.keys.sorted() {
      let jpeg = try #require(DemoPosters.files[path].flatMap { Data(base64Encoded: $0) })
      let poster = try JPEGDecoder.decode(jpeg)
      let sixel = try #require(PixelEncoder.sixel(poster, columns: 25, rows: 20, cell: (8, 15)), "\(path) encodes")
      let shown = try #require(SixelDecoder.decode(sixel), "\(path) decodes")
      let grid = (columns: poster.width / 2, rows: poster.height / 2)
      let expected = SixelDecoder.blocks(
        poster.pixels, width: poster.width, height: poster.height, columns: grid.columns, rows: grid.rows)
      let got = SixelDecoder.blocks(
        shown.pixels, width: shown.width, height: shown.height, columns: grid.columns, rows: grid.rows)
      errors.append(SixelDecoder.difference(expected, got))
    }
    return errors.reduce(0, +) / Double(max(1, errors.count))
  }

  /// The figure on xterm's fixed 256 colours without dithering (measured before the change).
  static let fixedPaletteError = 12.5

  @Test func theMeanColourErrorBeatsTheFixedPalette() throws {
    let error = try Self.meanError()
    // An adaptive palette with diffusion dithering measured 3.4.
    #expect(error < Self.fixedPaletteError / 2, "mean colour error \(error), fixed palette \(Self.fixedPaletteError)")
  }
}
