import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// One film watch as Letterboxd's importer reads it, with the rating, note and lists of the film.
public struct DiaryRow: Equatable, Sendable {
  /// The film.
  public var title: TitleInfo
  /// The day it was watched; nil for a film rated or noted but not watched.
  public var watched: String?
  /// Whether an earlier watch of it is in the library.
  public var rewatch: Bool
  /// The user's rating, 1–10.
  public var rating: Int?
  /// The user's note.
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
    ("watch_events", ["id", "kind", "title_id", "season", "episode", "watched", "recorded"], "id"),
    ("episodes", ["series_id", "season", "episode", "name", "air_date", "runtime"], "series_id, season, episode"),
    ("ratings", ["kind", "title_id", "season", "episode", "rating", "rated"], "kind, title_id, season, episode"),
    ("notes", ["kind", "title_id", "season", "episode", "text", "noted"], "kind, title_id, season, episode"),
    ("hidden", ["kind", "title_id", "hidden"], "kind, title_id"),
    ("facts", ["name", "value"], "name"),
    (
      "title_providers", ["kind", "title_id", "region", "provider_id", "provider_name", "offer", "checked"],
      "kind, title_id, region, provider_id, offer"
    ),
  ]

  /// The version of the export's format (not the schema's), for the import to check.
  public static let exportFormatVersion = 1

  /// The whole library as JSON: every table, every row, every column, typed as stored.
  public func exportJSON(now: String) throws(LibraryError) -> String {
    try read {
      var out = "{\n  \"format\": \"trending-library\",\n  \"version\": \(Self.exportFormatVersion),\n"
      out += "  \"schema\": \(try Self.version(connection)),\n  \"exported\": \(JSONText.string(now)),\n"
      out += "  \"tables\": {"
      for (index, table) in Self.exportedTables.enumerated() {
        out += (index == 0 ? "\n" : ",\n") + "    \(JSONText.string(table.name)): ["
        var first = true
        // Table and column names are ours, never the user's.
        try connection.each(
          "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.order)"
        ) { row in
          out += (first ? "\n" : ",\n") + "      {"
          first = false
          out += zip(table.columns, row).map { JSONText.string($0) + ": " + JSONText.value($1) }
            .joined(separator: ", ")
          out += "}"
        }
        out += first ? "]" : "\n    ]"
      }
      return out + "\n  }\n}"
    }
  }

  /// Every film watch, oldest first, and every film rated or noted but never watched.
  public func diary() throws(LibraryError) -> [DiaryRow] {
    try read {
      var lists: [MediaID: [String]] = [:]
      try connection.each(
        """
        SELECT i.kind, i.title_id, l.name FROM list_items i JOIN lists l ON l.id = i.list_id
        WHERE l.id <> 1 ORDER BY l.name
        """
      ) { row in
        guard let kind = row[0].string.flatMap(MediaKind.init(rawValue:)), let id = row[1].int else { return }
        lists[MediaID(kind, id), default: []].append(row[2].string ?? "")
      }
      var rows: [DiaryRow] = []
      try connection.each(
        """
        SELECT \(Titles.columns), w.watched, w.rewatch, r.rating, n.text FROM titles t
        LEFT JOIN (SELECT kind, title_id, watched, id, row_number() OVER (PARTITION BY kind, title_id
          ORDER BY watched, id) > 1 AS rewatch FROM watch_events WHERE season IS NULL) w
          ON w.kind = t.kind AND w.title_id = t.id
        LEFT JOIN ratings r ON r.kind = t.kind AND r.title_id = t.id AND r.season = -1
        LEFT JOIN notes n ON n.kind = t.kind AND n.title_id = t.id AND n.season = -1
        WHERE t.kind = 'movie' AND (w.watched IS NOT NULL OR r.rating IS NOT NULL OR n.text IS NOT NULL)
        ORDER BY w.watched IS NULL, w.watched, w.id, t.id
        """
      ) { row in
        guard let title = Titles.info(from: row) else { return }
        rows.append(
          DiaryRow(
            title: title, watched: row[11].string, rewatch: row[12].int == 1, rating: row[13].int,
            note: row[14].string, lists: lists[title.media] ?? []))
      }
      return rows
    }
  }

  /// SQLite's integrity check and foreign-key check: nothing when all is well, else one line a problem.
  public func check() throws(LibraryError) -> [String] {
    try read {
      var problems = try connection.rows("PRAGMA integrity_check").compactMap(\.first?.string).filter { $0 != "ok" }
      for row in try connection.rows("PRAGMA foreign_key_check") {
        problems.append(
          tr(
            "%1$s row %2$s refers to a missing %3$s", row[0].string ?? "?", row[1].int.map(String.init) ?? "?",
            row[2].string ?? "?"))
      }
      return problems
    }
  }

  /// Copies the library to a new file with SQLite's online backup, safe while others write.
  public func backup(to target: URL) throws(LibraryError) {
    let name = TextSanitizer.clean(target.path, limit: 300)
    let made = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard made >= 0 else {
      throw LibraryError(
        .other,
        errno == EEXIST
          ? tr("%s already exists; a backup never replaces a file", name)
          : tr("%1$s: %2$s", name, String(cString: strerror(errno))))
    }
    close(made)
    do {
      let copy = try SQLiteConnection(path: target.path, readOnly: false, create: false)
      try connection.backup(to: copy)
    } catch {
      unlink(target.path)
      throw LibraryError.from(error, path: target.path)
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
