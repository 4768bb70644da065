import FoundationEssentials

/// The series in progress as last read by one connection, kept so that reading them again after
/// this connection's own change reads only the series the change touched (the change log says
/// which), not the lifetime's every episode.
struct ProgressCache {
  /// The day it was read for (an episode airs by a day).
  var today: String
  /// `PRAGMA data_version` when read: it moves only when another connection commits, which
  /// makes the whole read again.
  var dataVersion: Int
  /// The change log's last entry read.
  var logged: Int64
  /// Each series in progress.
  var bySeries: [Int: SeriesProgress]

  /// The most series a change may touch before everything is read again instead.
  static let mostTouched = 200

  /// The series the log's entries after `seq` touched (their watches, episodes, titles or being
  /// not interested); nil when
  /// they touched more than `mostTouched`, or an entry cannot be read.
  static func seriesTouched(_ connection: SQLiteConnection, after seq: Int64) throws -> Set<Int>? {
    var changesets: [Data] = []
    var unreadable = false
    try connection.each("SELECT changeset FROM changes WHERE seq > ? ORDER BY seq", [.integer(seq)]) { row in
      guard let text = row["changeset"].string, let data = Data(base64Encoded: text) else {
        unreadable = true
        return
      }
      changesets.append(data)
    }
    guard !unreadable else { return nil }
    var columns = TableColumns(connection)
    var touched: Set<Int> = []
    for changeset in changesets {
      for change in try ChangesetReader.changes(changeset) {
        touched.formUnion(try series(of: change, connection, columns: &columns))
        if touched.count > mostTouched { return nil }
      }
    }
    return touched
  }

  /// The series a row change is about (before and after, for an update that moves a row).
  private static func series(
    of change: RowChange, _ connection: SQLiteConnection, columns: inout TableColumns
  ) throws -> Set<Int> {
    let (idColumn, kindColumn): (String, String?)
    switch change.table {
    case "watch_events": (idColumn, kindColumn) = ("title_id", "kind")
    case "titles": (idColumn, kindColumn) = ("id", "kind")
    case "episodes": (idColumn, kindColumn) = ("series_id", nil)
    // A series dropped (not interested) or taken back leaves or rejoins the series in progress.
    case "hidden": (idColumn, kindColumn) = ("title_id", "kind")
    default: return []
    }
    let names = try columns.of(change.table)
    var found: Set<Int> = []
    for values in [change.old, change.new] where !values.isEmpty {
      let value = { (column: String) -> SQLValue? in
        names.firstIndex(of: column).flatMap { $0 < values.count ? values[$0] : nil }
      }
      if let kindColumn, let kind = value(kindColumn)?.string, kind != "tv" { continue }
      if let id = value(idColumn)?.int { found.insert(id) }
    }
    // An update names its row by key alone: a watch's series is read from the row.
    if found.isEmpty, change.operation == .update, change.table == "watch_events",
      let id = names.firstIndex(of: "id").flatMap({ $0 < change.old.count ? change.old[$0] : nil }),
      let row = try connection.rows("SELECT kind, title_id FROM watch_events WHERE id = ?", [id]).first,
      row["kind"].string == "tv", let series = row["title_id"].int
    {
      found.insert(series)
    }
    return found
  }
}
