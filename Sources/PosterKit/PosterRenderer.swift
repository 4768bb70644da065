import CChafa
import FoundationEssentials

/// libchafa's functions, loaded by the first poster drawn.
enum Chafa {
  /// The loaded table, or nil when libchafa.so.0 (or a function in it) is missing.
  static let api: trending_chafa_api? = trending_chafa_load()?.pointee
}

/// Turns pixels into cell art with chafa, fitted into a box of terminal cells with the aspect
/// ratio corrected for cells about twice as tall as wide.
public enum PosterRenderer {
  /// A terminal cell's width over its height.
  public static let fontRatio: Float = 0.5

  /// The cell size chafa will choose for an image in a box of `columns` × `rows`.
  static func fittedSize(
    imageWidth: Int, imageHeight: Int, columns: Int, rows: Int, _ chafa: trending_chafa_api
  ) -> (Int, Int) {
    var width = Int32(columns)
    var height = Int32(rows)
    chafa.calc_canvas_geometry(Int32(imageWidth), Int32(imageHeight), &width, &height, fontRatio, 1, 0)
    return (Int(width), Int(height))
  }

  /// Renders `image` into at most `columns` × `rows` cells in `mode`.
  public static func render(_ image: RGBAImage, columns: Int, rows: Int, mode: PosterColorMode) throws(PosterError)
    -> PosterArt
  {
    guard let chafa = Chafa.api else { throw .libraryMissing("libchafa.so.0") }
    let (width, height) = fittedSize(
      imageWidth: image.width, imageHeight: image.height, columns: columns, rows: rows, chafa)
    guard width > 0, height > 0, image.width > 0, image.height > 0 else { throw .noRoom }
    guard let symbols = chafa.symbol_map_new() else { throw .noRoom }
    defer { chafa.symbol_map_unref(symbols) }
    chafa.symbol_map_add_by_tags(
      symbols,
      TRENDING_CHAFA_SYMBOL_TAG_BLOCK | TRENDING_CHAFA_SYMBOL_TAG_SPACE | TRENDING_CHAFA_SYMBOL_TAG_HALF
        | TRENDING_CHAFA_SYMBOL_TAG_QUAD)
    guard let config = chafa.canvas_config_new() else { throw .noRoom }
    defer { chafa.canvas_config_unref(config) }
    chafa.canvas_config_set_geometry(config, Int32(width), Int32(height))
    chafa.canvas_config_set_canvas_mode(config, canvasMode(mode))
    chafa.canvas_config_set_symbol_map(config, symbols)
    chafa.canvas_config_set_work_factor(config, 0.5)
    if mode == .indexed8 || mode == .indexed16 {
      // Few colours band badly; ordered dithering trades the bands for a fine texture.
      chafa.canvas_config_set_dither_mode(config, TRENDING_CHAFA_DITHER_MODE_ORDERED)
    }
    guard let canvas = chafa.canvas_new(config) else { throw .noRoom }
    defer { chafa.canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { buffer in
      chafa.canvas_draw_all_pixels(
        canvas, TRENDING_CHAFA_PIXEL_RGBA8_UNASSOCIATED, buffer.baseAddress, Int32(image.width), Int32(image.height),
        Int32(image.width * 4))
    }
    var cells: [PosterCell] = []
    cells.reserveCapacity(width * height)
    for row in 0..<height {
      for column in 0..<width {
        let code = chafa.canvas_get_char_at(canvas, Int32(column), Int32(row))
        var foreground: Int32 = 0
        var background: Int32 = 0
        chafa.canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
        let symbol = Unicode.Scalar(code).map(Character.init) ?? " "
        cells.append(
          PosterCell(
            symbol: symbol, foreground: color(foreground, mode: mode), background: color(background, mode: mode)))
      }
    }
    return PosterArt(width: width, height: height, cells: cells)
  }

  private static func canvasMode(_ mode: PosterColorMode) -> Int32 {
    switch mode {
    case .trueColor: return TRENDING_CHAFA_CANVAS_MODE_TRUECOLOR
    case .indexed256: return TRENDING_CHAFA_CANVAS_MODE_INDEXED_240
    case .indexed16: return TRENDING_CHAFA_CANVAS_MODE_INDEXED_16
    case .indexed8: return TRENDING_CHAFA_CANVAS_MODE_INDEXED_8
    }
  }

  private static func color(_ raw: Int32, mode: PosterColorMode) -> PosterColor {
    switch mode {
    case .trueColor:
      let value = UInt32(bitPattern: raw)
      return .rgb(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    case .indexed256, .indexed16, .indexed8:
      return .indexed(UInt8(clamping: max(0, raw)))
    }
  }
}

/// Decodes and renders in one step, at a size that covers the box without wasted work.
public enum PosterPipeline {
  /// JPEG bytes to cell art fitted into `columns` × `rows`.
  public static func art(from data: Data, columns: Int, rows: Int, mode: PosterColorMode) throws(PosterError)
    -> PosterArt
  {
    guard columns > 0, rows > 0 else { throw .noRoom }
    // chafa samples about 8×8 pixels a cell for its symbol choice.
    let image = try JPEGDecoder.decode(data, covering: (columns * 4, rows * 8))
    return try PosterRenderer.render(image, columns: columns, rows: rows, mode: mode)
  }
}
