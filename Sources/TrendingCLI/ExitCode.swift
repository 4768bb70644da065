import AmodbKit

/// The documented exit codes, one per kind of failure.
public enum ExitCode: Int32, Sendable {
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
  /// No such film (404).
  case notFound = 6

  /// The exit code for a client error.
  public init(_ error: AmodbError) {
    switch error {
    case .missingKey, .unauthorized, .paymentRequired: self = .authentication
    case .rateLimited: self = .rateLimited
    case .notFound: self = .notFound
    case .server, .http, .timedOut, .transport, .tooLarge, .unreadable: self = .network
    }
  }
}
