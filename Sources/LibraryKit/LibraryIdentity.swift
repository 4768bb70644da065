/// What a file at the library's place is, told from its header fields and its tables before
/// anything is written to it: a library of ours, a newer one, an empty file, or somebody else's.
enum LibraryIdentity: Equatable {
  /// An empty database: made into a library.
  case new
  /// A library of ours at this schema version (at most the current one).
  case ours(version: Int)
  /// A library written by a newer trending: read, never changed.
  case newer(version: Int)
  /// Not a trending library (another program's database, an unknown version): never changed.
  case foreign

  /// The number in the file's header that marks a trending library ("TRND").
  static let applicationID: Int32 = 0x5452_4E44

  /// The tables each schema version has made, by the version that made them.
  static let tablesByVersion: [Int: Set<String>] = [
    1: ["titles", "lists", "list_items", "watch_events", "episodes", "ratings", "notes", "hidden", "facts"],
    2: ["title_providers"],
  ]

  /// Tells what a file is from its `application_id`, its `user_version` and the names of its tables.
  init(applicationID: Int32, version: Int, tables: Set<String>, current: Int = Schema.current) {
    let marked = applicationID == Self.applicationID
    guard applicationID == 0 || marked, version >= 0 else {
      self = .foreign
      return
    }
    if version == 0 {
      // Our migrations set the version in the transaction that makes the tables: tables without
      // a version are another program's.
      self = tables.isEmpty ? .new : .foreign
      return
    }
    let known = min(version, current)
    let expected = Self.tablesByVersion.filter { $0.key <= known }.values.reduce(into: Set<String>()) {
      $0.formUnion($1)
    }
    guard expected.isSubset(of: tables) else {
      self = .foreign
      return
    }
    self = version > current ? .newer(version: version) : .ours(version: version)
  }
}

/// Whether a library file can be written, as `trending doctor` tells it.
public enum LibraryAccess: Equatable, Sendable {
  /// No file yet: the first mark makes it.
  case notMade
  case readWrite
  /// Read, never written, and why.
  case readOnly(String)
  /// No file yet, and none can be made here: why.
  case cannotBeMade(String)
  /// Not a library SQLite can read whole: what SQLite said.
  case damaged(String)
  /// Not a library trending opens (a link, a folder, another program's database): why.
  case refused(String)
}
