import CChafa
import FoundationEssentials

/// Turns pixels into cell art with chafa, fitted into a box of terminal cells with the aspect
/// ratio corrected for cells about twice as tall as wide.
public enum PosterRenderer {
  /// A terminal cell's width over its height.
  public static let fontRatio: Float = 0.5

  /// The cell size chafa will choose for an image in a box of `columns` × `rows`.
  public static func fittedSize(imageWidth: Int, imageHeight: Int, columns: Int, rows: Int) -> (Int, Int) {
    var width = Int32(columns)
    var height = Int32(rows)
    chafa_calc_canvas_geometry(Int32(imageWidth), Int32(imageHeight), &width, &height, fontRatio, 1, 0)
    return (Int(width), Int(height))
  }

  /// Renders `image` into at most `columns` × `rows` cells in `mode`.
  public static func render(_ image: RGBAImage, columns: Int, rows: Int, mode: PosterColorMode) throws(PosterError)
    -> PosterArt
  {
    let (width, height) = fittedSize(imageWidth: image.width, imageHeight: image.height, columns: columns, rows: rows)
    guard width > 0, height > 0, image.width > 0, image.height > 0 else { throw .noRoom }
    let symbols = chafa_symbol_map_new()
    defer { chafa_symbol_map_unref(symbols) }
    let tags =
      CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue
      | CHAFA_SYMBOL_TAG_QUAD.rawValue
    chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: tags))
    let config = chafa_canvas_config_new()
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(width), Int32(height))
    chafa_canvas_config_set_canvas_mode(config, canvasMode(mode))
    chafa_canvas_config_set_symbol_map(config, symbols)
    chafa_canvas_config_set_work_factor(config, 0.5)
    if mode == .indexed8 || mode == .indexed16 {
      // Few colours band badly; ordered dithering trades the bands for a fine texture.
      chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED)
    }
    guard let canvas = chafa_canvas_new(config) else { throw .noRoom }
    defer { chafa_canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { buffer in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, buffer.baseAddress, Int32(image.width), Int32(image.height),
        Int32(image.width * 4))
    }
    var cells: [PosterCell] = []
    cells.reserveCapacity(width * height)
    for row in 0..<height {
      for column in 0..<width {
        let code = chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
        var foreground: Int32 = 0
        var background: Int32 = 0
        chafa_canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
        let symbol = Unicode.Scalar(code).map(Character.init) ?? " "
        cells.append(
          PosterCell(
            symbol: symbol, foreground: color(foreground, mode: mode), background: color(background, mode: mode)))
      }
    }
    return PosterArt(width: width, height: height, cells: cells)
  }

  private static func canvasMode(_ mode: PosterColorMode) -> ChafaCanvasMode {
    switch mode {
    case .trueColor: return CHAFA_CANVAS_MODE_TRUECOLOR
    case .indexed256: return CHAFA_CANVAS_MODE_INDEXED_240
    case .indexed16: return CHAFA_CANVAS_MODE_INDEXED_16
    case .indexed8: return CHAFA_CANVAS_MODE_INDEXED_8
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
