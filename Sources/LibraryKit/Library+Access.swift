import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

/// Whether a library can be used, looked at from outside: doctor's questions, never opening it to write.
extension Library {
  /// Whether the library at `path` can be written by this user, and if not why, without opening it.
  public static func access(at path: URL) -> LibraryAccess {
    let file = path.path
    // As opening it tells them: a link, a folder or another program's file is never opened.
    var info = stat()
    if lstat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      return .refused(
        info.st_mode & S_IFMT == S_IFLNK
          ? tr("a symbolic link: the library is opened only as a file of its own, never through a link")
          : tr("not a file: left as it is"))
    }
    guard FileManager.default.fileExists(atPath: file) else {
      // The nearest folder there is: the first mark makes the rest, if it may.
      let folder = nearestFolder(path.deletingLastPathComponent().path)
      return Glibc.access(folder, W_OK | X_OK) == 0
        ? .notMade : .cannotBeMade(tr("%s cannot be written", TextSanitizer.clean(folder, limit: 300)))
    }
    if let damage = damage(file) { return .damaged(tr("damaged: %s", damage)) }
    switch identity(file) {
    case .foreign?:
      return .refused(
        tr("not a trending library (another program's database, or a version trending never wrote): left as it is"))
    case .newer(let version)?:
      return .readOnly(tr("made by a newer trending (schema %s): read, never changed", String(version)))
    case .new?, .ours?, nil: break
    }
    if onReadOnlyFileSystem(file) { return .readOnly(tr("on a file system mounted read-only")) }
    if Glibc.access(file, W_OK) != 0 { return .readOnly(tr("the file cannot be written")) }
    if !folderWritable(file) { return .readOnly(tr("its folder cannot be written")) }
    for side in [file + "-wal", file + "-shm"] where Glibc.access(side, F_OK) == 0 && Glibc.access(side, W_OK) != 0 {
      return .readOnly(tr("%s cannot be written", TextSanitizer.clean(side, limit: 300)))
    }
    return .readWrite
  }

  /// The folder `path` names, or the nearest above it there is (a first use makes the rest).
  public static func nearestFolder(_ path: String) -> String {
    var folder = URL(fileURLWithPath: path)
    while folder.path != "/", Glibc.access(folder.path, F_OK) != 0 { folder = folder.deletingLastPathComponent() }
    return folder.path
  }

  /// What SQLite says is wrong with the file (its quick check, read only), nil when nothing is; a
  /// file another process holds is not damaged.
  private static func damage(_ file: String) -> String? {
    // Read as it is where its folder cannot take WAL's index (a read-only folder or disk).
    for immutable in [false, true] {
      do {
        let connection = try SQLiteConnection(path: file, readOnly: true, create: false, immutable: immutable)
        connection.busyTimeout(busyMilliseconds)
        let verdict = try connection.scalar("PRAGMA quick_check(1)")?.string
        return verdict == nil || verdict == "ok" ? nil : TextSanitizer.clean(verdict ?? "", limit: 200)
      } catch {
        // Held by another process, or not readable as it is here: nothing is known of damage.
        if [SQLITE_BUSY, SQLITE_LOCKED].contains(error.primary) { return nil }
        if !immutable, [SQLITE_READONLY, SQLITE_CANTOPEN].contains(error.primary) { continue }
        return [SQLITE_READONLY, SQLITE_CANTOPEN].contains(error.primary)
          ? nil : TextSanitizer.clean(error.message, limit: 200)
      }
    }
    return nil
  }

  /// What the file is, as opening it would tell (read only); nil when it cannot be read to tell.
  private static func identity(_ file: String) -> LibraryIdentity? {
    for immutable in [false, true] {
      guard let connection = try? SQLiteConnection(path: file, readOnly: true, create: false, immutable: immutable)
      else { continue }
      connection.busyTimeout(busyMilliseconds)
      if let identity = try? connection.snapshot({ () throws(SQLiteFailure) in try Self.identify(connection) }) {
        return identity
      }
    }
    return nil
  }

  /// Whether this user may make files in the library's folder (WAL's index is made there).
  static func folderWritable(_ path: String) -> Bool {
    Glibc.access(URL(fileURLWithPath: path).deletingLastPathComponent().path, W_OK) == 0
  }

  /// Whether the library's folder is on a file system mounted read-only.
  static func onReadOnlyFileSystem(_ path: String) -> Bool {
    var info = statvfs()
    return statvfs(URL(fileURLWithPath: path).deletingLastPathComponent().path, &info) == 0
      && info.f_flag & UInt(ST_RDONLY) != 0
  }
}
