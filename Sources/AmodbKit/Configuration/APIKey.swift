import Foundation

/// The amodb key; it describes itself as a mask so that interpolation can never leak it.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The secret itself, used only to build the `Authorization` header.
  let secret: String

  /// Wraps a key read from `AMODB_KEY`; nil when it is empty or not a plausible token.
  public init?(_ secret: String) {
    let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
    self.secret = trimmed
  }

  /// The `Authorization` header value.
  var bearer: String { "Bearer \(secret)" }

  public var description: String { "<key hidden>" }
  public var debugDescription: String { "<key hidden>" }
}
