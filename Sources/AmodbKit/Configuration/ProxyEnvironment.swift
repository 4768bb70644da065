import FoundationEssentials

/// The proxy curl will send a plain-http request through, read from the environment as curl reads
/// it, so the cleartext guard judges the machine the key really goes to.
public enum ProxyEnvironment {
  /// The proxy for `url` (`http_proxy`, then `all_proxy`, either case), unless `no_proxy` exempts
  /// its host; nil when the request goes straight to the host. Only plain http is asked about.
  public static func proxy(for url: URL, environment: [String: String]) -> String? {
    guard url.scheme?.lowercased() == "http", let host = url.host?.lowercased() else { return nil }
    let names = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"]
    guard let proxy = names.lazy.compactMap({ environment[$0]?.trimmingSpaces() }).first(where: { !$0.isEmpty })
    else { return nil }
    let exempt = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
    return isExempt(host, by: exempt) ? nil : proxy
  }

  /// The host a proxy setting names (`http://user@10.0.0.5:3128`, `socks5h://p:1080` or `p:3128`).
  public static func host(ofProxy proxy: String) -> String {
    let withScheme = proxy.contains("://") ? proxy : "http://" + proxy
    return URL(string: withScheme)?.host ?? proxy
  }

  /// Whether `no_proxy` names the host: `*`, the host itself, or a domain it is under. (curl also
  /// takes address ranges; an entry not understood here exempts nothing, so the guard errs safe.)
  static func isExempt(_ host: String, by list: String) -> Bool {
    let bare = host.trimmingPrefix("[").split(separator: "]").first.map(String.init) ?? host
    for entry in list.split(separator: ",") {
      let name = entry.trimmingSpaces().lowercased()
      if name == "*" { return true }
      let domain = name.hasPrefix(".") ? String(name.dropFirst()) : name
      guard !domain.isEmpty else { continue }
      if bare == domain || bare.hasSuffix("." + domain) { return true }
    }
    return false
  }
}
