import FoundationEssentials
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
    guard apiKey != nil, !allowsCleartextKey, baseURL.scheme?.lowercased() == "http" else { return nil }
    let peer = proxy.map(ProxyEnvironment.host(ofProxy:)) ?? baseURL.host ?? ""
    guard !Self.isLoopback(peer) else { return nil }
    let host = TextSanitizer.clean(peer, limit: 100)
    return .transport(
      description:
        tr(
          "refusing to send the key to %s over plain http; use https, a proxy of your own that needs no key, or --insecure-http (AMODB_ALLOW_HTTP=1)",
          host))
  }

  /// Whether a host name is this machine: `localhost` (curl answers it itself, never through DNS),
  /// ::1, or 127.0.0.0/8 written in canonical dotted decimal. Any other spelling (`127.-0.-0.1`,
  /// `0x7f.1`, `127.1`, leading zeros) counts as another machine: curl or the resolver may read it
  /// differently, so the guard refuses rather than guesses.
  public static func isLoopback(_ host: String) -> Bool {
    // One "[" off by hand: `trimmingPrefix` is _StringProcessing's, generic, with metadata made at
    // run time on every start against a loopback server.
    let lowered = host.lowercased()
    let unbracketed = lowered.hasPrefix("[") ? lowered.dropFirst() : Substring(lowered)
    let name = unbracketed.split(separator: "]").first.map(String.init) ?? ""
    if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    func canonical(_ part: Substring) -> Bool {
      guard (1...3).contains(part.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        part == "0" || part.first != "0", let value = Int(part)
      else { return false }
      return value <= 255
    }
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy(canonical)
  }

  /// The full URL of an endpoint: base path prefix, the endpoint's path, its query.
  public func url(for path: String, query: [URLQueryItem]) -> URL? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
    let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
    components.path = prefix + path
    components.queryItems = query.isEmpty ? nil : query
    // A `+` left as it is reads as a space to the server (`certification=MA 15+`). Written out
    // by hand: the generic `joined` looked its types up by name on a request's first use.
    if let query = components.percentEncodedQuery, query.utf8.contains(UInt8(ascii: "+")) {
      var encoded = ""
      for character in query { encoded += character == "+" ? "%2B" : String(character) }
      components.percentEncodedQuery = encoded
    }
    return components.url
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
      ["http", "https"].contains(scheme), url.host?.isEmpty == false
    else { return nil }
    return url
  }
}

/// Builds a URL from a literal known to be valid.
private func staticURL(_ text: String) -> URL {
  URL(string: text) ?? URL(fileURLWithPath: "/")
}
