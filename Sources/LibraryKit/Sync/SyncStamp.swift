import FoundationEssentials

/// Stamps rows with the clock of the change that made them so: `sync_rows`.
enum SyncStamp {
  /// Stamps one row (a newer stamp is kept).
  static func stamp(
    _ connection: SQLiteConnection, _ table: String, _ key: [SQLValue], _ clock: HybridClock, deleted: Bool
  ) throws(SQLiteFailure) {
    // A row that does not travel is never stamped, so never sent.
    guard SyncTable.travels(table, key) else { return }
    try stamp(connection, table, keyText: SyncTable.keyText(key), clock, deleted: deleted)
  }

  /// Stamps one row named by its key as `sync_rows` keeps it (`SyncTable.keyText`).
  static func stamp(
    _ connection: SQLiteConnection, _ table: String, keyText: String, _ clock: HybridClock, deleted: Bool
  ) throws(SQLiteFailure) {
    try connection.rows(
      """
      INSERT INTO sync_rows (tbl, key, wall, counter, device, deleted) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (tbl, key) DO UPDATE SET wall = excluded.wall, counter = excluded.counter,
        device = excluded.device, deleted = excluded.deleted
      WHERE (excluded.wall, excluded.counter, excluded.device) > (wall, counter, device)
      """,
      [
        .text(table), .text(keyText), .integer(clock.wall), .integer(Int64(clock.counter)),
        .text(clock.device), .integer(deleted ? 1 : 0),
      ])
  }

  /// The stamp of a row, nil when it has none.
  static func stampOf(
    _ connection: SQLiteConnection, _ table: String, _ key: [SQLValue]
  ) throws(SQLiteFailure) -> (clock: HybridClock, deleted: Bool)? {
    try stampOf(connection, table, keyText: SyncTable.keyText(key))
  }

  /// The stamp of a row named by its key as `sync_rows` keeps it, nil when it has none.
  static func stampOf(
    _ connection: SQLiteConnection, _ table: String, keyText: String
  ) throws(SQLiteFailure) -> (clock: HybridClock, deleted: Bool)? {
    guard
      let row = try connection.rows(
        "SELECT wall, counter, device, deleted FROM sync_rows WHERE tbl = ? AND key = ?",
        [.text(table), .text(keyText)]
      ).first
    else { return nil }
    return (
      HybridClock(wall: row["wall"].integer ?? 0, counter: row["counter"].int ?? 0, device: row["device"].string ?? ""),
      row["deleted"].int == 1
    )
  }

  /// Stamps the rows every change of the log made since the last stamping (not the changes a sync
  /// took in: those were stamped with their own device's clocks).
  static func stampLog(_ connection: SQLiteConnection, member: SyncMember) throws {
    let last = try stamp(connection, device: member.device, after: member.stamped, joining: false)
    try connection.rows("UPDATE sync_member SET stamped = ?", [.integer(last)])
  }

  /// Stamps the rows the log's changes after `seq` made with each change's clock; returns the last
  /// change read. `joining`: the whole past of a library joining a folder, each row stamped when it
  /// was last changed here (so what the folder's devices changed since wins over it; an `import
  /// json`, a copy of a library, dates nothing), a watch by the id it has now (joining gave it one
  /// every machine derives), a deletion too: another machine may hold what was deleted here.
  ///
  /// `folderWatches`: the watch ids the folder holds, by which a watch deleted before joining that
  /// has one is named.
  static func stamp(
    _ connection: SQLiteConnection, device: String, after seq: Int64, joining: Bool, folderWatches: Set<String> = []
  ) throws -> Int64 {
    var reader = LogKeys(connection: connection, joining: joining, folderWatches: folderWatches)
    var last = seq
    try connection.each(
      "SELECT seq, kind, clock_wall, clock_counter, changeset FROM changes WHERE seq > ? ORDER BY seq",
      [.integer(seq)]
    ) { row in
      last = row["seq"].integer ?? last
      guard let kind = row["kind"].string, kind != "sync", kind != SyncJoin.logKind,
        // A copy of the past (`import json`, an export's import) is as old as what it copies:
        // joining dates none of its rows, so what the folder changed since (a watch taken away) wins.
        !(joining && (kind == Library.jsonImportKind || kind == Library.importKind)),
        let text = row["changeset"].string, let data = Data(base64Encoded: text)
      else { return }
      let clock = HybridClock(
        wall: row["clock_wall"].integer ?? 0, counter: row["clock_counter"].int ?? 0, device: device)
      reader.pending.append((clock, data))
    }
    for (clock, data) in reader.pending {
      for change in try ChangesetReader.changes(data) {
        for (table, key, deleted) in try reader.keys(change) {
          try stamp(connection, table, key, clock, deleted: deleted)
        }
      }
    }
    return last
  }
}

/// The keys on every machine of the rows a change of the log touched: local ids (a list's, a
/// watch's) told as names and uids, as the log went.
struct LogKeys {
  let connection: SQLiteConnection
  /// Whether the log is read for a library joining a folder: a watch is named by the id its row has
  /// now, not the one the change gave it.
  let joining: Bool
  /// The watch ids the folder holds (joining).
  let folderWatches: Set<String>
  /// How many watches of each title or episode and day the log has deleted so far (joining).
  private var deletedOn: [[SQLValue]: Int] = [:]
  /// Changes still to read, with their clocks.
  var pending: [(HybridClock, Data)] = []
  /// Each list's name by its local id, as the changes read so far left it.
  private var listNames: [Int64: String] = [:]
  /// Each table's columns, in order.
  private var columns: TableColumns

  init(connection: SQLiteConnection, joining: Bool = false, folderWatches: Set<String> = []) {
    self.connection = connection
    self.joining = joining
    self.folderWatches = folderWatches
    columns = TableColumns(connection)
  }

  /// The key of a watch deleted before joining.
  ///
  /// The id it had when the folder holds it (a member's export imported here), or the one it kept
  /// as a watch known by its day, else the id joining would have given it (the next of the same
  /// watches of its day still here, after those deleted before it).
  private mutating func deletedBeforeJoining(_ value: (String) -> SQLValue?) throws(SQLiteFailure)
    -> [(String, [SQLValue], Bool)]
  {
    guard let kind = value("kind"), let title = value("title_id"), let season = value("season"),
      let episode = value("episode"), let watched = value("watched")
    else { return [] }
    let what = [kind, title, season, episode, watched]
    if let uid = value("uid"), uid == .text(SyncJoin.seenByID(what)) || uid.string.map(folderWatches.contains) == true {
      return [("watch_events", [uid], true)]
    }
    let remaining = try connection.rows(
      "SELECT uid FROM watch_events WHERE kind = ? AND title_id = ? AND season IS ? AND episode IS ? AND watched = ?",
      what
    ).filter { $0["uid"] != .text(SyncJoin.seenByID(what)) }.count
    let before = deletedOn[what, default: 0]
    deletedOn[what] = before + 1
    return [("watch_events", [.text(SyncJoin.watchID(what, ordinal: remaining + before))], true)]
  }

  /// The rows `change` touched: table, key, and whether the row is gone.
  mutating func keys(_ change: RowChange) throws(SQLiteFailure) -> [(String, [SQLValue], Bool)] {
    guard let table = SyncTable.byName[change.table] else { return [] }
    let names = try columns.of(change.table)
    func value(_ column: String) -> SQLValue? {
      guard let index = names.firstIndex(of: column) else { return nil }
      let new = index < change.new.count ? change.new[index] : nil
      let old = index < change.old.count ? change.old[index] : nil
      return change.operation == .delete ? old : (new ?? old)
    }
    let deleted = change.operation == .delete
    switch change.table {
    case "lists":
      guard let id = value("id")?.integer else { return [] }
      let oldName = names.firstIndex(of: "name").flatMap { $0 < change.old.count ? change.old[$0]?.string : nil }
      let known = try listName(id)
      guard let name = value("name")?.string ?? known else { return [] }
      listNames[id] = name
      var result: [(String, [SQLValue], Bool)] = [("lists", [SyncTable.lowered(.text(name))], deleted)]
      if deleted { result.append(("list_deletions", [SyncTable.lowered(.text(name))], true)) }
      if change.operation == .update, let oldName, SyncTable.lowered(.text(oldName)) != SyncTable.lowered(.text(name)) {
        // A renamed list: its old name is gone, and its items travel under the new one (a name
        // only spelt in another case is the same key, and the same list).
        result.append(("lists", [SyncTable.lowered(.text(oldName))], true))
        for item in try connection.rows("SELECT kind, title_id FROM list_items WHERE list_id = ?", [.integer(id)]) {
          result.append(("list_items", [SyncTable.lowered(.text(oldName)), item["kind"], item["title_id"]], true))
          result.append(("list_items", [SyncTable.lowered(.text(name)), item["kind"], item["title_id"]], false))
        }
      }
      return result
    case "list_items":
      guard let id = value("list_id")?.integer, let name = try listName(id), let kind = value("kind"),
        let title = value("title_id")
      else { return [] }
      let list = SyncTable.lowered(.text(name))
      // An item added keeps its list: a list deleted elsewhere before this comes back with it.
      return deleted
        ? [("list_items", [list, kind, title], true)]
        : [("list_items", [list, kind, title], false), ("lists", [list], false)]
    case "watch_events" where joining && deleted:
      return try deletedBeforeJoining(value)
    case "watch_events" where joining:
      guard let id = value("id")?.integer,
        let uid = try connection.scalar("SELECT uid FROM watch_events WHERE id = ?", [.integer(id)]), uid != .null
      else { return [] }
      return [("watch_events", [uid], false)]
    case "watch_events":
      var uid = value("uid")
      if uid == nil, let id = value("id")?.integer {
        uid = try connection.scalar("SELECT uid FROM watch_events WHERE id = ?", [.integer(id)])
      }
      guard let uid, uid != .null else { return [] }
      var result: [(String, [SQLValue], Bool)] = [("watch_events", [uid], deleted)]
      if change.operation == .update, let index = names.firstIndex(of: "uid"), index < change.old.count,
        let old = change.old[index], old != uid
      {
        result.append(("watch_events", [old], true))
      }
      return result
    default:
      let key = table.keyColumns.compactMap { value($0) }
      guard key.count == table.keyColumns.count else { return [] }
      return [(change.table, key, deleted)]
    }
  }

  private mutating func listName(_ id: Int64) throws(SQLiteFailure) -> String? {
    if let known = listNames[id] { return known }
    let name = try connection.scalar("SELECT name FROM lists WHERE id = ?", [.integer(id)])?.string
    if let name { listNames[id] = name }
    return name
  }
}
