import CChafa
import FoundationEssentials

/// A poster encoded for a terminal that draws images over its cells (sixel, iTerm2): the bytes
/// and the cells they cover. Written after the screen's update, at the poster box's corner.
public struct PixelPoster: Hashable, Sendable {
  /// Which protocol the bytes speak.
  public enum Kind: String, Sendable {
    /// DEC sixel, drawn by libchafa.
    case sixel
    /// iTerm2's inline image (OSC 1337).
    case iterm
    /// kitty's graphics protocol placed at the cursor, for kitty before Unicode placeholders.
    case kitty
  }

  /// The protocol.
  public let kind: Kind
  /// The escape sequence that draws the image at the cursor.
  public let sequence: String
  /// The cells it covers.
  public let columns: Int
  /// The rows it covers.
  public let rows: Int
  /// The sequence that takes it off the screen, when the protocol has one (kitty); otherwise
  /// spaces written over its cells erase it.
  public let erase: String?
  /// What the terminal takes in before anything shows (kitty's image data), written before the
  /// old poster is erased: the box is never seen empty while the data arrives.
  public let upload: String

  /// Makes a poster.
  public init(kind: Kind, sequence: String, columns: Int, rows: Int, erase: String? = nil, upload: String = "") {
    self.kind = kind
    self.sequence = sequence
    self.columns = columns
    self.rows = rows
    self.erase = erase
    self.upload = upload
  }
}

/// Encodes decoded pixels as sixels (libchafa does the palette, dithering and bands) or as an
/// iTerm2 inline image (the JPEG itself, base64, sized in cells).
public enum PixelEncoder {
  /// The most bytes a sixel poster may take; a larger one is not drawn.
  public static let maxSixelBytes = 4_000_000

  /// Sixels for `image` scaled to fill `columns`×`rows` cells of `cell` pixels, or nil.
  public static func sixel(_ image: RGBAImage, columns: Int, rows: Int, cell: (width: Int, height: Int)) -> String? {
    guard columns > 0, rows > 0, image.width > 0, image.height > 0,
      image.pixels.count == image.width * image.height * 4
    else { return nil }
    guard let chafa = Chafa.api, let config = chafa.canvas_config_new() else { return nil }
    defer { chafa.canvas_config_unref(config) }
    chafa.canvas_config_set_pixel_mode(config, TRENDING_CHAFA_PIXEL_MODE_SIXELS)
    // True colour makes chafa pick a palette of 256 for this image (not the fixed xterm cube),
    // and diffusion dithering spreads what it cannot match, so skies keep their colour unbanded.
    chafa.canvas_config_set_canvas_mode(config, TRENDING_CHAFA_CANVAS_MODE_TRUECOLOR)
    chafa.canvas_config_set_dither_mode(config, TRENDING_CHAFA_DITHER_MODE_DIFFUSION)
    chafa.canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa.canvas_config_set_cell_geometry(config, Int32(max(1, cell.width)), Int32(max(1, cell.height)))
    guard let canvas = chafa.canvas_new(config) else { return nil }
    defer { chafa.canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { pixels in
      chafa.canvas_draw_all_pixels(
        canvas, TRENDING_CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(image.width), Int32(image.height),
        Int32(image.width * 4))
    }
    // The fallback terminal description carries the sixel sequences (DCS q … ST).
    guard let database = chafa.term_db_get_default(), let info = chafa.term_db_get_fallback_info(database) else {
      return nil
    }
    defer { chafa.term_info_unref(info) }
    guard let printed = chafa.canvas_print(canvas, info) else { return nil }
    defer { _ = chafa.string_free(printed, 1) }
    guard printed.pointee.len > 0, printed.pointee.len <= maxSixelBytes, let text = printed.pointee.str else {
      return nil
    }
    return String(cString: text)
  }

  /// An iTerm2 inline image (OSC 1337) of `jpeg` stretched to `columns`×`rows` cells.
  public static func iterm(jpeg: Data, columns: Int, rows: Int) -> String {
    "\u{1B}]1337;File=inline=1;size=\(jpeg.count);width=\(columns);height=\(rows);preserveAspectRatio=0:"
      + jpeg.base64EncodedString() + "\u{07}"
  }
}
