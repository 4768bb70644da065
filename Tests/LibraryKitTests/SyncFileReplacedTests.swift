import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// A file of the sync folder read once and then replaced: by the real file after a damaged copy of
/// the same size, or left as it was by a trending older than the one reading it now.
@Suite("Sync: a file replaced, or refused by an older trending, is read again")
struct SyncFileReplacedTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)

  /// Two members of one folder; the laptop has sent a watch, and its one segment's path.
  private func sentWatch() throws -> (SyncDevice, SyncDevice, URL) {
    try syncPairWithASentWatch(fightClub)
  }

  /// Gives a file another time of last change, however fine the file system's clock is.
  private func touch(_ path: URL, secondsLater: TimeInterval) throws {
    let modified = try #require(try FileManager.default.attributesOfItem(atPath: path.path)[.modificationDate] as? Date)
    try FileManager.default.setAttributes(
      [.modificationDate: modified.addingTimeInterval(secondsLater)], ofItemAtPath: path.path)
  }

  @Test func aDamagedCopyReplacedByTheRealFileOfTheSameSizeIsRead() throws {
    let (_, desktop, segment) = try sentWatch()
    let whole = try Data(contentsOf: segment)
    var damaged = whole
    damaged[damaged.startIndex] = UInt8(ascii: "x")
    try damaged.write(to: segment)
    let first = try desktop.sync()
    #expect(first.problems.count == 1, "\(first.problems)")
    #expect(try desktop.library.marks()[fightClub.media] == nil)
    #expect(try desktop.sync().filesRead == 0, "a refused file is not read again while it stays as it was")
    try whole.write(to: segment)
    try touch(segment, secondsLater: 5)
    #expect(try desktop.sync().problems.isEmpty)
    #expect(try desktop.library.marks()[fightClub.media]?.seen == "2026-11-01")
    #expect(try desktop.library.syncStatus().skipped.isEmpty)
  }

  @Test func aFileRefusedByAnOlderTrendingIsReadAgainAndOnlyThen() throws {
    let (_, desktop, segment) = try sentWatch()
    let name = segment.lastPathComponent
    let device = segment.deletingLastPathComponent().lastPathComponent
    let refusal = SyncProblem.newer(SegmentHeader.version).message
    _ = try desktop.sync()
    try refuse(name, of: device, in: desktop.library, reader: SegmentHeader.version, problem: refusal)
    #expect(try desktop.sync().filesRead == 0, "refused by this trending: not read again")
    #expect(try desktop.library.marks()[fightClub.media]?.seen == nil)
    try refuse(name, of: device, in: desktop.library, reader: SegmentHeader.version - 1, problem: refusal)
    let upgraded = try desktop.sync()
    #expect(upgraded.filesRead == 1 && upgraded.problems.isEmpty, "\(upgraded.problems)")
    #expect(try desktop.library.marks()[fightClub.media]?.seen == "2026-11-01")
  }

  @Test func aFileKnownFromBeforeTimesWereKeptIsNotReadAgainAndTakesItsTime() throws {
    let (_, desktop, segment) = try sentWatch()
    #expect(try desktop.sync().filesRead == 1)
    #expect(try desktop.sync().filesRead == 0)
    try desktop.library.connection.rows("UPDATE sync_files SET modified = NULL, reader = NULL")
    #expect(try desktop.sync().filesRead == 0, "known by its size alone, as before")
    let kept = try desktop.library.connection.rows(
      "SELECT modified, reader FROM sync_files WHERE file = ?", [.text(segment.lastPathComponent)])
    #expect(kept.first?["modified"].int != nil && kept.first?["reader"].int == SegmentHeader.version)
  }

  /// Leaves the file's row as a trending of sync format `reader` leaves a file it refused.
  private func refuse(_ file: String, of device: String, in library: Library, reader: Int, problem: String) throws {
    try library.connection.rows(
      "UPDATE sync_files SET complete = 0, records = 0, reader = ?, problem = ? WHERE device = ? AND file = ?",
      [.integer(Int64(reader)), .text(problem), .text(device), .text(file)])
    try library.connection.rows("DELETE FROM watch_events")
    try library.connection.rows("DELETE FROM sync_rows WHERE tbl = 'watch_events'")
  }
}
