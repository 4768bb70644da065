import FoundationEssentials

/// Joining a folder with a past.
enum SyncJoin {
  /// Makes a member's folder `path`, the old one moved or a new one.
  ///
  /// The same folder (moved, mounted elsewhere) when its own files are there, and nothing changes
  /// but the path; else a new or emptied one, to which everything the library holds is sent again,
  /// and whose files are all read.
  static func move(_ connection: SQLiteConnection, to path: String) throws {
    guard let member = try SyncMember.load(connection) else { return }
    let folder = SyncFolder(root: path, device: member.device)
    try connection.rows("UPDATE sync_member SET folder = ?", [.text(path)])
    // The same folder holds the last segment written here as it was written (a folder this library
    // left earlier holds older ones of the same numbers, or none).
    let last = SyncSegment.fileName(member.segment)
    let known = try connection.rows(
      "SELECT size, modified FROM sync_files WHERE device = ? AND file = ?", [.text(member.device), .text(last)]
    ).first
    if member.segment > 0, let known, let stamp = SyncFolder.stamp(folder.own + "/" + last),
      known["size"].int == stamp.size, known["modified"].integer == stamp.modified
    {
      return
    }
    try connection.rows("UPDATE sync_member SET segment = 0, sent_wall = 0, sent_counter = 0")
    try connection.rows("DELETE FROM sync_files")
  }

  /// Gives each watch an id derived from what it is (title or episode, day, and its place among
  /// the same watches of that day), so the same history recorded on two machines before they
  /// joined is one history, not two. A watch whose id the folder already holds (`known`: an
  /// `export json` of a member, imported here) keeps it: it is the folder's watch.
  static func deriveWatchIDs(_ connection: SQLiteConnection, keeping known: Set<String> = []) throws(SQLiteFailure) {
    var rows: [(id: Int64, what: [SQLValue], uid: String?)] = []
    try connection.each(
      "SELECT id, kind, title_id, season, episode, watched, uid FROM watch_events ORDER BY kind, title_id, season, episode, watched, id"
    ) { row in
      let what = [row["kind"], row["title_id"], row["season"], row["episode"], row["watched"]]
      // A watch known only to be by its day keeps its id, so a dated import still replaces it.
      guard row["uid"].string != seenByID(what), let id = row["id"].integer else { return }
      rows.append((id, what, row["uid"].string))
    }
    // The folder's watches keep their ids (and their places among the same day's watches); no
    // other watch is given one of them.
    let kept = Set(rows.compactMap { $0.uid.flatMap { known.contains($0) ? $0 : nil } })
    var previous: [SQLValue] = []
    var ordinal = 0
    var changes: [(id: Int64, uid: String)] = []
    for row in rows {
      ordinal = row.what == previous ? ordinal + 1 : 0
      previous = row.what
      if let uid = row.uid, kept.contains(uid) { continue }
      var place = ordinal
      var uid = watchID(row.what, ordinal: place)
      while kept.contains(uid) {
        place += 1
        uid = watchID(row.what, ordinal: place)
      }
      if row.uid != uid { changes.append((row.id, uid)) }
    }
    // In two steps, so no watch takes an id another still holds until it gives it up.
    for change in changes {
      try connection.rows(
        "UPDATE watch_events SET uid = ? WHERE id = ?", [.text("joining-\(change.id)"), .integer(change.id)])
    }
    for change in changes {
      try connection.rows("UPDATE watch_events SET uid = ? WHERE id = ?", [.text(change.uid), .integer(change.id)])
    }
  }

  /// The id every machine gives the `ordinal`th watch (from 0) of one title or episode on one day:
  /// `what` is its kind, title id, season, episode and day.
  static func watchID(_ what: [SQLValue], ordinal: Int) -> String {
    StableID.of(["watch"] + what.map(JSONText.value) + [String(ordinal)])
  }

  /// The id every machine gives a watch known only to be on `what`'s day or before (an imported
  /// rating's, or Letterboxd's "watched" without a diary entry): a dated import replaces it.
  static func seenByID(_ what: [SQLValue]) -> String {
    StableID.of(["seen by"] + what.map(JSONText.value))
  }

  /// The titles and episodes of the watches a sync took in: those past `newest`, the newest watch
  /// before it (by row id and uid), while that one is still there (SQLite numbers a new row past
  /// the highest); else, its row taken away and its id perhaps reused, from the changesets of the
  /// log's entries after `seq` (the sync's own), exact however the rows were numbered.
  static func watchedIn(
    _ connection: SQLiteConnection, newest: (id: Int64, uid: String)?, after seq: Int64
  ) throws(SQLiteFailure) -> Set<[SQLValue]> {
    let columns = ["kind", "title_id", "season", "episode"]
    let kept = try newest.map { newest throws(SQLiteFailure) in
      try connection.scalar("SELECT uid FROM watch_events WHERE id = ?", [.integer(newest.id)])?.string == newest.uid
    }
    guard kept == false else {
      let rows = try connection.rows(
        "SELECT DISTINCT kind, title_id, season, episode FROM watch_events WHERE id > ?", [.integer(newest?.id ?? 0)])
      return Set(rows.map { row in columns.map { row[$0] } })
    }
    var changesets: [Data] = []
    try connection.each("SELECT changeset FROM changes WHERE seq > ? ORDER BY seq", [.integer(seq)]) { row in
      if let text = row["changeset"].string, let data = Data(base64Encoded: text) { changesets.append(data) }
    }
    var names = TableColumns(connection)
    let watchColumns = try names.of("watch_events")
    let place = { (column: String) in watchColumns.firstIndex(of: column) ?? Int.max }
    var groups: Set<[SQLValue]> = []
    for changeset in changesets {
      for change in try ChangesetReader.changes(changeset) where change.table == "watch_events" {
        switch change.operation {
        case .insert:
          groups.insert(columns.map { place($0) < change.new.count ? change.new[place($0)] ?? .null : .null })
        case .update:
          // An update names its row by its key alone: the row says whose watch it is.
          guard place("id") < change.old.count, let id = change.old[place("id")],
            let row = try connection.rows(
              "SELECT kind, title_id, season, episode FROM watch_events WHERE id = ?", [id]
            ).first
          else { continue }
          groups.insert(columns.map { row[$0] })
        case .delete: continue
        }
      }
    }
    return groups
  }

  /// Takes away each watch known only to be by a day (`seenByID`) that a dated watch of the same
  /// title or episode, on that day or before, stands for, among the titles and episodes of
  /// `touched` (those a sync took in, `watchedIn`): two machines' imports (one's rating, the
  /// other's diary) meet at a sync as they would in one import. Returns how many went.
  static func replaceSeenBy(_ connection: SQLiteConnection, among touched: Set<[SQLValue]>) throws(SQLiteFailure)
    -> Int
  {
    var gone = 0
    for key in touched {
      let watches = try connection.rows(
        "SELECT id, watched, uid FROM watch_events WHERE kind = ? AND title_id = ? AND season IS ? AND episode IS ?",
        key)
      let isSeenBy = { (watch: SQLRow) in watch["uid"].string == seenByID(key + [watch["watched"]]) }
      guard let earliest = watches.filter({ !isSeenBy($0) }).compactMap({ $0["watched"].string }).min() else {
        continue
      }
      for watch in watches where isSeenBy(watch) && (watch["watched"].string ?? "") >= earliest {
        try connection.rows("DELETE FROM watch_events WHERE id = ?", [watch["id"]])
        gone += 1
      }
    }
    return gone
  }

  /// The change log's name for the change joining makes (the watches' ids): not a change of the
  /// user's, so it dates no row.
  static let logKind = "joinSync"

  /// The wall of the clock rows held before joining are stamped with: no moment of the user's.
  static let undatedWall: Int64 = 1

  /// A clock's wall as a moment to show: nil for none yet, or the stamp of rows held before joining.
  static func dated(_ wall: Int64) -> Int64? { wall > undatedWall ? wall : nil }

  /// Stamps every row the library holds that no change of the log names with the oldest clock
  /// there is, so all of it travels and any change of the folder's devices wins over it.
  static func stampUnstamped(_ connection: SQLiteConnection, device: String) throws(SQLiteFailure) {
    let oldest = HybridClock(wall: undatedWall, counter: 0, device: device)
    for table in SyncTable.all {
      var keys: [[SQLValue]] = []
      try connection.each(table.selectAll) { row in
        keys.append(table.key(ofRow: table.rowColumns.map { row[$0] }))
      }
      // A stamp keeps the newer clock: a row the log dated keeps its own.
      for key in keys { try SyncStamp.stamp(connection, table.name, key, oldest, deleted: false) }
    }
  }
}
