import FoundationEssentials

/// The methods a request may use.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
  /// Reads a resource.
  case get = "GET"
  /// Sends a body for the server to act on.
  case post = "POST"
  /// Replaces a resource with the body.
  case put = "PUT"
  /// Removes a resource.
  case delete = "DELETE"
}

/// A request as the transport sends it: a method, a URL, headers, an optional body and limits.
public struct HTTPRequest: Sendable, Hashable {
  /// The method; GET unless said otherwise.
  public var method: HTTPMethod
  /// The full URL, never carrying a credential.
  public var url: URL
  /// Request headers, credentials (`Authorization`) only for the origin they belong to.
  public var headers: [String: String]
  /// The body sent, as it is; nil for none.
  public var body: Data?
  /// The time allowed for the whole exchange, in seconds.
  public var timeout: TimeInterval
  /// The largest body accepted, in bytes.
  public var maxBodyBytes: Int

  /// Makes a request (a GET without a body unless said otherwise).
  public init(
    method: HTTPMethod = .get, url: URL, headers: [String: String] = [:], body: Data? = nil,
    timeout: TimeInterval = 10, maxBodyBytes: Int = 8_000_000
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.maxBodyBytes = maxBodyBytes
  }
}

/// A response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Hashable {
  /// The HTTP status code.
  public var status: Int
  /// Response headers, names as the server sent them.
  public var headers: [String: String]
  /// The body, at most the request's byte limit.
  public var body: Data

  /// Makes a response from its parts.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of a header, matched without regard to case.
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.key.lowercased() == lowered }?.value
  }

  /// The wait `Retry-After` asks for, in whole seconds: a number of them, or an HTTP date less the
  /// response's `Date` (else this machine's clock); nil when absent or unreadable.
  public var retryAfter: Int? {
    guard let text = header("Retry-After")?.trimmingSpaces(), !text.isEmpty else { return nil }
    if let seconds = Int(text) { return seconds >= 0 ? seconds : nil }
    guard let when = HTTPDate.seconds(text) else { return nil }
    let now = header("Date").flatMap(HTTPDate.seconds) ?? Int64(Date().timeIntervalSince1970)
    return Int(max(0, when - now))
  }
}

/// RFC 9110's IMF-fixdate, the form servers send: `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// Seconds since 1970 of such a date, or nil when `text` is not one.
  static func seconds(_ text: String) -> Int64? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
      let day = Int(parts[1]), (1...31).contains(day), let month = months.firstIndex(of: String(parts[2])),
      let year = Int(parts[3]), (1970...9999).contains(year)
    else { return nil }
    let time = parts[4].split(separator: ":").compactMap { Int($0) }
    guard time.count == 3, (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2]) else {
      return nil
    }
    // Days since 1970 of the civil date (Howard Hinnant's algorithm), March-based years.
    let shifted = month < 2 ? year - 1 : year
    let era = shifted / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * ((month + 10) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return Int64(days) * 86_400 + Int64(time[0] * 3600 + time[1] * 60 + time[2])
  }
}

/// Sends one HTTP request; the plug-in point between a client and the network.
public protocol Transport: Sendable {
  /// Performs the request; throws `HTTPError` for transport failures, never for statuses.
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
