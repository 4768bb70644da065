/// Ids derived from text alike on every machine: two 64-bit FNV-1a hashes, as 32 hex digits.
enum StableID {
  /// The id of `parts`.
  static func of(_ parts: [String]) -> String {
    let bytes = Array(parts.joined(separator: "\u{1f}").utf8)
    func fnv(_ basis: UInt64) -> String {
      var hash = basis
      for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }
    return fnv(0xcbf2_9ce4_8422_2325) + fnv(0x8422_2325_cbf2_9ce4)
  }
}
