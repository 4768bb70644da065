import CSQLite
import FoundationEssentials
import Glibc

/// A value bound to, or read from, a statement.
public enum SQLValue: Hashable, Sendable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null

  /// The value as a whole number, when it is one.
  public var int: Int? {
    if case .integer(let value) = self { return Int(value) }
    return nil
  }

  /// The value as text, when it is text.
  public var string: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The value as a number, when it is one.
  public var double: Double? {
    switch self {
    case .real(let value): return value
    case .integer(let value): return Double(value)
    default: return nil
    }
  }
}

/// The columns of each table asked for, in the table's order (a changeset's values come in that
/// order), read from the schema once.
struct TableColumns {
  private let connection: SQLiteConnection
  private var known: [String: [String]] = [:]

  init(_ connection: SQLiteConnection) { self.connection = connection }

  /// The names of `table`'s columns.
  mutating func of(_ table: String) throws(SQLiteFailure) -> [String] {
    if let names = known[table] { return names }
    let names = try connection.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap {
      $0["name"].string
    }
    known[table] = names
    return names
  }
}

/// One row of a statement's answer, read by column name (its `AS` name when it has one), never by
/// position: a column added to or moved in a `SELECT` cannot shift what another site reads.
struct SQLRow {
  /// The values, in the statement's column order.
  fileprivate let values: [SQLValue]
  /// Each column's name to its place: made once a statement run and shared by its rows.
  fileprivate let places: [String: Int]

  /// The value of the column named `name`; `.null` for a name the statement has not (a debug
  /// build stops there: it is a misspelt name or a missing alias).
  subscript(_ name: String) -> SQLValue {
    guard let place = places[name] else {
      assertionFailure("no column named \(name) in the row")
      return .null
    }
    return values[place]
  }
}

/// What SQLite said when a call failed: its extended code and message.
public struct SQLiteFailure: Error, Equatable, Sendable {
  /// The extended result code.
  public var code: Int32
  /// SQLite's message.
  public var message: String

  /// The system's `errno` behind an I/O failure (`ENOSPC`, `EROFS`), 0 when none.
  public var systemError: Int32 = 0

  /// The primary result code (`SQLITE_FULL`, `SQLITE_CORRUPT`, …).
  public var primary: Int32 { code & 0xff }
}

/// One connection to a database file: statements prepared with values bound, never spliced in.
///
/// Not shared between threads: each caller opens its own connection.
final class SQLiteConnection {
  /// The loaded library, or nil when `libsqlite3.so.0` is missing; a table written once, then only read.
  nonisolated(unsafe) static let api: UnsafePointer<trending_sqlite_api>? = trending_sqlite_load()

  private let api: UnsafePointer<trending_sqlite_api>
  let handle: OpaquePointer
  /// Statements kept prepared by their text, reset after each use: an import runs the same few
  /// statements thousands of times, and preparing was most of SQLite's share of it.
  private var prepared: [String: OpaquePointer] = [:]
  /// The most statements kept prepared.
  private static let mostPrepared = 64
  /// The busy handler's state, held as long as the connection (SQLite holds only its address).
  private var busyWait: BusyWait?

  /// Opens the file (read-write, created when `create`, else read-only when `readOnly`).
  init(path: String, readOnly: Bool, create: Bool, immutable: Bool = false) throws(SQLiteFailure) {
    guard let api = Self.api else {
      throw SQLiteFailure(code: SQLITE_CANTOPEN, message: "libsqlite3.so.0 could not be loaded")
    }
    self.api = api
    var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
    if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
    // No mutex: a connection belongs to one `Library`, which is not `Sendable`, so one thread at a time.
    flags |= SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    var opened: OpaquePointer?
    var name = path
    if immutable {
      // A URI, so `immutable=1` can say that nobody changes the file (a read-only file system).
      flags |= SQLITE_OPEN_URI
      let escaped = path.utf8.map { byte -> String in
        let safe =
          (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || "/-._~".utf8.contains(byte)
        return safe ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
      }
      name = "file:" + escaped.joined() + "?immutable=1"
    }
    let code = api.pointee.open_v2(name, &opened, flags, nil)
    guard code == SQLITE_OK, let opened else {
      let text = opened.flatMap { api.pointee.errmsg($0) } ?? api.pointee.errstr(code)
      let message = text.map { String(cString: $0) } ?? "SQLite error \(code)"
      let system = opened.map { api.pointee.system_errno($0) } ?? 0
      _ = api.pointee.close_v2(opened)
      throw SQLiteFailure(code: code, message: message, systemError: system)
    }
    handle = opened
  }

  deinit {
    for statement in prepared.values { _ = api.pointee.finalize(statement) }
    _ = api.pointee.close_v2(handle)
  }

  /// Lets no SQL stored in the file run: no triggers or views of the file's schema, no functions
  /// with side effects from it, and no writes to the schema itself (SQLite's defensive mode).
  func refuseStoredSQL() throws(SQLiteFailure) {
    let settings: [(Int32, Int32)] = [
      (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),
      (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0), (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
    ]
    for (setting, wanted) in settings where trending_sqlite_set_flag(api, handle, setting, wanted) != wanted {
      throw SQLiteFailure(code: SQLITE_MISUSE, message: "SQLite refused the setting \(setting)")
    }
  }

  /// Waits up to `milliseconds` for another writer's lock before failing with `SQLITE_BUSY`;
  /// `longWait`, when given, is called once a wait has lasted a second (a command says so).
  func busyTimeout(_ milliseconds: Int32, longWait: (@Sendable () -> Void)? = nil) {
    guard let longWait else {
      _ = api.pointee.busy_timeout(handle, milliseconds)
      return
    }
    let wait = BusyWait(milliseconds: milliseconds, longWait: longWait)
    busyWait = wait
    let tick: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
      guard let context else { return 0 }
      return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().tick(count) ? 1 : 0
    }
    _ = api.pointee.busy_handler(handle, tick, Unmanaged.passUnretained(wait).toOpaque())
  }

  /// Whether the connection can only read (opened so, or the file or folder is read-only).
  var isReadOnly: Bool { api.pointee.db_readonly(handle, "main") == 1 }

  /// How many rows the last statement changed.
  var changes: Int { Int(api.pointee.changes(handle)) }

  /// The row id the last insert made.
  var lastInsertID: Int64 { api.pointee.last_insert_rowid(handle) }

  /// Runs a statement and returns its rows.
  @discardableResult
  func rows(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteFailure) -> [SQLRow] {
    var result: [SQLRow] = []
    try each(sql, values) { result.append($0) }
    return result
  }

  /// Runs a statement, handing each row to `body` as it is read.
  func each(_ sql: String, _ values: [SQLValue] = [], _ body: (SQLRow) -> Void) throws(SQLiteFailure) {
    // Taken out of the cache while it runs, so a statement run inside another's rows is its own.
    let statement: OpaquePointer
    if let kept = prepared.removeValue(forKey: sql) {
      statement = kept
    } else {
      var made: OpaquePointer?
      let code = api.pointee.prepare_v2(handle, sql, -1, &made, nil)
      guard code == SQLITE_OK, let made else { throw failure(code) }
      statement = made
    }
    defer {
      _ = api.pointee.reset(statement)
      _ = api.pointee.clear_bindings(statement)
      if prepared[sql] == nil, prepared.count < Self.mostPrepared {
        prepared[sql] = statement
      } else {
        _ = api.pointee.finalize(statement)
      }
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let bound: Int32
      switch value {
      case .integer(let number): bound = api.pointee.bind_int64(statement, index, number)
      case .real(let number): bound = api.pointee.bind_double(statement, index, number)
      case .null: bound = api.pointee.bind_null(statement, index)
      case .text(let text):
        bound = text.utf8CString.withUnsafeBufferPointer {
          trending_sqlite_bind_text(api, statement, index, $0.baseAddress, Int32($0.count - 1))
        }
      }
      guard bound == SQLITE_OK else { throw failure(bound) }
    }
    let columns = api.pointee.column_count(statement)
    // Made at the first row, so a statement that answers no rows (an insert) makes nothing.
    var places: [String: Int]?
    while true {
      let stepped = api.pointee.step(statement)
      if stepped == SQLITE_DONE { return }
      guard stepped == SQLITE_ROW else { throw failure(stepped) }
      if places == nil { places = names(statement, columns) }
      var row: [SQLValue] = []
      row.reserveCapacity(Int(columns))
      for column in 0..<columns {
        switch api.pointee.column_type(statement, column) {
        case SQLITE_INTEGER: row.append(.integer(api.pointee.column_int64(statement, column)))
        case SQLITE_FLOAT: row.append(.real(api.pointee.column_double(statement, column)))
        case SQLITE_NULL: row.append(.null)
        default:
          let count = Int(api.pointee.column_bytes(statement, column))
          guard let text = api.pointee.column_text(statement, column) else {
            row.append(.text(""))
            continue
          }
          row.append(.text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)))
        }
      }
      body(SQLRow(values: row, places: places ?? [:]))
    }
  }

  /// Each column's name to its place; a name given twice keeps its first place.
  private func names(_ statement: OpaquePointer, _ columns: Int32) -> [String: Int] {
    var places: [String: Int] = [:]
    places.reserveCapacity(Int(columns))
    for column in 0..<columns {
      guard let name = api.pointee.column_name(statement, column) else { continue }
      let key = String(cString: name)
      if places[key] == nil { places[key] = Int(column) }
    }
    return places
  }

  /// The first column of the first row, or nil: the one read by place, as the statement has one.
  func scalar(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteFailure) -> SQLValue? {
    try rows(sql, values).first?.values.first
  }

  /// Runs `body` in one read transaction, so its reads see the file at one moment: another
  /// process's commit lands before them or after them all, never between two.
  func snapshot<T>(_ body: () throws(SQLiteFailure) -> T) throws(SQLiteFailure) -> T {
    try rows("BEGIN")
    do {
      let result = try body()
      try rows("COMMIT")
      return result
    } catch {
      _ = try? rows("ROLLBACK")
      throw error
    }
  }

  /// Runs `body` in one write transaction, the only one there is: `BEGIN IMMEDIATE` takes the
  /// write lock before anything is read (another writer's lock is waited out within the busy
  /// timeout, so no transaction fails upgrading), then `COMMIT` when `body` returns (`ROLLBACK`
  /// when not `commit`: a dry run), and `ROLLBACK` when `body` or the commit throws, the error
  /// thrown on as it came.
  @discardableResult
  func transaction<T>(commit: Bool = true, _ body: () throws -> T) throws -> T {
    try rows("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try rows(commit ? "COMMIT" : "ROLLBACK")
      return result
    } catch {
      _ = try? rows("ROLLBACK")
      throw error
    }
  }

  /// Copies the whole database into `target` with SQLite's online backup, a few pages at a time,
  /// so writers elsewhere are held up only for a moment each step.
  func backup(to target: SQLiteConnection) throws(SQLiteFailure) {
    guard let backup = api.pointee.backup_init(target.handle, "main", handle, "main") else {
      throw target.failure(api.pointee.extended_errcode(target.handle))
    }
    var code: Int32
    repeat {
      code = api.pointee.backup_step(backup, 64)
      // Another connection holds a lock for a moment: wait a millisecond, not a spin.
      if code == SQLITE_BUSY || code == SQLITE_LOCKED { usleep(1_000) }
    } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
    let finished = api.pointee.backup_finish(backup)
    guard code == SQLITE_DONE, finished == SQLITE_OK else {
      throw target.failure(code == SQLITE_DONE ? finished : code)
    }
  }

  private func failure(_ code: Int32) -> SQLiteFailure {
    let extended = api.pointee.extended_errcode(handle)
    let message = api.pointee.errmsg(handle).map { String(cString: $0) } ?? "SQLite error \(extended)"
    return SQLiteFailure(
      code: extended != 0 ? extended : code, message: message, systemError: api.pointee.system_errno(handle))
  }
}

/// One connection's wait for another writer's lock: SQLite asks again and again while it waits;
/// this sleeps between asks, gives up at the deadline, and says once when the wait has been long.
private final class BusyWait {
  private let milliseconds: Int32
  private let longWait: @Sendable () -> Void
  private var started = ContinuousClock.now
  private var said = false

  init(milliseconds: Int32, longWait: @escaping @Sendable () -> Void) {
    self.milliseconds = milliseconds
    self.longWait = longWait
  }

  /// Whether to try again (after a short sleep): the `count`th ask of one wait (0 the first).
  func tick(_ count: Int32) -> Bool {
    if count == 0 {
      started = ContinuousClock.now
      said = false
    }
    let waited = ContinuousClock.now - started
    guard waited < .milliseconds(Int(milliseconds)) else { return false }
    if !said, waited >= .seconds(1) {
      said = true
      longWait()
    }
    usleep(count < 10 ? 2_000 : 20_000)
    return true
  }
}
