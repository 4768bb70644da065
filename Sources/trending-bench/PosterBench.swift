// Posters: each protocol's bytes and time on a move, one poster's decode and render, and a sixel's quality.
import AmodbKit
import CChafa
import Foundation
import PosterKit
import TestSupport

/// Posters against symbol art, against decoding alone, and against the fixed-palette sixels used before.
enum PosterBench {
  static func run(_ bench: Bench) {
    protocols(bench)
    art(bench)
    sixel(bench)
  }

  /// Posters per protocol (demo data): bytes and time for a selection move to a film not seen yet, and back to one
  /// already shown, against symbol art.
  static func protocols(_ bench: Bench) {
    var symbols: [String: (bytes: Int, seconds: Double)] = [:]
    for images in ["symbols", "kitty", "sixel", "iterm"] {
      let home = temporaryDirectory()
      let environment = bench.with([
        "XDG_CACHE_HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home, "HOME": home,
      ])
      guard
        let terminal = try? PseudoTerminal(
          [bench.binary, "--demo", "--images", images], environment: environment, width: 120, height: 30)
      else { continue }
      terminal.read(until: "Dune")
      _ = terminal.drain(quiet: 0.8)
      var first: [(bytes: Int, seconds: Double)] = []
      var back: [(bytes: Int, seconds: Double)] = []
      for _ in 0..<4 {
        terminal.type("j")
        first.append(terminal.drainTimed(quiet: 0.4))
        terminal.type("k")
        back.append(terminal.drainTimed(quiet: 0.4))
        terminal.type("j")
        _ = terminal.drain(quiet: 0.4)
      }
      terminal.type("q")
      _ = terminal.waitForExit()
      let firstVisit = (median(first.map { Double($0.bytes) }), median(first.map(\.seconds)))
      let returning = (median(back.map { Double($0.bytes) }), median(back.map(\.seconds)))
      if images == "symbols" {
        symbols["first"] = (Int(firstVisit.0), firstVisit.1)
        symbols["back"] = (Int(returning.0), returning.1)
      }
      for (name, figures, floor) in [
        ("first visit", firstVisit, symbols["first"]), ("return", returning, symbols["back"]),
      ] {
        bench.record(
          Measurement(
            name: "poster \(images), move to a \(name): bytes", value: figures.0, unit: "B",
            floor: Double(floor?.bytes ?? 1), floorName: "symbol art"))
        bench.record(
          Measurement(
            name: "poster \(images), move to a \(name): time to last byte", value: figures.1 * 1000, unit: "ms",
            floor: (floor?.seconds ?? 0.001) * 1000, floorName: "symbol art"))
      }
    }
  }

  /// One poster: decode and render, against decoding alone.
  static func art(_ bench: Bench) {
    let jpeg = TestImages.jpeg(width: 185, height: 278, top: (200, 60, 40), bottom: (20, 40, 120))
    let decode = median((0..<60).map { _ in seconds { _ = try? JPEGDecoder.decode(jpeg, covering: (136, 208)) } })
    let both = median(
      (0..<60).map { _ in
        seconds { _ = try? PosterPipeline.art(from: jpeg, columns: 34, rows: 26, mode: .indexed256) }
      })
    bench.record(
      Measurement(
        name: "poster decode + render, 34x26 cells", value: both * 1000, unit: "ms", floor: decode * 1000,
        floorName: "decode only"))
  }

  /// A sixel poster as xterm at 120x36 shows it (34x27 cells of 8x15 pixels): bytes, encode time and the mean
  /// colour error of its pixels decoded back against the JPEG, chafa's adaptive palette with diffusion dithering
  /// against the fixed xterm palette undithered that was used before.
  static func sixel(_ bench: Bench) {
    let cell = (width: 8, height: 15)
    guard let jpeg = DemoTransport.poster("/demo-693134.jpg"),
      let image = try? JPEGDecoder.decode(jpeg, covering: (34 * cell.width, 27 * cell.height)),
      let adaptive = PixelEncoder.sixel(image, columns: 34, rows: 27, cell: cell),
      let fixed = fixedPaletteSixel(image, columns: 34, rows: 27, cell: cell)
    else { return }
    let adaptiveTime = median(
      (0..<30).map { _ in seconds { _ = PixelEncoder.sixel(image, columns: 34, rows: 27, cell: cell) } })
    let fixedTime = median(
      (0..<30).map { _ in seconds { _ = fixedPaletteSixel(image, columns: 34, rows: 27, cell: cell) } })
    let name = "sixel poster 34x27 cells of 8x15"
    bench.record(
      Measurement(
        name: "\(name): bytes", value: Double(adaptive.utf8.count), unit: "B", floor: Double(fixed.utf8.count),
        floorName: "fixed palette"))
    bench.record(
      Measurement(
        name: "\(name): encode time", value: adaptiveTime * 1000, unit: "ms", floor: fixedTime * 1000,
        floorName: "fixed palette"))
    bench.record(
      Measurement(
        name: "\(name): mean colour error", value: colourError(adaptive, against: image), unit: "/255",
        floor: colourError(fixed, against: image), floorName: "fixed palette"))
  }

  /// Sixels as they were encoded before: chafa's fixed 256-colour canvas, no dithering (kept for the bench only).
  static func fixedPaletteSixel(_ image: RGBAImage, columns: Int, rows: Int, cell: (width: Int, height: Int))
    -> String?
  {
    guard let chafa = trending_chafa_load()?.pointee, let config = chafa.canvas_config_new() else { return nil }
    defer { chafa.canvas_config_unref(config) }
    chafa.canvas_config_set_pixel_mode(config, TRENDING_CHAFA_PIXEL_MODE_SIXELS)
    chafa.canvas_config_set_canvas_mode(config, TRENDING_CHAFA_CANVAS_MODE_INDEXED_256)
    chafa.canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa.canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
    guard let canvas = chafa.canvas_new(config) else { return nil }
    defer { chafa.canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { pixels in
      chafa.canvas_draw_all_pixels(
        canvas, TRENDING_CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(image.width), Int32(image.height),
        Int32(image.width * 4))
    }
    guard let database = chafa.term_db_get_default(), let info = chafa.term_db_get_fallback_info(database) else {
      return nil
    }
    defer { chafa.term_info_unref(info) }
    guard let printed = chafa.canvas_print(canvas, info), let text = printed.pointee.str else { return nil }
    defer { _ = chafa.string_free(printed, 1) }
    return String(cString: text)
  }

  /// The mean colour error (0…255 a channel) of sixels decoded back against the image, on 2×2-pixel blocks of it.
  static func colourError(_ sixel: String, against image: RGBAImage) -> Double {
    guard let shown = SixelDecoder.decode(sixel) else { return 255 }
    let grid = (columns: image.width / 2, rows: image.height / 2)
    return SixelDecoder.difference(
      SixelDecoder.blocks(
        image.pixels, width: image.width, height: image.height, columns: grid.columns, rows: grid.rows),
      SixelDecoder.blocks(
        shown.pixels, width: shown.width, height: shown.height, columns: grid.columns, rows: grid.rows))
  }
}
