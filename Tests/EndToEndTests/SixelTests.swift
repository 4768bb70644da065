import Foundation
import PosterKit
import TestSupport
import Testing

@testable import AmodbKit

/// Posters drawn over the cells: sixel (encoded by libchafa) and iTerm2 inline images. What the
/// app writes in a pseudo-terminal parses as the protocol, lands in the poster's box and decodes
/// back to the poster's pixels.
@Suite("Posters as sixel and iTerm2 images")
struct SixelTests {
  /// The demo's first poster, as JPEG bytes.
  static func dunePoster() throws -> Data {
    try #require(DemoPosters.files["/demo-693134.jpg"].flatMap { Data(base64Encoded: $0) })
  }

  /// Each image the app drew over the cells: the cursor position it went to and the sequence.
  static func overlays(in output: [UInt8], introducer: String) -> [(row: Int, column: Int, sequence: String)] {
    let text = String(decoding: output, as: UTF8.self)
    var found: [(row: Int, column: Int, sequence: String)] = []
    var rest = text[...]
    // ESC 7, CUP row;col, the image, ESC 8: how the app places one.
    while let save = rest.range(of: "\u{1B}7\u{1B}[") {
      let after = rest[save.upperBound...]
      guard let h = after.firstIndex(of: "H") else { break }
      let position = after[..<h].split(separator: ";").compactMap { Int($0) }
      let body = after[after.index(after: h)...]
      if position.count == 2, body.hasPrefix(introducer), let end = body.range(of: "\u{1B}8") {
        found.append((position[0] - 1, position[1] - 1, String(body[..<end.lowerBound])))
        rest = body[end.upperBound...]
      } else {
        rest = after
      }
    }
    return found
  }

  private func start(_ arguments: [String], answer: String? = nil) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal.demo(arguments)
    if let answer {
      #expect(terminal.read(until: "\u{1B}[c") != nil, "the app asks")
      terminal.type(answer)
    }
    #expect(terminal.read(until: "Dune: Part Two") != nil)
    _ = terminal.drain(quiet: 0.8)
    return terminal
  }

  @Test func aSixelPosterLandsInItsBoxDecodesToThePosterAndTheNextReplacesIt() throws {
    let terminal = try start(["--images", "sixel"])
    let first = Self.overlays(in: terminal.output, introducer: "\u{1B}P")
    let drawn = try #require(first.last, "a sixel image after the screen's update")
    #expect(drawn.sequence.hasSuffix("\u{1B}\\"), "DCS … ST")
    #expect(drawn.column > 60 && drawn.row >= 2, "in the poster pane at the right, below the header")
    let image = try #require(SixelDecoder.decode(drawn.sequence))
    // Cells are assumed 6×12 pixels when the terminal does not say: never taller than its box.
    let rows = (image.height + 11) / 12
    #expect(drawn.row + rows < 29, "never down to the last row, where a sixel scrolls the screen")
    let poster = try JPEGDecoder.decode(Self.dunePoster(), covering: (image.width, image.height))
    let expected = SixelDecoder.blocks(poster.pixels, width: poster.width, height: poster.height, columns: 6, rows: 9)
    let got = SixelDecoder.blocks(image.pixels, width: image.width, height: image.height, columns: 6, rows: 9)
    #expect(SixelDecoder.difference(expected, got) < 24, "the sixels are the poster's pixels")

    // The next film: its poster, decoded ahead, is drawn over the old one in the same box, with
    // no spaces between them (the box is never seen empty).
    let before = terminal.output.count
    terminal.type("j")
    _ = terminal.drain(quiet: 0.8)
    let moved = String(decoding: terminal.output[before...], as: UTF8.self)
    #expect(!moved.contains("\u{1B}7\u{1B}[0m\u{1B}[\(drawn.row + 1);"), "not erased first")
    #expect(!moved.contains("░"), "no placeholder between them")
    let next = Self.overlays(in: Array(terminal.output[before...]), introducer: "\u{1B}P")
    #expect(next.count == 1 && next.first?.sequence != drawn.sequence, "the next poster, once")
    #expect(next.first.map { $0.row == drawn.row && $0.column == drawn.column } == true, "in the same box")

    // The help overlay covers it: erased, and drawn again when the help closes.
    let helpStart = terminal.output.count
    terminal.type("?")
    _ = terminal.drain(quiet: 0.6)
    #expect(Self.overlays(in: Array(terminal.output[helpStart...]), introducer: "\u{1B}P").isEmpty)
    let closed = terminal.output.count
    terminal.type("?")
    _ = terminal.drain(quiet: 0.6)
    #expect(Self.overlays(in: Array(terminal.output[closed...]), introducer: "\u{1B}P").count == 1)
    terminal.type("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func aTerminalThatOffersSixelAndItsCellSizeGetsSixelsOfThatSize() throws {
    // xterm as a VT340 offers sixel (4) in DA1; foot and mlterm also say the cell size.
    let terminal = try start([], answer: "\u{1B}[6;16;8t\u{1B}[?63;1;2;4;6;9;15;22c")
    let drawn = try #require(Self.overlays(in: terminal.output, introducer: "\u{1B}P").last)
    let image = try #require(SixelDecoder.decode(drawn.sequence))
    #expect(image.width % 8 == 0 && image.width >= 8 * 10, "columns of 8-pixel cells")
    #expect(drawn.row + (image.height + 15) / 16 < 29)
    terminal.type("q")
    #expect(terminal.waitForExit() == 0)

    let plain = try start([], answer: "\u{1B}[?62;22c")
    #expect(Self.overlays(in: plain.output, introducer: "\u{1B}P").isEmpty, "no 4, no sixel")
    plain.type("q")
    #expect(plain.waitForExit() == 0)
  }

  @Test func anITermImageIsThePosterJPEGSizedInCells() throws {
    let terminal = try start(["--images", "iterm"])
    let drawn = try #require(Self.overlays(in: terminal.output, introducer: "\u{1B}]1337;File=").last)
    let header = try #require(drawn.sequence.split(separator: ":", maxSplits: 1).first)
    #expect(header.contains("inline=1") && header.contains("width=") && header.contains("height="))
    let payload = try #require(drawn.sequence.split(separator: ":", maxSplits: 1).last?.dropLast())
    let jpeg = try #require(Data(base64Encoded: String(payload)))
    #expect(jpeg == (try Self.dunePoster()), "the poster's own bytes")
    terminal.type("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func theEncoderFillsTheCellsAndRefusesNothingToDraw() throws {
    let poster = try JPEGDecoder.decode(Self.dunePoster(), covering: (100, 150))
    let sixel = try #require(PixelEncoder.sixel(poster, columns: 10, rows: 8, cell: (10, 20)))
    #expect(sixel.hasPrefix("\u{1B}P") && sixel.hasSuffix("\u{1B}\\"))
    let image = try #require(SixelDecoder.decode(sixel))
    #expect(image.width == 100 && (155...165).contains(image.height), "10×8 cells of 10×20 pixels")
    #expect(PixelEncoder.sixel(poster, columns: 0, rows: 8, cell: (10, 20)) == nil)
    let empty = RGBAImage(width: 0, height: 0, pixels: [])
    #expect(PixelEncoder.sixel(empty, columns: 4, rows: 4, cell: (10, 20)) == nil)
  }
}
