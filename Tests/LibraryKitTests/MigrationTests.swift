import AmodbKit
import Foundation
import Testing

@testable import LibraryKit

@Suite("The library's file: migrations, the old watchlist, files it refuses")
struct MigrationTests {
  /// Rows every version since the first can hold, written as that version's tables take them.
  private func fill(_ connection: SQLiteConnection, version: Int) throws {
    guard version >= 1 else { return }
    try connection.rows(
      "INSERT INTO titles (kind, id, title, updated) VALUES ('movie', 550, 'Fight Club', '2026-01-01')")
    try connection.rows("INSERT INTO list_items VALUES (1, 'movie', 550, 1, '2026-01-01')")
    try connection.rows(
      "INSERT INTO watch_events (kind, title_id, watched, recorded) VALUES ('movie', 550, '2026-01-02', '2026-01-02')")
    try connection.rows("INSERT INTO ratings (kind, title_id, rating, rated) VALUES ('movie', 550, 9, '2026-01-02')")
  }

  @Test(arguments: 0..<Schema.current)
  func everyEarlierVersionMigratesToTheCurrentKeepingItsRows(version: Int) throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let connection = try SQLiteConnection(path: path.path, readOnly: false, create: true)
      try Library.migrate(connection, to: version)
      #expect(try Library.version(connection) == version)
      // A file of a version with the change log has its rows in the log, as the app writes them.
      if version >= ChangeLog.version {
        try connection.transaction {
          try ChangeLog.recording(connection, "fill") { try fill(connection, version: version) }
        }
      } else {
        try fill(connection, version: version)
      }
    }
    let library = try Library(path: path)
    #expect(library.schemaVersion == Schema.current)
    if version >= 1 {
      #expect(try library.marks()[.film(550)]?.seen == "2026-01-02")
      #expect(try library.rating(Subject(.film(550))) == 9)
    }
    // The tables of every version are there and usable.
    try library.write {
      try library.connection.rows(
        "INSERT INTO titles (kind, id, title, updated) VALUES ('tv', 1, 'S', '2026-01-01') ON CONFLICT DO NOTHING")
      try library.connection.rows(
        "INSERT INTO title_providers VALUES ('tv', 1, 'US', 8, 'Netflix', 'flatrate', '2026-01-01')")
    }
    #expect(try library.check().isEmpty)
  }

  @Test func aLibraryFromANewerVersionOpensReadOnlyAndStaysAsItIs() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let library = try Library(path: path)
      try library.add(TitleInfo(media: .film(550), title: "Fight Club"), to: "watchlist", day: "2026-01-01")
      try library.connection.rows("PRAGMA user_version = \(Schema.current + 1)")
      try library.connection.rows("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let before = try Data(contentsOf: path)
    let newer = try Library(path: path)
    #expect(newer.isReadOnly)
    #expect(newer.notice?.contains("made by a newer trending") == true)
    #expect(try newer.marks()[.film(550)]?.onWatchlist == true, "still read")
    let refusal =
      "\(path.path) was made by a newer trending (schema \(Schema.current + 1); this one knows \(Schema.current)): "
      + "it is only read, and nothing was changed."
    #expect(throws: LibraryError(.newer, refusal)) {
      try newer.add(TitleInfo(media: .film(1), title: "x"), to: "watchlist", day: "2026-01-01")
    }
    #expect(try Data(contentsOf: path) == before)
  }

  /// A sync stamp of a list kept under the ASCII-lowered name of before is keyed again as a name
  /// lowered in any script; two that meet keep the newer, and other stamps stay as they are.
  @Test func listStampsOfBeforeAreKeyedAgainInAnyScript() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    let connection = try SQLiteConnection(path: path.path, readOnly: false, create: true)
    try Library.migrate(connection, to: SyncTable.listKeysVersion - 1)
    let stamps: [(String, [SQLValue], Int64)] = [
      ("lists", [.text("Été")], 5), ("lists", [.text("été")], 9),
      ("list_items", [.text("Фильмы"), .text("movie"), .integer(550)], 3),
      ("hidden", [.text("movie"), .integer(1)], 4),
    ]
    for (table, key, wall) in stamps {
      try connection.rows(
        "INSERT INTO sync_rows (tbl, key, wall, counter, device) VALUES (?, ?, ?, 0, 'a')",
        [.text(table), .text(SyncTable.keyText(key)), .integer(wall)])
    }
    try Library.migrate(connection)
    let rows = try connection.rows("SELECT tbl, key, wall FROM sync_rows ORDER BY tbl, key").map {
      "\($0["tbl"].string ?? "") \($0["key"].string ?? "") \($0["wall"].integer ?? 0)"
    }
    #expect(
      rows == [
        "hidden \(SyncTable.keyText([.text("movie"), .integer(1)])) 4",
        "list_items \(SyncTable.keyText([.text("фильмы"), .text("movie"), .integer(550)])) 3",
        "lists \(SyncTable.keyText([.text("été")])) 9",
      ], "\(rows)")
  }

  @Test func aFileThatIsNotSQLiteIsRefusedAndNeverChanged() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    let text = Data("550\tw\t2026-01-01\t\tFight Club\t1999\n".utf8)
    try text.write(to: path)
    #expect {
      try Library(path: path)
    } throws: { error in
      let error = error as? LibraryError
      return error?.kind == .damaged && error?.message.contains(path.path) == true
        && error?.message.contains("Move it aside") == true
    }
    #expect(try Data(contentsOf: path) == text)
    #expect(!FileManager.default.fileExists(atPath: path.path + "-wal"))
  }

  @Test func aLibraryWithADamagedSchemaPageIsRefusedAndNeverChanged() throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let library = try Library(path: path)
      try library.add(TitleInfo(media: .film(550), title: "Fight Club"), to: "watchlist", day: "2026-01-01")
      try library.connection.rows("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    var bytes = try Data(contentsOf: path)
    // Page 1's b-tree header, after the 100-byte file header: the schema table itself.
    for offset in 100..<140 { bytes[offset] = 0xEE }
    try bytes.write(to: path)
    #expect {
      try Library(path: path).marks()
    } throws: { error in
      (error as? LibraryError)?.kind == .damaged
    }
    #expect(try Data(contentsOf: path) == bytes)
  }

  @Test func theOldWatchlistMovesInOnceInOneTransactionAndIsKeptByteForByte() throws {
    let folder = try libraryFolder()
    let old = folder.appendingPathComponent("watchlist")
    let text =
      "# trending watchlist\n550\tw\t2026-01-01\t\tFight Club\t1999\n"
      + "tv/1399\tws\t2026-01-02\t2026-02-03\tGame of Thrones\t2011\t/got.jpg\t8.4\t20000\t18,10765\n"
      + "603\ts\t2026-01-03\t2026-01-04\tThe Matrix\t1999\n" + "not a line of ours\n"
    try Data(text.utf8).write(to: old)
    let library = try Library(path: folder.appendingPathComponent(Library.fileName))
    #expect(library.notice?.contains("Moved 3 titles from the old watchlist file") == true, "\(library.notice ?? "")")
    #expect(library.notice?.contains("1 line of the watchlist could not be read") == true)
    let marks = try library.marks()
    #expect(marks.count == 3)
    #expect(marks[.series(1399)]?.onWatchlist == true && marks[.series(1399)]?.seen == "2026-02-03")
    #expect(marks[.series(1399)]?.summary?.posterPath == "/got.jpg")
    #expect(marks[.film(603)]?.onWatchlist == false && marks[.film(603)]?.seen == "2026-01-04")
    #expect(marks[.film(550)]?.added == "2026-01-01")
    let moved = folder.appendingPathComponent(OldWatchlist.movedName)
    #expect(try String(contentsOf: moved, encoding: .utf8) == text)
    #expect(!FileManager.default.fileExists(atPath: old.path))
    // A watchlist file that turns up later is never read.
    try Data("238\tw\t2026-01-05\t\tThe Godfather\t1972\n".utf8).write(to: old)
    let again = try Library(path: folder.appendingPathComponent(Library.fileName))
    #expect(try again.notice == nil && again.marks().count == 3)
  }

  @Test func anOldWatchlistThatCannotBeReadStopsTheLibraryAndNothingIsChanged() throws {
    let folder = try libraryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("watchlist"), withIntermediateDirectories: true)
    #expect {
      try Library(path: folder.appendingPathComponent(Library.fileName))
    } throws: { error in
      (error as? LibraryError)?.message.contains("/watchlist: could not be read") == true
        && (error as? LibraryError)?.message.contains("Move it aside") == true
    }
    let connection = try SQLiteConnection(
      path: folder.appendingPathComponent(Library.fileName).path, readOnly: true, create: false)
    #expect(try connection.scalar("SELECT count(*) FROM facts")?.int == 0, "not recorded as moved in")
  }
}
