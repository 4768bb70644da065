import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

/// `trending library check`: the file against SQLite's checks, the schema trending makes, the
/// values the app writes and the change log replayed.
extension Library {
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
