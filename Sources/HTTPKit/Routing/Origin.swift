import FoundationEssentials

/// Scheme, host and port of a URL, the scheme's default port filled in: what credentials belong to.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
  /// The scheme, lower case.
  public let scheme: String
  /// The host, lower case.
  public let host: String
  /// The port, the scheme's default when the URL names none (-1 for a scheme without one).
  public let port: Int

  /// The origin of `url`.
  public init(_ url: URL) {
    scheme = url.scheme?.lowercased() ?? ""
    host = url.host?.lowercased() ?? ""
    port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
  }

  /// `scheme://host:port`.
  public var description: String { "\(scheme)://\(host):\(port)" }
}

/// What a redirect asks for, read the same way by every client; whether to follow it, and with
/// which headers, is the client's to decide.
public enum HTTPRedirect {
  /// Whether a status asks the client to go elsewhere.
  public static func isRedirect(_ status: Int) -> Bool {
    [301, 302, 303, 307, 308].contains(status)
  }

  /// Where a redirect leads: its `Location`, resolved against `url`; nil when there is none usable.
  public static func location(of response: HTTPResponse, from url: URL) -> URL? {
    guard let location = response.header("Location") else { return nil }
    return URL(string: location, relativeTo: url)?.absoluteURL
  }

  /// The method the next hop uses: 303, and 301 or 302 after a POST, go on as GET without the
  /// body (as browsers and curl do); 307 and 308 keep the method and the body.
  public static func method(after status: Int, for method: HTTPMethod) -> HTTPMethod {
    switch status {
    case 303: return .get
    case 301, 302: return method == .post ? .get : method
    default: return method
    }
  }
}
