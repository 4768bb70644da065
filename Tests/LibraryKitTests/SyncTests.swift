import AmodbKit
import FoundationEssentials
import Glibc
import Testing

@testable import LibraryKit

@Suite("Sync through a folder: every machine ends with the same library")
struct SyncTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999, runtime: 139)
  let heat = TitleInfo(media: .film(949), title: "Heat", year: 1995)
  let thrones = TitleInfo(media: .series(1399), title: "Game of Thrones")

  private func pair() throws -> (SyncDevice, SyncDevice) { try syncPair() }

  @Test func twoMachinesWithTheirOwnPastsJoinAndEndEqual() throws {
    let (laptop, desktop) = try pair()
    try laptop.library.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    _ = try laptop.library.rate(Subject(fightClub.media), 9, title: fightClub, day: "2026-11-01")
    try desktop.library.watch(heat, on: "2026-11-02", recorded: "2026-11-02")
    // The same watch recorded on both before they met is one watch after.
    try desktop.library.watch(fightClub, on: "2026-11-01", recorded: "2026-11-03")
    _ = try desktop.library.add(heat, to: "Crime", day: "2026-11-02")
    try laptop.join()
    try desktop.join()
    _ = try laptop.sync()
    #expect(try laptop.export() == desktop.export())
    #expect(try laptop.library.connection.scalar("SELECT count(*) FROM watch_events")?.int == 2)
    #expect(try laptop.library.rating(Subject(fightClub.media)) == 9)
    #expect(try laptop.library.list("Crime")?.map(\.title.media) == [heat.media])
    #expect(try laptop.library.check().isEmpty && desktop.library.check().isEmpty)
  }

  @Test func anUnseenIsNotUndoneByALateCopyOfTheWatch() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    try laptop.library.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    _ = try laptop.sync()
    _ = try desktop.sync()
    #expect(try desktop.library.marks()[fightClub.media]?.seen != nil)
    #expect(try desktop.library.unwatch(fightClub.media, episodes: [nil]) == 1)
    _ = try desktop.sync()
    _ = try laptop.sync()
    // The laptop's first segment is read again (as a file sync might deliver it twice): still unseen.
    try laptop.library.connection.rows("DELETE FROM sync_files")
    _ = try desktop.sync()
    #expect(try desktop.library.marks()[fightClub.media]?.seen == nil)
    #expect(try laptop.library.marks()[fightClub.media]?.seen == nil)
    #expect(try laptop.export() == desktop.export())
  }

  @Test func theLatestRatingWinsAndAListDeletedElsewhereKeepsWhatWasAddedAfter() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    _ = try laptop.library.add(fightClub, to: "Friday", day: "2026-11-01")
    _ = try laptop.sync()
    _ = try desktop.sync()
    // Apart: the laptop deletes the list; later, the desktop adds to it and rates.
    _ = try laptop.library.rate(Subject(heat.media), 6, title: heat, day: "2026-11-02")
    #expect(try laptop.library.deleteList("Friday"))
    // The desktop's clock reads later than the laptop's (within one millisecond, the device id would decide).
    let deleted = try #require(try laptop.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try desktop.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(deleted + 1_000)])
    _ = try desktop.library.add(heat, to: "Friday", day: "2026-11-03")
    _ = try desktop.library.rate(Subject(heat.media), 8, title: heat, day: "2026-11-03")
    _ = try laptop.sync()
    _ = try desktop.sync()
    _ = try laptop.sync()
    for device in [laptop, desktop] {
      #expect(try device.library.list("Friday")?.map(\.title.media) == [heat.media])
      #expect(try device.library.rating(Subject(heat.media)) == 8)
    }
    #expect(try laptop.export() == desktop.export())
  }

  /// A name this device shares with another ("vm" on every virtual machine) is no one device.
  @Test func forgettingByANameThisDeviceSharesIsAmbiguous() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    _ = try laptop.sync()
    do {
      _ = try laptop.library.forgetSyncDevice("device")
      Issue.record("a name two devices share was taken for one")
    } catch {
      #expect(error.message.contains("names more than one device"), "\(error.message)")
    }
    // An empty word (a script's unset variable) or a character or two of an id names none.
    for word in ["", String(desktop.id.prefix(1)), String(desktop.id.prefix(3))] {
      #expect(throws: LibraryError.self, "'\(word)'") { try laptop.library.forgetSyncDevice(word) }
    }
    #expect(try laptop.library.forgetSyncDevice(String(desktop.id.prefix(8))).id == desktop.id)
    #expect(try laptop.library.rememberSyncDevice(String(desktop.id.prefix(4))).id == desktop.id)
  }

  /// A device whose folder is gone from the sync folder is said so in the status; what it sent stays.
  @Test func aDeviceWhoseFolderIsGoneIsSaidSo() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    _ = try laptop.sync()
    #expect(try laptop.library.syncStatus().devices.first { !$0.isThis }?.gone == false)
    try FileManager.default.removeItem(at: desktop.view.appendingPathComponent(desktop.id))
    #expect(try laptop.library.syncStatus().devices.first { !$0.isThis }?.gone == true)
    // The whole folder away (a stick not mounted) says nothing of one device's folder.
    try FileManager.default.moveItem(at: laptop.view, to: laptop.view.appendingPathExtension("away"))
    #expect(try laptop.library.syncStatus().devices.first { !$0.isThis }?.gone == false)
  }

  @Test func theSameImportOnTwoMachinesIsOneWatch() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    let plan = [
      PlannedChange(
        place: RowPlace(file: "diary.csv", line: 2), target: ImportTarget(info: fightClub),
        action: .watch(day: "2025-01-05"))
    ]
    _ = try laptop.library.apply(plan, dryRun: false, recorded: "2026-11-01")
    _ = try desktop.library.apply(plan, dryRun: false, recorded: "2026-11-02")
    _ = try laptop.sync()
    _ = try desktop.sync()
    _ = try laptop.sync()
    #expect(try desktop.library.connection.scalar("SELECT count(*) FROM watch_events")?.int == 1)
    #expect(try laptop.export() == desktop.export())
  }

  @Test func aRatingsWatchImportedBeforeJoiningIsStillReplacedByItsDatedWatchEverywhere() throws {
    let (laptop, desktop) = try pair()
    let change = { (action: ImportAction) in
      [PlannedChange(place: RowPlace(file: "a", line: 2), target: ImportTarget(info: fightClub), action: action)]
    }
    // IMDb's ratings on the laptop before it joins: seen by the day of the rating.
    _ = try laptop.library.apply(change(.watchUnlessSeen(day: "2025-01-06")), dryRun: false, recorded: "2026-11-01")
    try laptop.join()
    try desktop.join()
    _ = try laptop.sync()
    _ = try desktop.sync()
    // Letterboxd's diary on the desktop: the watch was the day before.
    _ = try desktop.library.apply(change(.watch(day: "2025-01-05")), dryRun: false, recorded: "2026-11-02")
    _ = try desktop.sync()
    _ = try laptop.sync()
    for device in [laptop, desktop] {
      #expect(try device.library.history().map(\.day) == ["2025-01-05"], "one watch, not a rewatch")
    }
    #expect(try laptop.export() == desktop.export())
  }

  @Test func aNewNameWithNothingElseToSendReachesTheOthers() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    _ = try desktop.sync()
    try laptop.library.nameSyncDevice("Laptop")
    let sent = try laptop.sync()
    #expect(sent.sent == 0, "no row to send, only the name")
    _ = try desktop.sync()
    #expect(try desktop.library.syncStatus().devices.contains { $0.name == "Laptop" && !$0.isThis })
    // Named once: the next sync writes nothing more.
    let before = try FileManager.default.contentsOfDirectory(atPath: laptop.view.appendingPathComponent(laptop.id).path)
    _ = try laptop.sync()
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: laptop.view.appendingPathComponent(laptop.id).path) == before)
  }

  @Test func whatAFileSyncDeliversCostsOnlyItself() throws {
    let (laptop, desktop, newest) = try syncPairWithASentWatch(fightClub)
    let folder = newest.deletingLastPathComponent()
    let segment = folder.appendingPathComponent("00000001.jsonl")
    let whole = try Data(contentsOf: segment)
    // A segment half delivered: read to its last whole record, finished once the rest comes.
    try whole.prefix(whole.count - 5).write(to: segment)
    // A conflict copy, Syncthing's file in transfer, a file not ours, a forged segment, a change
    // dated in the year 9999: each costs only itself.
    try SyncSegment.text(
      SegmentHeader(
        device: laptop.id, name: "laptop", segment: 2, records: 1,
        first: HybridClock(wall: 1, counter: 0, device: laptop.id), last: HybridClock(wall: 1, counter: 0, device: "")),
      [
        SyncRecord(
          clock: HybridClock(wall: 1_790_000_000_000, counter: 0, device: laptop.id), table: "titles",
          key: [.text("movie"), .integer(949)],
          row: [
            .text("movie"), .integer(949), .text("Heat"), .integer(1995), .null, .null, .integer(0), .text(""),
            .text(""), .null, .null, .text("2026-11-01"),
          ])
      ]
    ).write(
      to: folder.appendingPathComponent("00000002.sync-conflict-20261201-101010-ABCDEFG.jsonl"), atomically: false,
      encoding: .utf8)
    try Data("half".utf8).write(to: folder.appendingPathComponent(".syncthing.00000003.jsonl.tmp"))
    try Data("hello".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let forged = String(decoding: whole, as: UTF8.self).replacingOccurrences(of: laptop.id, with: desktop.id)
    try forged.write(to: folder.appendingPathComponent("00000004.jsonl"), atomically: false, encoding: .utf8)
    let ahead = SyncSegment.text(
      SegmentHeader(
        device: laptop.id, name: "laptop", segment: 5, records: 1,
        first: HybridClock(wall: 1, counter: 0, device: laptop.id), last: HybridClock(wall: 1, counter: 0, device: "")),
      [
        SyncRecord(
          clock: HybridClock(wall: 253_402_300_000_000, counter: 0, device: laptop.id), table: "hidden",
          key: [.text("movie"), .integer(550)], row: [.text("movie"), .integer(550), .text("2026-11-01")])
      ])
    try ahead.write(to: folder.appendingPathComponent("00000005.jsonl"), atomically: false, encoding: .utf8)
    let first = try desktop.sync()
    #expect(first.problems.count == 3, "\(first.problems)")
    #expect(try desktop.library.title(heat.media)?.title == "Heat", "the conflict copy is read")
    #expect(try desktop.library.hiddenTitles().isEmpty, "a change dated in 9999 is not taken")
    let status = try desktop.library.syncStatus()
    #expect(status.devices.first { !$0.isThis }?.partialFiles == 1)
    #expect(status.skipped.contains { $0.contains("notes.txt") })
    #expect(status.skipped.contains { $0.contains("00000004.jsonl") && $0.contains("another device") })
    // A record dated ahead waits: said by the sync that read it, counted by the status, not a file's problem.
    #expect(first.problems.contains { $0.contains("00000005.jsonl") && $0.contains("wait") }, "\(first.problems)")
    #expect(!status.skipped.contains { $0.contains("00000005.jsonl") } && status.waiting == 1, "\(status)")
    try whole.write(to: segment)
    _ = try desktop.sync()
    #expect(try desktop.library.marks()[fightClub.media]?.seen == "2026-11-01")
    #expect(try desktop.library.syncStatus().devices.first { !$0.isThis }?.partialFiles == 0)
    // A sync with nothing new reads no file again.
    let again = try desktop.sync()
    #expect(again.applied == 0 && again.problems.isEmpty)
    #expect(again.filesRead == 0)
    // A file passed over, then taken away from the folder, is named no more.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("notes.txt"))
    _ = try desktop.sync()
    let after = try desktop.library.syncStatus().skipped
    #expect(
      !after.contains { $0.contains("notes.txt") } && after.contains { $0.contains("00000004.jsonl") }, "\(after)")
  }

  /// A sync with nothing new opens no segment, however many the folder holds; new segments are
  /// the only files read, each whole.
  @Test func aSyncWithNothingNewOpensNoSegment() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    let folder = laptop.view.appendingPathComponent(laptop.id)
    func segments() throws -> [(name: String, size: Int)] {
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }.sorted().map {
        ($0, try Data(contentsOf: folder.appendingPathComponent($0)).count)
      }
    }
    let joined = try segments()
    try laptop.library.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    _ = try laptop.sync()
    try laptop.library.watch(heat, on: "2026-11-02", recorded: "2026-11-02")
    _ = try laptop.sync()
    let sent = try segments().dropFirst(joined.count)
    #expect(sent.map(\.name) == [SyncSegment.fileName(joined.count + 1), SyncSegment.fileName(joined.count + 2)])
    let first = try desktop.sync()
    #expect(first.filesRead == 2 && first.bytesRead == sent.map(\.size).reduce(0, +) && first.applied == 4)
    for _ in 0..<2 {
      let again = try desktop.sync()
      #expect(again.filesRead == 0 && again.bytesRead == 0 && again.applied == 0)
    }
    try laptop.library.watch(thrones, on: "2026-11-03", recorded: "2026-11-03")
    _ = try laptop.sync()
    let newest = try #require(try segments().last)
    #expect(newest.name == SyncSegment.fileName(joined.count + 3))
    let next = try desktop.sync()
    #expect(next.filesRead == 1 && next.bytesRead == newest.size && next.applied == 2)
    #expect(try desktop.sync().filesRead == 0)
  }

  /// Three to five machines make random changes apart, and a file sync delivers their folders in
  /// random orders, with repeats and half-delivered files; once all is delivered, every machine's
  /// `export json` is the same, byte for byte.
  @Test(arguments: Array(1...16) as [UInt64])
  func randomChangesApartEndTheSameOnEveryMachine(seed: UInt64) throws {
    var random = SplitMix(state: seed)
    let count = Int.random(in: 3...5, using: &random)
    var devices: [SyncDevice] = []
    for _ in 0..<count {
      let shared = try syncView()
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
      devices.append(try SyncDevice(view: shared))
    }
    let titles = [fightClub, heat, TitleInfo(media: .film(13), title: "Forrest Gump"), thrones]
    let days = ["2026-10-01", "2026-10-02", "2026-10-03"]
    for (index, device) in devices.enumerated() {
      // Some join with a past of their own.
      if index % 2 == 0 { try device.library.watch(fightClub, on: "2026-09-01", recorded: "2026-09-01") }
      try device.join()
    }
    for _ in 0..<6 {
      for device in devices {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          let title = titles.randomElement(using: &random) ?? fightClub
          let day = days.randomElement(using: &random) ?? days[0]
          switch Int.random(in: 0..<9, using: &random) {
          case 0:
            if title.media.kind == .series {
              let episode = EpisodeInfo(
                number: EpisodeKey(season: 1, number: Int.random(in: 1...3, using: &random)), name: "E", airDate: nil,
                runtime: 50)
              try device.library.watch(series: title, episodes: [episode], on: day, recorded: day)
            } else {
              try device.library.watch(title, on: day, recorded: day)
            }
          case 1: _ = try device.library.unwatch(title.media, episodes: [nil])
          case 2:
            _ = try device.library.rate(
              Subject(title.media), Int.random(in: 1...10, using: &random), title: title, day: day)
          case 3: _ = try device.library.rate(Subject(title.media), nil, title: title, day: day)
          case 4:
            _ = try device.library.note(
              Subject(title.media), "note \(Int.random(in: 1...9, using: &random))", title: title, day: day)
          case 5: _ = try device.library.hide(title, Bool.random(using: &random), day: day)
          case 6:
            _ = try device.library.add(
              title, to: ["watchlist", "Friday", "Crime"].randomElement(using: &random) ?? "Friday", day: day)
          case 7:
            _ = try device.library.remove(
              title.media, from: ["watchlist", "Friday"].randomElement(using: &random) ?? "Friday")
          default: _ = try device.library.deleteList(["Friday", "Crime"].randomElement(using: &random) ?? "Friday")
          }
        }
        if Bool.random(using: &random) { _ = try device.sync() }
      }
      // The file sync: some folders reach some machines, some twice, some half.
      for _ in 0..<Int.random(in: 0...(count * 2), using: &random) {
        let from = devices[Int.random(in: 0..<count, using: &random)]
        let to = devices[Int.random(in: 0..<count, using: &random)]
        guard from.id != to.id else { continue }
        try deliver(
          from, to: to, files: Bool.random(using: &random) ? nil : Int.random(in: 1...3, using: &random),
          partial: Bool.random(using: &random))
        if Bool.random(using: &random) { _ = try to.sync() }
      }
    }
    for device in devices { _ = try device.sync() }
    for from in devices {
      for to in devices where from.id != to.id { try deliver(from, to: to) }
    }
    for device in devices { _ = try device.sync() }
    let exports = try devices.map { try $0.export() }
    for (index, export) in exports.enumerated().dropFirst() {
      #expect(export == exports[0], "device \(index) of \(count), seed \(seed)")
    }
    for device in devices { #expect(try device.library.check().isEmpty) }
  }
}
