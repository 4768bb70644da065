import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization

/// Reads what a media server's user played, through `ServiceClient` (the curl transport, its limits,
/// a budget for the server's origin): Jellyfin's played items, or Plex's play history, page by page.
struct MediaServerReader: Sendable {
  /// The server.
  let server: MediaServer
  /// The client for it, its token among the credentials.
  let client: ServiceClient

  /// Items a page asks for.
  static let pageSize = 200
  /// The most pages read (so a server that never says "the end" cannot keep us forever).
  static let mostPages = 500
  /// Series or films asked for in one Jellyfin request by their ids.
  static let idsAtOnce = 50
  /// Requests a minute to one server: a machine of the user's own, not a public service.
  static let requestsPerMinute = 600

  /// Makes the reader of `server` at `base` with its `token`: its own budget per origin, the
  /// environment's proxies, plain http to another machine only when `insecure`.
  /// The most pages this reader reads (`mostPages` unless a test asks for fewer).
  let pageCap: Int

  init(
    server: MediaServer, base: URL, token: String, insecure: Bool, environment: [String: String],
    pageCap: Int = Self.mostPages
  ) {
    self.pageCap = pageCap
    let header: [String: String] =
      switch server {
      case .jellyfin: ["Authorization": "MediaBrowser Token=\"\(token)\""]
      case .plex: ["X-Plex-Token": token]
      }
    var configuration = ServiceConfiguration(name: server.name, baseURL: base, credentials: header)
    configuration.proxy = ProxyEnvironment.proxy(for: base, environment: environment)
    configuration.allowsCleartextCredentials = insecure
    configuration.timeout = 30
    // The plays must be the server's own: a redirect elsewhere is said, not read.
    configuration.followsOtherOrigins = false
    self.server = server
    client = ServiceClient(
      configuration: configuration, transport: CurlTransport(proxies: ProxyEnvironment(environment: environment)),
      budgets: HostBudgets(limit: Self.requestsPerMinute))
  }

  /// Every play the server reports, in its order.
  func plays() async throws(HTTPError) -> [ServerPlay] {
    switch server {
    case .jellyfin: return try await jellyfin()
    case .plex: return try await plex()
    }
  }

  /// Jellyfin: the token's user, its played films and episodes (`Filters=IsPlayed`), then the
  /// episodes' series by their ids, for the series' own ids.
  private func jellyfin() async throws(HTTPError) -> [ServerPlay] {
    let user = try await client.json(Jellyfin.User.self, .get, "/Users/Me")
    guard user.isUsable else { throw HTTPError(.unreadable(tr("unexpected JSON shape")), service: server.name) }
    let path = "/Users/\(user.id)/Items"
    var items: [Jellyfin.Item?] = []
    var seen: Set<String> = []
    var start = 0
    var ended = false
    for _ in 0..<pageCap {
      let query = [
        URLQueryItem(name: "Recursive", value: "true"), URLQueryItem(name: "Filters", value: "IsPlayed"),
        URLQueryItem(name: "IncludeItemTypes", value: "Movie,Episode"),
        URLQueryItem(name: "Fields", value: "ProviderIds"),
        // Oldest added first: a play during the reading moves nothing between pages.
        URLQueryItem(name: "SortBy", value: "DateCreated,SortName"),
        URLQueryItem(name: "SortOrder", value: "Ascending"),
        URLQueryItem(name: "StartIndex", value: String(start)),
        URLQueryItem(name: "Limit", value: String(Self.pageSize)),
      ]
      let page = try await client.json(Jellyfin.Page.self, .get, path, query: query)
      for entry in page.entries where entry.map({ seen.insert($0.id).inserted }) ?? true { items.append(entry) }
      start += page.entries.count
      if page.entries.isEmpty || page.total.map({ start >= $0 }) == true {
        ended = true
        break
      }
    }
    try endedOrTooMany(ended)
    var wanted: [String] = []
    var asked: Set<String> = []
    for case let item? in items where item.type == "Episode" {
      if let id = item.seriesID, (1...100).contains(id.utf8.count), asked.insert(id).inserted { wanted.append(id) }
    }
    var series: [String: Jellyfin.Item] = [:]
    for chunk in stride(from: 0, to: wanted.count, by: Self.idsAtOnce) {
      let ids = wanted[chunk..<min(chunk + Self.idsAtOnce, wanted.count)].joined(separator: ",")
      let query = [URLQueryItem(name: "Ids", value: ids), URLQueryItem(name: "Fields", value: "ProviderIds")]
      let page = try await client.json(Jellyfin.Page.self, .get, path, query: query)
      for item in page.items { series[item.id] = item }
    }
    return items.flatMap { $0.map { $0.plays(series: series) } ?? [ServerPlay.unreadable()] }
  }

  /// A history not read to its end is no history: what is missing would read as no longer played.
  private func endedOrTooMany(_ ended: Bool) throws(HTTPError) {
    guard !ended else { return }
    let most = String(pageCap * Self.pageSize)
    throw HTTPError(.unreadable(tr("more than %s plays; not read", most)), service: server.name)
  }

  /// Plex: the owner's play history (account 1), oldest first, then each film's and each series'
  /// metadata once, for their `Guid` ids.
  private func plex() async throws(HTTPError) -> [ServerPlay] {
    var entries: [Plex.HistoryEntry?] = []
    var start = 0
    var ended = false
    for _ in 0..<pageCap {
      let query = [
        URLQueryItem(name: "sort", value: "viewedAt:asc"), URLQueryItem(name: "accountID", value: "1"),
        URLQueryItem(name: "X-Plex-Container-Start", value: String(start)),
        URLQueryItem(name: "X-Plex-Container-Size", value: String(Self.pageSize)),
      ]
      let page = try await client.json(
        Plex.Container<Plex.HistoryEntry>.self, .get, "/status/sessions/history/all", query: query)
      // Every page of Plex's history says its size: a container without one is no page of plays.
      guard page.saysSize else {
        throw HTTPError(.unreadable(tr("an answer that is not a page of plays")), service: server.name)
      }
      entries += page.read.filter { entry in entry.map { $0.type == "movie" || $0.type == "episode" } ?? true }
      start += page.size
      // The total when the server says it (a server may answer fewer than asked), else a short page ends it.
      ended = page.size == 0 || page.total.map { start >= $0 } ?? (page.size < Self.pageSize)
      if ended { break }
    }
    try endedOrTooMany(ended)
    var keys: [String] = []
    var asked: Set<String> = []
    for case let entry? in entries {
      let key = entry.type == "movie" ? entry.ratingKey : entry.grandparentRatingKey
      if let key, asked.insert(key).inserted { keys.append(key) }
    }
    var metadata: [String: Plex.Metadata] = [:]
    for key in keys {
      do {
        let answer = try await client.json(
          Plex.Container<Plex.Metadata>.self, .get, "/library/metadata/\(key)",
          query: [URLQueryItem(name: "includeGuids", value: "1")])
        if let item = answer.entries.first { metadata[key] = item }
      } catch {
        // A film or series since removed from the library: its plays stay unresolved.
        guard case .status(404) = error.kind else { throw error }
      }
    }
    return entries.compactMap { $0.map { Plex.play($0, metadata: metadata) } ?? ServerPlay.unreadable() }
  }
}
