import FoundationEssentials

/// Where a credential sent over plain http would be readable: the first machine the request
/// reaches (the proxy, else the host), judged before any lookup or connection.
public enum CleartextGuard {
  /// The machine a plain-http request to `url` first reaches, when it is not this one: the host of
  /// `proxy` (the proxy the request goes through, if any), else the URL's host; nil for https and
  /// for this machine. A client refuses to attach credentials when this is not nil (unless the user
  /// allowed it).
  public static func exposedPeer(for url: URL, proxy: String?) -> String? {
    guard url.scheme?.lowercased() == "http" else { return nil }
    let peer = proxy.map(ProxyEnvironment.host(ofProxy:)) ?? url.host ?? ""
    return isLoopback(peer) ? nil : peer
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
}
