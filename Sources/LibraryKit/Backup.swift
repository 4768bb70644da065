import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

extension Library {
  /// Copies the library to a new file with SQLite's online backup, safe while others write; in a
  /// folder `given` names, to a file named by the moment (`trending-library-2026-12-06T101500Z.sqlite3`),
  /// as `cp` puts a file into a folder. Returns the file written.
  @discardableResult
  public func backup(to given: URL, now: Date = Date()) throws(LibraryError) -> URL {
    var target = given
    // "DIR/" names a folder: one that is not there is said, never made a file of that name.
    if given.hasDirectoryPath, !SyncFolder.isFolder(given.path) {
      throw LibraryError(.other, tr("there is no folder %s", TextSanitizer.clean(given.path, limit: 300)))
    }
    if SyncFolder.isFolder(given.path) {
      // A second copy in the same second takes the next free number ("…Z-2.sqlite3").
      let stem = "trending-library-" + now.formatted(.iso8601).replacing(":", with: "")
      let names = [stem + ".sqlite3"] + (2...99).map { stem + "-\($0).sqlite3" }
      let free = names.first { Glibc.access(given.appendingPathComponent($0).path, F_OK) != 0 } ?? names[0]
      target = given.appendingPathComponent(free)
    }
    let name = TextSanitizer.clean(target.path, limit: 300)
    let made = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard made >= 0 else {
      throw LibraryError(
        .other,
        errno == EEXIST
          ? tr("%s already exists; a backup never replaces a file", name)
          : tr("%1$s: %2$s", name, String(cString: strerror(errno))))
    }
    close(made)
    do throws(SQLiteFailure) {
      let copy = try SQLiteConnection(path: target.path, readOnly: false, create: false)
      try connection.backup(to: copy)
      // A library read without locks (a full disk) could change under the copy: the copy is checked.
      guard try copy.scalar("PRAGMA quick_check(1)")?.string == "ok" else {
        throw SQLiteFailure(code: SQLITE_CORRUPT, message: "the copy failed SQLite's quick check")
      }
    } catch {
      unlink(target.path)
      throw LibraryError.from(error, path: target.path)
    }
    return target
  }
}
