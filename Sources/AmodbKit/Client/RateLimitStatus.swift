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

  /// Reads `X-RateLimit-*` or the IETF `RateLimit-*` headers; nil when neither is there.
  public init?(response: HTTPResponse) {
    func value(_ name: String) -> Int? {
      let text = response.header("X-RateLimit-\(name)") ?? response.header("RateLimit-\(name)")
      return text.flatMap { Int($0.split(separator: ",").first?.trimmingSpaces() ?? "") }
    }
    let limit = value("Limit")
    let remaining = value("Remaining")
    guard limit != nil || remaining != nil else { return nil }
    self.init(limit: limit, remaining: remaining, reset: value("Reset"))
  }
}
