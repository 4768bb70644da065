import CSQLite
import FoundationEssentials

// The library's one write primitive, whole in this file: a transaction (`BEGIN IMMEDIATE`, waiting
// on another process's write within the busy timeout, rolled back on any throw), what it changed
// recorded by SQLite's session extension and appended to the change log as one entry, stamped
// with this device's hybrid clock.

extension Library {
  /// Runs `body` in one write transaction: all of it is stored, or (on any failure) none of it;
  /// what it changed is appended to the change log in the same transaction, named `kind`.
  /// Inside `change`, an operation joins the transaction open and names it if it writes first.
  @discardableResult
  public func write<T>(_ kind: String = #function, _ body: () throws -> T) throws(LibraryError) -> T {
    guard !isReadOnly else { throw writeRefusal }
    if let open = openChange {
      if open.kind == nil { open.kind = kind }
      return try read(body)
    }
    return try read { try connection.transaction { try recordingChanges(kind, body) } }
  }

  /// Runs several operations, and what they read first, as one write transaction and one entry of
  /// the change log, named by the first operation that writes: one change of the user's.
  @discardableResult
  public func change<T>(_ body: () throws -> T) throws(LibraryError) -> T {
    guard !isReadOnly else { throw writeRefusal }
    guard openChange == nil else { return try read(body) }
    let open = OpenChange()
    openChange = open
    defer { openChange = nil }
    return try read { try connection.transaction { try recordingChanges(open.kind ?? "change", body) } }
  }

  /// Runs a query (or, in `write`, a transaction), mapping SQLite's failure to the library's error.
  func read<T>(_ body: () throws -> T) throws(LibraryError) -> T {
    do {
      return try body()
    } catch let failure as SQLiteFailure {
      throw LibraryError.from(failure, path: path.path)
    } catch let error as LibraryError {
      throw error
    } catch {
      throw LibraryError(.other, String(describing: error))
    }
  }

  /// Runs `body` (inside a write transaction) recording what it changes, then appends that to the
  /// log as one entry named `kind` (the operation's name, its arguments left off), asked at the end.
  func recordingChanges<T>(_ kind: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
    try ChangeLog.recording(connection, kind(), body)
  }
}

/// A change's transaction while it is open: the name its log entry takes from its first write.
final class OpenChange {
  /// The first write's operation.
  var kind: String?
}

extension ChangeLog {
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
