import AmodbKit
import FoundationEssentials
import LibraryKit

/// Plex Media Server's JSON answers (`Accept: application/json`), as its documentation shows them,
/// read leniently: an entry that cannot be read costs only itself.
enum Plex {
  /// `{"MediaContainer": {"size": …, "totalSize": …, "Metadata": […]}}`; an empty page may leave
  /// `Metadata` out, but one that is not an array, or counts that are not numbers, are no page.
  struct Container<Entry: Decodable>: Decodable {
    /// The page's entries in order, nil for one that could not be read.
    var read: [Entry?]
    /// How many entries the page held, read or not.
    var size: Int
    /// Whether the container said its size: every page of a history does.
    var saysSize: Bool
    /// How many the query has in all, when the server says.
    var total: Int?

    enum Keys: String, CodingKey { case container = "MediaContainer" }
    enum ContainerKeys: String, CodingKey {
      case size, totalSize
      case metadata = "Metadata"
    }

    init(from decoder: any Decoder) throws {
      let outer = try decoder.container(keyedBy: Keys.self)
      let container = try outer.nestedContainer(keyedBy: ContainerKeys.self, forKey: .container)
      read = try container.decodeIfPresent([Lossy<Entry>].self, forKey: .metadata)?.map(\.value) ?? []
      let said = try container.decodeIfPresent(Int.self, forKey: .size)
      saysSize = said != nil
      size = min(max(said ?? read.count, 0), 1_000_000)
      total = try container.decodeIfPresent(Int.self, forKey: .totalSize).map { min(max($0, 0), 10_000_000) }
    }

    /// The entries that could be read.
    var entries: [Entry] { read.compactMap { $0 } }
  }

  /// One play of the history (`/status/sessions/history/all`).
  struct HistoryEntry: Decodable {
    /// The item played (`ratingKey`).
    var ratingKey: String
    /// `movie`, `episode`, `track`…
    var type: String
    var title: String
    /// An episode's series, its title and its metadata's key.
    var grandparentTitle: String?
    var grandparentRatingKey: String?
    /// `parentIndex`: the season; `index`: the episode.
    var season: Int?
    var number: Int?
    /// `viewedAt`, Unix seconds.
    var viewedAt: Int?

    enum CodingKeys: String, CodingKey {
      case ratingKey, type, title, grandparentTitle, grandparentRatingKey, grandparentKey, viewedAt
      case season = "parentIndex"
      case number = "index"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      type = (try? container.decode(String.self, forKey: .type)) ?? ""
      // Only a film's or an episode's key must be one: a track or an online play is left out, not unreadable.
      ratingKey = (try? Plex.key(container, .ratingKey)) ?? ""
      guard Plex.isKey(ratingKey) || !(type == "movie" || type == "episode") else {
        throw DecodingError.dataCorruptedError(forKey: .ratingKey, in: container, debugDescription: "no key")
      }
      title = (try? container.decode(String.self, forKey: .title)) ?? ""
      grandparentTitle = try? container.decode(String.self, forKey: .grandparentTitle)
      // The documented answer names the series by `grandparentKey` (`/library/metadata/32132`);
      // servers also send `grandparentRatingKey`.
      let fromPath = (try? container.decode(String.self, forKey: .grandparentKey)).flatMap { path in
        path.hasPrefix("/library/metadata/") ? String(path.dropFirst("/library/metadata/".count)) : nil
      }
      grandparentRatingKey = (try? Plex.key(container, .grandparentRatingKey)) ?? fromPath
      if let key = grandparentRatingKey, !Plex.isKey(key) { grandparentRatingKey = nil }
      season = try? container.decode(Int.self, forKey: .season)
      number = try? container.decode(Int.self, forKey: .number)
      viewedAt = try? container.decode(Int.self, forKey: .viewedAt)
    }
  }

  /// A metadata item (`/library/metadata/{key}?includeGuids=1`): its title, year and outside ids.
  struct Metadata: Decodable {
    var ratingKey: String
    var title: String
    var year: Int?
    /// `Guid`: `tmdb://550`, `imdb://tt0137523`, `tvdb://81189`; then its own `guid`, which names
    /// a legacy agent's item by its id (`com.plexapp.agents.imdb://tt0137523?lang=en`).
    var guids: [String]

    enum CodingKeys: String, CodingKey {
      case ratingKey, title, year, guid
      case guids = "Guid"
    }

    struct Guid: Decodable { var id: String }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      ratingKey = (try? Plex.key(container, .ratingKey)) ?? ""
      title = (try? container.decode(String.self, forKey: .title)) ?? ""
      year = try? container.decode(Int.self, forKey: .year)
      let guids = (try? container.decode([Lossy<Guid>].self, forKey: .guids)) ?? []
      let own = (try? container.decode(String.self, forKey: .guid)).map { [$0] } ?? []
      self.guids = (guids.compactMap(\.value?.id) + own).filter { $0.utf8.count <= 120 }
    }

    /// The ids it names itself by.
    var ids: ServerIDs { ServerIDs(guids: guids) }
  }

  /// A rating key written as a string or a number.
  static func key<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> String? {
    if let text = try? container.decode(String.self, forKey: key) { return text }
    return try container.decodeIfPresent(Int.self, forKey: key).map(String.init)
  }

  /// Whether a rating key can go into a path: 1 to 20 digits.
  static func isKey(_ key: String) -> Bool {
    (1...20).contains(key.utf8.count) && key.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// The play a history entry is, with its film's or its series' metadata (by rating key); nil for
  /// what is neither a film nor an episode; an episode without a season or a number has that problem.
  static func play(_ entry: HistoryEntry, metadata: [String: Metadata]) -> ServerPlay? {
    let played = entry.viewedAt.flatMap(ServerTime.unix)
    switch entry.type {
    case "movie":
      let film = metadata[entry.ratingKey]
      return ServerPlay(
        item: entry.ratingKey, kind: .film, title: film?.title ?? entry.title, year: film?.year,
        ids: film?.ids ?? ServerIDs(), played: played)
    case "episode":
      let show = entry.grandparentRatingKey.flatMap { metadata[$0] }
      guard let season = entry.season, let number = entry.number, (0...10_000).contains(season),
        (0...100_000).contains(number)
      else {
        return ServerPlay.unnumbered(
          item: entry.ratingKey, series: show?.title ?? entry.grandparentTitle ?? "", played: played)
      }
      return ServerPlay(
        item: entry.ratingKey, kind: .series, title: show?.title ?? entry.grandparentTitle ?? "", year: show?.year,
        ids: show?.ids ?? ServerIDs(), episode: EpisodeKey(season: season, number: number), played: played)
    default:
      return nil
    }
  }
}
