import Foundation

/// Reads a sixel image (DCS … q … ST) back into RGBA pixels: what a terminal would draw.
public enum SixelDecoder {
  /// The decoded image: width, height and RGBA pixels (unpainted pixels are transparent).
  public struct Image: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    /// The pixel at x, y as (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
      let index = (y * width + x) * 4
      return (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]), Int(pixels[index + 3]))
    }
  }

  /// Decodes the first sixel image in `text`, or nil.
  public static func decode(_ text: String) -> Image? {
    let bytes = Array(text.utf8)
    guard
      let start = bytes.indices.first(where: { bytes[$0] == 0x1B && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x50 }),
      let q = bytes[start...].firstIndex(of: UInt8(ascii: "q"))
    else { return nil }
    var palette: [Int: (UInt8, UInt8, UInt8)] = [:]
    var painted: [Int: [Int: Int]] = [:]  // y → x → colour register
    var colour = 0
    var x = 0
    var band = 0
    var width = 0
    var index = q + 1
    func number() -> Int {
      var value = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        value = min(value * 10 + Int(bytes[index] - 0x30), 100_000)
        index += 1
      }
      return value
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B { break }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) || bytes[index] == 0x3B { index += 1 }
      case UInt8(ascii: "#"):
        index += 1
        let register = number()
        if index < bytes.count, bytes[index] == 0x3B {
          index += 1
          let system = number()
          var values: [Int] = []
          for _ in 0..<3 {
            if index < bytes.count, bytes[index] == 0x3B { index += 1 }
            values.append(number())
          }
          if system == 2 {
            palette[register] = (
              UInt8(min(255, values[0] * 255 / 100)), UInt8(min(255, values[1] * 255 / 100)),
              UInt8(min(255, values[2] * 255 / 100))
            )
          }
        }
        colour = register
      case UInt8(ascii: "!"):
        index += 1
        let count = number()
        guard index < bytes.count else { break }
        paint(bytes[index], count: count)
        index += 1
      case UInt8(ascii: "$"):
        x = 0
        index += 1
      case UInt8(ascii: "-"):
        x = 0
        band += 1
        index += 1
      case 0x3F...0x7E:
        paint(byte, count: 1)
        index += 1
      default:
        index += 1
      }
    }
    func paint(_ code: UInt8, count: Int) {
      guard (0x3F...0x7E).contains(code) else { return }
      let bits = Int(code) - 0x3F
      for offset in 0..<count {
        for bit in 0..<6 where bits & (1 << bit) != 0 {
          painted[band * 6 + bit, default: [:]][x + offset] = colour
        }
      }
      x += count
      width = max(width, x)
    }
    let height = (painted.keys.max() ?? -1) + 1
    guard width > 0, height > 0 else { return nil }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for (y, row) in painted {
      for (column, register) in row {
        let rgb = palette[register] ?? (0, 0, 0)
        let at = (y * width + column) * 4
        pixels[at] = rgb.0
        pixels[at + 1] = rgb.1
        pixels[at + 2] = rgb.2
        pixels[at + 3] = 255
      }
    }
    return Image(width: width, height: height, pixels: pixels)
  }

  /// Block averages of an RGBA image on a `columns`×`rows` grid: what two images at different
  /// sizes and palettes are compared by.
  public static func blocks(_ pixels: [UInt8], width: Int, height: Int, columns: Int, rows: Int) -> [[Double]] {
    var result: [[Double]] = []
    for row in 0..<rows {
      for column in 0..<columns {
        var sum = [0.0, 0.0, 0.0]
        var count = 0.0
        for y in (row * height / rows)..<max(row * height / rows + 1, (row + 1) * height / rows) {
          for x in (column * width / columns)..<max(column * width / columns + 1, (column + 1) * width / columns) {
            let at = (y * width + x) * 4
            guard at + 2 < pixels.count else { continue }
            for channel in 0..<3 { sum[channel] += Double(pixels[at + channel]) }
            count += 1
          }
        }
        result.append(sum.map { $0 / max(1, count) })
      }
    }
    return result
  }

  /// The mean absolute difference of two block grids, 0…255.
  public static func difference(_ a: [[Double]], _ b: [[Double]]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 255 }
    var total = 0.0
    for (x, y) in zip(a, b) { for channel in 0..<3 { total += abs(x[channel] - y[channel]) } }
    return total / Double(a.count * 3)
  }
}

/// Reads an X window dump (`xwd -root`): a 24- or 32-bit ZPixmap as RGBA.
public enum XWDReader {
  /// Width, height and RGBA pixels, or nil for anything else.
  public static func read(_ data: Data) -> (width: Int, height: Int, pixels: [UInt8])? {
    let bytes = [UInt8](data)
    func field(_ n: Int) -> Int {
      let at = n * 4
      guard at + 3 < bytes.count else { return 0 }
      return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    let headerSize = field(0)
    let format = field(2)
    let width = field(4)
    let height = field(5)
    let byteOrder = field(7)
    let bitsPerPixel = field(11)
    let bytesPerLine = field(12)
    let colours = field(19)
    guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24, width > 0, height > 0 else { return nil }
    let start = headerSize + colours * 12
    guard start + bytesPerLine * height <= bytes.count else { return nil }
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    let step = bitsPerPixel / 8
    for y in 0..<height {
      for x in 0..<width {
        let at = start + y * bytesPerLine + x * step
        // LSBFirst (0) stores B, G, R; MSBFirst stores R, G, B after any padding byte.
        let (r, g, b) =
          byteOrder == 0
          ? (bytes[at + 2], bytes[at + 1], bytes[at])
          : (bytes[at + step - 3], bytes[at + step - 2], bytes[at + step - 1])
        let out = (y * width + x) * 4
        pixels[out] = r
        pixels[out + 1] = g
        pixels[out + 2] = b
      }
    }
    return (width, height, pixels)
  }
}
