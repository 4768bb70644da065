import FoundationEssentials

/// A request as the transport sends it: a URL, headers and limits.
public struct HTTPRequest: Sendable, Hashable {
  /// The full URL, never carrying the key.
  public var url: URL
  /// Request headers, including `Authorization` for the API host only.
  public var headers: [String: String]
  /// The time allowed for the whole exchange, in seconds.
  public var timeout: TimeInterval
  /// The largest body accepted, in bytes.
  public var maxBodyBytes: Int

  /// Makes a GET request.
  public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 10, maxBodyBytes: Int = 8_000_000) {
    self.url = url
    self.headers = headers
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
}

/// Sends one HTTP GET; the plug-in point between the client and the network.
public protocol Transport: Sendable {
  /// Performs the request; throws `AmodbError` for transport failures, never for statuses.
  func send(_ request: HTTPRequest) async throws(AmodbError) -> HTTPResponse
}
