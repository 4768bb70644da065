import AmodbKit
import Foundation
import Synchronization
import Testing

@testable import LibraryKit

@Suite("The change log: every write an entry, and the log alone rebuilds the library")
struct ChangeLogTests {
  private let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
  private let thrones = TitleInfo(media: .series(1399), title: "Game of Thrones", year: 2011)

  /// The log's entries, oldest first: kind, device and clock.
  private func entries(_ library: Library) throws -> [(kind: String, device: String, wall: Int, counter: Int)] {
    try library.connection.rows("SELECT kind, device, clock_wall, clock_counter FROM changes ORDER BY seq").map {
      ($0["kind"].string ?? "", $0["device"].string ?? "", $0["clock_wall"].int ?? 0, $0["clock_counter"].int ?? 0)
    }
  }

  /// A library with one of every kind of write the app makes.
  private func everyWrite(_ library: Library) throws {
    try library.add(fightClub, to: "watchlist", day: "2026-12-01")
    try library.watch(fightClub, on: "2026-12-01", recorded: "2026-12-01")
    try library.watch(fightClub, on: "2026-12-02", recorded: "2026-12-02")
    let episodes = (1...3).map {
      EpisodeInfo(number: EpisodeKey(season: 1, number: $0), name: "Part \($0)", airDate: "2011-04-1\($0)", runtime: 60)
    }
    try library.watch(
      series: thrones, episodes: Array(episodes.prefix(2)), on: "2026-12-03", recorded: "2026-12-03", seasons: episodes)
    try library.unwatch(.series(1399), episodes: [EpisodeKey(season: 1, number: 2)])
    try library.rate(Subject(.film(550)), 9, title: fightClub, day: "2026-12-03")
    try library.rate(
      Subject(.series(1399), episode: EpisodeKey(season: 1, number: 1)), 8, title: thrones, day: "2026-12-03")
    try library.note(Subject(.film(550)), "the rules", title: fightClub, day: "2026-12-03")
    try library.hide(TitleInfo(media: .film(1), title: "Not for me"), true, day: "2026-12-03")
    try library.add(thrones, to: "Winter", day: "2026-12-03")
    try library.add(fightClub, to: "Winter", day: "2026-12-03")
    try library.remove(.film(550), from: "Winter")
    try library.add(fightClub, to: "Gone", day: "2026-12-03")
    try library.deleteList("Gone")
  }

  @Test func everyWriteIsOneEntryWithThisDevicesIdAndAClockThatNeverGoesBack() throws {
    let library = try freshLibrary()
    // Opening a new library writes one fact (no old watchlist file to move in), and logs it.
    #expect(try entries(library).map(\.kind) == ["watchlist file"])
    try everyWrite(library)
    let log = try entries(library).dropFirst()
    #expect(log.count == 14, "one entry a write: \(log.map(\.kind))")
    #expect(log.first?.kind == "add" && log.contains { $0.kind == "unwatch" } && log.last?.kind == "deleteList")
    let device = try #require(try library.connection.scalar("SELECT id FROM device")?.string)
    #expect(device.count == 32 && log.allSatisfy { $0.device == device })
    for (earlier, later) in zip(log, log.dropFirst()) {
      #expect((earlier.wall, earlier.counter) < (later.wall, later.counter), "strictly after the one before")
    }
    // A write that changes nothing (removing what is not there) appends nothing.
    try library.remove(.film(550), from: "Winter")
    #expect(try entries(library).count == 15)
  }

  @Test func theLogAloneRebuildsTheLibrary() throws {
    let library = try freshLibrary()
    try everyWrite(library)
    #expect(try library.changeLogProblems() == [])
    #expect(try library.check() == [])
  }

  @Test func aLibraryMadeOnAnEarlierDayRebuildsItsWatchlistsRow() throws {
    let library = try freshLibrary()
    // The schema makes the watchlist's row on the day the file is made, outside the log.
    try library.connection.rows("UPDATE lists SET created = '2025-01-01' WHERE id = 1")
    try everyWrite(library)
    #expect(try library.changeLogProblems() == [], "the day the check runs is not the file's")
    // Sync takes another machine's day for it: an update the log holds, from the day it was made.
    try library.write("sync") { try library.connection.rows("UPDATE lists SET created = '2024-06-06' WHERE id = 1") }
    #expect(try library.changeLogProblems() == [])
    // Any other row's conflict still stops the replay.
    try library.connection.rows("UPDATE lists SET created = '2020-01-01' WHERE name = 'Winter'")
    try library.write("sync") {
      try library.connection.rows("UPDATE lists SET created = '2021-01-01' WHERE name = 'Winter'")
    }
    #expect(try library.changeLogProblems().contains { $0.contains("did not apply") })
  }

  @Test func aChangeMadeBesideTheLogIsFoundAndNamed() throws {
    let library = try freshLibrary()
    try everyWrite(library)
    // Written by hand past the log, as another program would.
    try library.connection.rows("UPDATE ratings SET rating = 3 WHERE title_id = 550")
    let problems = try library.changeLogProblems()
    #expect(problems.count == 1)
    #expect(problems.first?.contains("ratings") == true, "\(problems)")
    // An entry lost from the log: the tables it made are named.
    let other = try freshLibrary()
    try everyWrite(other)
    try other.connection.rows("DELETE FROM changes WHERE kind = 'note'")
    #expect(try other.changeLogProblems().contains { $0.contains("notes") })
  }

  @Test func theClockNeverFallsBehindTheLastChangeSeen() throws {
    let library = try freshLibrary()
    // The last change seen was a day ahead of this machine's clock (another device's, or a clock set back).
    let ahead = Int64((Date().timeIntervalSince1970 + 86_400) * 1000)
    try library.connection.rows("UPDATE device SET clock_wall = ?, clock_counter = 7", [.integer(ahead)])
    try library.watch(fightClub, on: "2026-12-01", recorded: "2026-12-01")
    let entry = try #require(try entries(library).last)
    #expect(entry.wall == Int(ahead) && entry.counter == 8)
    #expect(
      HybridClock(wall: 5, counter: 2, device: "a").next(wallMilliseconds: 9)
        == HybridClock(wall: 9, counter: 0, device: "a"))
    #expect(
      HybridClock(wall: 5, counter: 2, device: "a") < HybridClock(wall: 5, counter: 2, device: "b"),
      "device breaks ties")
  }

  @Test func watchesHaveStableIdsThatAnExportKeeps() throws {
    let library = try freshLibrary()
    try everyWrite(library)
    let uids = try library.connection.rows("SELECT uid FROM watch_events").compactMap { $0["uid"].string }
    #expect(uids.count == 3 && Set(uids).count == 3 && uids.allSatisfy { $0.count == 32 })
    #expect(try library.exportJSON(now: "2026-12-04").contains(uids[0]))
    #expect(Events.newUID().count == 32 && Events.newUID() != Events.newUID())
  }

  @Test(arguments: 1..<ChangeLog.version)
  func aFileFromBeforeTheLogWritesItsRowsAsTheFirstEntry(version: Int) throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let connection = try SQLiteConnection(path: path.path, readOnly: false, create: true)
      try Library.migrate(connection, to: version)
      try connection.rows(
        "INSERT INTO titles (kind, id, title, updated) VALUES ('movie', 550, 'Fight Club', '2026-01-01')")
      try connection.rows("INSERT INTO list_items VALUES (1, 'movie', 550, 1, '2026-01-01')")
      for day in ["2026-01-02", "2026-02-03"] {
        try connection.rows(
          "INSERT INTO watch_events (kind, title_id, watched, recorded) VALUES ('movie', 550, ?, ?)",
          [.text(day), .text(day)])
      }
      try connection.rows("INSERT INTO ratings (kind, title_id, rating, rated) VALUES ('movie', 550, 9, '2026-01-02')")
    }
    let library = try Library(path: path)
    #expect(try entries(library).map(\.kind) == ["existing", "watchlist file"])
    #expect(try library.connection.scalar("SELECT count(*) FROM watch_events WHERE uid IS NOT NULL")?.int == 2)
    try library.watch(fightClub, on: "2026-03-04", recorded: "2026-03-04")
    #expect(try library.changeLogProblems() == [])
    // Opened again: nothing more is written as existing.
    #expect(try entries(try Library(path: path)).map(\.kind) == ["existing", "watchlist file", "watch"])
  }
}

@Suite("The library service: one connection, and others' changes told from its own")
struct LibraryServiceTests {
  @Test func itsOwnWritesAreNotChangesFromElsewhereAndAnotherProcesssAre() async throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    let service = LibraryService(path: path)
    let info = TitleInfo(media: .film(550), title: "Fight Club")
    _ = try await service.perform { library throws(LibraryError) in
      try library.add(info, to: "watchlist", day: "2026-12-01")
    }.get()
    #expect(await service.changedElsewhere() == false, "our own write")
    _ = try await service.perform { library throws(LibraryError) in
      try library.watch(info, on: "2026-12-01", recorded: "2026-12-01")
    }.get()
    #expect(await service.changedElsewhere() == false)
    // Another connection (another process's, as far as SQLite can tell) writes.
    try Library(path: path).rate(Subject(.film(550)), 7, title: info, day: "2026-12-02")
    #expect(await service.changedElsewhere() == true)
    #expect(await service.changedElsewhere() == false, "told once")
    let rating = try await service.perform { library throws(LibraryError) in try library.rating(Subject(.film(550))) }
      .get()
    #expect(rating == 7)
  }

  @Test func itsCheckpointsAreTakenBehindTheSavesAndEmptyTheLog() async throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    let service = LibraryService(path: path)
    await service.checkpoint()  // Nothing open yet: nothing to do, nothing opened.
    let pragma = { (name: String) in
      try await service.perform { library throws(LibraryError) in
        try library.read { try library.connection.scalar("PRAGMA \(name)")?.int ?? -1 }
      }.get()
    }
    #expect(try await pragma("wal_autocheckpoint") == 1000, "SQLite's own until the first look")
    for id in 1...20 {
      _ = try await service.perform { library throws(LibraryError) in
        try library.watch(TitleInfo(media: .film(id), title: "Film \(id)"), on: "2026-12-01", recorded: "2026-12-01")
      }.get()
    }
    let walPath = path.path + "-wal"
    let logged = try #require(try FileManager.default.attributesOfItem(atPath: walPath)[.size] as? Int)
    #expect(logged > 20 * 4096, "twenty saves' pages in the log")
    await service.checkpoint()
    #expect(try await pragma("wal_autocheckpoint") == 10_000)
    #expect(try await pragma("journal_size_limit") == 4_194_304)
    // Every frame is in the file now: a checkpoint after it has nothing left to move.
    let left = try await service.perform { library throws(LibraryError) in
      try library.read {
        try library.connection.rows("PRAGMA wal_checkpoint(PASSIVE)").first.map {
          ($0["log"].int, $0["checkpointed"].int)
        }
      }
    }.get()
    #expect(left.map { $0.0 == $0.1 } == true, "\(String(describing: left))")
  }

  @Test func aTitleMarkedAgainIsNotWrittenAgainWhenNothingOfItChanged() throws {
    let library = try freshLibrary()
    let info = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
    try library.watch(info, on: "2026-12-01", recorded: "2026-12-01")
    let logged = { try library.connection.scalar("SELECT changeset FROM changes ORDER BY seq DESC LIMIT 1")?.string }
    let tablesOf = { (changeset: String?) in
      Set(try ChangesetReader.changes(Data(base64Encoded: changeset ?? "") ?? Data()).map(\.table))
    }
    #expect(try tablesOf(logged()).contains("titles"), "the first mark adds the title")
    try library.watch(info, on: "2026-12-02", recorded: "2026-12-01")
    #expect(try tablesOf(logged()) == ["watch_events"], "the title as it was: only the watch is logged")
    var renamed = info
    renamed.title = "Fight Club (1999)"
    try library.watch(renamed, on: "2026-12-03", recorded: "2026-12-01")
    #expect(try tablesOf(logged()).contains("titles"), "a new name is written and logged")
    #expect(try library.changeLogProblems().isEmpty)
    // The upsert alone, outside a logged write: a new day is written, the same title is not.
    try Titles.upsert(library.connection, renamed, day: "2026-12-02")
    #expect(library.connection.changes == 1)
    try Titles.upsert(library.connection, renamed, day: "2026-12-02")
    #expect(library.connection.changes == 0, "the row as it is: not written again")
  }

  @Test func withAnAbsenceOnlyAWriteMakesTheFileAndAnotherProcessMakingItIsAChange() async throws {
    let folder = try libraryFolder().appendingPathComponent("profiles/anan")
    let path = folder.appendingPathComponent(Library.fileName)
    let absence = LibraryError(.notFound, "The profile anan has no library yet.")
    let service = LibraryService(path: path, absence: absence)
    let read = await service.perform { library throws(LibraryError) in try library.marks() }
    #expect(read.map(\.count) == .failure(absence))
    #expect(!FileManager.default.fileExists(atPath: folder.path), "a read makes nothing")
    #expect(await service.changedElsewhere() == false)
    // Another process makes it: told, once, and read from then on.
    let info = TitleInfo(media: .film(550), title: "Fight Club")
    try Library(path: path).add(info, to: "watchlist", day: "2026-12-01")
    #expect(await service.changedElsewhere() == true)
    #expect(await service.changedElsewhere() == false, "told once")
    let marks = try await service.perform { library throws(LibraryError) in try library.marks() }.get()
    #expect(marks[.film(550)]?.onWatchlist == true)
    // Without another process, the first write makes it.
    let other = folder.deletingLastPathComponent().appendingPathComponent("bob/" + Library.fileName)
    let bob = LibraryService(path: other, absence: absence)
    _ = try await bob.perform(writing: true) { library throws(LibraryError) in
      try library.add(info, to: "watchlist", day: "2026-12-01")
    }.get()
    #expect(FileManager.default.fileExists(atPath: other.path))
  }

  @Test func itsThreadRunsJobsInOrderAndSyncOutlivesNoCaller() {
    let thread = WorkThread()
    defer { thread.stop() }
    // Many sync calls, each with a closure of the caller's (withoutActuallyEscaping stops the
    // process if the thread still holds one when the caller's wait ends).
    var total = 0
    for number in 1...2_000 {
      let local = [number]
      total += thread.sync { local[0] }
    }
    #expect(total == 2_000 * 2_001 / 2)
    let order = Mutex<[Int]>([])
    for number in 0..<100 { thread.async { order.withLock { $0.append(number) } } }
    #expect(thread.sync { order.withLock { $0 } } == Array(0..<100), "in the order given")
  }

  @Test func aFileReplacedUnderItIsAChangeAndIsOpenedAnew() async throws {
    let folder = try libraryFolder()
    let path = folder.appendingPathComponent(Library.fileName)
    let service = LibraryService(path: path)
    _ = try await service.perform { library throws(LibraryError) in try library.marks() }.get()
    // Another library copied over it (a restore, a copy from another machine).
    let other = try libraryFolder().appendingPathComponent(Library.fileName)
    try Library(path: other).add(TitleInfo(media: .film(550), title: "Fight Club"), to: "watchlist", day: "2026-12-01")
    try Library(path: other).connection.rows("PRAGMA wal_checkpoint(TRUNCATE)")
    try FileManager.default.removeItem(at: path)
    try FileManager.default.copyItem(at: other, to: path)
    #expect(await service.changedElsewhere() == true)
    let marks = try await service.perform { library throws(LibraryError) in try library.marks() }.get()
    #expect(marks[.film(550)]?.onWatchlist == true)
  }

  @Test func aFileMovedAwayKeepsWhatItHeldAndTheNextChangeGoesToTheFileAtThePath() async throws {
    let folder = try libraryFolder()
    let path = folder.appendingPathComponent(Library.fileName)
    let service = LibraryService(path: path)
    let add = { (id: Int) in
      let added = try await service.perform(writing: true) { library throws(LibraryError) in
        try library.add(TitleInfo(media: .film(id), title: "Film \(id)"), to: "watchlist", day: "2026-12-07")
      }.get()
      #expect(added)
    }
    try await add(550)
    // Moved away while open (a backup put aside), before the once-a-second look sees it.
    let aside = try libraryFolder().appendingPathComponent("aside.sqlite3")
    try FileManager.default.moveItem(at: path, to: aside)
    try await add(603)
    let atPath = try Library(path: path).marks()
    #expect(atPath.keys.sorted { $0.id < $1.id } == [.film(603)], "the change went to the file at the path")
    // The file moved away holds its own change, from its log: none of it was read into the new one.
    #expect(try Library(path: aside).marks().keys.sorted { $0.id < $1.id } == [.film(550)])
    // The browser's once-a-second look still hears of the file replaced, once.
    #expect(await service.changedElsewhere() == true)
    #expect(await service.changedElsewhere() == false, "told once")
  }

  @Test func aLibraryThatCannotBeOpenedIsAnErrorEveryTimeUntilItCan() async throws {
    let folder = try libraryFolder()
    let path = folder.appendingPathComponent(Library.fileName)
    try Data("not a database at all, not even close to one".utf8).write(to: path)
    let service = LibraryService(path: path)
    let failed = await service.perform { library throws(LibraryError) in try library.marks() }
    guard case .failure(let error) = failed else {
      Issue.record("a damaged file opened")
      return
    }
    #expect(error.kind == .damaged)
    try FileManager.default.removeItem(at: path)
    let marks = try await service.perform { library throws(LibraryError) in try library.marks() }.get()
    #expect(marks.isEmpty, "opened once the file is fixed")
  }
}
