import AmodbKit

/// The documented exit codes, one per kind of failure.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Success.
  case success = 0
  /// Anything not covered below.
  case failure = 1
  /// A bad command line, or the browser started without a terminal.
  case usage = 2
  /// The key is missing, refused (401) or the plan has ended (402).
  case authentication = 3
  /// The rate limit is spent (429 after retries).
  case rateLimited = 4
  /// The network or the service failed: offline, timeout, 5xx, an unreadable or oversized answer.
  case network = 5
  /// No such film or person (404), season, episode, list or sync device.
  case notFound = 6

  /// What the code means, for the manual page.
  public var meaning: String {
    switch self {
    case .success: return "success"
    case .failure: return "any other failure (a write to standard output that failed, an unreadable file)"
    case .usage: return "a bad command line, or the browser started without a terminal it can draw in"
    case .authentication: return "the key is missing or refused (401), or the plan has ended (402)"
    case .rateLimited: return "the rate limit is spent (429 after two retries)"
    case .network:
      return "the network or the service failed: offline, a timeout, a 5xx, an unreadable or oversized answer"
    case .notFound:
      return "no such film or person (404), nor such a season, episode, list or sync device; a file not identified"
    }
  }

  /// The exit code for a client error.
  public init(_ error: AmodbError) {
    switch error {
    case .missingKey, .unauthorized, .paymentRequired: self = .authentication
    case .rateLimited: self = .rateLimited
    case .notFound: self = .notFound
    case .server, .http, .timedOut, .transport, .broken, .tooLarge, .unreadable: self = .network
    // The library's trouble is the library's, as every command's library failure exits.
    case .library: self = .failure
    }
  }
}
