import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The proxy settings of the environment, read once and decided here for every request: the
/// transport hands curl this decision (`CURLOPT_PROXY`, with an empty `CURLOPT_NOPROXY`), so curl
/// never reads the variables itself and the cleartext guard judges the peer curl really uses.
///
/// The variables are read as curl documents them: `http_proxy` (lower case only), `https_proxy`
/// or `HTTPS_PROXY`, then `all_proxy` or `ALL_PROXY`; `no_proxy` or `NO_PROXY` lists the hosts
/// that go direct.
public struct ProxyEnvironment: Sendable, Hashable {
  /// No proxy for anything.
  public static let none = ProxyEnvironment(environment: [:])

  /// The proxy for plain http, `https` and any scheme, as set (empty for unset).
  private let http: String
  private let https: String
  private let all: String
  /// The exemptions, as set.
  private let exemptions: String

  /// Reads the variables from an environment.
  public init(environment: [String: String]) {
    func first(_ names: [String]) -> String {
      names.lazy.compactMap { environment[$0]?.trimmingSpaces() }.first { !$0.isEmpty } ?? ""
    }
    http = first(["http_proxy"])
    https = first(["https_proxy", "HTTPS_PROXY"])
    all = first(["all_proxy", "ALL_PROXY"])
    exemptions = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
  }

  /// The proxy a request to `url` goes through, and the variable that named it; nil to go direct.
  public func route(for url: URL) -> (proxy: String, variable: String)? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
    let specific = scheme == "http" ? (http, "http_proxy") : scheme == "https" ? (https, "https_proxy") : ("", "")
    let chosen = !specific.0.isEmpty ? specific : (all, "all_proxy")
    guard !chosen.0.isEmpty, !Self.isExempt(host, by: exemptions) else { return nil }
    return chosen
  }

  /// The proxy a request to `url` goes through; nil to go direct.
  public func proxy(for url: URL) -> String? { route(for: url)?.proxy }

  /// The proxy for a plain-http `url` (the one the cleartext guard asks about); nil for none or https.
  public static func proxy(for url: URL, environment: [String: String]) -> String? {
    guard url.scheme?.lowercased() == "http" else { return nil }
    return ProxyEnvironment(environment: environment).proxy(for: url)
  }

  /// The host a proxy setting names (`http://user@10.0.0.5:3128`, `socks5h://p:1080` or `p:3128`).
  public static func host(ofProxy proxy: String) -> String {
    let withScheme = proxy.contains("://") ? proxy : "http://" + proxy
    return URL(string: withScheme)?.host ?? proxy
  }

  /// Whether `no_proxy` names the host, by curl's rules: the whole list `*`; else entries split at
  /// commas and blanks, each a name that matches the host or a domain it is under (a leading or
  /// trailing dot ignored, without regard to case), or, for a host that is an address, an
  /// address or an address range (`10.0.0.0/8`, `fe80::/10`) only; a `*` among others is no match.
  static func isExempt(_ host: String, by list: String) -> Bool {
    let trimmed = list.trimmingSpaces()
    if trimmed == "*" { return true }
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    let address = IPAddress(name)
    if address == nil, name.hasSuffix(".") { name.removeLast() }
    let entries = trimmed.split { $0 == "," || $0 == " " || $0 == "\t" }
    for entry in entries {
      let pattern = entry.lowercased()
      if let address {
        let parts = pattern.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let network = IPAddress(String(parts[0])), network.bytes.count == address.bytes.count else { continue }
        // As curl reads it: no length, or a length of 0, is the whole address.
        let given = parts.count == 2 ? Int(parts[1]) ?? -1 : 0
        let bits = given == 0 ? network.bytes.count * 8 : given
        if address.matches(network, bits: bits) { return true }
        continue
      }
      var domain = Substring(pattern)
      if domain.hasSuffix(".") { domain = domain.dropLast() }
      if domain.hasPrefix(".") { domain = domain.dropFirst() }
      guard !domain.isEmpty else { continue }
      if name == domain || name.hasSuffix("." + domain) { return true }
    }
    return false
  }
}

/// An IPv4 or IPv6 address in its numeric form, for `no_proxy`'s address entries.
struct IPAddress: Equatable {
  /// 4 or 16 bytes, network order.
  let bytes: [UInt8]

  /// Reads dotted decimal (exactly four parts, as `inet_pton` does) or IPv6 text; nil otherwise.
  init?(_ text: String) {
    var storage = [UInt8](repeating: 0, count: 16)
    if inet_pton(AF_INET, text, &storage) == 1 {
      bytes = Array(storage.prefix(4))
    } else if inet_pton(AF_INET6, text, &storage) == 1 {
      bytes = storage
    } else {
      return nil
    }
  }

  /// Whether the first `bits` bits equal `network`'s (1 to the address's length; else no match).
  func matches(_ network: IPAddress, bits: Int) -> Bool {
    guard (1...bytes.count * 8).contains(bits) else { return false }
    for index in 0..<bytes.count {
      let left = min(8, max(0, bits - index * 8))
      let mask: UInt8 = left == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - left))
      if bytes[index] & mask != network.bytes[index] & mask { return false }
    }
    return true
  }
}
