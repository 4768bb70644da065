/// How many values an answer holds, counted on its bytes before it is parsed: a parser keeps a
/// node for every value, so an answer of a million tiny objects (valid, and 8 MB) would cost a
/// parse over thirty times its size. Real answers hold one value in every 20 or more bytes.
public enum JSONDensity {
  /// Values allowed whatever the size: a 400 KB `aggregate_credits` holds about 15,000.
  public static let floor = 100_000
  /// Bytes a value must take on average above the floor (real answers take 20 to 40).
  public static let bytesPerValue = 24

  /// The values in `bytes` (containers and the elements after each comma), stopping once past
  /// `limit`; strings are skipped, escapes included.
  public static func values<Bytes: Collection>(in bytes: Bytes, limit: Int) -> Int where Bytes.Element == UInt8 {
    var count = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == 0x5C {
          escaped = true
        } else if byte == 0x22 {
          inString = false
        }
        continue
      }
      switch byte {
      case 0x22: inString = true
      case 0x7B, 0x5B, 0x2C:
        count += 1
        if count > limit { return count }
      default: break
      }
    }
    return count
  }

  /// Whether an answer of this size holds few enough values to parse.
  public static func isParseable<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
    let limit = max(floor, bytes.count / bytesPerValue)
    // Each value counted takes a byte of its own: an answer no longer than the limit is within it.
    guard bytes.count > limit else { return true }
    let counted = bytes.withContiguousStorageIfAvailable { values(in: $0, limit: limit) }
    return (counted ?? values(in: bytes, limit: limit)) <= limit
  }
}
