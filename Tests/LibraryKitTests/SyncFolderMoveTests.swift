import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// A sync folder that is not where it was: a stick not mounted (its empty mount point), a folder
/// emptied on purpose, a library moved to another folder.
@Suite("Sync: a folder not mounted, emptied or moved")
struct SyncFolderMoveTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
  let heat = TitleInfo(media: .film(949), title: "Heat", year: 1995)

  /// A library that has sent one segment to `folder`.
  private func member(of folder: URL) throws -> Library {
    let library = try freshLibrary()
    try library.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    _ = try library.joinSync(folder: folder.path, name: "laptop", now: Date())
    return library
  }

  /// A new folder.
  private func folder() throws -> URL {
    let folder = try libraryFolder().appendingPathComponent("sync")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The segments a device's folder holds.
  private func segments(_ folder: URL, _ library: Library) throws -> [String] {
    let id = try #require(try library.connection.scalar("SELECT id FROM device")?.string)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(id).path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted()
  }

  /// A device's own folder given for the sync folder (one step too far) is refused, naming the
  /// folder to give, and changes nothing: joined, the device would write where no other reads.
  @Test func aDevicesOwnFolderIsNotASyncFolder() throws {
    let stick = try folder()
    let laptop = try member(of: stick)
    let id = try #require(try laptop.connection.scalar("SELECT id FROM device")?.string)
    let own = stick.appendingPathComponent(id).path
    let real = try #require(Library.resolvedFolder(stick.path))
    #expect(throws: LibraryError.self) { try laptop.joinSync(folder: own, name: nil, now: Date()) }
    do {
      _ = try laptop.joinSync(folder: own, name: nil, now: Date())
    } catch {
      #expect(error.message.contains("give the sync folder itself, 'trending sync init \(real)'"), "\(error.message)")
    }
    #expect(try laptop.syncFolder() == real)
    let desktop = try freshLibrary()
    #expect(throws: LibraryError.self) { try desktop.joinSync(folder: own, name: nil, now: Date()) }
    #expect(try desktop.syncFolder() == nil)
    let inside = try FileManager.default.contentsOfDirectory(atPath: own)
    #expect(inside.allSatisfy { $0.hasSuffix(".jsonl") }, "no device's folder made inside: \(inside)")
  }

  @Test func anEmptyMountPointIsRefusedAndNothingIsWrittenThere() throws {
    let stick = try folder()
    let laptop = try member(of: stick)
    // The stick is not mounted: its mount point is an empty folder of the same path.
    let away = stick.deletingLastPathComponent().appendingPathComponent("away")
    try FileManager.default.moveItem(at: stick, to: away)
    try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: true)
    try laptop.watch(heat, on: "2026-11-02", recorded: "2026-11-02")
    #expect {
      _ = try laptop.sync(now: Date())
    } throws: { error in
      "\(error)".contains("does not hold the file this device sent") && "\(error)".contains("is it mounted?")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: stick.path).isEmpty, "nothing written there")
    // Mounted again: the change made meanwhile is sent.
    try FileManager.default.removeItem(at: stick)
    try FileManager.default.moveItem(at: away, to: stick)
    #expect(try laptop.sync(now: Date()).sent > 0)
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: stick.path, name: "desktop", now: Date())
    #expect(try Set(desktop.marks().keys) == [fightClub.media, heat.media])
  }

  @Test func aFolderThatIsNotThereIsNamedAsSuchAndNothingIsMade() throws {
    let stick = try folder()
    let laptop = try freshLibrary()
    _ = try laptop.joinSync(folder: stick.path, name: "laptop", now: Date())
    try FileManager.default.removeItem(at: stick)
    try laptop.watch(heat, on: "2026-11-02", recorded: "2026-11-02")
    #expect {
      _ = try laptop.sync(now: Date())
    } throws: { error in
      "\(error)".contains("\(stick.path) is not there: is it mounted?") && !"\(error)".contains("could not create")
    }
    #expect(!FileManager.default.fileExists(atPath: stick.path), "no folder made in its place")
  }

  @Test func aFolderEmptiedOnPurposeIsSentEverythingAgainByInit() throws {
    let shared = try folder()
    let laptop = try member(of: shared)
    for name in try FileManager.default.contentsOfDirectory(atPath: shared.path) {
      try FileManager.default.removeItem(at: shared.appendingPathComponent(name))
    }
    #expect(throws: (any Error).self) { _ = try laptop.sync(now: Date()) }
    _ = try laptop.joinSync(folder: shared.path, name: nil, now: Date())
    #expect(try !segments(shared, laptop).isEmpty)
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: shared.path, name: "desktop", now: Date())
    #expect(try desktop.marks()[fightClub.media]?.seen != nil)
  }

  @Test func aDevicesOwnFolderDeletedElsewhereIsSentAgainAndTheOthersStillRead() throws {
    let shared = try folder()
    let laptop = try member(of: shared)
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: shared.path, name: "desktop", now: Date())
    // Deleted by hand on the desktop, then by the file sync here: the folder is mounted all along.
    let id = try #require(try laptop.connection.scalar("SELECT id FROM device")?.string)
    try FileManager.default.removeItem(at: shared.appendingPathComponent(id))
    _ = try desktop.add(heat, to: "Crime", day: "2026-11-03")
    _ = try desktop.sync(now: Date())
    // The desktop, finding the laptop's folder gone, sent again what it took from it; the laptop
    // finds its files gone and says so (what they held is in the folder again, from either).
    let outcome = try laptop.sync(now: Date())
    #expect(outcome.ownMissing > 0, "\(outcome)")
    #expect(try laptop.list("Crime")?.map(\.title.media) == [heat.media], "the desktop's change is taken in")
    let third = try freshLibrary()
    _ = try third.joinSync(folder: shared.path, name: "tablet", now: Date())
    #expect(try third.marks()[fightClub.media]?.seen != nil, "the laptop's watch is in the folder again")
  }

  @Test func initMovesALibraryToAnotherFolderOrFollowsItsOwn() throws {
    let first = try folder()
    let laptop = try member(of: first)
    let sent = try segments(first, laptop)
    // The same folder mounted elsewhere: only the path changes, nothing is sent again.
    let moved = first.deletingLastPathComponent().appendingPathComponent("moved")
    try FileManager.default.moveItem(at: first, to: moved)
    #expect(try laptop.joinSync(folder: moved.path, name: nil, now: Date()).sent == 0)
    #expect(try segments(moved, laptop) == sent)
    #expect(try laptop.syncFolder() == moved.path)
    // Another folder: everything made here is sent to it, and its other devices are read.
    let other = try folder()
    let desktop = try freshLibrary()
    _ = try desktop.add(heat, to: "Crime", day: "2026-11-03")
    _ = try desktop.joinSync(folder: other.path, name: "desktop", now: Date())
    #expect(try laptop.joinSync(folder: other.path, name: nil, now: Date()).sent > 0)
    #expect(try laptop.list("Crime")?.map(\.title.media) == [heat.media])
    _ = try desktop.sync(now: Date())
    #expect(try desktop.marks()[fightClub.media]?.seen != nil)
  }

  @Test func aLibraryMovingToANewFolderTakesWithItWhatARetiredDeviceSent() throws {
    let first = try folder()
    let retired = try member(of: first)
    _ = try retired.rate(Subject(heat.media), 9, title: heat, day: "2026-11-02")
    _ = try retired.sync(now: Date())
    let laptop = try freshLibrary()
    _ = try laptop.joinSync(folder: first.path, name: "laptop", now: Date())
    #expect(try laptop.rating(Subject(heat.media)) == 9)
    // The retired device never syncs again; the laptop and a new machine meet in a new folder.
    let second = try libraryFolder().appendingPathComponent("second")
    try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
    _ = try laptop.joinSync(folder: second.path, name: nil, now: Date())
    let newcomer = try freshLibrary()
    _ = try newcomer.joinSync(folder: second.path, name: "newcomer", now: Date())
    #expect(try newcomer.rating(Subject(heat.media)) == 9)
    #expect(try newcomer.marks()[fightClub.media]?.seen == "2026-11-01")
    #expect(try newcomer.exportJSON(now: "2026-12-01") == laptop.exportJSON(now: "2026-12-01"))
  }

  @Test func aLibraryPutBackFromABackupTakesBackWhatItSentAfterTheBackup() throws {
    let shared = try folder()
    let laptop = try member(of: shared)
    let backup = try libraryFolder().appendingPathComponent("backup.sqlite3")
    try laptop.backup(to: backup)
    // After the backup: a rating and a watch, sent.
    _ = try laptop.rate(Subject(heat.media), 10, title: heat, day: "2026-11-05")
    try laptop.watch(heat, on: "2026-11-05", recorded: "2026-11-05")
    _ = try laptop.sync(now: Date())
    // The library is put back from the backup, and syncs: what it sent after comes back.
    let restored = try Library(path: backup)
    let outcome = try restored.sync(now: Date())
    #expect(outcome.applied > 0)
    #expect(try restored.rating(Subject(heat.media)) == 10)
    #expect(try restored.marks()[heat.media]?.seen != nil)
    #expect(try restored.check().isEmpty)
    // Its next change is written after the segments it read; a sync with nothing new sends nothing.
    #expect(try restored.sync(now: Date()).sent == 0)
    _ = try restored.note(Subject(heat.media), "again", title: heat, day: "2026-11-06")
    #expect(try restored.sync(now: Date()).sent > 0)
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: shared.path, name: "desktop", now: Date())
    #expect(try desktop.note(Subject(heat.media)) == "again" && desktop.rating(Subject(heat.media)) == 10)
  }

  /// Two copies of one library sharing a folder, each changing before the other's segment comes:
  /// a change made on one before the other's newest is still sent, and both end equal.
  @Test func twoCopiesOfOneLibraryInOneFolderLoseNothingOfEither() throws {
    let shared = try folder()
    let laptop = try member(of: shared)
    let copyPath = try libraryFolder().appendingPathComponent("copy.sqlite3")
    try laptop.backup(to: copyPath)
    let copy = try Library(path: copyPath)
    try laptop.watch(heat, on: "2026-11-05", recorded: "2026-11-05")
    _ = try copy.rate(Subject(heat.media), 6, title: heat, day: "2026-11-05")
    _ = try laptop.rate(Subject(fightClub.media), 5, title: fightClub, day: "2026-11-06")
    _ = try laptop.sync(now: Date())
    _ = try copy.sync(now: Date())
    _ = try laptop.sync(now: Date())
    for library in [laptop, copy] {
      #expect(try library.marks()[heat.media]?.seen == "2026-11-05")
      #expect(try library.rating(Subject(heat.media)) == 6, "the copy's rating, made before the laptop's newest")
      #expect(try library.rating(Subject(fightClub.media)) == 5)
    }
    #expect(try laptop.exportJSON(now: "2026-12-01") == copy.exportJSON(now: "2026-12-01"))
  }

  /// Two copies of one library, each in a folder of its own, and a file sync that puts one copy's
  /// segment over the other's of the same number (the newer file kept, no conflict copy).
  @Test func aSegmentReplacedByTheOtherCopysIsSentAgain() throws {
    let first = try folder()
    let laptop = try member(of: first)
    let second = try libraryFolder().appendingPathComponent("second")
    try FileManager.default.copyItem(at: first, to: second)
    let copyPath = try libraryFolder().appendingPathComponent("copy.sqlite3")
    try laptop.backup(to: copyPath)
    let copy = try Library(path: copyPath)
    _ = try copy.joinSync(folder: second.path, name: nil, now: Date())
    try laptop.watch(heat, on: "2026-11-05", recorded: "2026-11-05")
    _ = try laptop.sync(now: Date())
    _ = try copy.rate(Subject(fightClub.media), 8, title: fightClub, day: "2026-11-06")
    _ = try copy.sync(now: Date())
    let device = try #require(try laptop.connection.scalar("SELECT id FROM device")?.string)
    let newest = try #require(try segments(first, laptop).last)
    try #require(try segments(second, copy).contains(newest))
    let mine = first.appendingPathComponent(device).appendingPathComponent(newest)
    try FileManager.default.removeItem(at: mine)
    try FileManager.default.copyItem(at: second.appendingPathComponent(device).appendingPathComponent(newest), to: mine)
    _ = try laptop.sync(now: Date())
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: first.path, name: "desktop", now: Date())
    #expect(try desktop.marks()[heat.media]?.seen == "2026-11-05", "the laptop's watch, sent again")
  }

  /// A segment this device wrote, deleted from the folder (by hand, or by a file sync): what it held
  /// is sent again, once, so a device that joins later still has it.
  @Test func aSegmentGoneFromTheFolderIsSentAgainOnce() throws {
    let shared = try folder()
    let laptop = try member(of: shared)
    try laptop.watch(heat, on: "2026-11-05", recorded: "2026-11-05")
    _ = try laptop.sync(now: Date())
    let device = try #require(try laptop.connection.scalar("SELECT id FROM device")?.string)
    let written = try segments(shared, laptop)
    try #require(written.count == 2)
    try FileManager.default.removeItem(at: shared.appendingPathComponent(device).appendingPathComponent(written[1]))
    let again = try laptop.sync(now: Date())
    #expect(again.ownMissing == 1)
    #expect(again.sent >= 1)
    let next = try laptop.sync(now: Date())
    #expect(next.ownMissing == 0, "told once")
    #expect(next.sent == 0)
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: shared.path, name: "desktop", now: Date())
    #expect(try desktop.marks()[heat.media]?.seen == "2026-11-05", "the deleted segment's watch, sent again")
  }

  /// A device that sent only what it held before joining (an `import json`) has no dated change:
  /// its status names no moment, not 1970.
  @Test func aDeviceThatSentOnlyWhatItHeldBeforeJoiningHasNoLastChange() throws {
    let shared = try folder()
    let source = try freshLibrary()
    try source.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    let exported = try source.exportJSON(now: "2026-12-01")
    let imported = try freshLibrary()
    _ = try imported.importJSON(Array(exported.utf8), name: "x.json", dryRun: false)
    _ = try imported.joinSync(folder: shared.path, name: "laptop", now: Date())
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: shared.path, name: "desktop", now: Date())
    let laptop = try #require(try desktop.syncStatus().devices.first { $0.name == "laptop" })
    #expect(laptop.records > 0)
    #expect(laptop.lastChange == nil)
    try imported.watch(heat, on: "2026-11-05", recorded: "2026-11-05")
    _ = try imported.sync(now: Date())
    _ = try desktop.sync(now: Date())
    let after = try #require(try desktop.syncStatus().devices.first { $0.name == "laptop" })
    #expect((after.lastChange ?? 0) > 1_700_000_000_000, "a change made after joining is dated")
  }

  /// A first sync that cannot write (a folder not writable) joins nothing: the library is no member.
  @Test func aJoinWhoseFirstSyncFailsLeavesNoMember() throws {
    let shared = try folder()
    let library = try freshLibrary()
    try library.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    // Root writes anywhere: the folder is made unwritable by a file where its device folder goes.
    let device = try #require(try library.connection.scalar("SELECT id FROM device")?.string)
    try Data("not a folder".utf8).write(to: shared.appendingPathComponent(device))
    #expect(throws: LibraryError.self) { try library.joinSync(folder: shared.path, name: "laptop", now: Date()) }
    #expect(try library.syncFolder() == nil)
  }

  /// A library that left a folder for another and comes back sends what it made meanwhile.
  @Test func aLibraryBackInAFolderItLeftSendsWhatItMadeMeanwhile() throws {
    let first = try folder()
    let laptop = try member(of: first)
    _ = try laptop.rate(Subject(heat.media), 6, title: heat, day: "2026-11-02")
    _ = try laptop.sync(now: Date())
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: first.path, name: "desktop", now: Date())
    let second = try libraryFolder().appendingPathComponent("second")
    try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
    _ = try laptop.joinSync(folder: second.path, name: nil, now: Date())
    try laptop.watch(heat, on: "2026-11-07", recorded: "2026-11-07")
    _ = try laptop.sync(now: Date())
    _ = try laptop.joinSync(folder: first.path, name: nil, now: Date())
    _ = try desktop.sync(now: Date())
    #expect(try desktop.marks()[heat.media]?.seen == "2026-11-07")
    #expect(try desktop.exportJSON(now: "2026-12-01") == laptop.exportJSON(now: "2026-12-01"))
  }

  /// Two copies of one library (a home folder put back on a second machine) write the same next
  /// segment; the file sync keeps one under the number and the other as a conflict copy. Each copy
  /// reads the other's, whichever it is.
  @Test func twoCopiesOfOneLibraryReadEachOthersConflictingSegment() throws {
    let shared = try folder()
    let laptop = try member(of: shared)
    let copyPath = try libraryFolder().appendingPathComponent("copy.sqlite3")
    try laptop.backup(to: copyPath)
    let copy = try Library(path: copyPath)
    let own = shared.appendingPathComponent(try #require(try laptop.connection.scalar("SELECT id FROM device")?.string))
    let aside = try libraryFolder().appendingPathComponent("aside.jsonl")
    try laptop.watch(heat, on: "2026-11-05", recorded: "2026-11-05")
    _ = try laptop.sync(now: Date())
    let second = own.appendingPathComponent("00000002.jsonl")
    try FileManager.default.moveItem(at: second, to: aside)
    _ = try copy.rate(Subject(fightClub.media), 8, title: fightClub, day: "2026-11-06")
    _ = try copy.sync(now: Date())
    try FileManager.default.moveItem(
      at: second, to: own.appendingPathComponent("00000002.sync-conflict-20261206-050000-ABCDEFG.jsonl"))
    try FileManager.default.moveItem(at: aside, to: second)
    _ = try laptop.sync(now: Date())
    _ = try copy.sync(now: Date())
    for library in [laptop, copy] {
      #expect(try library.marks()[heat.media]?.seen != nil)
      #expect(try library.rating(Subject(fightClub.media)) == 8)
    }
    #expect(try laptop.exportJSON(now: "2026-12-01") == copy.exportJSON(now: "2026-12-01"))
    // The copy found its segment 2 taken by the laptop's and sent its rows again; then all settles.
    _ = try laptop.sync(now: Date())
    _ = try copy.sync(now: Date())
    #expect(try laptop.sync(now: Date()).filesRead == 0 && copy.sync(now: Date()).filesRead == 0, "each file read once")
  }

  @Test func aChangeDatedAheadOfThisClockIsTakenInOnceTheClockCatchesUp() throws {
    let shared = try folder()
    let laptop = try member(of: shared)
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: shared.path, name: "desktop", now: Date())
    // The laptop's clock runs three days fast.
    let ahead = Date().addingTimeInterval(3 * 86_400)
    try laptop.connection.rows(
      "UPDATE device SET clock_wall = ?", [.integer(Int64(ahead.timeIntervalSince1970 * 1000))])
    _ = try laptop.rate(Subject(heat.media), 7, title: heat, day: "2026-11-05")
    _ = try laptop.sync(now: ahead)
    let early = try desktop.sync(now: Date())
    #expect(try desktop.rating(Subject(heat.media)) == nil, "not yet")
    // Said as waiting, not as passed over.
    // With the moments of both clocks, blaming neither.
    let dated = ahead.formatted(.iso8601).prefix(10)
    #expect(
      early.problems.contains {
        $0.contains("records wait, dated up to \(dated)")
          && $0.contains("more than five minutes ahead of this machine's clock")
          && $0.hasSuffix("the other machine's clock is or was ahead, or this one is behind")
      }, "\(early)")
    #expect(!early.problems.contains { $0.contains("passed over") }, "\(early)")
    #expect(try desktop.syncStatus().waiting > 0)
    _ = try desktop.sync(now: ahead)
    #expect(try desktop.rating(Subject(heat.media)) == 7)
    #expect(try desktop.syncStatus().waiting == 0 && desktop.syncStatus().skipped.isEmpty, "nothing said to wait still")
  }
}
