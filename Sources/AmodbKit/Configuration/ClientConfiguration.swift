import FoundationEssentials
import HTTPKit
import Localization

/// Where the client talks to, with which key, in which language.
public struct ClientConfiguration: Sendable {
  /// The public API host.
  public static let defaultBaseURL = staticURL("https://api.amodb.dev/3")
  /// The public image host.
  public static let defaultImageBaseURL = staticURL("https://img.amodb.dev/t/p")

  /// The API base, any scheme, host, port and path prefix.
  public var baseURL: URL
  /// The image base; the key is never sent there.
  public var imageBaseURL: URL
  /// The key, when one is configured.
  public var apiKey: APIKey?
  /// The language tag sent with every request.
  public var language: String
  /// The country for the regional lists (now playing, upcoming, …), e.g. "UA"; nil for none.
  public var region: String?
  /// Seconds allowed for each request.
  public var timeout: TimeInterval
  /// The largest API answer accepted, in bytes.
  public var maxBodyBytes: Int
  /// Whether the user allowed the key to travel over plain http to another machine.
  public var allowsCleartextKey = false
  /// The proxy the environment routes the API base through (`ProxyEnvironment`); nil for none.
  public var proxy: String?
  /// How many times a 429 is waited out and tried again (doctor, asking once, tries none).
  public var rateLimitRetries = AmodbClient.maxRateLimitRetries

  /// Makes a configuration from its parts.
  public init(
    baseURL: URL = defaultBaseURL, imageBaseURL: URL = defaultImageBaseURL, apiKey: APIKey?,
    language: String = LanguageTag.fallback, timeout: TimeInterval = 10, maxBodyBytes: Int = 8_000_000
  ) {
    self.baseURL = baseURL
    self.imageBaseURL = imageBaseURL
    self.apiKey = apiKey
    self.language = language
    self.timeout = timeout
    self.maxBodyBytes = maxBodyBytes
  }

  /// Whether the API base is amodb's own host, which needs a key.
  public var usesDefaultHost: Bool {
    baseURL.host?.lowercased() == Self.defaultBaseURL.host
  }

  /// The error that stops requests before they start: a missing key for the default host.
  public var missingKeyError: AmodbError? {
    apiKey == nil && usesDefaultHost ? .missingKey : nil
  }

  /// The error that stops a key from travelling in cleartext: an `http://` base while a key is
  /// set, when the machine the request first reaches (the proxy, if the environment names one, else
  /// the host) is not this one, unless the user allowed it (`--insecure-http`). Checked before any
  /// lookup or connection.
  public var cleartextKeyError: AmodbError? {
    guard apiKey != nil, !allowsCleartextKey, let peer = CleartextGuard.exposedPeer(for: baseURL, proxy: proxy) else {
      return nil
    }
    let host = TextSanitizer.clean(peer, limit: 100)
    return .transport(
      description:
        tr(
          "refusing to send the key to %s over plain http; use https, a proxy of your own that needs no key, or --insecure-http (AMODB_ALLOW_HTTP=1)",
          host))
  }

  /// Whether a host name is this machine (`CleartextGuard.isLoopback`).
  public static func isLoopback(_ host: String) -> Bool {
    CleartextGuard.isLoopback(host)
  }

  /// The full URL of an endpoint: base path prefix, the endpoint's path, its query.
  public func url(for path: String, query: [URLQueryItem]) -> URL? {
    ServiceURL.url(base: baseURL, path: path, query: query)
  }

  /// The URL of a poster at a size such as `w185`.
  public func posterURL(path: String, size: String) -> URL? {
    guard let path = ImagePath.validated(path) else { return nil }
    let base =
      imageBaseURL.absoluteString.hasSuffix("/")
      ? String(imageBaseURL.absoluteString.dropLast()) : imageBaseURL.absoluteString
    return URL(string: "\(base)/\(size)\(path)")
  }

  /// Reads a base URL given by a person; nil unless it is absolute with a host.
  public static func parseBaseURL(_ text: String) -> URL? {
    guard let url = URL(string: text.trimmingSpaces()), let scheme = url.scheme?.lowercased(),
      ["http", "https"].contains(scheme), url.host?.isEmpty == false,
      // A port is one a connection can use (99999 is none).
      url.port.map({ (1...65_535).contains($0) }) ?? true
    else { return nil }
    return url
  }
}

/// Builds a URL from a literal known to be valid.
private func staticURL(_ text: String) -> URL {
  URL(string: text) ?? URL(fileURLWithPath: "/")
}
