import AmodbKit
import FoundationEssentials
import HTTPKit
import Localization
import TrendingCore

/// Where `trending new --push` sends what it found: a webhook (any http or https URL, which gets
/// the whole JSON body), or an ntfy topic (`ntfy://host/topic` over http, `ntfys://host/topic`
/// over https, as Apprise names them), which gets ntfy's own JSON publishing form.
public enum PushTarget: Equatable, Sendable {
  /// A URL that takes the JSON body as it is.
  case webhook(URL)
  /// An ntfy server and a topic on it.
  case ntfy(server: URL, topic: String)

  /// Reads `--push`'s value; why not, when it cannot be one.
  static func parse(_ text: String) -> Result<PushTarget, UsageError> {
    let shown = OptionTable.shown(text)
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      let host = components.host, !host.isEmpty
    else {
      return .failure(UsageError(message: tr("--push takes an http(s) URL or ntfy://host/topic, not %s", shown)))
    }
    guard components.user == nil, components.password == nil else {
      return .failure(
        UsageError(message: tr("--push: the URL carries a password; it would be in your shell's history")))
    }
    switch scheme {
    case "http", "https":
      guard let url = components.url else { break }
      return .success(.webhook(url))
    case "ntfy", "ntfys":
      let topic = String(components.path.dropFirst())
      guard !topic.isEmpty, topic.count <= 64,
        topic.utf8.allSatisfy({ byte in
          (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
            || byte == 0x2d || byte == 0x5f
        })
      else {
        return .failure(
          UsageError(
            message: tr("--push: an ntfy topic is 1 to 64 letters, digits, '-' or '_', as in ntfys://ntfy.sh/my-films"))
        )
      }
      var server = URLComponents()
      server.scheme = scheme == "ntfys" ? "https" : "http"
      server.host = host
      server.port = components.port
      server.path = "/"
      guard let url = server.url else { break }
      return .success(.ntfy(server: url, topic: topic))
    default: break
    }
    return .failure(UsageError(message: tr("--push takes an http(s) URL or ntfy://host/topic, not %s", shown)))
  }

  /// The name errors give it: its host, never its path or query (a webhook's secret is often there).
  var name: String {
    switch self {
    case .webhook(let url): return tr("the webhook at %s", TextSanitizer.clean(url.host ?? "?", limit: 100))
    case .ntfy(let server, _): return tr("ntfy at %s", TextSanitizer.clean(server.host ?? "?", limit: 100))
    }
  }
}

/// The JSON body `new --push` posts (README, "New for you, on your phone").
enum PushBody {
  /// The webhook's body: the summary line, the text, and every item as `new --json` writes it.
  struct Webhook: Encodable {
    let source = "trending"
    let version = 1
    let title: String
    let message: String
    let items: [Output.NewsEntry]
  }

  /// ntfy's JSON publishing form.
  struct Ntfy: Encodable {
    let topic: String
    let title: String
    let message: String
    let tags = ["clapper"]
  }

  /// The body for `target`.
  static func json(_ items: [WhatIsNew.Item], for target: PushTarget) -> Data {
    let title = trn("trending: %s new for you", "trending: %s new for you", items.count)
    let message = items.prefix(20).map(\.line).joined(separator: "\n")
    switch target {
    case .webhook:
      return Data(Output.encode(Webhook(title: title, message: message, items: Output.newsEntries(items))).utf8)
    case .ntfy(_, let topic):
      return Data(Output.encode(Ntfy(topic: topic, title: title, message: message)).utf8)
    }
  }

  /// Posts the body through HTTPKit, with its limits; the error, named by the target, when it fails.
  static func send(
    _ items: [WhatIsNew.Item], to target: PushTarget, environment: [String: String]
  ) async -> HTTPError? {
    let base: URL
    var query: [URLQueryItem] = []
    switch target {
    case .webhook(let url):
      base = url
      query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    case .ntfy(let server, _): base = server
    }
    var configuration = ServiceConfiguration(name: target.name, baseURL: base)
    configuration.proxy = ProxyEnvironment.proxy(for: base, environment: environment)
    configuration.maxBodyBytes = 1 << 20
    let client = ServiceClient(
      configuration: configuration, transport: CurlTransport(proxies: ProxyEnvironment(environment: environment)))
    do throws(HTTPError) {
      _ = try await client.send(.post, "", query: query, body: json(items, for: target))
      return nil
    } catch {
      return error
    }
  }
}
