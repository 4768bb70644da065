import AmodbKit
import Foundation
import Testing

@testable import LibraryKit

/// A raw connection to `path`, as another program (or an attacker with the file) would write it.
private func foreign(_ path: URL, _ statements: [String]) throws {
  let connection = try SQLiteConnection(path: path.path, readOnly: false, create: true)
  for statement in statements { try connection.rows(statement) }
}

/// The error `body` throws, as a library error.
private func libraryError(_ body: () throws -> Void) -> LibraryError? {
  do {
    try body()
    return nil
  } catch {
    return error as? LibraryError
  }
}

@Suite("The library's file: links on its path, files that are not ours, SQL stored in it")
struct LibraryFileTests {
  let dune = TitleInfo(media: .film(693134), title: "Dune: Part Two", year: 2024)

  @Test func aLinkedFolderOnThePathIsFollowedAndTheLibraryWorks() throws {
    let root = try libraryFolder()
    let real = root.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    // /home → /var/home, a stowed ~/.local/share: a link to a folder above the library.
    let home = root.appendingPathComponent("home")
    try FileManager.default.createSymbolicLink(at: home, withDestinationURL: real)
    let path = home.appendingPathComponent(".local/share/trending").appendingPathComponent(Library.fileName)
    do {
      let library = try Library(path: path)
      try library.add(dune, to: "watchlist", day: "2026-01-01")
    }
    #expect(try Library(path: path).marks()[.film(693134)]?.onWatchlist == true)
    let stored = real.appendingPathComponent(".local/share/trending").appendingPathComponent(Library.fileName)
    let attributes = try FileManager.default.attributesOfItem(atPath: stored.path)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the library is a file in the real folder")
  }

  @Test func aFolderThatCannotBeMadeIsSaidWithTheSystemsReason() throws {
    let root = try libraryFolder()
    // A file where the library's folder would go: no folder can be made under it.
    let blocker = root.appendingPathComponent("share")
    try Data().write(to: blocker)
    let error = libraryError {
      _ = try Library(path: blocker.appendingPathComponent("trending").appendingPathComponent(Library.fileName))
    }
    #expect(error?.message == "could not create \(blocker.path)/trending: Not a directory")
  }

  @Test func aLinkAtTheFileItselfIsRefusedNamingItAndLeftAsItIs() throws {
    let folder = try libraryFolder()
    let target = folder.appendingPathComponent("elsewhere.sqlite3")
    do {
      let library = try Library(path: target)
      try library.add(dune, to: "watchlist", day: "2026-01-01")
      try library.connection.rows("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let before = try Data(contentsOf: target)
    let link = folder.appendingPathComponent(Library.fileName)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let error = libraryError { _ = try Library(path: link) }
    #expect(error?.kind == .damaged)
    #expect(error?.message.contains("symbolic link") == true, "says what it is: \(String(describing: error))")
    #expect(error?.message.contains(target.path) == true, "names where it points")
    #expect(error?.message.contains("not a trending library") == false, "not called damaged")
    #expect(try Data(contentsOf: target) == before)
  }

  @Test(arguments: [-1, -2_147_483_648, 1_000_000])
  func aVersionThisAppNeverWroteIsRefusedNotACrash(version: Int) throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    try foreign(path, ["CREATE TABLE t (x)", "PRAGMA user_version = \(version)"])
    let before = try Data(contentsOf: path)
    let error = libraryError { _ = try Library(path: path) }
    #expect(error?.kind == .damaged && error?.message.contains("not a trending library") == true)
    #expect(try Data(contentsOf: path) == before)
  }

  @Test func ourLibraryWithANegativeVersionIsRefusedNotMigratedFromMinusOne() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do { _ = try Library(path: path) }
    try foreign(path, ["PRAGMA user_version = -1", "PRAGMA wal_checkpoint(TRUNCATE)"])
    let before = try Data(contentsOf: path)
    #expect(libraryError { _ = try Library(path: path) }?.kind == .damaged)
    #expect(try Data(contentsOf: path) == before)
  }

  @Test(arguments: [
    ["CREATE TABLE recipes (name TEXT)"],
    ["CREATE TABLE titles (name TEXT)"],
    ["CREATE TABLE recipes (name TEXT)", "PRAGMA application_id = 1234"],
  ])
  func anotherProgramsDatabaseIsNeverTouched(statements: [String]) throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    try foreign(path, statements)
    let before = try Data(contentsOf: path)
    let error = libraryError { _ = try Library(path: path) }
    #expect(error?.kind == .damaged && error?.message.contains("left as it is") == true, "\(String(describing: error))")
    #expect(try Data(contentsOf: path) == before, "no tables added, not switched to WAL")
    #expect(!FileManager.default.fileExists(atPath: path.path + "-wal"))
  }

  @Test func aNewerLibraryInDeleteModeStaysInDeleteMode() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let library = try Library(path: path)
      try library.add(dune, to: "watchlist", day: "2026-01-01")
    }
    try foreign(path, ["PRAGMA journal_mode = DELETE", "PRAGMA user_version = \(Schema.current + 1)"])
    let before = try Data(contentsOf: path)
    let newer = try Library(path: path)
    #expect(newer.isReadOnly)
    #expect(try newer.marks()[.film(693134)]?.onWatchlist == true)
    #expect(try Data(contentsOf: path) == before)
    #expect(try newer.connection.scalar("PRAGMA journal_mode")?.string == "delete")
  }

  @Test func aLibraryOfAnEarlierBuildWithoutOurMarkIsOursAndGetsIt() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let connection = try SQLiteConnection(path: path.path, readOnly: false, create: true)
      try Library.migrate(connection, to: 2)
      // Builds before the mark wrote no application_id.
      try connection.rows("PRAGMA application_id = 0")
      try connection.rows("INSERT INTO titles (kind, id, title, updated) VALUES ('movie', 550, 'Fight Club', 'd')")
      try connection.rows("INSERT INTO list_items VALUES (1, 'movie', 550, 1, '2026-01-01')")
    }
    let library = try Library(path: path)
    #expect(library.schemaVersion == Schema.current)
    #expect(try library.marks()[.film(550)]?.onWatchlist == true)
    #expect(try library.connection.scalar("PRAGMA application_id")?.int == Int(LibraryIdentity.applicationID))
  }

  @Test func identityIsToldFromTheHeaderAndTheTables() {
    let ours = Set(LibraryIdentity.tablesByVersion.values.flatMap { $0 })
    let id = LibraryIdentity.applicationID
    #expect(LibraryIdentity(applicationID: 0, version: 0, tables: []) == .new)
    #expect(LibraryIdentity(applicationID: 0, version: 0, tables: ["x"]) == .foreign)
    #expect(LibraryIdentity(applicationID: 0, version: 2, tables: ours) == .ours(version: 2))
    #expect(LibraryIdentity(applicationID: id, version: 1, tables: ours) == .ours(version: 1))
    #expect(LibraryIdentity(applicationID: id, version: 2, tables: ["titles"]) == .foreign)
    #expect(LibraryIdentity(applicationID: id, version: 9, tables: ours, current: 3) == .newer(version: 9))
    #expect(LibraryIdentity(applicationID: 0, version: 9, tables: ["x"], current: 3) == .foreign)
    #expect(LibraryIdentity(applicationID: 7, version: 2, tables: ours) == .foreign)
    #expect(LibraryIdentity(applicationID: id, version: -1, tables: ours) == .foreign)
  }

  @Test func aTriggerStoredInTheFileNeverRunsOnOurWrites() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let library = try Library(path: path)
      try library.add(dune, to: "watchlist", day: "2026-01-01")
    }
    try foreign(
      path,
      [
        "CREATE TABLE spill (x)",
        "CREATE TRIGGER empty_watchlist AFTER INSERT ON watch_events BEGIN DELETE FROM list_items; INSERT INTO spill VALUES (1); END",
        "CREATE VIEW everything AS SELECT * FROM titles",
      ])
    let library = try Library(path: path)
    try library.watch(dune, on: "2026-01-02", recorded: "2026-01-02")
    #expect(try library.marks()[.film(693134)]?.onWatchlist == true, "the trigger did not empty the watchlist")
    #expect(try library.connection.scalar("SELECT count(*) FROM spill")?.int == 0)
    #expect(throws: SQLiteFailure.self, "views of the file are not run") {
      try library.connection.rows("SELECT * FROM everything")
    }
  }

  @Test func foreignKeyActionsStillRunWithTheFilesTriggersOff() throws {
    let library = try freshLibrary()
    _ = try library.add(dune, to: "Sci-fi", day: "2026-01-01")
    try library.write { try library.connection.rows("DELETE FROM lists WHERE name = 'Sci-fi'") }
    // ON DELETE CASCADE is SQLite's own action, not a trigger of the file: the items go with the list.
    #expect(try library.connection.scalar("SELECT count(*) FROM list_items WHERE list_id != 1")?.int == 0)
  }

  @Test func theSchemaCannotBeRewrittenThroughOurConnection() throws {
    let library = try freshLibrary()
    try library.connection.rows("PRAGMA writable_schema = ON")
    #expect(throws: SQLiteFailure.self) {
      try library.connection.rows("UPDATE sqlite_master SET sql = 'x' WHERE name = 'titles'")
    }
    #expect(try library.check().isEmpty)
  }

  @Test func anImportsSameDayCheckIsOneIndexSeek() throws {
    let library = try freshLibrary()
    let plan = try library.connection.rows(
      "EXPLAIN QUERY PLAN " + Events.sameDay,
      [.text("movie"), .integer(550), .null, .null, .text("2026-01-01")]
    ).compactMap { $0["detail"].string }.joined(separator: "\n")
    #expect(plan.contains("watch_events_by_day_of_title") && plan.contains("watched=?"), "\(plan)")
  }

  @Test func aDiaryOfManyRewatchesOfOneFilmImportsEveryDayOnce() throws {
    let library = try freshLibrary()
    let start = Date(timeIntervalSince1970: 0)
    let days = (0..<3_000).map { ISO8601DateFormatter.day(start.addingTimeInterval(Double($0) * 86_400)) }
    let target = ImportTarget(info: dune)
    let changes = (days + days.prefix(10)).map {
      PlannedChange(place: RowPlace(file: "diary.csv", line: 1), target: target, action: .watch(day: $0))
    }
    let outcome = try library.apply(changes, dryRun: false, recorded: "2026-01-01")
    #expect(outcome.added.count == days.count && outcome.already == 10)
    #expect(try library.connection.scalar("SELECT count(*) FROM watch_events")?.int == days.count)
  }

  /// A backup into a folder is a copy named by the moment; another in the same second the next
  /// number; a file named is never replaced.
  @Test func aBackupIntoAFolderNeverReplacesOneMadeTheSameSecond() throws {
    let folder = try libraryFolder()
    let library = try Library(path: folder.appendingPathComponent(Library.fileName))
    try library.watch(dune, on: "2026-11-01", recorded: "2026-11-01")
    let copies = folder.appendingPathComponent("copies")
    try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
    let moment = Date(timeIntervalSince1970: 1_796_000_000)
    let first = try library.backup(to: copies, now: moment)
    let second = try library.backup(to: copies, now: moment)
    #expect(first.lastPathComponent == "trending-library-2026-11-30T005320Z.sqlite3")
    #expect(second.lastPathComponent == "trending-library-2026-11-30T005320Z-2.sqlite3")
    #expect(libraryError { try library.backup(to: first) }?.message.contains("never replaces a file") == true)
    #expect(try Library(path: second).marks()[dune.media]?.seen == "2026-11-01")
    // "missing/" names a folder that is not there: said, and no file of its name made.
    let missing = URL(fileURLWithPath: folder.appendingPathComponent("missing").path + "/")
    #expect(libraryError { try library.backup(to: missing) }?.message.contains("there is no folder") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
  }
}

extension ISO8601DateFormatter {
  /// `YYYY-MM-DD` of `date` in UTC.
  fileprivate static func day(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }
}

@Suite("Library files the fuzzer found: refused, and left byte for byte")
struct FuzzedLibraryFileTests {
  static let dune = TitleInfo(media: .film(693134), title: "Dune: Part Two", year: 2024)
  /// A seed of the `library` fuzz target, copied to a fresh library place.
  private func seed(_ name: String) throws -> URL {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/library/\(name)")
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    try FileManager.default.copyItem(at: source, to: path)
    return path
  }

  @Test(arguments: [
    "fuzzed-damaged-facts-1", "fuzzed-damaged-facts-2", "clashing-titles-versioned",
    // Version 3 with a damaged facts table: it was migrated, then the old watchlist's fact failed.
    "fuzzed-damaged-facts-migrated",
  ])
  func aFileThatFailsWhileOpeningIsLeftAsItWas(name: String) throws {
    let path = try seed(name)
    let before = try Data(contentsOf: path)
    #expect {
      try Library(path: path)
    } throws: { error in
      (error as? LibraryError)?.kind == .damaged
    }
    #expect(try Data(contentsOf: path) == before, "not even switched to WAL")
  }

  @Test func aDamagedPageIsRefusedAtOpeningOrFoundByCheck() throws {
    let path = try seed("damaged-titles-page")
    let before = try Data(contentsOf: path)
    // A file of a version before the change log has its rows read whole as the log's first entry
    // when it is opened: the damaged page is met then, and the file refused and left as it was.
    // Reading it fails as damage, or the integrity check lists it: never "all well".
    do {
      let library = try Library(path: path)
      #expect(try !library.check().isEmpty)
    } catch {
      #expect(error.kind == .damaged, "\(error)")
      #expect(try Data(contentsOf: path) == before, "left as it was")
    }
  }

  /// A page of one table zeroed: `export json` refuses, and the salvage gives every other table
  /// whole and names the damaged one.
  @Test func aDamagedTableIsNamedAndEveryOtherIsExportedWhole() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let library = try Library(path: path)
      try library.watch(Self.dune, on: "2026-11-01", recorded: "2026-11-01")
      try library.watch(Self.dune, on: "2026-11-02", recorded: "2026-11-02")
      for id in 1...300 {
        _ = try library.hide(TitleInfo(media: .film(id), title: "Film \(id)", year: 2000), true, day: "2026-11-03")
      }
    }
    let root = try SQLiteConnection(path: path.path, readOnly: false, create: false)
    try root.rows("PRAGMA wal_checkpoint(TRUNCATE)")
    let page = try #require(try root.scalar("SELECT rootpage FROM sqlite_master WHERE name = 'hidden'")?.int)
    let size = try #require(try root.scalar("PRAGMA page_size")?.int)
    let handle = try FileHandle(forWritingTo: path)
    try handle.seek(toOffset: UInt64((page - 1) * size))
    try handle.write(contentsOf: Data(repeating: 0, count: size))
    try handle.close()
    let library = try Library(path: path)
    #expect(libraryError { _ = try library.exportJSON(now: "x") }?.kind == .damaged)
    let salvaged = try library.salvageJSON(now: "x")
    #expect(salvaged.unreadable == ["hidden"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(salvaged.json.utf8)) as? [String: Any])
    let tables = try #require(object["tables"] as? [String: [[String: Any]]])
    #expect(tables["watch_events"]?.count == 2 && tables["titles"]?.count == 301)
  }
}
