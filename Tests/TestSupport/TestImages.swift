import CTurboJPEG
import Foundation

/// TurboJPEG's functions, loaded once.
private let turboJPEG = trending_jpeg_load()?.pointee

/// Makes JPEGs for tests with TurboJPEG's encoder: known sizes, known colours.
public enum TestImages {
  /// A JPEG of `width`×`height`: the top half `top`, the bottom half `bottom` (RGB).
  public static func jpeg(
    width: Int, height: Int, top: (UInt8, UInt8, UInt8) = (220, 30, 30), bottom: (UInt8, UInt8, UInt8)? = nil,
    progressive: Bool = false, quality: Int32 = 85
  ) -> Data {
    let lower = bottom ?? top
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      let color = y < height / 2 ? top : lower
      for x in 0..<width {
        let index = (y * width + x) * 3
        pixels[index] = color.0
        pixels[index + 1] = color.1
        pixels[index + 2] = color.2
      }
    }
    guard let turbo = turboJPEG, let handle = turbo.init_compress() else { return Data() }
    defer { _ = turbo.destroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let flags = progressive ? TJFLAG_PROGRESSIVE : 0
    let status = turbo.compress2(
      handle, pixels, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
      Int32(TJSAMP_420.rawValue), quality, flags)
    guard status == 0, let output else { return Data() }
    defer { turbo.free(output) }
    return Data(bytes: output, count: Int(size))
  }

  /// A copy of `jpeg` whose frame header claims `width`×`height`.
  public static func claimingSize(_ jpeg: Data, width: UInt16, height: UInt16) -> Data {
    var bytes = [UInt8](jpeg)
    for index in 0..<(bytes.count - 9)
    where bytes[index] == 0xFF && (bytes[index + 1] == 0xC0 || bytes[index + 1] == 0xC2) {
      bytes[index + 5] = UInt8(height >> 8)
      bytes[index + 6] = UInt8(height & 0xFF)
      bytes[index + 7] = UInt8(width >> 8)
      bytes[index + 8] = UInt8(width & 0xFF)
      break
    }
    return Data(bytes)
  }
}
