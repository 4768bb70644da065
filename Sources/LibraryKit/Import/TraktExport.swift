import AmodbKit
import FoundationEssentials
import Localization

/// Trakt's JSON export: history, ratings, watchlists and lists, titles by their TMDB ids.
enum TraktExport {
  /// What each file of the export is.
  enum File: Equatable {
    case history, ratings, watchlist
    case list(String)
  }

  /// The files it reads, for the message when none is there.
  static var expected: String { "watched-history.json, ratings-*.json, watchlist-*.json, lists-*.json" }

  /// The facts keeping the day each play was first taken as start with this, the history id after it.
  static let dayPrefix = "trakt.day:"

  /// Which file a stored name is (nil: not one read).
  static func file(_ name: String) -> File? {
    let base = ImportInput.baseName(name).lowercased()
    guard base.hasSuffix(".json") else { return nil }
    let stem = String(base.dropLast(5))
    if stem == "watched-history" { return .history }
    if stem.hasPrefix("ratings-") { return .ratings }
    if stem.hasPrefix("watchlist") { return .watchlist }
    if stem.hasPrefix("lists-"), stem != "lists-lists" {
      return .list(
        Lists.ownName(TextSanitizer.clean(String(stem.dropFirst(6)), limit: Library.longestListName), from: "Trakt"))
    }
    return nil
  }

  /// Reads one file's entries (one bad entry costs only itself).
  static func read(_ file: File, name: String, _ source: inout any ByteSource, into rows: inout ImportRows) throws {
    let bytes = try source.readAll(cap: ZipArchive.entryCap, name: name)
    guard let elements = try? JSONDecoder().decode([TraktElement].self, from: Data(bytes)) else {
      throw ImportFailure(tr("%s is not Trakt's export: it is not a JSON array of entries", name))
    }
    rows.files.append(name)
    // The history's plays by their ids: one play written twice is one watch.
    var plays: [Int64: Int] = [:]
    for (offset, element) in elements.enumerated() {
      let place = RowPlace(file: name, line: offset + 1)
      guard let entry = element.entry else {
        rows.skip(name, place.line, tr("not an entry: a JSON object is expected"))
        continue
      }
      guard let found = entry.title else {
        rows.skip(name, place.line, entry.untitled)
        continue
      }
      let stamp: String?
      let action: (String) -> ImportAction?
      var dayFact: String?
      switch file {
      case .history:
        if let id = entry.id, let first = plays[id] {
          rows.skip(name, place.line, tr("the same play (id %1$s) as entry %2$s", String(id), String(first)))
          continue
        }
        if let id = entry.id { plays[id] = place.line }
        stamp = entry.watchedAt
        action = { .loggedWatch(day: $0) }
        dayFact = entry.id.map { dayPrefix + String($0) }
      case .ratings:
        stamp = entry.ratedAt
        guard let rating = entry.rating, (1...10).contains(rating) else {
          rows.skip(name, place.line, ExportValues.bad("rating", entry.rating.map(String.init)))
          continue
        }
        action = { .rate(rating, day: $0) }
      case .watchlist:
        stamp = entry.listedAt
        action = { .list(Schema.watchlistName, day: $0) }
      case .list(let list):
        stamp = entry.listedAt
        action = { list.isEmpty ? nil : .list(list, day: $0) }
      }
      guard let day = ExportValues.day(stamp) else {
        rows.skip(name, place.line, ExportValues.badDay("date", stamp))
        continue
      }
      guard let made = action(day) else { continue }
      rows.rows.append(
        ImportRow(
          place: place, reference: .tmdb(found.media, episode: found.episode), title: found.title, year: found.year,
          action: made, dayFact: dayFact))
    }
  }
}

/// One element of a Trakt file's array: an entry, or nil when it is not an object (`null`, `5`, `"s"`).
struct TraktElement: Decodable {
  var entry: TraktEntry?

  init(from decoder: any Decoder) throws {
    entry = try? TraktEntry(from: decoder)
  }
}

/// One entry of a Trakt file, read leniently: whatever is missing or of the wrong type is nil.
struct TraktEntry: Decodable {
  struct Item: Decodable {
    var title: String?
    var year: Int?
    var tmdb: Int?
    var season: Int?
    var number: Int?

    enum CodingKeys: String, CodingKey { case title, year, ids, season, number }
    enum IDKeys: String, CodingKey { case tmdb }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      title = try? container.decodeIfPresent(String.self, forKey: .title)
      year = try? container.decodeIfPresent(Int.self, forKey: .year)
      season = try? container.decodeIfPresent(Int.self, forKey: .season)
      number = try? container.decodeIfPresent(Int.self, forKey: .number)
      let ids = try? container.nestedContainer(keyedBy: IDKeys.self, forKey: .ids)
      tmdb = (try? ids?.decodeIfPresent(Int.self, forKey: .tmdb)) ?? nil
    }
  }

  /// The history entry's own id (Trakt's, one per play).
  var id: Int64?
  var type: String?
  var watchedAt: String?
  var ratedAt: String?
  var listedAt: String?
  var rating: Int?
  var movie: Item?
  var show: Item?
  var episode: Item?

  enum CodingKeys: String, CodingKey {
    case id, type, rating, movie, show, episode
    case watchedAt = "watched_at"
    case ratedAt = "rated_at"
    case listedAt = "listed_at"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = (try? container.decodeIfPresent(Int64.self, forKey: .id)).flatMap { $0 }.flatMap { $0 > 0 ? $0 : nil }
    type = try? container.decodeIfPresent(String.self, forKey: .type)
    watchedAt = try? container.decodeIfPresent(String.self, forKey: .watchedAt)
    ratedAt = try? container.decodeIfPresent(String.self, forKey: .ratedAt)
    listedAt = try? container.decodeIfPresent(String.self, forKey: .listedAt)
    rating = try? container.decodeIfPresent(Int.self, forKey: .rating)
    movie = try? container.decodeIfPresent(Item.self, forKey: .movie)
    show = try? container.decodeIfPresent(Item.self, forKey: .show)
    episode = try? container.decodeIfPresent(Item.self, forKey: .episode)
  }

  /// Why it names no title: an episode of a known series whose numbers are not an episode's, or no id.
  var untitled: String {
    guard type == "episode", let id = show?.tmdb, id > 0 else { return tr("no film, series or episode with a TMDB id") }
    let shown = { (number: Int?) in number.map(String.init) ?? "–" }
    return tr("season %1$s, episode %2$s is not an episode's place", shown(episode?.season), shown(episode?.number))
  }

  /// The film, series or episode it is about, by TMDB id.
  var title: (media: MediaID, episode: EpisodeKey?, title: String, year: Int?)? {
    func named(_ item: Item) -> String { TextSanitizer.clean(item.title ?? "", limit: 300) }
    switch type {
    case "movie":
      guard let movie, let id = movie.tmdb, id > 0 else { return nil }
      return (.film(id), nil, named(movie), movie.year)
    case "show":
      guard let show, let id = show.tmdb, id > 0 else { return nil }
      return (.series(id), nil, named(show), show.year)
    case "episode":
      guard let show, let id = show.tmdb, id > 0, let season = episode?.season, let number = episode?.number,
        (0...10_000).contains(season), (0...100_000).contains(number)
      else { return nil }
      return (.series(id), EpisodeKey(season: season, number: number), named(show), show.year)
    default: return nil
    }
  }
}
