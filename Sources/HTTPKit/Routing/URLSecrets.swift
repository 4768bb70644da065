import FoundationEssentials

extension URL {
  /// The query arguments whose values are secrets wherever they appear (compared without regard to
  /// case): generic names, and the media servers' own (Plex's, Jellyfin's and Emby's tokens).
  static let secretArguments: Set<String> = [
    "api_key", "apikey", "key", "token", "access_token", "auth", "password", "passwd", "secret", "session",
    "sig", "signature", "x-plex-token", "x-emby-token", "x-mediabrowser-token", "x-emby-authorization",
  ]

  /// Whether a query argument's name is a secret's: read with its percent-escapes undone and cut
  /// at an `=` written escaped (`X-Plex-Token%3Dabc` is one name, with its value inside).
  static func isSecret(name: String) -> Bool {
    let decoded = name.percentDecoded
    let bare = decoded.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    return secretArguments.contains(bare.lowercased())
  }

  /// Whether one argument as written (`name=value`) is a secret's.
  static func isSecret(argument: Substring) -> Bool {
    isSecret(name: String(argument.split(separator: "=", maxSplits: 1).first ?? ""))
  }

  /// Whether `text` (a query or a fragment, `a=b&c=d`, a fragment's own `?…` too) names a secret argument.
  static func namesSecret(_ text: String) -> Bool {
    text.split(whereSeparator: { $0 == "&" || $0 == "?" }).contains(where: isSecret(argument:))
  }

  /// Whether the URL carries a password or a secret argument, in its query or its fragment.
  public var carriesSecrets: Bool {
    guard let components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return true }
    return components.user != nil || components.password != nil
      || Self.namesSecret(components.percentEncodedQuery ?? "")
      || Self.namesSecret(components.percentEncodedFragment ?? "")
  }

  /// The URL as it may be shown or stored: no `user:password@`, no secret query argument
  /// (`api_key=…`, `token=…`, `X-Plex-Token=…`) and no fragment naming one; everything else as it was.
  public var withoutSecrets: String {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return absoluteString }
    components.user = nil
    components.password = nil
    if let query = components.percentEncodedQuery {
      let kept = query.split(separator: "&").filter { !Self.isSecret(argument: $0) }
      components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
    }
    if let fragment = components.percentEncodedFragment, Self.namesSecret(fragment) {
      components.percentEncodedFragment = nil
    }
    return components.string ?? absoluteString
  }

  /// Text that may be a URL (a file played from a server) as it may be shown: a URL without its
  /// secrets, anything else as it is.
  public static func shownWithoutSecrets(_ text: String) -> String {
    guard text.contains("://"),
      let url = URL(string: text) ?? URL(string: text.replacing(" ", with: "%20")), url.scheme != nil
    else { return text }
    return url.withoutSecrets
  }
}

extension String {
  /// `%20` and its kin as the bytes they stand for (a bad escape stays as it is).
  public var percentDecoded: String {
    var bytes: [UInt8] = []
    var utf8 = Array(utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
