import FoundationEssentials

/// A table as it travels between devices (docs/sync.md): each row named by a key that is the same
/// on every machine, never a local row id (a list by its name, a list's item by the list's name, a
/// watch by its uid), and carried whole with the columns `rowColumns` names.
struct SyncTable: Sendable {
  /// The table's name.
  let name: String
  /// The key's columns, as a record names them (a column of the row).
  let keyColumns: [String]
  /// The columns a record's row carries, in this order.
  let rowColumns: [String]
  /// The statement that reads every row, its columns in `rowColumns` order.
  let selectAll: String
  /// The statement that reads the row a key names, its columns in `rowColumns` order.
  let select: String
  /// The statement that deletes the row a key names.
  let delete: String
  /// The statement that stores a row (its values in `rowColumns` order), replacing the one its key
  /// names; a title's, what the row does not know (empty, zero) keeps what was known.
  let upsert: String
  /// A title's statement that fills only what the row held does not know, from an older row.
  ///
  /// Its values in `rowColumns` order: a title marked offline on one machine, named on another, ends
  /// named on both, whichever change came last.
  let fillUnknown: String?

  /// A table and its statements, made once: a sync runs them for every record.
  init(name: String, keyColumns: [String], rowColumns: [String]) {
    self.name = name
    self.keyColumns = keyColumns
    self.rowColumns = rowColumns
    selectAll = Self.selectAllStatement(name, rowColumns: rowColumns)
    select = selectAll + " WHERE " + Self.keyCondition(name, keyColumns: keyColumns)
    delete = Self.deleteStatement(name, keyColumns: keyColumns)
    upsert = Self.upsertStatement(name, keyColumns: keyColumns, rowColumns: rowColumns)
    fillUnknown =
      name == "titles"
      ? "UPDATE titles SET "
        + rowColumns.enumerated().filter { !keyColumns.contains($0.element) }.map {
          "\($0.element) = coalesce(\(Self.known($0.element)), ?\($0.offset + 1))"
        }.joined(separator: ", ") + " WHERE "
        + keyColumns.compactMap { key in rowColumns.firstIndex(of: key).map { "\(key) = ?\($0 + 1)" } }
        .joined(separator: " AND ")
      : nil
  }

  /// A column's value when it says something: neither null, empty nor zero.
  ///
  /// What a title marked while amodb could not be asked holds is all of those.
  static func known(_ column: String) -> String { "nullif(nullif(\(column), ''), 0)" }

  /// Every table that travels, in the order records of one moment are applied: a title before
  /// what is about it, a list before its items.
  static let all: [SyncTable] = Library.exportedTables.map { table in
    switch table.name {
    case "lists": SyncTable(name: "lists", keyColumns: ["name"], rowColumns: ["name", "created"])
    case "list_items":
      SyncTable(
        name: "list_items", keyColumns: ["list", "kind", "title_id"],
        rowColumns: ["list", "kind", "title_id", "position", "added"])
    case "watch_events":
      SyncTable(name: "watch_events", keyColumns: ["uid"], rowColumns: table.columns.filter { $0 != "id" })
    default:
      SyncTable(name: table.name, keyColumns: primaryKeys[table.name] ?? [], rowColumns: table.columns)
    }
  }

  /// The deletions of lists, kept apart from the lists themselves: a list deleted at one moment
  /// takes with it every item added before that moment, even where it was made again after.
  static let listDeletions = SyncTable(name: "list_deletions", keyColumns: ["name"], rowColumns: [])

  /// The facts that stay on the machine that made them, by the start of their names.
  ///
  /// The day `trending new --since-last` last ran there (each machine's cron says its own news),
  /// the folders its files were played from, when its old watchlist file moved in.
  static let localFacts = [
    Library.newsMarkerFact, Library.newsSaidFact, Library.playFolderFact, Library.pendingPlayFact, OldWatchlist.fact,
  ]

  /// Whether a row travels between devices: every one but a fact of this machine's own.
  static func travels(_ table: String, _ key: [SQLValue]) -> Bool {
    guard table == "facts", case .text(let name)? = key.first else { return true }
    return !localFacts.contains { name.hasPrefix($0) }
  }

  /// The tables by name.
  static let byName: [String: SyncTable] = Dictionary(
    uniqueKeysWithValues: (all + [listDeletions]).map { ($0.name, $0) })

  /// Each table's primary key, where it is the key on every machine.
  private static let primaryKeys: [String: [String]] = [
    "titles": ["kind", "id"], "episodes": ["series_id", "season", "episode"],
    "ratings": ["kind", "title_id", "season", "episode"], "notes": ["kind", "title_id", "season", "episode"],
    "hidden": ["kind", "title_id"], "facts": ["name"],
    "title_providers": ["kind", "title_id", "region", "provider_id", "offer"],
  ]

  /// The order of this table among `all`.
  var rank: Int { Self.all.firstIndex { $0.name == name } ?? 2 }

  /// The key of a row given in `rowColumns` order: a list's name is told without case, as the
  /// library tells lists apart.
  func key(ofRow row: [SQLValue]) -> [SQLValue] {
    keyColumns.map { column in
      let value = rowColumns.firstIndex(of: column).map { row[$0] } ?? .null
      return caseless(column) ? Self.lowered(value) : value
    }
  }

  /// Whether the key's column is a list's name, told without case.
  func caseless(_ column: String) -> Bool {
    ((name == "lists" || name == "list_deletions") && column == "name") || (name == "list_items" && column == "list")
  }

  /// A list's name lowered in any script, as the library tells lists apart (`Lists.spelling`:
  /// "Été" is "été"), so one list has one key on every machine.
  static func lowered(_ value: SQLValue) -> SQLValue {
    guard case .text(let text) = value else { return value }
    return .text(text.lowercased())
  }

  /// The schema whose sync keys lower a list's name in any script; a file of an earlier one has
  /// its stamps keyed again on migrating.
  static let listKeysVersion = 8

  /// Keys again the stamps of lists, their items and their deletions kept under the ASCII-lowered
  /// names of before, as `lowered` makes them now; two stamps that meet keep the newer.
  static func rekeyListNames(_ connection: SQLiteConnection) throws(SQLiteFailure) {
    var moves: [(table: String, old: String, new: String)] = []
    try connection.each(
      "SELECT tbl, key FROM sync_rows WHERE tbl IN ('lists', 'list_items', 'list_deletions')"
    ) { row in
      guard let table = row["tbl"].string, let text = row["key"].string, var key = SyncSegment.key(text),
        let name = key.first
      else { return }
      key[0] = lowered(name)
      let new = keyText(key)
      if new != text { moves.append((table, text, new)) }
    }
    for move in moves {
      guard let stamp = try SyncStamp.stampOf(connection, move.table, keyText: move.old) else { continue }
      try SyncStamp.stamp(connection, move.table, keyText: move.new, stamp.clock, deleted: stamp.deleted)
      try connection.rows("DELETE FROM sync_rows WHERE tbl = ? AND key = ?", [.text(move.table), .text(move.old)])
    }
  }

  /// A key with its list's name as this library spells that list, for the statements that find
  /// rows by name (SQLite's NOCASE folds ASCII only); other keys as they are.
  func spelled(_ key: [SQLValue], _ connection: SQLiteConnection) throws(SQLiteFailure) -> [SQLValue] {
    guard let first = keyColumns.first, caseless(first), case .text(let name)? = key.first else { return key }
    return [.text(try Lists.spelling(connection, name))] + key.dropFirst()
  }

  /// A key as the text `sync_rows` keeps: a JSON array of its values.
  static func keyText(_ key: [SQLValue]) -> String {
    "[" + key.map(JSONText.value).joined(separator: ",") + "]"
  }

  /// The statement that reads every row, its columns in `rowColumns` order.
  private static func selectAllStatement(_ name: String, rowColumns: [String]) -> String {
    switch name {
    case "lists": return "SELECT name, created FROM lists"
    case "list_items":
      return """
        SELECT l.name AS list, i.kind, i.title_id, i.position, i.added FROM list_items i
        JOIN lists l ON l.id = i.list_id
        """
    default: return "SELECT \(rowColumns.joined(separator: ", ")) FROM \(name)"
    }
  }

  /// The condition that picks the row a key names (its values bound in `keyColumns` order).
  private static func keyCondition(_ name: String, keyColumns: [String]) -> String {
    switch name {
    case "list_items": return "l.name = ? AND i.kind = ? AND i.title_id = ?"
    default: return keyColumns.map { "\($0) = ?" }.joined(separator: " AND ")
    }
  }

  /// The statement that deletes the row a key names.
  private static func deleteStatement(_ name: String, keyColumns: [String]) -> String {
    switch name {
    case "list_items":
      return
        "DELETE FROM list_items WHERE list_id = (SELECT id FROM lists WHERE name = ?) AND kind = ? AND title_id = ?"
    default: return "DELETE FROM \(name) WHERE " + keyColumns.map { "\($0) = ?" }.joined(separator: " AND ")
    }
  }

  /// The statement that stores a row (its values in `rowColumns` order), replacing the one its key names.
  private static func upsertStatement(_ name: String, keyColumns: [String], rowColumns: [String]) -> String {
    switch name {
    case "lists":
      return
        "INSERT INTO lists (name, created) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET name = excluded.name, created = excluded.created"
    case "list_items":
      return """
        INSERT INTO list_items (list_id, kind, title_id, position, added)
        SELECT id, ?2, ?3, ?4, ?5 FROM lists WHERE name = ?1
        ON CONFLICT (list_id, kind, title_id) DO UPDATE SET position = excluded.position, added = excluded.added
        """
    default:
      let conflict = name == "watch_events" ? ["uid"] : keyColumns
      let others = rowColumns.filter { !conflict.contains($0) }
      let placeholders = Array(repeating: "?", count: rowColumns.count).joined(separator: ", ")
      let value = { (column: String) in
        name == "titles" ? "coalesce(\(known("excluded." + column)), \(column))" : "excluded.\(column)"
      }
      let update =
        others.isEmpty
        ? "DO NOTHING" : "DO UPDATE SET " + others.map { "\($0) = \(value($0))" }.joined(separator: ", ")
      return "INSERT INTO \(name) (\(rowColumns.joined(separator: ", "))) VALUES (\(placeholders)) "
        + "ON CONFLICT (\(conflict.joined(separator: ", "))) \(update)"
    }
  }
}
