import FoundationEssentials

/// The rate-limit budget a response reported, for the status line.
public struct RateLimitStatus: Sendable, Hashable {
  /// Requests allowed per window.
  public var limit: Int?
  /// Requests left in the current window.
  public var remaining: Int?
  /// Seconds (or an epoch time, as the server sent it) until the window resets.
  public var reset: Int?

  /// Makes a status from its parts.
  public init(limit: Int?, remaining: Int?, reset: Int? = nil) {
    self.limit = limit
    self.remaining = remaining
    self.reset = reset
  }

  /// The largest reset believed: an epoch time well past this century's, or that many seconds.
  public static let largestReset = 4_102_444_800

  /// Reads `X-RateLimit-*` or the IETF `RateLimit-*` headers, each number clamped to what a
  /// rate limit can mean (a window of at most `RateBudget.largestLimit`, never negative); nil when
  /// neither header is there or none of them is a number.
  public init?(response: HTTPResponse) {
    func value(_ name: String, upTo largest: Int) -> Int? {
      let text = response.header("X-RateLimit-\(name)") ?? response.header("RateLimit-\(name)")
      guard let field = text?.split(separator: ",").first?.trimmingSpaces(), !field.isEmpty, field.count <= 40,
        field.allSatisfy({ $0.isASCII && $0.isNumber })
      else { return nil }
      // Digits only, so the one way to fail is a number too large for Int: the largest it may be.
      return min(Int(field) ?? largest, largest)
    }
    let limit = value("Limit", upTo: RateBudget.largestLimit)
    let remaining = value("Remaining", upTo: limit ?? RateBudget.largestLimit)
    guard limit != nil || remaining != nil else { return nil }
    self.init(limit: limit, remaining: remaining, reset: value("Reset", upTo: Self.largestReset))
  }
}
