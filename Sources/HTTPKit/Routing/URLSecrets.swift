import FoundationEssentials

extension URL {
  /// The query arguments whose values are secrets wherever they appear (compared without regard to case).
  static let secretArguments: Set<String> = [
    "api_key", "apikey", "key", "token", "access_token", "auth", "password", "passwd", "secret", "session",
    "sig", "signature",
  ]

  /// The URL as it may be shown or stored: no `user:password@`, and no secret query argument
  /// (`api_key=…`, `token=…`); everything else as it was.
  public var withoutSecrets: String {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return absoluteString }
    components.user = nil
    components.password = nil
    if let encoded = components.percentEncodedQueryItems, let decoded = components.queryItems,
      encoded.count == decoded.count
    {
      let kept = zip(encoded, decoded).filter { !Self.secretArguments.contains($0.1.name.lowercased()) }.map(\.0)
      components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
    }
    return components.string ?? absoluteString
  }
}
