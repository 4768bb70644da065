import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

/// One film watch as Letterboxd's importer reads it, with the rating, note and lists of the film.
public struct DiaryRow: Equatable, Sendable {
  /// The film.
  public var title: TitleInfo
  /// The day it was watched; nil for a film rated but not watched. A film only noted is no row:
  /// Letterboxd's importer would mark it watched and publish the note as a review.
  public var watched: String?
  /// Whether an earlier watch of it is in the library.
  public var rewatch: Bool
  /// The user's rating, 1–10 (on the film's latest watch only).
  public var rating: Int?
  /// The user's note (on the film's latest watch only).
  public var note: String?
  /// The named lists it is on (not the watchlist).
  public var lists: [String]
}

extension Library {
  /// The tables `export json` writes, each with its columns in order: the whole library.
  static let exportedTables: [(name: String, columns: [String], order: String)] = [
    (
      "titles",
      [
        "kind", "id", "title", "year", "poster_path", "vote_average", "vote_count", "genre_ids", "genres",
        "imdb_id", "runtime", "updated",
      ], "kind, id"
    ),
    ("lists", ["id", "name", "created"], "id"),
    ("list_items", ["list_id", "kind", "title_id", "position", "added"], "list_id, position"),
    ("watch_events", ["id", "kind", "title_id", "season", "episode", "watched", "recorded", "uid"], "id"),
    ("episodes", ["series_id", "season", "episode", "name", "air_date", "runtime"], "series_id, season, episode"),
    (
      "ratings", ["kind", "title_id", "season", "episode", "rating", "rated", "rated_at"],
      "kind, title_id, season, episode"
    ),
    ("notes", ["kind", "title_id", "season", "episode", "text", "noted"], "kind, title_id, season, episode"),
    ("hidden", ["kind", "title_id", "hidden"], "kind, title_id"),
    ("facts", ["name", "value"], "name"),
    (
      "title_providers", ["kind", "title_id", "region", "provider_id", "provider_name", "offer", "checked"],
      "kind, title_id, region, provider_id, offer"
    ),
  ]

  /// The tables whose rows carry this machine's own row ids (lists, their items, watches): exported
  /// numbered by their place in the file instead, in an order every machine agrees on, so two
  /// machines with the same library write the same export byte for byte (`import json` reads ids
  /// as places in the file).
  static let exportSelects: [String: String] = [
    "lists": "SELECT row_number() OVER (ORDER BY id <> 1, name, id) AS id, name, created FROM lists ORDER BY id",
    "list_items": """
    WITH placed AS (SELECT id AS own, row_number() OVER (ORDER BY id <> 1, name, id) AS id FROM lists)
    SELECT p.id AS list_id, i.kind, i.title_id, i.position, i.added FROM list_items i
    JOIN placed p ON p.own = i.list_id ORDER BY p.id, i.position, i.kind, i.title_id
    """,
    "watch_events": """
    SELECT row_number() OVER (ORDER BY watched, kind, title_id, season, episode, uid) AS id,
      kind, title_id, season, episode, watched, recorded, uid
    FROM watch_events ORDER BY id
    """,
  ]

  /// The version of the export's format (not the schema's), for the import to check.
  public static let exportFormatVersion = 1

  /// The whole library as JSON: every table, every row, every column, typed as stored.
  public func exportJSON(now: String) throws(LibraryError) -> String {
    try export(now: now, salvaging: false).json
  }

  /// `export json` however damaged the library: each table as far as it can be read, those it could
  /// not read whole named (the rows read before the damage kept), and whether any damage was met
  /// (a damaged index read around: every row there, the file still damaged).
  public func salvageJSON(now: String) throws(LibraryError) -> (json: String, unreadable: [String], damaged: Bool) {
    var damaged = false
    let (json, unreadable) = try export(now: now, salvaging: true, damaged: &damaged)
    return (json, unreadable, damaged || !unreadable.isEmpty)
  }

  /// The export, and, when salvaging, the tables a damage cut short (else the damage is thrown);
  /// `damaged` is set when any read met one.
  private func export(now: String, salvaging: Bool) throws(LibraryError) -> (json: String, unreadable: [String]) {
    var damaged = false
    return try export(now: now, salvaging: salvaging, damaged: &damaged)
  }

  private func export(now: String, salvaging: Bool, damaged met: inout Bool) throws(LibraryError) -> (
    json: String, unreadable: [String]
  ) {
    try read {
      var out = "{\n  \"format\": \"trending-library\",\n  \"version\": \(Self.exportFormatVersion),\n"
      out += "  \"schema\": \(try Self.version(connection)),\n  \"exported\": \(JSONText.string(now)),\n"
      out += "  \"tables\": {"
      var unreadable: [String] = []
      for (index, table) in Self.exportedTables.enumerated() {
        out += (index == 0 ? "\n" : ",\n") + "    \(JSONText.string(table.name)): ["
        // Table and column names are ours, never the user's.
        let columns = table.columns.joined(separator: ", ")
        let custom = Self.exportSelects[table.name]
        var (rows, damaged) = try exportRows(
          custom ?? "SELECT \(columns) FROM \(table.name) ORDER BY \(table.order)", table.columns)
        met = met || damaged
        // In the table's own order, as far as the damage (a damaged index does not stop it).
        if damaged, custom == nil {
          (rows, damaged) = try exportRows("SELECT \(columns) FROM \(table.name)", table.columns)
        }
        if damaged {
          guard salvaging else { throw SQLiteFailure(code: SQLITE_CORRUPT, message: "\(table.name) cannot be read") }
          unreadable.append(table.name)
        }
        out += rows.isEmpty ? "]" : "\n      " + rows.joined(separator: ",\n      ") + "\n    ]"
      }
      return (out + "\n  }\n}", unreadable)
    }
  }

  /// A query's rows as the export writes them, as far as a damage lets them be read, and whether
  /// one stopped them.
  private func exportRows(_ sql: String, _ columns: [String]) throws(SQLiteFailure) -> (rows: [String], damaged: Bool) {
    var rows: [String] = []
    let result = Result { () throws(SQLiteFailure) in
      try connection.each(sql) { row in
        rows.append(
          "{" + columns.map { JSONText.string($0) + ": " + JSONText.value(row[$0]) }.joined(separator: ", ") + "}")
      }
    }
    if case .failure(let failure) = result {
      guard failure.primary == SQLITE_CORRUPT else { throw failure }
      return (rows, true)
    }
    return (rows, false)
  }

  /// Every film watch, oldest first, and every film rated but never watched; the rating and
  /// the note go with the latest watch alone (Letterboxd keeps them per diary entry).
  public func diary() throws(LibraryError) -> [DiaryRow] {
    try read {
      var lists: [MediaID: [String]] = [:]
      try connection.each(
        """
        SELECT i.kind, i.title_id, l.name FROM list_items i JOIN lists l ON l.id = i.list_id
        WHERE l.id <> 1 ORDER BY l.name
        """
      ) { row in
        guard let kind = row["kind"].string.flatMap(MediaKind.init(rawValue:)), let id = row["title_id"].int else {
          return
        }
        lists[MediaID(kind, id), default: []].append(row["name"].string ?? "")
      }
      var rows: [DiaryRow] = []
      try connection.each(
        """
        SELECT \(Titles.columns), w.watched, w.rewatch,
          CASE WHEN w.latest IS NOT 0 THEN r.rating END AS rating,
          CASE WHEN w.latest IS NOT 0 THEN n.text END AS note FROM titles t
        LEFT JOIN (SELECT kind, title_id, watched, id, row_number() OVER (PARTITION BY kind, title_id
          ORDER BY watched, id) > 1 AS rewatch, row_number() OVER (PARTITION BY kind, title_id
          ORDER BY watched DESC, id DESC) = 1 AS latest FROM watch_events WHERE season IS NULL) w
          ON w.kind = t.kind AND w.title_id = t.id
        LEFT JOIN ratings r ON r.kind = t.kind AND r.title_id = t.id AND r.season = -1
        LEFT JOIN notes n ON n.kind = t.kind AND n.title_id = t.id AND n.season = -1
        WHERE t.kind = 'movie' AND (w.watched IS NOT NULL OR r.rating IS NOT NULL)
        ORDER BY w.watched IS NULL, w.watched, w.id, t.id
        """
      ) { row in
        guard let title = Titles.info(from: row) else { return }
        rows.append(
          DiaryRow(
            title: title, watched: row["watched"].string, rewatch: row["rewatch"].int == 1, rating: row["rating"].int,
            note: row["note"].string, lists: lists[title.media] ?? []))
      }
      return rows
    }
  }

  /// How many series the diary leaves out (Letterboxd's CSV holds films): those watched, rated or
  /// noted, as a whole or by their episodes.
  public func seriesOutsideTheDiary() throws(LibraryError) -> Int {
    try read {
      let count = try connection.scalar(
        """
        SELECT count(*) FROM (SELECT title_id FROM watch_events WHERE kind = 'tv'
          UNION SELECT title_id FROM ratings WHERE kind = 'tv' UNION SELECT title_id FROM notes WHERE kind = 'tv')
        """)
      return count?.int ?? 0
    }
  }

  /// The most problems of one kind `check` names; the rest are counted.
  static let mostNamedProblems = 50

  /// SQLite's integrity and foreign-key checks, the schema against the one trending makes (a
  /// table, view, index or trigger it did not make, changed or missing), and every row's values
  /// against those the app writes (`StoredValues`), and the change log replayed from empty against
  /// the library (`changeLogProblems`): nothing when all is well, else one line a
  /// problem, each row named by its title, list, episode or day. `today` (`YYYY-MM-DD`) bounds the
  /// days; nil is today.
  public func check(today: String? = nil) throws(LibraryError) -> [String] {
    let day = today.flatMap(ReleaseDate.init) ?? ReleaseDate(day: Date())
    return try read {
      var problems = try connection.rows("PRAGMA integrity_check").compactMap { $0["integrity_check"].string }
        .filter { $0 != "ok" }.map { TextSanitizer.clean($0, limit: 300) }
      problems += try foreignKeyProblems()
      problems += try schemaProblems()
      problems += try valueProblems(today: day)
      problems += try changeLogProblems()
      return problems
    }
  }

  /// Each row that refers to a row missing from another table, named.
  private func foreignKeyProblems() throws -> [String] {
    var seen: Set<String> = []
    var found: [(table: String, parent: String, key: Int)] = []
    for row in try connection.rows("PRAGMA foreign_key_check") {
      guard let table = row["table"].string, let parent = row["parent"].string, let key = row["fkid"].int,
        seen.insert("\(table)\u{0}\(parent)\u{0}\(key)").inserted
      else { continue }
      found.append((table, parent, key))
    }
    var problems: [String] = []
    var more = 0
    for (table, parent, key) in found {
      let parentName = TextSanitizer.clean(parent, limit: 100)
      // Only the app's own tables are read by name; another is named as SQLite gave it.
      guard let columns = Self.exportedTables.first(where: { $0.name == table })?.columns else {
        problems.append(tr("%1$s refers to a missing row of %2$s", TextSanitizer.clean(table, limit: 100), parentName))
        continue
      }
      let pairs = try connection.rows("PRAGMA foreign_key_list(\(table))").filter { $0["id"].int == key }
        .compactMap { row -> (from: String, to: String)? in
          guard let from = row["from"].string, let to = row["to"].string else { return nil }
          return (from, to)
        }
      guard !pairs.isEmpty else {
        problems.append(tr("%1$s refers to a missing row of %2$s", TextSanitizer.clean(table, limit: 100), parentName))
        continue
      }
      let matches = pairs.map { "p.\(quoted($0.to)) = c.\(quoted($0.from))" }.joined(separator: " AND ")
      let present = pairs.map { "c.\(quoted($0.from)) IS NOT NULL" }.joined(separator: " AND ")
      let rows = try connection.rows(
        """
        SELECT \(columns.map { "c." + $0 }.joined(separator: ", ")) FROM \(table) c
        WHERE \(present) AND NOT EXISTS (SELECT 1 FROM \(quoted(parent)) p WHERE \(matches))
        """)
      for row in rows {
        guard problems.count < Self.mostNamedProblems else {
          more += 1
          continue
        }
        problems.append(tr("%1$s refers to a missing row of %2$s", try place(table, row), parentName))
      }
    }
    if more > 0 { problems.append(tr("and %s more", String(more))) }
    return problems
  }

  /// The tables, views, indexes and triggers that differ from those the schema's migrations make.
  private func schemaProblems() throws -> [String] {
    let version = try Self.version(connection)
    guard version <= Schema.current else { return [] }
    let made = try Schema.made(upTo: version)
    func objects(_ connection: SQLiteConnection) throws -> [String: (type: String, sql: String)] {
      var objects: [String: (type: String, sql: String)] = [:]
      for row in try connection.rows(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
      {
        guard let type = row["type"].string, let name = row["name"].string else { continue }
        objects[name] = (type, row["sql"].string ?? "")
      }
      return objects
    }
    let expected = try objects(made)
    let found = try objects(connection)
    var problems: [String] = []
    for (name, object) in found.sorted(by: { $0.key < $1.key }) {
      let shown = "'" + TextSanitizer.clean(name, limit: 100) + "'"
      guard let wanted = expected[name] else {
        switch object.type {
        case "trigger": problems.append(tr("a trigger trending did not make: %s", shown))
        case "view": problems.append(tr("a view trending did not make: %s", shown))
        case "index": problems.append(tr("an index trending did not make: %s", shown))
        default: problems.append(tr("a table trending did not make: %s", shown))
        }
        continue
      }
      if wanted.type != object.type || wanted.sql != object.sql {
        problems.append(tr("%s is not as trending made it", shown))
      }
    }
    for name in expected.keys.sorted() where found[name] == nil {
      problems.append(tr("%s, which trending makes, is missing", "'" + name + "'"))
    }
    return problems
  }

  /// Each row holding a value the app never writes (`StoredValues`), named, with the value.
  private func valueProblems(today: ReleaseDate) throws -> [String] {
    var bad: [(table: String, row: SQLRow, problem: String)] = []
    var more = 0
    for table in Self.exportedTables {
      // Table and column names are ours, never the file's.
      try connection.each("SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)") { row in
        var values = table.columns.map { row[$0] }
        guard
          let problem = StoredValues.problem(table.name, table.columns, &values, today: today, cleaning: false)
        else { return }
        if bad.count < Self.mostNamedProblems {
          bad.append((table.name, row, problem))
        } else {
          more += 1
        }
      }
    }
    var problems = try bad.map { tr("%1$s: %2$s", try place($0.table, $0.row), $0.problem) }
    if more > 0 { problems.append(tr("and %s more", String(more))) }
    return problems
  }

  /// A row as `check` names it: its title (and episode), list, day or fact, never a bare row number.
  private func place(_ table: String, _ row: SQLRow) throws -> String {
    func value(_ name: String) -> SQLValue { row[name] }
    func text(_ value: SQLValue) -> String { "'" + TextSanitizer.clean(StoredValues.plain(value), limit: 80) + "'" }
    func title(_ kind: SQLValue, _ id: SQLValue) throws -> String {
      let media: String =
        switch (kind.string, id.int) {
        case (MediaKind.film.rawValue?, let id?): String(id)
        case (let kind?, let id?): TextSanitizer.clean(kind, limit: 20) + "/" + String(id)
        default: StoredValues.plain(kind) + "/" + StoredValues.plain(id)
        }
      let name = try connection.scalar("SELECT title FROM titles WHERE kind = ? AND id = ?", [kind, id])?.string
      guard let name, !name.isEmpty else { return media }
      return "'" + TextSanitizer.clean(name, limit: 80) + "' (" + media + ")"
    }
    func episode() -> String {
      guard let season = value("season").int, let number = value("episode").int, season >= 0, number >= 0 else {
        return ""
      }
      return " " + EpisodeKey(season: season, number: number).description
    }
    switch table {
    case "titles": return tr("the title %s", try title(value("kind"), value("id")))
    case "lists": return tr("the list %s", text(value("name")))
    case "list_items":
      let list = try connection.scalar("SELECT name FROM lists WHERE id = ?", [value("list_id")]).map(text)
      return tr(
        "%1$s on the list %2$s", try title(value("kind"), value("title_id")),
        list ?? "#" + StoredValues.plain(value("list_id")))
    case "watch_events":
      return tr(
        "the watch of %1$s on %2$s", try title(value("kind"), value("title_id")) + episode(), text(value("watched")))
    case "episodes":
      return tr(
        "the episode %1$s of %2$s",
        "S" + StoredValues.plain(value("season")) + "E" + StoredValues.plain(value("episode")),
        try title(.text(MediaKind.series.rawValue), value("series_id")))
    case "ratings": return tr("the rating of %s", try title(value("kind"), value("title_id")) + episode())
    case "notes": return tr("the note on %s", try title(value("kind"), value("title_id")) + episode())
    case "hidden": return tr("the 'not interested' mark on %s", try title(value("kind"), value("title_id")))
    case "title_providers":
      return tr("the offer of %1$s in %2$s", try title(value("kind"), value("title_id")), text(value("region")))
    default: return tr("the fact %s", text(value("name")))
    }
  }

  /// An identifier quoted for SQL.
  private func quoted(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
  }

}

/// JSON text for the export, written by hand so tables stream in order without a tree in memory.
enum JSONText {
  /// A string, quoted and escaped as RFC 8259 asks.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A stored value: numbers as numbers (a real's shortest text that reads back the same), text, null.
  static func value(_ value: SQLValue) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .real(let number): return number.isFinite ? "\(number)" : "null"
    case .text(let text): return string(text)
    case .null: return "null"
    }
  }
}
