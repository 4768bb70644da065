import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

/// Why the library could not be read or changed, in words that name the file and what to do.
public struct LibraryError: Error, Equatable, Sendable {
  /// What kind of trouble it is.
  public enum Kind: Equatable, Sendable {
    /// Not SQLite, or damaged: refused, never changed.
    case damaged
    /// Written by a newer version: read, not changed.
    case newer
    /// The disk is full: the change was rolled back.
    case full
    /// The file or its folder cannot be written: the change was rolled back.
    case readOnly
    /// Another process held the library longer than the wait allows.
    case busy
    /// What a command named is not there (a device of the sync folder).
    case notFound
    /// Anything else (the folder cannot be made, a system call failed).
    case other
  }

  /// What kind of trouble it is.
  public var kind: Kind
  /// The message, naming the file.
  public var message: String

  /// Makes an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The folder `path` could not be made, with the system's reason when `error` carries one.
  static func folderNotMade(_ path: String, _ error: (any Error)? = nil) -> LibraryError {
    let underlying = (error as? CocoaError)?.underlying as? POSIXError
    let reason = underlying.map { ": " + String(cString: strerror($0.code.rawValue)) } ?? ""
    return LibraryError(.other, tr("could not create %s", TextSanitizer.clean(path, limit: 300)) + reason)
  }

  /// The same error with a sentence after its message (a full stop put between them if it has none).
  func adding(_ sentence: String) -> LibraryError {
    let ended = message.last.map { ".!?。".contains($0) } ?? true
    return LibraryError(kind, message + (ended ? " " : ". ") + sentence)
  }

  /// The error SQLite's failure means for the file at `path`; a change in progress was rolled back.
  static func from(_ failure: SQLiteFailure, path: String) -> LibraryError {
    let name = TextSanitizer.clean(path, limit: 300)
    // An I/O error is told by the system's reason: a full disk, or a file system mounted read-only.
    let primary: Int32 =
      switch failure.systemError {
      case ENOSPC, EDQUOT: SQLITE_FULL
      case EROFS, EACCES: SQLITE_READONLY
      default: failure.primary
      }
    switch primary {
    case SQLITE_NOTADB: return notALibrary(name)
    case SQLITE_CORRUPT: return damaged(name)
    case SQLITE_FULL:
      return LibraryError(.full, tr("the disk is full: nothing was changed in %s", name))
    case SQLITE_READONLY, SQLITE_PERM:
      return LibraryError(.readOnly, tr("%s cannot be written (a read-only file or folder): nothing was changed", name))
    case SQLITE_BUSY, SQLITE_LOCKED:
      return LibraryError(.busy, tr("%s was busy with another process for too long: nothing was changed", name))
    default:
      return LibraryError(
        .other, tr("%1$s: %2$s", name, TextSanitizer.clean(failure.message, limit: 300)))
    }
  }

  /// A symbolic link where the library file should be: what it is and what to do.
  static func link(_ name: String, to target: String) -> LibraryError {
    LibraryError(
      .damaged,
      tr(
        "%1$s is a symbolic link (to %2$s): the library is opened only as a file of its own, never through a link, and was left as it is. Move the file it points to into its place.",
        name, target))
  }

  /// A file that is not a library (not a file, not SQLite, another program's): what to do.
  static func notALibrary(_ name: String) -> LibraryError {
    LibraryError(
      .damaged,
      tr(
        "%s is not a trending library or is damaged; it was left as it is. Move it aside to start a new library, or put a backup in its place.",
        name))
  }

  /// A damaged library that cannot be opened even to export what it holds: the ways left.
  static func unreadable(_ name: String) -> String {
    tr(
      "%s is too damaged to be read, even for an export; it was left as it is. Put a backup in its place, or move it aside to start a new library ('sqlite3 FILE .recover' may still save some of its rows).",
      name)
  }

  /// A library SQLite finds damaged: the way out that keeps what can still be read.
  static func damaged(_ name: String) -> LibraryError {
    LibraryError(
      .damaged,
      tr(
        "%s is not a trending library or is damaged; it was left as it is. 'trending export json' may still read what it holds: export it, move the file aside, and 'trending import json' the export into a new library; or put a backup in its place.",
        name))
  }
}

extension LibraryError {
  /// The failure where an `AmodbError` is expected (a tab's, a command's): a library problem in
  /// its own words, never a network one.
  public var feedError: AmodbError { .library(message: message) }
}
