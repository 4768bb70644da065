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

  /// The wait `Retry-After` asks for, in whole seconds; nil when absent or not a number of seconds.
  public var retryAfter: Int? {
    guard let text = header("Retry-After")?.trimmingSpaces(), let seconds = Int(text), seconds >= 0 else {
      return nil
    }
    return seconds
  }
}

/// Sends one HTTP request; the plug-in point between a client and the network.
public protocol Transport: Sendable {
  /// Performs the request; throws `HTTPError` for transport failures, never for statuses.
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
