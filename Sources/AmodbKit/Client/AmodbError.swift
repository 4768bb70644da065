import FoundationEssentials
import HTTPKit
import Localization

/// Everything that can go wrong talking to amodb, each with a message a person can act on.
public enum AmodbError: Error, Sendable, Hashable {
  /// No key was configured for the default host.
  case missingKey
  /// 401: the key is missing, wrong or suspended.
  case unauthorized(message: String?)
  /// 402: the plan period has ended.
  case paymentRequired(message: String?)
  /// 404: no such film or path.
  case notFound(message: String?)
  /// 429 after the allowed retries; `retryAfter` is the last wait the server asked for.
  case rateLimited(retryAfter: Int)
  /// 5xx: the service failed.
  case server(status: Int, message: String?)
  /// Any other unexpected status.
  case http(status: Int, message: String?)
  /// The request did not finish in time.
  case timedOut(seconds: Int)
  /// The network failed: offline, DNS, refused, reset.
  case transport(description: String)
  /// The server was reached but the exchange broke (lost mid-way, a bad reply, a redirect not
  /// followed): the network works, so it is never said as offline.
  case broken(description: String)
  /// The answer was larger than the allowed size.
  case tooLarge(limit: Int)
  /// The answer arrived but could not be read as the expected JSON.
  case unreadable(detail: String)
  /// The user's library (not the network) could not be read: its own message, naming the file.
  case library(message: String)

  /// One line for a person: what happened and what to do.
  public var message: String {
    switch self {
    case .missingKey:
      return tr(
        "No API key: name a file holding it (chmod 600) with 'set key-file PATH', or set AMODB_KEY; `trending --demo` runs offline."
      )
    case .unauthorized(let detail):
      return tr("The API key was refused (401)%s. Check the key in AMODB_KEY or in your key file.", suffix(detail))
    case .paymentRequired(let detail):
      return tr("The amodb plan period has ended (402)%s. Renew it on the pricing page.", suffix(detail))
    case .notFound(let detail):
      return tr("Not found (404)%s.", suffix(detail))
    case .rateLimited(let retryAfter) where retryAfter <= 0:
      return tr("Too many requests (429): the rate limit was spent.")
    case .rateLimited(let retryAfter):
      return tr("Too many requests (429): the rate limit is spent. Try again in %s s.", String(retryAfter))
    case .server(let status, let detail):
      return tr("The amodb service failed (HTTP %1$s)%2$s.", String(status), suffix(detail))
    case .http(let status, let detail):
      return tr("Unexpected answer (HTTP %1$s)%2$s.", String(status), suffix(detail))
    case .timedOut(let seconds):
      return tr("No answer within %s s (timed out).", String(seconds))
    case .transport(let description), .broken(let description):
      return tr("Network error: %s.", description)
    case .tooLarge(let limit):
      return tr("The answer was too large (over %s MB) and was not read.", String(limit / 1_000_000))
    case .unreadable(let detail):
      return tr("Could not read the answer (%s).", detail)
    case .library(let message):
      return message
    }
  }

  /// A few words for a status line: "service error (HTTP 503)", "timed out".
  public var summary: String {
    switch self {
    case .missingKey: return tr("no API key")
    case .unauthorized: return tr("key refused (401)")
    case .paymentRequired: return tr("plan ended (402)")
    case .notFound: return tr("not found (404)")
    case .rateLimited(let retryAfter) where retryAfter <= 0: return tr("rate limited (429)")
    case .rateLimited(let retryAfter): return tr("rate limited (429), try again in %s s", String(retryAfter))
    case .server(let status, _): return tr("service error (HTTP %s)", String(status))
    case .http(let status, _): return tr("unexpected answer (HTTP %s)", String(status))
    case .timedOut: return tr("timed out")
    case .transport(let description), .broken(let description): return description
    case .tooLarge: return tr("answer too large")
    case .unreadable: return tr("unreadable answer")
    case .library: return tr("library problem")
    }
  }

  /// Whether no answer came at all (no network, or none in time), rather than a bad one; the
  /// browser says a timeout as such, never as offline.
  public var isOffline: Bool {
    switch self {
    case .transport, .timedOut: return true
    default: return false
    }
  }

  /// The error as it reads at `now`: a rate limit's wait counted down to `until` (when the wait
  /// it asked for is over; nil when that is not known), and past it only the limit; any other
  /// error as it is.
  public func counted(until: Date?, now: Date) -> AmodbError {
    guard case .rateLimited = self, let until else { return self }
    return .rateLimited(retryAfter: max(0, Int(until.timeIntervalSince(now).rounded(.up))))
  }

  /// Whether no usable answer can come now from anywhere (offline, or every exchange broken, as
  /// behind a captive portal's redirect): work of many requests stops at the first.
  public var isUnreachable: Bool {
    if case .broken = self { return true }
    return isOffline
  }

  /// Whether every other request would meet it now too: the key missing or refused, the plan
  /// ended, the rate limit spent after its retries, or nothing reachable. Work of many requests
  /// (`new`, `calendar`) asks no more after the first.
  public var refusesEveryRequest: Bool {
    switch self {
    case .missingKey, .unauthorized, .paymentRequired, .rateLimited: return true
    default: return isUnreachable
    }
  }

  /// Whether nothing but another key helps: none given, or the one given refused. The key is read
  /// at start, so no request of this process can succeed after it.
  public var needsAnotherKey: Bool {
    switch self {
    case .missingKey, .unauthorized: return true
    default: return false
    }
  }

  /// Whether trying again later might help.
  public var isRetryable: Bool {
    switch self {
    case .missingKey, .unauthorized, .paymentRequired, .notFound: return false
    default: return true
    }
  }

  private func suffix(_ detail: String?) -> String {
    guard let detail, !detail.isEmpty else { return "" }
    return ": \(detail.hasSuffix(".") ? String(detail.dropLast()) : detail)"
  }
}

extension AmodbError {
  /// The error with `key` hidden wherever its words repeat it (a redirect to a host named with it,
  /// a proxy's message quoting it).
  public func hiding(_ key: APIKey?) -> AmodbError {
    guard let key else { return self }
    switch self {
    case .transport(let description): return .transport(description: key.hiding(in: description))
    case .broken(let description): return .broken(description: key.hiding(in: description))
    case .unreadable(let detail): return .unreadable(detail: key.hiding(in: detail))
    default: return self
    }
  }

  /// The amodb error for a failure below the client, in the words users have always read.
  public init(_ error: HTTPError) {
    switch error.kind {
    case .transport(let description): self = .transport(description: description)
    case .broken(let description): self = .broken(description: description)
    case .timedOut(let seconds): self = .timedOut(seconds: seconds)
    case .tooLarge(let limit): self = .tooLarge(limit: limit)
    case .cancelled: self = .transport(description: tr("cancelled"))
    case .status(let status):
      self = StatusMapping.error(for: HTTPResponse(status: status)) ?? .http(status: status, message: nil)
    case .rateLimited(let retryAfter): self = .rateLimited(retryAfter: retryAfter)
    case .unreadable(let detail): self = .unreadable(detail: detail)
    }
  }
}

/// Maps an amodb answer to an error: the one place that reads its statuses.
public enum StatusMapping {
  /// Returns the error for a non-2xx response, or nil for success; `key`, the one sent, is hidden
  /// wherever the service's message repeats it.
  public static func error(for response: HTTPResponse, hiding key: APIKey? = nil) -> AmodbError? {
    if (200...299).contains(response.status) { return nil }
    let message = serviceMessage(in: response.body).map { key?.hiding(in: $0) ?? $0 }
    switch response.status {
    case 401: return .unauthorized(message: message)
    case 402: return .paymentRequired(message: message)
    case 404: return .notFound(message: message)
    case 429: return .rateLimited(retryAfter: retryAfter(in: response))
    case 500...599: return .server(status: response.status, message: message)
    default: return .http(status: response.status, message: message)
    }
  }

  /// The wait a 429 asks for: `Retry-After` seconds, 5 when absent or unreadable, at most 30.
  public static func retryAfter(in response: HTTPResponse) -> Int {
    min(response.retryAfter ?? 5, 30)
  }

  /// The `status_message` (or first of `errors`) of a TMDB-shaped error body, cleaned.
  static func serviceMessage(in body: Data) -> String? {
    guard body.count < 64_000, let object = try? JSONDecoder().decode(JSONValue.self, from: body) else { return nil }
    let raw = object["status_message"]?.string ?? object["errors"]?.array?.compactMap(\.string).first
    guard let raw else { return nil }
    let cleaned = TextSanitizer.clean(raw, limit: 200)
    return cleaned.isEmpty ? nil : cleaned
  }
}
