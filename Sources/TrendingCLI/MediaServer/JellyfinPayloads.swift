import AmodbKit
import FoundationEssentials
import LibraryKit

/// Jellyfin's answers, as its OpenAPI description names them, read leniently: an item that cannot
/// be read costs only itself.
enum Jellyfin {
  /// `GET /Users/Me`: the token's own user (`UserDto`).
  struct User: Decodable {
    /// The user's id, a GUID.
    var id: String

    enum CodingKeys: String, CodingKey { case id = "Id" }

    /// Whether the id can go into a path: letters, digits and dashes, at most 64.
    var isUsable: Bool {
      (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { $0 == 0x2d || Self.isAlphanumeric($0) }
    }

    /// An ASCII letter or digit.
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
    }
  }

  /// `GET /Users/{userId}/Items`: one page (`BaseItemDtoQueryResult`). An answer without its
  /// `Items` array, or with a count that is not a number, is not a page: the import fails on it.
  struct Page: Decodable {
    /// The page's entries in order, nil for one that could not be read.
    var entries: [Item?]
    /// How many items the query has in all, when the server says.
    var total: Int?

    enum CodingKeys: String, CodingKey {
      case items = "Items"
      case total = "TotalRecordCount"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      entries = try container.decode([Lossy<Item>].self, forKey: .items).map(\.value)
      total = try container.decodeIfPresent(Int.self, forKey: .total).map { min(max($0, 0), 10_000_000) }
    }

    /// The entries that could be read.
    var items: [Item] { entries.compactMap { $0 } }
  }

  /// One item (`BaseItemDto`): a film, an episode, or (asked by id) a series.
  struct Item: Decodable {
    var id: String
    var name: String
    /// `Movie`, `Episode`, `Series`.
    var type: String
    var year: Int?
    /// `ProviderIds`: `Tmdb`, `Imdb`, `Tvdb`.
    var providerIDs: [String: String]
    var seriesID: String?
    var seriesName: String?
    /// `ParentIndexNumber`: the season.
    var season: Int?
    /// `IndexNumber`: the episode.
    var number: Int?
    /// `IndexNumberEnd`: the last episode of a file that holds several.
    var numberEnd: Int?
    /// `UserData.LastPlayedDate`.
    var lastPlayed: String?

    enum CodingKeys: String, CodingKey {
      case id = "Id"
      case name = "Name"
      case type = "Type"
      case year = "ProductionYear"
      case providerIDs = "ProviderIds"
      case seriesID = "SeriesId"
      case seriesName = "SeriesName"
      case season = "ParentIndexNumber"
      case number = "IndexNumber"
      case numberEnd = "IndexNumberEnd"
      case userData = "UserData"
    }

    enum UserDataKeys: String, CodingKey { case lastPlayed = "LastPlayedDate" }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(String.self, forKey: .id)
      guard (1...100).contains(id.utf8.count) else {
        throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no id")
      }
      name = (try? container.decode(String.self, forKey: .name)) ?? ""
      type = (try? container.decode(String.self, forKey: .type)) ?? ""
      year = try? container.decode(Int.self, forKey: .year)
      let ids = (try? container.decode([String: String?].self, forKey: .providerIDs)) ?? [:]
      providerIDs = ids.compactMapValues { $0 }.filter { $0.key.utf8.count <= 40 && $0.value.utf8.count <= 40 }
      seriesID = try? container.decode(String.self, forKey: .seriesID)
      seriesName = try? container.decode(String.self, forKey: .seriesName)
      season = try? container.decode(Int.self, forKey: .season)
      number = try? container.decode(Int.self, forKey: .number)
      numberEnd = try? container.decode(Int.self, forKey: .numberEnd)
      let userData = try? container.nestedContainer(keyedBy: UserDataKeys.self, forKey: .userData)
      lastPlayed = try? userData?.decode(String.self, forKey: .lastPlayed)
    }

    /// The ids it names itself by.
    var ids: ServerIDs { ServerIDs(pairs: providerIDs.map { ($0.key, $0.value) }) }

    /// The plays it is: a film, or an episode named by its series (`series` by id), each episode
    /// of a file that holds several (`IndexNumberEnd`); none for another type; an episode without
    /// a season or a number is a play with that problem.
    func plays(series: [String: Item]) -> [ServerPlay] {
      let played = lastPlayed.flatMap(ServerTime.iso8601)
      switch type {
      case "Movie":
        return [ServerPlay(item: id, kind: .film, title: name, year: year, ids: ids, played: played)]
      case "Episode":
        let show = seriesID.flatMap { series[$0] }
        guard let season, let number, (0...10_000).contains(season), (0...100_000).contains(number) else {
          return [ServerPlay.unnumbered(item: id, series: show?.name ?? seriesName ?? "", played: played)]
        }
        // A file of several episodes: at most ten, after the first.
        let last = numberEnd.flatMap { $0 > number && $0 - number <= 10 ? $0 : nil } ?? number
        return (number...last).map {
          ServerPlay(
            item: id, kind: .series, title: show?.name ?? seriesName ?? "", year: show?.year,
            ids: show?.ids ?? ServerIDs(), episode: EpisodeKey(season: season, number: $0), played: played)
        }
      default:
        return []
      }
    }
  }
}

/// An element of an array that is kept only when it could be read.
struct Lossy<T: Decodable>: Decodable {
  /// The element, or nil.
  var value: T?

  init(from decoder: any Decoder) throws {
    value = try? T(from: decoder)
  }
}
