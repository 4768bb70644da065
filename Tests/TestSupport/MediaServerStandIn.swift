import Foundation
import Synchronization

extension Fixtures {
  /// The media servers' sample answers (`Tests/Fixtures/MediaServers`: jellyfin, plex).
  public static let mediaServersDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/MediaServers")

  /// Reads a media server's sample answer such as `jellyfin/items-played.json`.
  public static func mediaServer(_ name: String) throws -> Data {
    try Data(contentsOf: mediaServersDirectory.appendingPathComponent(name))
  }
}

/// A Jellyfin or Plex server on 127.0.0.1 for tests, answering from the sample answers in their
/// documented shapes: the token checked as each server checks it, pages of at most `pageCap`
/// items whatever was asked, and plays that can be taken back or added while it runs.
public final class MediaServerStandIn: Sendable {
  /// Which server it stands in for.
  public enum Kind: Sendable { case jellyfin, plex }

  /// The loopback server, with the requests it received.
  public let server: LoopbackServer
  /// The token it takes.
  public let token: String
  /// What changed while it runs.
  private let state = State()

  /// Items no longer played and plays added, shared with the server's threads.
  private final class State: Sendable {
    /// Items no longer played (Jellyfin's `Id`, Plex's `ratingKey`).
    let unplayed = Mutex<Set<String>>([])
    /// Plays added to Plex's history: rating key and `viewedAt`.
    let added = Mutex<[(key: String, viewedAt: Int)]>([])
  }

  /// The server's URL, as a user gives it.
  public var url: String { "http://127.0.0.1:\(server.port)" }

  /// Starts one.
  public init(_ kind: Kind, token: String, pageCap: Int = 3) throws {
    self.token = token
    let state = self.state
    let played = try Fixtures.mediaServer("jellyfin/items-played.json")
    let series = try Fixtures.mediaServer("jellyfin/series.json")
    let me = try Fixtures.mediaServer("jellyfin/users-me.json")
    let history = try Fixtures.mediaServer("plex/history.json")
    let jellyfinUser = Self.object(me)["Id"] as? String ?? ""
    let handler: @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply
    switch kind {
    case .jellyfin:
      handler = { request in
        guard request.headers["authorization"] == "MediaBrowser Token=\"\(token)\"" else {
          return .respond(status: 401, body: Data())
        }
        if request.path == "/Users/Me" { return .json(String(decoding: me, as: UTF8.self)) }
        guard request.path == "/Users/\(jellyfinUser)/Items" else { return .respond(status: 404, body: Data()) }
        if let ids = request.query("Ids") {
          let shows = Self.list(Self.object(series)["Items"])
          let wanted = Set(ids.split(separator: ",").map(String.init))
          let found = shows.filter { wanted.contains($0["Id"] as? String ?? "") }
          return Self.json(["Items": found, "TotalRecordCount": found.count, "StartIndex": 0])
        }
        guard request.query("Filters") == "IsPlayed", request.query("Recursive") == "true" else {
          return .respond(status: 400, body: Data())
        }
        let gone = state.unplayed.withLock { $0 }
        let items = Self.list(Self.object(played)["Items"])
        let kept = items.filter { !gone.contains($0["Id"] as? String ?? "") }
        let start = Int(request.query("StartIndex") ?? "") ?? 0
        let limit = min(Int(request.query("Limit") ?? "") ?? 100, pageCap)
        let page = Array(kept.dropFirst(start).prefix(limit))
        return Self.json(["Items": page, "TotalRecordCount": kept.count, "StartIndex": start])
      }
    case .plex:
      handler = { request in
        guard request.headers["x-plex-token"] == token else {
          return .respond(
            status: 401, headers: ["Content-Type": "text/html"],
            body: Data(
              "<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>".utf8))
        }
        guard request.headers["accept"] == "application/json" else { return .respond(status: 406, body: Data()) }
        if request.path == "/status/sessions/history/all" {
          guard request.query("accountID") == "1" else { return .respond(status: 400, body: Data()) }
          let gone = state.unplayed.withLock { $0 }
          let entries = Self.list((Self.object(history)["MediaContainer"] as? [String: Any])?["Metadata"])
          let more = state.added.withLock { $0 }.map { play -> [String: Any] in
            var entry = entries.first { $0["ratingKey"] as? String == play.key } ?? [:]
            entry["viewedAt"] = play.viewedAt
            entry["historyKey"] = "/status/sessions/history/\(play.viewedAt)"
            return entry
          }
          let kept = (entries + more).filter { !gone.contains($0["ratingKey"] as? String ?? "") }
          let start = Int(request.query("X-Plex-Container-Start") ?? "") ?? 0
          let size = min(Int(request.query("X-Plex-Container-Size") ?? "") ?? 50, pageCap)
          let page = Array(kept.dropFirst(start).prefix(size))
          return Self.json([
            "MediaContainer": ["size": page.count, "totalSize": kept.count, "offset": start, "Metadata": page]
          ])
        }
        let prefix = "/library/metadata/"
        if request.path.hasPrefix(prefix), request.query("includeGuids") == "1",
          let answer = try? Fixtures.mediaServer("plex/metadata-\(request.path.dropFirst(prefix.count)).json")
        {
          return .json(String(decoding: answer, as: UTF8.self))
        }
        return .respond(status: 404, headers: ["Content-Type": "text/html"], body: Data("<html>Not Found</html>".utf8))
      }
    }
    server = try LoopbackServer(handler: handler)
  }

  /// Takes an item's plays back, as a user marking it unplayed does.
  public func unplay(_ item: String) {
    _ = state.unplayed.withLock { $0.insert(item) }
  }

  /// Adds a play of a Plex item already in the history, at `viewedAt` (Unix seconds).
  public func play(_ key: String, at viewedAt: Int) {
    state.added.withLock { $0.append((key, viewedAt)) }
  }

  /// The requests for paths starting with `prefix`.
  public func requests(_ prefix: String) -> [LoopbackServer.Request] {
    server.requests.filter { $0.path.hasPrefix(prefix) }
  }

  private static func object(_ data: Data) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
  }

  private static func list(_ value: Any?) -> [[String: Any]] {
    value as? [[String: Any]] ?? []
  }

  private static func json(_ object: Any) -> LoopbackServer.Reply {
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    return .json(String(decoding: data, as: UTF8.self))
  }
}
