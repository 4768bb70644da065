import AmodbKit
import FoundationEssentials
import Localization

/// TV Time's files read one after another into rows. Most rows carry their series' TVDB id; the
/// older files name episodes only by the series' name (and the episode's own TVDB id), so those
/// wait until every file is read, then take the id another file gives that name.
struct TVTimeReading {
  /// An episode seen as the older files write it, waiting for its series' id.
  struct SeenEpisode {
    var place: RowPlace
    var name: String
    var series: Int?
    var episodeID: Int?
    var episode: EpisodeKey
    var day: String
  }

  /// The day given to what the export does not date (a rating without its time).
  let today: String
  /// Each series' TVDB id by its name as `TitleMatch` folds it.
  private var ids: [String: Int] = [:]
  /// Names given to more than one id, never used.
  private var ambiguous: Set<String> = []
  /// The episodes waiting for their series' id.
  private var seen: [SeenEpisode] = []
  /// The older log's episodes, a copy of what the newer one holds: added only when it is not there.
  private var legacyEpisodes: [ImportRow] = []
  /// Whether the newer log (`tracking-prod-records-v2.csv`) was read.
  private var readV2 = false
  /// The newer log's first watches read, by what and day: a second `watch` row of one day is a
  /// double tap, where a `rewatch` row is another watch.
  private var firstWatches: Set<String> = []

  /// Starts a reading; `today` dates what the export does not.
  init(today: String) {
    self.today = today
  }

  /// Reads one file's rows (one bad row costs only itself).
  mutating func read(
    _ file: TVTimeExport.File, name: String, _ source: inout any ByteSource, into rows: inout ImportRows
  ) throws {
    guard var table = try CSVTable(AnySource(source)) else { return }
    let missing = TVTimeExport.required(file).filter { group in !group.contains { table.has([$0]) } }
    guard missing.isEmpty else { throw TVTimeExport.notTheFile(name, missing.map { $0[0] }) }
    rows.files.append(name)
    if file == .tracking, TVTimeExport.isV2(name) { readV2 = true }
    while let record = try table.next() {
      guard record.problem == nil else {
        rows.skip(name, record.line, record.problem ?? "")
        continue
      }
      if record.isBlank { continue }
      let place = RowPlace(file: name, line: record.line)
      switch file {
      case .tracking: tracking(record, place, legacy: !TVTimeExport.isV2(name), into: &rows)
      case .seenEpisodes: seenEpisode(record, place, into: &rows)
      case .followed, .specialStatus, .showRatings, .showData: series(file, record, place, into: &rows)
      }
    }
  }

  /// Gives each episode seen its series' id (its own file's, else the name's in another file, else
  /// the episode's own TVDB id), and leaves off the films to watch that were watched.
  mutating func finish(into rows: inout ImportRows) {
    if !readV2 { rows.rows += legacyEpisodes }
    legacyEpisodes = []
    for episode in seen {
      let reference: TitleReference
      if let series = episode.series ?? id(named: episode.name) {
        reference = .tvdb(series, episode: episode.episode)
      } else if let own = episode.episodeID {
        reference = .tvdbEpisode(own)
      } else {
        rows.skip(
          episode.place.file, episode.place.line,
          tr("neither the series %s nor the episode has a TVDB id in the export", "'" + episode.name + "'"))
        continue
      }
      rows.rows.append(
        ImportRow(
          place: episode.place, reference: reference, title: episode.name, year: nil, action: .watch(day: episode.day))
      )
    }
    seen = []
    var watched: Set<TitleReference> = []
    for row in rows.rows {
      if case .watch = row.action { watched.insert(row.reference) }
    }
    rows.rows.removeAll { row in
      guard case .list = row.action, watched.contains(row.reference) else { return false }
      switch row.reference {
      case .search, .imdb: return true
      default: return false
      }
    }
  }

  /// A row of the tracking log: a film watched or to watch, an episode watched, or a series followed;
  /// the `legacy` log's episodes are kept aside.
  private mutating func tracking(_ record: CSVRecord, _ place: RowPlace, legacy: Bool, into rows: inout ImportRows) {
    let type = record["type"]?.lowercased()
    let entity = record["entity_type"]?.lowercased()
    let seriesText = TVTimeExport.cell(record, "s_id", "series_id")
    if entity == "movie" || entity == nil && seriesText == nil && TVTimeExport.cell(record, "movie_name") != nil {
      return film(record, place, type: type, logged: !legacy, into: &rows)
    }
    guard entity == nil || entity == "episode" || entity == "series" else { return }
    let seriesName = TextSanitizer.clean(record["series_name"] ?? "", limit: 300)
    let season = TVTimeExport.cell(record, "season_number", "s_no")
    let number = TVTimeExport.cell(record, "episode_number", "ep_no")
    if season != nil || number != nil {
      guard type == nil || type == "watch" || type == "rewatch" else { return }
      guard let series = TVTimeExport.id(seriesText) else {
        return rows.skip(place.file, place.line, ExportValues.bad("s_id", seriesText))
      }
      guard let episode = TVTimeExport.episode(season: season, number: number) else {
        return rows.skip(
          place.file, place.line, ExportValues.bad("season_number, episode_number", "\(season ?? "") \(number ?? "")"))
      }
      let stamp = TVTimeExport.cell(record, "created_at", "updated_at")
      guard let day = TVTimeExport.day(unix: record["watch_date"]) ?? ExportValues.day(stamp) else {
        return rows.skip(place.file, place.line, ExportValues.badDay("created_at", stamp))
      }
      note(seriesName, series)
      let what = "tvdb:\(series):\(episode.season)x\(episode.number)"
      guard legacy || type == "rewatch" || firstWatches.insert(what + "@" + day).inserted else { return }
      let row = ImportRow(
        place: place, reference: .tvdb(series, episode: episode), title: seriesName, year: nil,
        action: legacy ? .watch(day: day) : .loggedWatch(day: day),
        dayFact: TVTimeExport.dayFact(what, record))
      if legacy { legacyEpisodes.append(row) } else { rows.rows.append(row) }
      return
    }
    // A series' own row (`user-series-…`): followed, or kept for later.
    let followed = TVTimeExport.yes(record["is_followed"]) && !TVTimeExport.yes(record["is_archived"])
    guard followed || TVTimeExport.yes(record["is_for_later"]), let series = TVTimeExport.id(seriesText) else { return }
    note(seriesName, series)
    let stamp = TVTimeExport.cell(record, "created_at", "updated_at")
    guard let day = ExportValues.day(stamp) ?? TVTimeExport.day(unix: record["followed_at"]) else {
      return rows.skip(place.file, place.line, ExportValues.badDay("created_at", stamp))
    }
    add(.tvdb(series, episode: nil), seriesName, nil, .list(Schema.watchlistName, day: day), place, into: &rows)
  }

  /// A film's row of the log: watched (again), or to watch; a follow or a count adds nothing.
  /// `logged`: the newer log, where each row is one watch (a rewatch of the same day is another).
  private mutating func film(
    _ record: CSVRecord, _ place: RowPlace, type: String?, logged: Bool, into rows: inout ImportRows
  ) {
    guard let type, ["watch", "rewatch", "towatch"].contains(type) else { return }
    let title = TextSanitizer.clean(TVTimeExport.cell(record, "movie_name") ?? "", limit: 300)
    guard !title.isEmpty else { return rows.skip(place.file, place.line, ExportValues.bad("movie_name", nil)) }
    let year = TVTimeExport.year(record["release_date"])
    let stamp = TVTimeExport.cell(record, "created_at", "updated_at")
    let watched = type == "towatch" ? nil : TVTimeExport.day(unix: record["watch_date"])
    guard let day = watched ?? ExportValues.day(stamp) else {
      return rows.skip(place.file, place.line, ExportValues.badDay("created_at", stamp))
    }
    var reference = TitleReference.search(title: title, year: year)
    if let imdb = record["imdb_id"], imdb.hasPrefix("tt"), imdb.count <= 12, Int(imdb.dropFirst(2)) != nil {
      reference = .imdb(imdb)
    }
    guard type != "towatch" else {
      return add(reference, title, year, .list(Schema.watchlistName, day: day), place, into: &rows)
    }
    let what: String
    // A title cut so the fact's name stays within what the library keeps of one (300 characters).
    if case .imdb(let id) = reference {
      what = id
    } else {
      what = "\(title.prefix(200)) (\(year.map(String.init) ?? ""))"
    }
    guard !logged || type == "rewatch" || firstWatches.insert(what + "@" + day).inserted else { return }
    rows.rows.append(
      ImportRow(
        place: place, reference: reference, title: title, year: year,
        action: logged ? .loggedWatch(day: day) : .watch(day: day), dayFact: TVTimeExport.dayFact(what, record)))
  }

  /// A row of an older file of episodes seen, kept until every file is read.
  private mutating func seenEpisode(_ record: CSVRecord, _ place: RowPlace, into rows: inout ImportRows) {
    let name = TextSanitizer.clean(record["tv_show_name"] ?? "", limit: 300)
    let seasonText = TVTimeExport.cell(record, "episode_season_number", "season_number")
    let numberText = TVTimeExport.cell(record, "episode_number")
    guard let episode = TVTimeExport.episode(season: seasonText, number: numberText) else {
      return rows.skip(
        place.file, place.line,
        ExportValues.bad("episode_season_number, episode_number", "\(seasonText ?? "") \(numberText ?? "")"))
    }
    let stamp = TVTimeExport.cell(record, "created_at", "updated_at")
    guard let day = ExportValues.day(stamp) else {
      return rows.skip(place.file, place.line, ExportValues.badDay("created_at", stamp))
    }
    let series = TVTimeExport.id(record["tv_show_id"])
    if let series { note(name, series) }
    seen.append(
      SeenEpisode(
        place: place, name: name, series: series, episodeID: TVTimeExport.id(record["episode_id"]), episode: episode,
        day: day))
  }

  /// A row of a file of series: followed, kept for later, rated, or only named.
  private mutating func series(
    _ file: TVTimeExport.File, _ record: CSVRecord, _ place: RowPlace, into rows: inout ImportRows
  ) {
    let name = TextSanitizer.clean(record["tv_show_name"] ?? "", limit: 300)
    guard let series = TVTimeExport.id(record["tv_show_id"]) else {
      return rows.skip(place.file, place.line, ExportValues.bad("tv_show_id", record["tv_show_id"]))
    }
    note(name, series)
    let stamp = TVTimeExport.cell(record, "created_at", "updated_at")
    let day = ExportValues.day(stamp)
    let action: ImportAction
    switch file {
    case .followed:
      // `active` 0 is a series no longer followed; `archived` 1 one put away.
      guard record["active"] != "0", !TVTimeExport.yes(record["archived"]) else { return }
      guard let day else { return rows.skip(place.file, place.line, ExportValues.badDay("created_at", stamp)) }
      action = .list(Schema.watchlistName, day: day)
    case .specialStatus:
      guard record["status"]?.lowercased() == "for_later" else { return }
      action = .list(Schema.watchlistName, day: day ?? today)
    case .showRatings:
      let text = TVTimeExport.cell(record, "rating", "rate")
      guard let stars = text.flatMap({ Int($0) }), (1...5).contains(stars) else {
        return rows.skip(place.file, place.line, ExportValues.bad("rating", text))
      }
      action = .rate(stars * 2, day: day ?? today)
    case .showData, .tracking, .seenEpisodes: return
    }
    add(.tvdb(series, episode: nil), name, nil, action, place, into: &rows)
  }

  /// Appends one row.
  private func add(
    _ reference: TitleReference, _ title: String, _ year: Int?, _ action: ImportAction, _ place: RowPlace,
    into rows: inout ImportRows
  ) {
    rows.rows.append(ImportRow(place: place, reference: reference, title: title, year: year, action: action))
  }

  /// Notes that `name` is the series `id`; a name given two ids is never used.
  private mutating func note(_ name: String, _ id: Int) {
    let key = TitleMatch.normalised(name)
    guard !key.isEmpty, !ambiguous.contains(key) else { return }
    if let known = ids[key], known != id {
      ids[key] = nil
      ambiguous.insert(key)
      return
    }
    ids[key] = id
  }

  /// The series' id another file gives its name, if one and only one.
  private func id(named name: String) -> Int? {
    ids[TitleMatch.normalised(name)]
  }
}
