import FoundationEssentials

/// A title's row as the devices' records meet it.
///
/// The row is what amodb said of the title, which a record made while amodb could not be asked (its
/// name empty) never takes the place of.
extension SyncApply {
  /// What became of a title's record when its name decides, before any clock.
  ///
  /// One naming no title over a named row fills only what the row does not know, and leaves its
  /// stamp; a named one over an unnamed row takes its place and its stamp, whatever their clocks.
  /// Nil when the names do not decide (both named, both not, or no row held): the clock does.
  func namedTitle(_ record: SyncRecord, _ row: [SQLValue]?, table: SyncTable, keyText: String) throws -> Taken? {
    guard table.name == "titles", let row, let fill = table.fillUnknown,
      let index = table.rowColumns.firstIndex(of: "title"), index < row.count,
      let held = try connection.rows(table.select, table.spelled(record.key, connection)).first
    else { return nil }
    let named = !(row[index].string ?? "").isEmpty
    let heldNamed = !(held["title"].string ?? "").isEmpty
    switch (named, heldNamed) {
    case (false, true):
      try connection.rows(fill, row)
      return .already
    case (true, false):
      try connection.rows(table.upsert, row)
      try connection.rows("DELETE FROM sync_rows WHERE tbl = ? AND key = ?", [.text(table.name), .text(keyText)])
      try SyncStamp.stamp(connection, table.name, keyText: keyText, record.clock, deleted: false)
      return .applied
    default:
      return nil
    }
  }
}
