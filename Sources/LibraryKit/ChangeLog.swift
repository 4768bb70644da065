import CSQLite
import FoundationEssentials
import Localization

/// The library's change log: every write transaction appended as one entry (`changes` table), with
/// a random id, this library's device id, a hybrid logical clock and the transaction's rows as an
/// SQLite changeset (the session extension's documented format), so the log alone rebuilds the
/// library and can travel to other machines. The form is written down in `docs/change-log.md`.
enum ChangeLog {
  /// The version of an entry's form (the `format` column).
  static let format = 1
  /// The schema version that brought the log in.
  static let version = 4

  /// The tables a change records: the user's whole library as `export json` writes it (the log and
  /// the device's own row are not in it).
  static var recordedTables: [String] { Library.exportedTables.map(\.name) }

  /// The session extension, loaded once.
  nonisolated(unsafe) static let api: UnsafePointer<trending_session_api>? = trending_session_load()

  /// Runs `body` (inside a write transaction) recording what it changes to the recorded tables,
  /// then appends that as one entry named `kind`; nothing changed, nothing appended.
  static func recording<T>(_ connection: SQLiteConnection, _ kind: @autoclosure () -> String, _ body: () throws -> T)
    throws -> T
  {
    let session = try SessionRecorder(connection, tables: recordedTables)
    let result = try body()
    if let changeset = try session.changeset() {
      let kind = kind()
      let name = kind.split(separator: "(").first.map(String.init) ?? kind
      try append(connection, kind: name, changeset: changeset, now: Date())
    }
    return result
  }

  /// Appends a write's changeset as the next entry, stepping the clock; `kind` names the operation.
  static func append(_ connection: SQLiteConnection, kind: String, changeset: Data, now: Date) throws(SQLiteFailure) {
    let device = try connection.rows("SELECT id, clock_wall, clock_counter FROM device")
    guard let row = device.first, let id = row["id"].string else {
      throw SQLiteFailure(code: SQLITE_CORRUPT, message: "the library has no device id")
    }
    let last = HybridClock(
      wall: Int64(row["clock_wall"].int ?? 0), counter: row["clock_counter"].int ?? 0, device: id)
    let clock = last.next(wallMilliseconds: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
    try connection.rows(
      """
      INSERT INTO changes (id, device, clock_wall, clock_counter, kind, format, changeset)
      VALUES (lower(hex(randomblob(16))), ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(id), .integer(clock.wall), .integer(Int64(clock.counter)), .text(kind), .integer(Int64(format)),
        .text(changeset.base64EncodedString()),
      ])
    try connection.rows(
      "UPDATE device SET clock_wall = ?, clock_counter = ?", [.integer(clock.wall), .integer(Int64(clock.counter))])
  }

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

/// A hybrid logical clock: wall time in milliseconds, a counter for changes within one millisecond
/// (or while the wall clock is behind the last change seen), and the device, which breaks ties.
struct HybridClock: Comparable, Sendable {
  /// Milliseconds since 1970, never behind the last change seen.
  var wall: Int64
  /// Changes within the same `wall`.
  var counter: Int
  /// The device that made it.
  var device: String

  /// The clock of the next change made here at `wallMilliseconds`: never behind this one.
  func next(wallMilliseconds: Int64) -> HybridClock {
    wallMilliseconds > wall
      ? HybridClock(wall: wallMilliseconds, counter: 0, device: device)
      : HybridClock(wall: wall, counter: counter + 1, device: device)
  }

  static func < (left: HybridClock, right: HybridClock) -> Bool {
    (left.wall, left.counter, left.device) < (right.wall, right.counter, right.device)
  }
}

/// What a write transaction changed, recorded by SQLite's session extension on the named tables.
final class SessionRecorder {
  private let api: UnsafePointer<trending_session_api>
  private let session: OpaquePointer

  /// Starts recording changes to `tables` of the connection's main database; with `differingFrom`,
  /// records instead the changes that take that attached database's tables to main's.
  init(_ connection: SQLiteConnection, tables: [String], differingFrom other: String? = nil) throws(SQLiteFailure) {
    guard let api = ChangeLog.api else {
      throw SQLiteFailure(code: SQLITE_ERROR, message: "libsqlite3 has no session extension")
    }
    self.api = api
    var made: OpaquePointer?
    let code = api.pointee.create(connection.handle, "main", &made)
    guard code == SQLITE_OK, let made else {
      throw SQLiteFailure(code: code, message: "the change log could not start recording")
    }
    session = made
    for table in tables {
      let attached = api.pointee.attach(session, table)
      guard attached == SQLITE_OK else {
        throw SQLiteFailure(code: attached, message: "the change log could not record \(table)")
      }
      guard let other else { continue }
      var message: UnsafeMutablePointer<CChar>?
      let diffed = api.pointee.diff(session, other, table, &message)
      if let message { api.pointee.free_memory(message) }
      guard diffed == SQLITE_OK else {
        throw SQLiteFailure(code: diffed, message: "the change log could not read \(table)")
      }
    }
  }

  deinit { api.pointee.delete_session(session) }

  /// The changes recorded so far as a changeset; nil when there are none.
  func changeset() throws(SQLiteFailure) -> Data? {
    guard api.pointee.isempty(session) == 0 else { return nil }
    var size: Int32 = 0
    var bytes: UnsafeMutableRawPointer?
    let code = api.pointee.changeset(session, &size, &bytes)
    defer { if let bytes { api.pointee.free_memory(bytes) } }
    guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: "the change log could not be written") }
    guard let bytes, size > 0 else { return nil }
    return Data(bytes: bytes, count: Int(size))
  }
}

extension Library {
  /// Runs `body` (inside a write transaction) recording what it changes, then appends that to the
  /// log as one entry named `kind` (the operation's name, its arguments left off), asked at the end.
  func recordingChanges<T>(_ kind: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
    try ChangeLog.recording(connection, kind(), body)
  }

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
