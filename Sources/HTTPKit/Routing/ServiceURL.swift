import FoundationEssentials

/// URLs under a service's base.
public enum ServiceURL {
  /// The full URL of `path` under `base` (its path a prefix), with `query`; nil when `base` cannot
  /// be taken apart. A `+` in the query is written `%2B`: left as it is, it reads as a space to
  /// the server (`certification=MA 15+`).
  public static func url(base: URL, path: String, query: [URLQueryItem]) -> URL? {
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
    let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
    components.path = prefix + path
    components.queryItems = query.isEmpty ? nil : query
    // Written out by hand: the generic `joined` looked its types up by name on a request's first use.
    if let query = components.percentEncodedQuery, query.utf8.contains(UInt8(ascii: "+")) {
      var encoded = ""
      for character in query { encoded += character == "+" ? "%2B" : String(character) }
      components.percentEncodedQuery = encoded
    }
    return components.url
  }
}
