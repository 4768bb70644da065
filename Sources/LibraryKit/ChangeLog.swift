import CSQLite
import FoundationEssentials
import Localization

/// The library's change log: every write transaction appended as one entry (`changes` table), with
/// a random id, this library's device id, a hybrid logical clock and the transaction's rows as an
/// SQLite changeset (the session extension's documented format), so the log alone rebuilds the
/// library and can travel to other machines. The form is written down in `docs/change-log.md`;
/// entries are appended by the one write primitive (`LibraryWrite.swift`).
enum ChangeLog {
  /// The version of an entry's form (the `format` column).
  static let format = 1
  /// The schema version that brought the log in.
  static let version = 4

  /// The tables a change records: the user's whole library as `export json` writes it (the log and
  /// the device's own row are not in it).
  static var recordedTables: [String] { Library.exportedTables.map(\.name) }

  /// Writes the rows a file already holds as the log's first entry (`kind` "existing"), when a file
  /// of an earlier version takes the log on: the changes from empty tables to the file's, by
  /// SQLite's `session_diff` against an attached empty copy of the schema (`empty`, attached by the caller).
  static func writeExisting(_ connection: SQLiteConnection, now: Date) throws(SQLiteFailure) {
    for table in recordedTables {
      guard
        let sql = try connection.scalar(
          "SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?",
          [
            .text(table)
          ])?.string
      else { continue }
      // Our own schema: "CREATE TABLE name (...)", made again in the empty database.
      let prefix = "CREATE TABLE \(table)"
      guard sql.hasPrefix(prefix) else {
        throw SQLiteFailure(code: SQLITE_ERROR, message: "unexpected schema of \(table)")
      }
      try connection.rows("CREATE TABLE empty.\(table)" + sql.dropFirst(prefix.count))
    }
    let session = try SessionRecorder(connection, tables: recordedTables, differingFrom: "empty")
    guard let changeset = try session.changeset() else { return }
    try append(connection, kind: "existing", changeset: changeset, now: now)
  }

  /// Rebuilds a library from the log alone: every entry applied in order to `scratch` (the tables
  /// of the current schema, with the one row the schema makes: the watchlist's, whose day of
  /// making the log never held, so an update of it takes its new values whatever that day was).
  /// Returns the number of entries, or throws where one fails.
  static func replay(_ connection: SQLiteConnection, into scratch: SQLiteConnection) throws(SQLiteFailure) -> Int {
    guard let api = api else {
      throw SQLiteFailure(code: SQLITE_ERROR, message: "libsqlite3 has no session extension")
    }
    var count = 0
    var failure: SQLiteFailure?
    try connection.each("SELECT seq, kind, changeset FROM changes ORDER BY seq") { row in
      guard failure == nil else { return }
      count += 1
      // "existing" is the whole of a file that took the log on, rows the migrations made included.
      if count == 1, row["kind"].string == "existing" {
        do throws(SQLiteFailure) {
          for table in recordedTables { try scratch.rows("DELETE FROM \(table)") }
        } catch {
          failure = error
          return
        }
      }
      guard let text = row["changeset"].string, var data = Data(base64Encoded: text) else {
        failure = SQLiteFailure(code: SQLITE_CORRUPT, message: "change \(row["seq"].int ?? 0) cannot be read")
        return
      }
      let (code, conflicts) = "lists".withCString { table in
        var replay = trending_replay(api: api, own_table: table, own_key: 1, conflicts: 0)
        let code = data.withUnsafeMutableBytes { bytes in
          trending_changeset_apply(scratch.handle, Int32(bytes.count), bytes.baseAddress, &replay)
        }
        return (code, replay.conflicts)
      }
      if code != SQLITE_OK || conflicts > 0 {
        failure = SQLiteFailure(
          code: code == SQLITE_OK ? SQLITE_CONSTRAINT : code,
          message: "change \(row["seq"].int ?? 0) (\(row["kind"].string ?? "?")) did not apply to the rebuilt library")
      }
    }
    if let failure { throw failure }
    return count
  }
}

extension Library {
  /// The sequence number of the log's newest entry, 0 for an empty log.
  public func newestChange() throws(LibraryError) -> Int64 {
    try read { try connection.scalar("SELECT coalesce(max(seq), 0) FROM changes")?.integer ?? 0 }
  }

  /// Where the library and its change log disagree: the log replayed from empty into a scratch
  /// database, then every exported table compared row by row (what `export json` writes). Empty
  /// when the log rebuilds the library exactly.
  func changeLogProblems() throws -> [String] {
    let scratch = try Schema.made(upTo: Schema.current)
    // The watchlist's row is made by the schema on the day the file was, not by the log: the
    // rebuilt one is made as this file's was (the day the check runs is no one's).
    if let made = try connection.scalar("SELECT created FROM lists WHERE id = 1") {
      try scratch.rows("UPDATE lists SET created = ? WHERE id = 1", [made])
    }
    let entries: Int
    do {
      entries = try ChangeLog.replay(connection, into: scratch)
    } catch {
      return [tr("The change log does not rebuild the library: %s.", error.message)]
    }
    var problems: [String] = []
    for table in Self.exportedTables {
      let select = "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.order)"
      let live = try connection.rows(select).map { row in table.columns.map { row[$0] } }
      let rebuilt = try scratch.rows(select).map { row in table.columns.map { row[$0] } }
      guard live != rebuilt else { continue }
      let first =
        zip(live, rebuilt).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(live.count, rebuilt.count)
      problems.append(
        tr(
          "The change log does not rebuild the table %1$s: they first differ at row %2$s (rows: %3$s in the library, %4$s rebuilt from the log of %5$s changes).",
          table.name, String(first + 1), String(live.count), String(rebuilt.count), String(entries)))
    }
    return problems
  }
}
