import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// What a device gone from the folder sent, and a watch taken away, outlive them: the others send
/// again what a retired device sent, and an export imported again never brings back an `unseen`.
@Suite("Sync: what a retired device sent, and what was taken away, stay so")
struct SyncRetiredTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999, runtime: 139)
  let heat = TitleInfo(media: .film(949), title: "Heat", year: 1995)

  private func pair() throws -> (SyncDevice, SyncDevice) { try syncPair() }

  /// An import's one row: `action` on `info`.
  private static func plan(_ info: TitleInfo, _ action: ImportAction) -> [PlannedChange] {
    [PlannedChange(place: RowPlace(file: "export.csv", line: 2), target: ImportTarget(info: info), action: action)]
  }

  /// Two devices of one folder, the first having imported `action` on `info` before both joined.
  private func joinedAfterImporting(_ info: TitleInfo, _ action: ImportAction) throws -> (SyncDevice, SyncDevice) {
    let (laptop, desktop) = try pair()
    _ = try laptop.library.apply(Self.plan(info, action), dryRun: false, recorded: "2026-11-01")
    try laptop.join()
    try desktop.join()
    return (laptop, desktop)
  }

  /// A new folder.
  private func folder() throws -> URL {
    let folder = try libraryFolder().appendingPathComponent("sync")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A device retired with its folder deleted sends no more: what the others took in from it goes
  /// again from them, once, so a machine joining later still gets its watches, ratings and deletions.
  @Test func aRetiredDevicesHistoryReachesAMachineJoiningLater() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    try desktop.library.watch(heat, on: "2026-11-02", recorded: "2026-11-02")
    _ = try desktop.library.rate(Subject(heat.media), 8, title: heat, day: "2026-11-02")
    try desktop.library.watch(fightClub, on: "2026-11-03", recorded: "2026-11-03")
    try desktop.library.unwatch(fightClub.media, episodes: [nil], on: nil)
    _ = try desktop.sync()
    _ = try laptop.sync()
    try FileManager.default.removeItem(at: desktop.view.appendingPathComponent(desktop.id))
    let adopting = try laptop.sync()
    #expect(adopting.adopted == ["device"] && adopting.gone == 1 && adopting.sent > 0, "\(adopting)")
    let again = try laptop.sync()
    #expect(again.adopted.isEmpty, "once: \(again)")
    #expect(again.sent == 0 && again.gone == 1, "once: \(again)")
    let phone = try SyncDevice(view: laptop.view)
    try phone.join()
    _ = try phone.sync()
    #expect(try phone.library.connection.scalar("SELECT count(*) FROM watch_events")?.int == 1)
    #expect(try phone.library.rating(Subject(heat.media)) == 8)
    #expect(try phone.export() == laptop.export())
  }

  /// A watch taken away (`unseen`) is not brought back by the export it came from, imported again
  /// on a member or on a machine that joins after: an export is a copy of the past.
  @Test func anUnseenIsNotUndoneByTheSameExportImportedAgainElsewhere() throws {
    let (laptop, desktop) = try joinedAfterImporting(fightClub, .loggedWatch(day: "2024-01-04"))
    let plan = Self.plan(fightClub, .loggedWatch(day: "2024-01-04"))
    _ = try laptop.sync()
    _ = try desktop.sync()
    try laptop.library.unwatch(fightClub.media, episodes: [nil], on: nil)
    _ = try laptop.sync()
    _ = try desktop.sync()
    // On a member that has the deletion: not added, and said.
    let again = try desktop.library.apply(plan, dryRun: false, recorded: "2026-11-05")
    #expect(again.takenAway == 1 && again.added.isEmpty, "\(again)")
    // On a machine that imports it first and joins after: its copy is older than the deletion.
    let tablet = try SyncDevice(view: laptop.view)
    _ = try tablet.library.apply(plan, dryRun: false, recorded: "2026-11-06")
    try tablet.join()
    _ = try tablet.sync()
    _ = try laptop.sync()
    _ = try desktop.sync()
    for device in [laptop, desktop, tablet] {
      #expect(try device.library.connection.scalar("SELECT count(*) FROM watch_events")?.int == 0)
    }
    #expect(try tablet.export() == laptop.export())
  }

  @Test func aWatchOfATitleOnlyARemovedDeviceSentIsTakenInUnderItsID() throws {
    let shared = try folder()
    let retired = try freshLibrary()
    try retired.watch(fightClub, on: "2024-01-01", recorded: "2026-11-01")
    _ = try retired.joinSync(folder: shared.path, name: "retired", now: Date())
    let laptop = try freshLibrary()
    _ = try laptop.joinSync(folder: shared.path, name: "laptop", now: Date())
    // The retired machine's folder is deleted; a new machine joins, then the laptop watches the
    // title whose row only the retired machine sent.
    let id = try #require(try retired.connection.scalar("SELECT id FROM device")?.string)
    try FileManager.default.removeItem(at: shared.appendingPathComponent(id))
    let desktop = try freshLibrary()
    _ = try desktop.joinSync(folder: shared.path, name: "desktop", now: Date())
    try laptop.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    _ = try laptop.sync(now: Date())
    _ = try desktop.sync(now: Date())
    #expect(try desktop.marks()[fightClub.media]?.seen != nil, "the watch is not left waiting")
    #expect(try desktop.connection.scalar("SELECT count(*) FROM sync_waiting")?.int == 0)
    // The laptop, finding the retired machine's folder gone, sent again what it took in from it:
    // the desktop has the title whole and the retired machine's watch too.
    #expect(try desktop.title(fightClub.media)?.title == "Fight Club")
    #expect(try desktop.connection.scalar("SELECT count(*) FROM watch_events")?.int == 2)
    #expect(try desktop.check().isEmpty)
  }

  /// A dated watch of a title whose watch an import knew only to be by a later day is that watch,
  /// here at once as on every synced machine: said as one watch, never two that sync makes one.
  @Test func aDatedWatchReplacesTheOneKnownOnlyToBeByALaterDay() throws {
    let metropolis = TitleInfo(media: .film(19), title: "Metropolis", year: 1927)
    let (laptop, desktop) = try joinedAfterImporting(metropolis, .watchUnlessSeen(day: "2023-02-05"))
    #expect(try laptop.library.watch(metropolis, on: "2023-01-10", recorded: "2026-11-02") == "2023-02-05")
    #expect(try laptop.library.watch(metropolis, on: "2023-03-01", recorded: "2026-11-02") == nil, "a rewatch")
    for device in [laptop, desktop, laptop, desktop] { _ = try device.sync() }
    for device in [laptop, desktop] {
      let days = try device.library.connection.rows("SELECT watched FROM watch_events ORDER BY watched")
      #expect(days.map { $0["watched"].string } == ["2023-01-10", "2023-03-01"])
    }
  }

  /// Whichever of a day's two watches `unseen` took away, the export imported again does not bring
  /// it back (the one left is there; the other was taken away).
  @Test func eitherOfADaysTwoWatchesTakenAwayStaysAway() throws {
    let (laptop, desktop) = try pair()
    let plan = [2, 3].map { line in
      PlannedChange(
        place: RowPlace(file: "diary.csv", line: line), target: ImportTarget(info: fightClub),
        action: .loggedWatch(day: "2024-01-04"))
    }
    _ = try laptop.library.apply(plan, dryRun: false, recorded: "2026-11-01")
    try laptop.join()
    try desktop.join()
    for device in [laptop, desktop] { _ = try device.sync() }
    // The watch of the lower place taken away, whatever order the rows have here.
    let first = SyncJoin.watchID(
      [.text("movie"), .integer(550), .null, .null, .text("2024-01-04")], ordinal: 0)
    try desktop.library.change {
      try desktop.library.connection.rows("DELETE FROM watch_events WHERE uid = ?", [.text(first)])
    }
    _ = try desktop.sync()
    let again = try desktop.library.apply(plan, dryRun: false, recorded: "2026-11-05")
    #expect(again.takenAway == 1 && again.added.isEmpty, "\(again)")
    #expect(try desktop.library.connection.scalar("SELECT count(*) FROM watch_events")?.int == 1)
  }

  /// A library moved to a new folder has read none of its old folder's devices there: none is
  /// "gone", and nothing is sent twice.
  @Test func aLibraryMovedToANewFolderFindsNoDeviceGone() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    try desktop.library.watch(heat, on: "2026-11-02", recorded: "2026-11-02")
    for device in [desktop, laptop] { _ = try device.sync() }
    let elsewhere = try libraryFolder().appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let moved = try laptop.library.joinSync(folder: elsewhere.path, name: nil, now: Date())
    #expect(moved.adopted.isEmpty && moved.gone == 0, "\(moved)")
    #expect(try laptop.sync().sent == 0)
  }

  /// A first sync that fails part-way (a full stick) takes back the segments it wrote: a library
  /// that did not join leaves nothing for the others to take in; what was there before stays.
  @Test func aFailedFirstSendTakesBackWhatItWrote() throws {
    let root = try folder()
    let own = SyncFolder(root: root.path, device: "0123456789abcdef0123456789abcdef")
    try own.makeOwn()
    for number in 1...3 {
      try Data("x".utf8).write(to: URL(fileURLWithPath: own.own + "/" + SyncSegment.fileName(number)))
    }
    own.removeSegments(past: 1)
    #expect(own.highestOwnSegment() == 1, "the one there before stays")
    own.removeSegments(past: 0)
    #expect(!FileManager.default.fileExists(atPath: own.own), "the folder, once empty")
  }
}
