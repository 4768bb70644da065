import FoundationEssentials

/// The amodb key; it describes itself as a mask so that interpolation can never leak it.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The `Authorization` header value, built once so requests share one copy of the key's bytes.
  let bearer: String

  /// Wraps a key read from `AMODB_KEY`; nil when it is empty or not a plausible token.
  public init?(_ secret: String) {
    let trimmed = secret.trimmingSpaces()
    guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
    bearer = "Bearer " + trimmed
  }

  /// `text` with every run of eight or more of the key's characters in a row (the key echoed by
  /// a server or a proxy, whole or in part) put as "<key hidden>".
  public func hiding(in text: String) -> String {
    let key = Array(bearer.utf8.dropFirst("Bearer ".utf8.count))
    let bytes = Array(text.utf8)
    let shortest = min(8, key.count)
    var hidden = [Bool](repeating: false, count: bytes.count)
    var found = false
    for start in bytes.indices {
      var longest = 0
      for offset in key.indices where key[offset] == bytes[start] {
        var length = 0
        while offset + length < key.count, start + length < bytes.count, key[offset + length] == bytes[start + length] {
          length += 1
        }
        longest = max(longest, length)
      }
      guard longest >= shortest, shortest > 0 else { continue }
      found = true
      for index in start..<(start + longest) { hidden[index] = true }
    }
    guard found else { return text }
    var result: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      if !hidden[index] {
        result.append(byte)
      } else if index == 0 || !hidden[index - 1] {
        result += Array(description.utf8)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  public var description: String { "<key hidden>" }
  public var debugDescription: String { "<key hidden>" }
}
