import FoundationEssentials
import Localization

/// What went wrong talking to a service over HTTP, in words that name the service and never
/// another's: a client above maps it to its own errors and advice.
public struct HTTPError: Error, Sendable, Hashable {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// The network failed (offline, DNS, refused, reset) or the request was refused before it
    /// left; the description names the host, never the query.
    case transport(String)
    /// The server was reached but the exchange broke: the connection lost mid-way, a reply that
    /// is not HTTP or not in its declared encoding, a redirect not followed; the description names
    /// the host. Not "offline": the network works.
    case broken(String)
    /// The exchange did not finish within the deadline, in seconds.
    case timedOut(seconds: Int)
    /// The answer was larger than the limit, in bytes.
    case tooLarge(limit: Int)
    /// The caller gave up waiting.
    case cancelled
    /// The service answered with a status other than 2xx (and other than 429).
    case status(Int)
    /// 429 that was not waited out: the wait asked for, in seconds.
    case rateLimited(retryAfter: Int)
    /// The answer arrived but could not be read as the expected JSON.
    case unreadable(String)
  }

  /// What happened.
  public var kind: Kind
  /// The service's name as users know it ("Jellyfin"); nil when the transport alone failed.
  public var service: String?

  /// Makes an error of a kind, for a service when it is known.
  public init(_ kind: Kind, service: String? = nil) {
    self.kind = kind
    self.service = service
  }

  /// The network failed; `description` names the host.
  public static func transport(_ description: String) -> HTTPError { HTTPError(.transport(description)) }
  /// The deadline passed.
  public static func timedOut(seconds: Int) -> HTTPError { HTTPError(.timedOut(seconds: seconds)) }
  /// The answer was over the limit.
  public static func tooLarge(limit: Int) -> HTTPError { HTTPError(.tooLarge(limit: limit)) }
  /// The caller gave up.
  public static let cancelled = HTTPError(.cancelled)

  /// The same error, naming `service`.
  public func naming(_ service: String) -> HTTPError { HTTPError(kind, service: service) }

  /// One line for a person, naming the service: "Jellyfin (HTTP 401)".
  public var message: String {
    let name = service ?? tr("the server")
    switch kind {
    case .transport(let description), .broken(let description): return tr("%1$s: %2$s", name, description)
    case .timedOut(let seconds): return tr("%1$s gave no answer within %2$s s (timed out)", name, String(seconds))
    case .tooLarge(let limit):
      return tr("the answer from %1$s was larger than %2$s bytes and was not read", name, String(limit))
    case .cancelled: return tr("%1$s: %2$s", name, tr("cancelled"))
    case .status(let status): return tr("%1$s (HTTP %2$s)", name, String(status))
    case .rateLimited(let seconds):
      return tr("%1$s is rate limited (HTTP 429); try again in %2$s s", name, String(seconds))
    case .unreadable(let detail): return tr("%1$s: could not read the answer (%2$s)", name, detail)
    }
  }

  /// The error a response's status stands for, nil for 2xx: the one reading of statuses below
  /// the clients (a 429's wait is `Retry-After`, else `unsaidWait` seconds).
  public init?(status response: HTTPResponse, service: String?, unsaidWait: Int = 5) {
    if (200...299).contains(response.status) { return nil }
    let kind: Kind =
      response.status == 429 ? .rateLimited(retryAfter: response.retryAfter ?? unsaidWait) : .status(response.status)
    self.init(kind, service: service)
  }
}
