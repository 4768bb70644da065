import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingViews

extension Output {
  /// How a title the library knows no name of is written: "Film #13", "Series #1396".
  static func untitled(_ media: MediaID) -> String {
    media.kind == .series ? tr("Series #%s", String(media.id)) : tr("Film #%s", String(media.id))
  }

  /// How a message names a title: its title and year, else "Film #ID"; with the episode's code.
  static func named(_ info: TitleInfo, episode: EpisodeChoice?) -> String {
    var name = info.title.isEmpty ? untitled(info.media) : info.title
    if let year = info.year, !info.title.isEmpty { name += " (\(year))" }
    if case .one(let season, let number)? = episode {
      name += " " + EpisodeKey(season: season, number: number).description
    }
    return name
  }

  /// What a dated row about a title or one of its episodes says of it in JSON (history, rated).
  struct TitleFields: Encodable {
    let id: Int
    let mediaType: String
    let title: String
    let year: Int?
    let season: Int?
    let episode: Int?
    let episodeName: String?

    /// The fields of `title`, and of its `episode` when the row is one's.
    init(_ title: TitleInfo, episode: EpisodeKey?, episodeName: String?) {
      (id, mediaType, self.title, year) = (title.media.id, title.media.kind.rawValue, title.title, title.year)
      (season, self.episode, self.episodeName) = (episode?.season, episode?.number, episodeName)
    }

    enum CodingKeys: String, CodingKey {
      case id, title, year, season, episode
      case mediaType = "media_type"
      case episodeName = "episode_name"
    }
  }

  /// One watch in `trending history --json`.
  struct HistoryItem: Encodable {
    let watched: String
    let fields: TitleFields
    let rewatch: Bool

    enum CodingKeys: String, CodingKey {
      case watched, rewatch
    }

    /// The title's fields beside the watch's own, in one object.
    func encode(to encoder: any Encoder) throws {
      try fields.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(watched, forKey: .watched)
      try container.encode(rewatch, forKey: .rewatch)
    }
  }

  /// Every watch, newest first: a line each (tab-separated), JSON, or CSV.
  static func history(_ entries: [HistoryEntry], format: WatchlistOutput) -> String {
    switch format {
    case .json:
      return encode(
        entries.map {
          HistoryItem(
            watched: $0.day, fields: TitleFields($0.title, episode: $0.episode, episodeName: $0.episodeName),
            rewatch: $0.rewatch)
        })
    case .csv:
      let rows = entries.map { entry in
        (csvCells(entry.day, entry.title, entry.episode, entry.episodeName) + [entry.rewatch ? "Yes" : ""])
          .joined(separator: ",")
      }
      return ([csvHeader + ",Rewatch"] + rows).joined(separator: "\n")
    case .text:
      return entries.map { entry in
        (textCells(entry.day, entry.title, entry.episode, entry.episodeName) + [entry.rewatch ? tr("rewatch") : ""])
          .joined(separator: "\t")
      }.joined(separator: "\n")
    }
  }

  /// The CSV columns a dated row about a title or one of its episodes starts with (history, rated).
  static let csvHeader = "Date,tmdbID,Type,Title,Year,Season,Episode,EpisodeTitle"

  /// A dated row's first CSV cells, under `csvHeader`.
  static func csvCells(_ day: String, _ title: TitleInfo, _ episode: EpisodeKey?, _ episodeName: String?) -> [String] {
    [
      day, String(title.media.id), title.media.kind.rawValue, csvField(title.title), title.year.map(String.init) ?? "",
      episode.map { String($0.season) } ?? "", episode.map { String($0.number) } ?? "", csvField(episodeName ?? ""),
    ]
  }

  /// A dated row's first tab-separated cells: the day, the id, the title and year, the episode.
  static func textCells(_ day: String, _ title: TitleInfo, _ episode: EpisodeKey?, _ episodeName: String?) -> [String] {
    [
      day, title.media.description, named(title, episode: nil),
      episode.map { $0.description + (episodeName.map { " " + $0 } ?? "") } ?? "",
    ]
  }

  /// An episode in `trending progress --json`.
  struct EpisodeItem: Encodable {
    let season: Int
    let episode: Int
    let name: String
    let airDate: String?

    enum CodingKeys: String, CodingKey {
      case season, episode, name
      case airDate = "air_date"
    }

    init?(_ info: EpisodeInfo?) {
      guard let info else { return nil }
      (season, episode, name, airDate) = (info.number.season, info.number.number, info.name, info.airDate)
    }
  }

  /// A series in `trending progress --json`.
  struct ProgressItem: Encodable {
    let id: Int
    let title: String
    let seen: Int
    let aired: Int
    let next: EpisodeItem?
    let after: EpisodeItem?
    let lastWatched: String

    enum CodingKeys: String, CodingKey {
      case id, title, seen, aired, next, after
      case lastWatched = "last_watched"
    }
  }

  /// Each series in progress: episodes seen of aired, the next one and the one after.
  static func progress(_ series: [SeriesProgress], json: Bool) -> String {
    if json {
      return encode(
        series.map {
          ProgressItem(
            id: $0.title.media.id, title: $0.title.title, seen: $0.seen, aired: $0.aired, next: EpisodeItem($0.next),
            after: EpisodeItem($0.after), lastWatched: $0.lastWatched)
        })
    }
    func episode(_ info: EpisodeInfo?) -> String {
      guard let info else { return "" }
      return [info.number.description, info.name, info.airDate ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }
    return series.map { item in
      [
        item.title.media.description, named(item.title, episode: nil), "\(item.seen)/\(item.aired)",
        episode(item.next), episode(item.after),
      ].joined(separator: "\t")
    }.joined(separator: "\n")
  }

  /// A list in `trending lists --json`.
  struct ListItem: Encodable {
    let name: String
    let count: Int
  }

  /// The lists and how many titles each holds: a line each (tab-separated), JSON, or CSV.
  static func lists(_ lists: [ListSummary], format: WatchlistOutput) -> String {
    switch format {
    case .json: return encode(lists.map { ListItem(name: $0.name, count: $0.count) })
    case .csv:
      return (["Name,Count"] + lists.map { csvField($0.name) + "," + String($0.count) }).joined(separator: "\n")
    case .text: return lists.map { "\($0.name)\t\($0.count)" }.joined(separator: "\n")
    }
  }

  /// A title on a list in `trending lists NAME --json`.
  struct ListedItem: Encodable {
    let position: Int
    let id: Int
    let mediaType: String
    let title: String
    let year: Int?
    let added: String

    enum CodingKeys: String, CodingKey {
      case position, id, title, year, added
      case mediaType = "media_type"
    }
  }

  /// One list's titles in order: a line each, JSON, or CSV (Letterboxd's list columns; films only).
  static func list(_ items: [ListedTitle], format: WatchlistOutput) -> String {
    switch format {
    case .json:
      return encode(
        items.map {
          ListedItem(
            position: $0.position, id: $0.title.media.id, mediaType: $0.title.media.kind.rawValue,
            title: $0.title.title, year: $0.title.year, added: $0.added)
        })
    case .csv:
      // In the list's own order (its positions, as --json gives them; the watchlist shows newest
      // first), numbered again once the series are left out.
      let films = items.filter { $0.title.media.kind == .film }.sorted {
        ($0.position, $0.added, $0.title.media.id) < ($1.position, $1.added, $1.title.media.id)
      }
      let rows = films.enumerated().map { index, item in
        [
          String(index + 1), String(item.title.media.id), csvField(item.title.title),
          item.title.year.map(String.init) ?? "",
        ]
        .joined(separator: ",")
      }
      return (["Position,tmdbID,Title,Year"] + rows).joined(separator: "\n")
    case .text:
      return items.map { "\($0.title.media.description)\t\(named($0.title, episode: nil))\t\($0.added)" }
        .joined(separator: "\n")
    }
  }

  /// `trending stats --json`.
  struct StatsItem: Encodable {
    let films: Int
    let filmWatches: Int
    let series: Int
    let episodes: Int
    let episodeWatches: Int
    let hours: Double
    let unmeasuredWatches: Int
    let byMonth: [String: Int]
    let topGenres: [String: Int]
    let ratings: [String: Int]

    enum CodingKeys: String, CodingKey {
      case films, series, episodes, hours, ratings
      case filmWatches = "film_watches"
      case episodeWatches = "episode_watches"
      case unmeasuredWatches = "unmeasured_watches"
      case byMonth = "by_month"
      case topGenres = "top_genres"
    }
  }

  /// The statistics: as lines for people, or JSON.
  static func stats(_ stats: LibraryStats, json: Bool) -> String {
    let hours = (Double(stats.minutes) / 6).rounded() / 10
    if json {
      return encode(
        StatsItem(
          films: stats.films, filmWatches: stats.filmWatches, series: stats.series, episodes: stats.episodes,
          episodeWatches: stats.episodeWatches,
          hours: hours, unmeasuredWatches: stats.unmeasured,
          byMonth: Dictionary(uniqueKeysWithValues: stats.byMonth.map { ($0.month, $0.count) }),
          topGenres: Dictionary(uniqueKeysWithValues: stats.topGenres.map { ($0.genre, $0.count) }),
          ratings: Dictionary(
            uniqueKeysWithValues: stats.ratings.enumerated().filter { $0.element > 0 }.map {
              (String($0.offset + 1), $0.element)
            })))
    }
    var lines = [
      trn(
        "films seen: %1$s (%2$s watch)", "films seen: %1$s (%2$s watches)", stats.filmWatches, String(stats.films),
        String(stats.filmWatches)),
      trn(
        "episodes seen: %1$s (%2$s watch), of %3$s series", "episodes seen: %1$s (%2$s watches), of %3$s series",
        stats.episodeWatches, String(stats.episodes), String(stats.episodeWatches), String(stats.series)),
      stats.unmeasured == 0
        ? tr("hours: %s", Formatters.decimal(hours))
        : trn(
          "hours: %1$s (%2$s watch of unknown length not counted)",
          "hours: %1$s (%2$s watches of unknown length not counted)", stats.unmeasured, Formatters.decimal(hours),
          String(stats.unmeasured)),
    ]
    lines += months(stats.byMonth)
    if !stats.topGenres.isEmpty {
      lines.append(
        labelled(tr("top genres:")) + stats.topGenres.map { "\($0.genre) ×\($0.count)" }.joined(separator: ", "))
    }
    let rated = stats.ratings.enumerated().filter { $0.element > 0 }
    if !rated.isEmpty {
      // "★8 ×2": the score, then how many titles have it.
      lines.append(
        labelled(tr("ratings:")) + rated.reversed().map { "★\($0.offset + 1) ×\($0.element)" }.joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }

  /// The watches by month: a year's twelve on one line; more (a lifetime) as a line of years and
  /// one of the latest twelve months, not a line of every month (131 of them for a heavy library).
  private static func months(_ months: [(month: String, count: Int)]) -> [String] {
    let shown = { (entries: [(String, Int)]) in entries.map { "\($0.0) ×\($0.1)" }.joined(separator: ", ") }
    guard months.count > 12 else {
      return months.isEmpty ? [] : [labelled(tr("by month:")) + shown(months.map { ($0.month, $0.count) })]
    }
    var years: [(String, Int)] = []
    for entry in months.sorted(by: { $0.month < $1.month }) {
      let year = String(entry.month.prefix(4))
      if years.last?.0 == year { years[years.count - 1].1 += entry.count } else { years.append((year, entry.count)) }
    }
    // The twelve calendar months up to the latest with a watch (those of them with watches).
    let sorted = months.sorted { $0.month < $1.month }
    let first = sorted.last.map { Self.month($0.month, minus: 11) } ?? ""
    let latest = sorted.filter { $0.month >= first }.map { ($0.month, $0.count) }
    return [labelled(tr("by year:")) + shown(years), labelled(tr("the latest 12 months:")) + shown(latest)]
  }

  /// The month `count` months before `month` (`YYYY-MM`).
  static func month(_ month: String, minus count: Int) -> String {
    let parts = month.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 2 else { return month }
    let index = parts[0] * 12 + (parts[1] - 1) - count
    let (year, number) = (index / 12, index % 12 + 1)
    return "\(year)-\(number < 10 ? "0" : "")\(number)"
  }

  /// A label ending in a colon, spaced from what follows unless its colon is a full-width one
  /// ("按月："), which holds its own space.
  private static func labelled(_ label: String) -> String {
    label.hasSuffix("：") ? label : label + " "
  }

  /// A CSV Letterboxd's importer reads: one row a film watch, and one a film rated but not watched
  /// (a film only noted has none); every text cell guarded against spreadsheet formulas. Tags an
  /// import kept in the note go back to Tags, beside the lists; only the rest of a note is a Review.
  static func letterboxd(_ rows: [DiaryRow]) -> String {
    let lines = rows.map { row in
      let note: (tags: [String], review: String?) = row.note.map(LetterboxdTags.split) ?? ([], nil)
      return [
        String(row.title.media.id), row.title.imdbID ?? "", csvField(row.title.title),
        row.title.year.map(String.init) ?? "", row.rating.map(String.init) ?? "", row.watched ?? "",
        row.watched == nil ? "" : (row.rewatch ? "true" : "false"),
        csvField((row.lists + note.tags.filter { !row.lists.contains($0) }).joined(separator: ", ")),
        csvField(note.review ?? ""),
      ].joined(separator: ",")
    }
    return (["tmdbID,imdbID,Title,Year,Rating10,WatchedDate,Rewatch,Tags,Review"] + lines).joined(separator: "\n")
  }
}
