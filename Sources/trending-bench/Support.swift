// The benchmark's parts: what a measurement is, timing and memory helpers, and the sixel reference.
import AmodbKit
import CChafa
import Foundation
import PosterKit
import TestSupport

/// One line of the report.
struct Measurement: Encodable {
  let name: String
  let value: Double
  let unit: String
  let floor: Double
  let floorName: String
  var ratio: Double { floor > 0 ? value / floor : 0 }

  enum CodingKeys: String, CodingKey { case name, value, unit, floor, floorName = "floor_name", ratio }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(value, forKey: .value)
    try container.encode(unit, forKey: .unit)
    try container.encode(floor, forKey: .floor)
    try container.encode(floorName, forKey: .floorName)
    try container.encode(ratio, forKey: .ratio)
  }
}

/// The middle value (the upper of the two for an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// How long `body` takes, in seconds.
func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Sixels as they were encoded before: chafa's fixed 256-colour canvas, no dithering (kept for the bench only).
func fixedPaletteSixel(_ image: RGBAImage, columns: Int, rows: Int, cell: (width: Int, height: Int)) -> String? {
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
func colourError(_ sixel: String, against image: RGBAImage) -> Double {
  guard let shown = SixelDecoder.decode(sixel) else { return 255 }
  let grid = (columns: image.width / 2, rows: image.height / 2)
  return SixelDecoder.difference(
    SixelDecoder.blocks(image.pixels, width: image.width, height: image.height, columns: grid.columns, rows: grid.rows),
    SixelDecoder.blocks(shown.pixels, width: shown.width, height: shown.height, columns: grid.columns, rows: grid.rows))
}

/// A fresh folder path under the system's temporary one.
func temporaryDirectory() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("trending-bench-\(UUID().uuidString)").path
}

/// Seconds from spawn to `marker` on screen at 80×24, then quits.
func startup(
  _ arguments: [String], environment: [String: String], marker: String, program: String = binary
) -> Double? {
  guard let terminal = try? PseudoTerminal([program] + arguments, environment: environment, width: 80, height: 24)
  else {
    return nil
  }
  let time = terminal.read(until: marker)
  terminal.type("q")
  _ = terminal.waitForExit()
  return time
}

/// A floor's own report of its memory: "peak-kib N" (peak resident) and "dirty-kib N" (its own pages).
func floorMemoryKB(_ program: [String], marker: String) -> (peak: Double, dirty: Double) {
  guard let terminal = try? PseudoTerminal(program, environment: baseEnvironment, width: 80, height: 24) else {
    return (0, 0)
  }
  terminal.read(until: marker)
  _ = terminal.waitForExit()
  let text = String(decoding: terminal.output, as: UTF8.self)
  func figure(_ label: String) -> Double {
    guard let range = text.range(of: label) else { return 0 }
    return Double(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
  }
  return (figure("peak-kib "), figure("dirty-kib "))
}
