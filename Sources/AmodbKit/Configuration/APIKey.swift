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

  public var description: String { "<key hidden>" }
  public var debugDescription: String { "<key hidden>" }
}
