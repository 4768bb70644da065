import Foundation
import TestSupport
import Testing

@testable import PosterKit

@Suite("JPEG decoding with TurboJPEG")
struct JPEGDecoderTests {
  @Test(arguments: [false, true])
  func decodesBaselineAndProgressive(progressive: Bool) throws {
    let data = TestImages.jpeg(
      width: 64, height: 96, top: (220, 30, 30), bottom: (20, 40, 210), progressive: progressive)
    let image = try JPEGDecoder.decode(data)
    #expect(image.width == 64)
    #expect(image.height == 96)
    #expect(image.pixels.count == 64 * 96 * 4)
    let top = Array(image.pixels[(10 * 64 + 10) * 4..<(10 * 64 + 10) * 4 + 3])
    let bottom = Array(image.pixels[(80 * 64 + 10) * 4..<(80 * 64 + 10) * 4 + 3])
    #expect(top[0] > 180 && top[2] < 80, "top is red: \(top)")
    #expect(bottom[2] > 170 && bottom[0] < 80, "bottom is blue: \(bottom)")
  }

  @Test func scalesDownByDCTButStillCoversTheTarget() throws {
    let data = TestImages.jpeg(width: 800, height: 1200)
    let image = try JPEGDecoder.decode(data, covering: (90, 140))
    #expect(image.width >= 90 && image.height >= 140)
    #expect(image.width <= 200, "scaled: \(image.width)×\(image.height)")
  }

  @Test func refusesTooManyBytes() {
    let data = Data([0xFF, 0xD8]) + Data(count: JPEGDecoder.maxBytes)
    #expect(throws: PosterError.tooManyBytes(data.count)) { try JPEGDecoder.decode(data) }
  }

  @Test func refusesHugeDimensionsFromTheHeaderBeforeDecoding() {
    let huge = TestImages.claimingSize(TestImages.jpeg(width: 16, height: 16), width: 60_000, height: 60_000)
    #expect(throws: PosterError.tooManyPixels(width: 60_000, height: 60_000)) { try JPEGDecoder.decode(huge) }
  }

  @Test(arguments: ["png", "html", "empty", "truncated", "garbage"])
  func refusesWhatIsNotAWholeJPEG(kind: String) {
    let valid = TestImages.jpeg(width: 64, height: 64)
    let data: Data
    switch kind {
    case "png": data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64))
    case "html": data = Data("<html>not found</html>".utf8)
    case "empty": data = Data()
    case "truncated": data = valid.prefix(valid.count / 2)
    default: data = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data((0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    }
    #expect(throws: PosterError.self) { try JPEGDecoder.decode(data) }
  }

  @Test func mutatedJPEGsNeverCrash() {
    let valid = [UInt8](TestImages.jpeg(width: 48, height: 72, top: (10, 200, 90), progressive: true))
    var generator = SeededGenerator.fromEnvironment()
    for _ in 0..<300 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        bytes[Int.random(in: 2..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      // Either a whole image or a PosterError (the decoder's typed throw), never a crash.
      if let image = try? JPEGDecoder.decode(Data(bytes)) {
        #expect(image.pixels.count == image.width * image.height * 4, generator.replay)
      }
    }
  }
}

@Suite("Symbol art with chafa")
struct PosterRendererTests {
  private func redness(_ color: PosterColor) -> Bool {
    switch color {
    case .rgb(let red, let green, let blue): return red > 150 && green < 100 && blue < 100
    case .indexed(let index):
      if index == 1 || index == 9 { return true }
      guard index >= 16, index < 232 else { return false }
      let value = Int(index) - 16
      return value / 36 >= 3 && (value / 6) % 6 <= 1 && value % 6 <= 1
    }
  }

  @Test(arguments: [PosterColorMode.trueColor, .indexed256, .indexed16, .indexed8])
  func fitsTheBoxWithPlausibleColours(mode: PosterColorMode) throws {
    let data = TestImages.jpeg(width: 92, height: 138, top: (220, 30, 30))
    let art = try PosterPipeline.art(from: data, columns: 20, rows: 15, mode: mode)
    #expect(art.width <= 20 && art.height <= 15)
    #expect(art.width > 0 && art.height > 0)
    #expect(art.cells.count == art.width * art.height)
    let reddish = art.cells.filter { redness($0.background) || redness($0.foreground) }.count
    #expect(reddish * 10 >= art.cells.count * 8, "\(mode): \(reddish) of \(art.cells.count) cells red")
  }

  @Test func theAspectRatioIsCorrectedForTallCells() throws {
    let art = try PosterPipeline.art(
      from: TestImages.jpeg(width: 200, height: 300), columns: 80, rows: 20, mode: .indexed256)
    // A 2:3 poster in cells twice as tall as wide is about 4:3 in cells.
    #expect(art.height == 20)
    #expect(abs(art.width - 27) <= 2, "width \(art.width)")
  }

  @Test func noRoomIsAnError() {
    #expect(throws: PosterError.noRoom) {
      try PosterPipeline.art(from: TestImages.jpeg(width: 20, height: 30), columns: 0, rows: 10, mode: .indexed8)
    }
  }
}
