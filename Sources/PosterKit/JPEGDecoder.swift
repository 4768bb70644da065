import CTurboJPEG
import FoundationEssentials

/// Decoded pixels: RGBA, 4 bytes a pixel, rows packed.
public struct RGBAImage: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// The pixels.
  public let pixels: [UInt8]

  /// Makes an image from its pixels.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}

/// TurboJPEG's functions, loaded by the first poster decoded.
enum TurboJPEG {
  /// The loaded table, or nil when libturbojpeg.so.0 (or a function in it) is missing.
  static let api: trending_jpeg_api? = trending_jpeg_load()?.pointee
}

/// Decodes JPEG bytes with TurboJPEG: limits checked from the header first, DCT scaling
/// straight to a size near what is needed, errors as values (never `exit()`).
public enum JPEGDecoder {
  /// The most bytes accepted for one poster.
  public static let maxBytes = 4_000_000
  /// The most pixels (width × height) accepted, checked before decoding.
  public static let maxPixels = 30_000_000
  /// The longest side accepted, checked before decoding.
  public static let maxSide = 12_000

  /// Decodes `data`, scaled down (by DCT scaling, never up) so that it still covers `target` pixels.
  public static func decode(_ data: Data, covering target: (width: Int, height: Int) = (0, 0)) throws(PosterError)
    -> RGBAImage
  {
    guard data.count <= maxBytes else { throw .tooManyBytes(data.count) }
    guard data.count > 4, data.starts(with: [0xFF, 0xD8]) else { throw .undecodable("not a JPEG") }
    guard let turbo = TurboJPEG.api else { throw .libraryMissing("libturbojpeg.so.0") }
    guard let handle = turbo.init_decompress() else { throw .undecodable("TurboJPEG could not start") }
    defer { _ = turbo.destroy(handle) }
    var bytes = [UInt8](data)
    let size = UInt(bytes.count)
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    guard turbo.decompress_header3(handle, &bytes, size, &width, &height, &subsampling, &colorspace) == 0 else {
      throw .undecodable(message(handle, turbo))
    }
    guard width > 0, height > 0, width <= maxSide, height <= maxSide, Int(width) * Int(height) <= maxPixels else {
      throw .tooManyPixels(width: Int(width), height: Int(height))
    }
    let (scaledWidth, scaledHeight) = scaledSize(width: Int(width), height: Int(height), covering: target, turbo)
    var pixels = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 4)
    let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
    let status = turbo.decompress2(
      handle, &bytes, size, &pixels, Int32(scaledWidth), 0, Int32(scaledHeight), Int32(TJPF_RGBA.rawValue), flags)
    guard status == 0 else { throw .undecodable(message(handle, turbo)) }
    return RGBAImage(width: scaledWidth, height: scaledHeight, pixels: pixels)
  }

  /// The smallest DCT-scaled size that still covers `target` (or the full size when none is).
  static func scaledSize(
    width: Int, height: Int, covering target: (width: Int, height: Int), _ turbo: trending_jpeg_api
  ) -> (Int, Int) {
    guard target.width > 0 || target.height > 0 else { return (width, height) }
    var count: Int32 = 0
    guard let factors = turbo.get_scaling_factors(&count), count > 0 else { return (width, height) }
    var best = (width, height)
    for index in 0..<Int(count) {
      let factor = factors[index]
      guard factor.num <= factor.denom else { continue }
      let scaledWidth = (width * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
      let scaledHeight = (height * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
      if scaledWidth >= target.width, scaledHeight >= target.height, scaledWidth * scaledHeight < best.0 * best.1 {
        best = (scaledWidth, scaledHeight)
      }
    }
    return best
  }

  private static func message(_ handle: tjhandle, _ turbo: trending_jpeg_api) -> String {
    guard let text = turbo.get_error_str2(handle) else { return "unknown error" }
    return String(cString: text)
  }
}
