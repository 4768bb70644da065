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

  /// `GET /Users/{userId}/Items`: one page (`BaseItemDtoQueryResult`).
  struct Page: Decodable {
    /// The items of the page that could be read.
    var items: [Item]
    /// How many items the query has in all.
    var total: Int

    enum CodingKeys: String, CodingKey {
      case items = "Items"
      case total = "TotalRecordCount"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      items = (try? container.decode([Lossy<Item>].self, forKey: .items))?.compactMap(\.value) ?? []
      total = min(max((try? container.decode(Int.self, forKey: .total)) ?? 0, 0), 10_000_000)
    }
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
      let userData = try? container.nestedContainer(keyedBy: UserDataKeys.self, forKey: .userData)
      lastPlayed = try? userData?.decode(String.self, forKey: .lastPlayed)
    }

    /// The ids it names itself by.
    var ids: ServerIDs { ServerIDs(pairs: providerIDs.map { ($0.key, $0.value) }) }

    /// The play it is: a film, or an episode named by its series (`series` by id); nil for another
    /// type, or an episode without a season, a number or its series.
    func play(series: [String: Item]) -> ServerPlay? {
      let played = lastPlayed.flatMap(ServerTime.iso8601)
      switch type {
      case "Movie":
        return ServerPlay(item: id, kind: .film, title: name, year: year, ids: ids, played: played)
      case "Episode":
        guard let season, let number, (0...10_000).contains(season), (0...100_000).contains(number) else { return nil }
        let show = seriesID.flatMap { series[$0] }
        return ServerPlay(
          item: id, kind: .series, title: show?.name ?? seriesName ?? "", year: show?.year,
          ids: show?.ids ?? ServerIDs(), episode: EpisodeKey(season: season, number: number), played: played)
      default:
        return nil
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

/// Times as the servers write them.
enum ServerTime {
  /// `2024-03-01T20:15:00.0000000Z` (any fraction; `Z`, an offset such as `+02:00`, or none for UTC).
  static func iso8601(_ text: String) -> Date? {
    let characters = Array(text.utf8)
    let dayText = String(decoding: characters.prefix(10), as: UTF8.self)
    guard characters.count >= 19, let day = ReleaseDate(dayText), day.description == dayText,
      characters[10] == UInt8(ascii: "T") || characters[10] == UInt8(ascii: " "),
      let hour = number(characters[11..<13]), characters[13] == UInt8(ascii: ":"),
      let minute = number(characters[14..<16]), characters[16] == UInt8(ascii: ":"),
      let second = number(characters[17..<19]), hour < 24, minute < 60, second < 61
    else { return nil }
    var rest = characters[19...]
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst().drop { (0x30...0x39).contains($0) }
    }
    var offset = 0
    if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      let zone = Array(rest.dropFirst())
      guard zone.count == 5, zone[2] == UInt8(ascii: ":"), let hours = number(zone[0..<2]),
        let minutes = number(zone[3..<5])
      else { return nil }
      offset = (hours * 60 + minutes) * 60 * (sign == UInt8(ascii: "+") ? 1 : -1)
    } else if !(rest.isEmpty || Array(rest) == [UInt8(ascii: "Z")]) {
      return nil
    }
    let seconds = day.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Unix seconds, as Plex's `viewedAt`: from 1970 to the year 3000.
  static func unix(_ seconds: Int) -> Date? {
    guard (1...32_503_680_000).contains(seconds) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Two ASCII digits.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard digits.count == 2, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }
}
