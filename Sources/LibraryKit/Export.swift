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
    var damaged = false
    return try export(now: now, salvaging: false, damaged: &damaged).json
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
  /// `met` is set when any read met a damage.
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
