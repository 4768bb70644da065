import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization
import Synchronization

/// The user's library: one SQLite file in WAL mode, changed in transactions, read and written by
/// the browser and any number of command-line processes at once.
///
/// A `Library` is one connection: use it from one thread, and open another where another thread
/// needs one (opening takes well under a millisecond once the file exists).
public final class Library {
  /// The file.
  public let path: URL
  /// Whether changes are refused (the file was written by a newer version, or cannot be written).
  public let isReadOnly: Bool
  /// Something to tell the user about opening it (read-only, or the old watchlist moved in).
  public let notice: String?

  let connection: SQLiteConnection
  /// Why a change is refused when the library is read-only.
  let writeRefusal: LibraryError
  /// The series in progress as this connection last read them (`progress(today:)`).
  var progressCache: ProgressCache?
  /// The change whose transaction is open (`change`), which the operations in it join.
  var openChange: OpenChange?

  /// How long a write waits for another process's write, in milliseconds.
  public static let busyMilliseconds: Int32 = 30_000

  /// What a process says once it has waited a second for another process's hold on the library
  /// (a command, on a terminal); nil: nothing (the browser says it its own way).
  public static let longWait = Mutex<(@Sendable () -> Void)?>(nil)

  /// The file's name in `$XDG_DATA_HOME/trending`.
  public static let fileName = "library.sqlite3"

  /// The library's place: the profile `TRENDING_PROFILE` names (the command line's `--profile`
  /// is put there), else the default, under `demo/` for `--demo`; nil when there is no usable home
  /// or the name is not a profile's. Everything that opens the library asks here.
  public static func standardPath(environment: [String: String]) -> URL? {
    LibraryProfile.named(in: environment).flatMap { standardPath(profile: $0, environment: environment) }
  }

  /// A profile's library file under `$XDG_DATA_HOME/trending` (else `~/.local/share/trending`),
  /// or nil when there is no usable home.
  public static func standardPath(profile: LibraryProfile, environment: [String: String]) -> URL? {
    // Joined as text by XDG: appending to a URL costs its first use a scan of the binary's
    // conformances on the main thread at start-up.
    XDG.file(profile.relativePath, in: .data, environment: environment)
  }

  /// Opens (making it when missing) the library at `path`, brings its tables to this version,
  /// and moves in the old watchlist file beside it once, if there is one.
  /// `busyMilliseconds`: how long a write waits for another process's write before it fails as busy.
  public init(path: URL, now: Date = Date(), busyMilliseconds: Int32 = busyMilliseconds) throws(LibraryError) {
    self.path = path
    let name = TextSanitizer.clean(path.path, limit: 300)
    let file = try Self.prepare(path, name: name)
    var connection: SQLiteConnection
    var readOnly = false
    var notes: [String] = []
    var writeRefusal: LibraryError?
    do {
      connection = try SQLiteConnection(path: file, readOnly: false, create: true)
      connection.busyTimeout(busyMilliseconds, longWait: Self.longWait.withLock { $0 })
      try connection.refuseStoredSQL()
      if connection.isReadOnly {
        // SQLite opened it read-only: the file (or its folder) cannot be written by this user.
        readOnly = true
        writeRefusal = LibraryError(
          .readOnly, tr("%s cannot be written (a read-only file or folder): nothing was changed", name))
      }
      if let (immutable, full) = try Self.readableAsItIs(connection, path: file) {
        // A read-only file system, or a full disk: WAL's index cannot be made, so the file is read
        // as it is, without locks (history, exports and backups still work; a backup is checked).
        connection = immutable
        readOnly = true
        writeRefusal =
          full
          ? LibraryError(.full, tr("the disk is full: nothing was changed in %s", name))
          : LibraryError(.readOnly, tr("%s cannot be written (a read-only file or folder): nothing was changed", name))
      }
      // Told before anything is written: another program's file, or a newer library, is left as it is.
      // Read at one moment: another process making the library commits before or after, never between.
      switch try connection.snapshot({ () throws(SQLiteFailure) in try Self.identify(connection) }) {
      case .foreign:
        throw LibraryError.notALibrary(name)
      case .newer(let version):
        // Written by a newer trending: read what we know of it, change nothing (not even its journal mode).
        connection = try SQLiteConnection(path: file, readOnly: true, create: false)
        connection.busyTimeout(busyMilliseconds, longWait: Self.longWait.withLock { $0 })
        try connection.refuseStoredSQL()
        readOnly = true
        writeRefusal = LibraryError(
          .newer,
          tr(
            "%1$s was made by a newer trending (schema %2$s; this one knows %3$s): it is only read, and nothing was changed.",
            name, String(version), String(Schema.current)))
        notes.append(
          tr(
            "%1$s was made by a newer trending (schema %2$s; this one knows %3$s): opened read-only, nothing will be changed.",
            name, String(version), String(Schema.current)))
      case .new where readOnly:
        throw writeRefusal
          ?? LibraryError(.readOnly, tr("%s cannot be written (a read-only file or folder): nothing was changed", name))
      case .ours(let version) where readOnly:
        // An earlier version cannot be brought up to this one: said as why it cannot be written.
        guard version == Schema.current else {
          throw writeRefusal
            ?? LibraryError(
              .readOnly, tr("%s cannot be written (a read-only file or folder): nothing was changed", name))
        }
      case .new, .ours:
        try Self.migrate(connection)
      }
      try connection.rows("PRAGMA foreign_keys = ON")
      try connection.rows("PRAGMA synchronous = FULL")
      if !readOnly, let moved = try OldWatchlist.moveIn(connection, besides: path, now: now) { notes.append(moved) }
      // WAL last: a file that fails any step above (a damaged page, a half-made table) had only
      // transactions rolled back, so it is left byte for byte as the refusal says.
      if !readOnly { try Self.useWAL(connection) }
    } catch let failure as SQLiteFailure {
      // Damage met while opening: the export opens the file the same way, so it is not offered.
      guard failure.primary != SQLITE_CORRUPT else { throw LibraryError(.damaged, LibraryError.unreadable(name)) }
      throw LibraryError.from(failure, path: path.path)
    } catch let error as LibraryError {
      throw error
    } catch {
      throw LibraryError(.other, tr("%1$s: %2$s", name, String(describing: error)))
    }
    self.connection = connection
    isReadOnly = readOnly
    self.writeRefusal =
      writeRefusal
      ?? LibraryError(.newer, tr("%s was opened read-only: nothing was changed", name))
    notice = notes.isEmpty ? nil : notes.joined(separator: " ")
  }

  /// The schema version of the file as it is now.
  public var schemaVersion: Int { (try? Self.version(connection)) ?? 0 }

  /// The schema this trending makes and knows; a file of a higher one is a newer trending's.
  public static var knownSchema: Int { Schema.current }

  // MARK: opening

  /// Makes the folder (0700) and refuses a path that is not a regular file or does not start as
  /// SQLite does, before SQLite is given it; a missing file is made empty with mode 0600. Returns
  /// the file's path with its folders' links resolved (`/home` → `/var/home`, a stowed
  /// `~/.local/share`): SQLite's `NOFOLLOW` refuses a link anywhere on the path, and only a link
  /// at the file itself is refused here.
  private static func prepare(_ path: URL, name: String) throws(LibraryError) -> String {
    let directory = path.deletingLastPathComponent()
    var info = stat()
    if stat(directory.path, &info) != 0 {
      do {
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        // Another process may have made it between the look and the making: then it is there.
        guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
          throw LibraryError.folderNotMade(directory.path, error)
        }
      }
    }
    guard let resolved = realpath(directory.path, nil) else { throw LibraryError.folderNotMade(directory.path) }
    let folder = String(cString: resolved)
    free(resolved)
    let file = (folder == "/" ? "" : folder) + "/" + path.lastPathComponent
    let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ELOOP { throw LibraryError.link(name, to: linkTarget(file)) }
      guard errno == ENOENT else { throw LibraryError.notALibrary(name) }
      // A new library: an empty file is an empty database; O_EXCL, so a race with another
      // process making it at the same moment is harmless.
      let made = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if made >= 0 { close(made) }
      return file
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw LibraryError.notALibrary(name) }
    if info.st_mode & S_IWUSR != 0 { giveSideFilesTheWrite(of: file, owner: info.st_uid) }
    guard info.st_size > 0 else { return file }
    guard startsAsSQLite(descriptor) else { throw LibraryError.notALibrary(name) }
    return file
  }

  /// Whether the regular file at `path` starts as an SQLite file does: a library, or a backup of one
  /// (a pipe or a device is not read, so nothing of it is taken).
  public static func startsAsSQLite(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return startsAsSQLite(descriptor)
  }

  /// Whether an open file's first 16 bytes are SQLite's ("SQLite format 3" and a zero).
  private static func startsAsSQLite(_ descriptor: Int32) -> Bool {
    var header = [UInt8](repeating: 0, count: 16)
    let count = header.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 16) }
    return count == 16 && header == Array("SQLite format 3\0".utf8)
  }

  /// Makes this user's `-wal` and `-shm` beside a file they may write writable too: SQLite gives
  /// them the file's mode when it makes them, so a read while the file was read-only leaves them
  /// read-only, and every write after the file was made writable again would fail.
  private static func giveSideFilesTheWrite(of file: String, owner: uid_t) {
    guard owner == geteuid() else { return }
    for side in [file + "-wal", file + "-shm"] {
      var info = stat()
      guard lstat(side, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == owner,
        info.st_mode & S_IWUSR == 0
      else { continue }
      _ = chmod(side, (info.st_mode & 0o777) | S_IWUSR | S_IRUSR)
    }
  }

  /// Where the link at `path` points, as text for a message.
  private static func linkTarget(_ path: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return "?" }
    return TextSanitizer.clean(
      String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self), limit: 300)
  }

  /// What the file is, read from its header and its tables.
  static func identify(_ connection: SQLiteConnection) throws(SQLiteFailure) -> LibraryIdentity {
    let application = try connection.scalar("PRAGMA application_id")?.int ?? 0
    let tables = try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
      $0["name"].string
    }
    let others = try connection.scalar("SELECT count(*) FROM sqlite_master WHERE type != 'table'")?.int ?? 0
    let identity = LibraryIdentity(
      applicationID: Int32(truncatingIfNeeded: application), version: try version(connection), tables: Set(tables))
    switch identity {
    case .new:
      // An empty file is new only with nothing at all in it (no index, view or trigger either).
      return others > 0 ? .foreign : identity
    case .ours(let version), .newer(let version):
      return try hasOurColumns(connection, version: version) ? identity : .foreign
    case .foreign:
      return identity
    }
  }

  /// Whether each table the file's version made has at least the columns that version gave it
  /// (`Schema.columnsByVersion`, the same migrations run in memory once a process).
  private static func hasOurColumns(_ connection: SQLiteConnection, version: Int) throws(SQLiteFailure) -> Bool {
    guard let expected = Schema.columnsByVersion?[min(version, Schema.current)] else {
      throw SQLiteFailure(code: SQLITE_ERROR, message: "the library's tables could not be made in memory")
    }
    for (table, wanted) in expected {
      let found = try connection.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap {
        $0["name"].string
      }
      guard wanted.isSubset(of: found) else { return false }
    }
    return true
  }

  /// Puts the file in WAL mode (once; the mode is kept in the file).
  private static func useWAL(_ connection: SQLiteConnection) throws(SQLiteFailure) {
    guard try connection.scalar("PRAGMA journal_mode")?.string?.lowercased() != "wal" else { return }
    // Changing the mode needs the file to itself; another process doing the same waits its turn.
    var attempts = 0
    while true {
      do {
        try connection.rows("PRAGMA journal_mode = WAL")
        return
      } catch {
        attempts += 1
        guard error.primary == SQLITE_BUSY || error.primary == SQLITE_LOCKED, attempts < 3_000 else { throw error }
        usleep(10_000)
      }
    }
  }

  /// A connection that reads the file as it is, when the first read fails because the folder is on a
  /// file system mounted read-only, or one this user may not make files in, or on a full disk (with
  /// `full`) where no change waits in a journal beside it; nil when the first read works.
  private static func readableAsItIs(
    _ connection: SQLiteConnection, path: String
  ) throws(SQLiteFailure) -> (SQLiteConnection, full: Bool)? {
    do {
      try connection.rows("PRAGMA schema_version")
      return nil
    } catch {
      // CANTOPEN on a read-only mount; READONLY where the folder refuses WAL's index; an I/O
      // error of ENOSPC where the disk has no room for it.
      let full = error.primary == SQLITE_FULL || [ENOSPC, EDQUOT].contains(error.systemError)
      let readOnly =
        [SQLITE_CANTOPEN, SQLITE_READONLY].contains(error.primary)
        && (onReadOnlyFileSystem(path) || !folderWritable(path))
      // A journal with changes in it would be passed over by a reading that takes the file as it is.
      guard readOnly || (full && journalSize(path + "-wal") == 0 && journalSize(path + "-journal") == 0) else {
        throw error
      }
      let immutable = try SQLiteConnection(path: path, readOnly: true, create: false, immutable: true)
      try immutable.refuseStoredSQL()
      return (immutable, full && !readOnly)
    }
  }

  /// The bytes of a journal (`-wal`, `-journal`) at `path`, 0 when there is none.
  private static func journalSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  static func version(_ connection: SQLiteConnection) throws(SQLiteFailure) -> Int {
    try connection.scalar("PRAGMA user_version")?.int ?? 0
  }

  /// Takes the file from its version to the current one in one transaction; another process
  /// migrating at the same moment waits for the lock and then finds nothing left to do.
  static func migrate(_ connection: SQLiteConnection, to target: Int = Schema.current) throws {
    let marked = try connection.scalar("PRAGMA application_id")?.int == Int(LibraryIdentity.applicationID)
    guard try version(connection) < target || (target > 0 && !marked) else { return }
    // A damaged file is refused before it is moved on: a later step of opening (the old
    // watchlist's fact, the switch to WAL) failing on a damaged page would leave it half-changed.
    if try version(connection) > 0, try connection.scalar("PRAGMA quick_check(1)")?.string != "ok" {
      throw SQLiteFailure(code: SQLITE_CORRUPT, message: "the library failed SQLite's quick check")
    }
    // A file with rows that takes the change log on writes them as its first entry, read against
    // an empty copy of the schema (ATTACH and DETACH are refused inside a transaction).
    let logged = ChangeLog.version
    let existing = (1..<logged).contains(try version(connection)) && target >= logged
    if existing { try connection.rows("ATTACH ':memory:' AS empty") }
    defer { if existing { _ = try? connection.rows("DETACH empty") } }
    try connection.transaction {
      let version = try version(connection)
      // Only versions this build wrote are stepped through; the caller told the file apart before.
      for step in max(version, 0)..<max(version, target) {
        for statement in Schema.migrations[step] { try connection.rows(statement) }
      }
      // PRAGMA takes no bound values; the numbers are ours, never the user's.
      if target > version { try connection.rows("PRAGMA user_version = \(target)") }
      if target > 0 { try connection.rows("PRAGMA application_id = \(LibraryIdentity.applicationID)") }
      if existing, (1..<logged).contains(version) { try ChangeLog.writeExisting(connection, now: Date()) }
      if version < SyncTable.listKeysVersion, target >= SyncTable.listKeysVersion {
        try SyncTable.rekeyListNames(connection)
      }
    }
  }
}

/// The library service's questions to its connection: checkpoints and others' commits.
extension Library {
  /// Leaves most checkpoints to `checkpoint()`: SQLite's own waits for a log of 10,000 pages (not
  /// 1,000), and a log grown past 4 MiB is cut back to that when it starts again.
  func checkpointBehind() throws(LibraryError) {
    try read {
      try connection.rows("PRAGMA wal_autocheckpoint = 10000")
      try connection.rows("PRAGMA journal_size_limit = 4194304")
    }
  }

  /// Moves the log's pages into the file as far as no reader needs them, without waiting for a lock.
  func checkpoint() throws(LibraryError) {
    _ = try read { try connection.rows("PRAGMA wal_checkpoint(PASSIVE)") }
  }

  /// Moves every page of the log into the file and empties the log, waiting for readers as long
  /// as the busy timeout; false when a reader kept it from finishing.
  func checkpointEmptyingLog() throws(LibraryError) -> Bool {
    try read { try connection.rows("PRAGMA wal_checkpoint(TRUNCATE)").first?["busy"].int == 0 }
  }

  /// SQLite's count of other connections' commits to the file, as this connection last saw it.
  func dataVersion() throws(LibraryError) -> Int {
    try read { try connection.scalar("PRAGMA data_version")?.int ?? 0 }
  }
}
