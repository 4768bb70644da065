import FoundationEssentials
import Glibc
import Testing

@testable import LibraryKit

/// A send that did not finish (the disk full, the process killed between two segments of one
/// change), and files that are too large or left behind by it: nothing is lost, nothing stays.
@Suite("Sync: a send cut short loses nothing and leaves nothing")
struct SyncCutShortTests {
  /// An `export json` copy with `count` films on the watchlist: more rows than one segment holds.
  private func copy(films count: Int) -> [UInt8] {
    let titles = (1...count).map {
      #"{"kind": "movie", "id": \#($0), "title": "Film \#($0)", "vote_count": 0, "genre_ids": "", "genres": "", "updated": "2026-11-01"}"#
    }
    let items = (1...count).map {
      #"{"list_id": 1, "kind": "movie", "title_id": \#($0), "position": \#($0), "added": "2026-11-01"}"#
    }
    return Array(
      """
      {"format": "trending-library", "version": 1, "schema": 8, "exported": "2026-11-01", "tables": {
        "titles": [\(titles.joined(separator: ",\n"))],
        "lists": [{"id": 1, "name": "watchlist", "created": "2026-11-01"}],
        "list_items": [\(items.joined(separator: ",\n"))]}}
      """.utf8)
  }

  /// This device's segment files, in order.
  private func segments(_ device: SyncDevice) throws -> [URL] {
    let folder = device.view.appendingPathComponent(device.id)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }.sorted()
      .map { folder.appendingPathComponent($0) }
  }

  @Test func aChangeCutShortBetweenTwoOfItsSegmentsIsSentWholeNextTime() throws {
    let (laptop, desktop) = try syncPair()
    try laptop.join()
    try desktop.join()
    // One change of more rows than a segment holds: one clock over two segments.
    let imported = try laptop.library.importJSON(
      copy(films: 10_500), name: "copy.json", dryRun: false, today: "2026-12-01")
    try #require(try laptop.library.list("watchlist")?.count == 10_500, "\(imported)")
    let before = try laptop.library.connection.rows("SELECT segment, sent_wall, sent_counter FROM sync_member")[0]
    let known = try segments(laptop)
    let sent = try laptop.sync()
    let written = try segments(laptop).filter { !known.contains($0) }
    try #require(written.count == 2, "\(sent)")
    // As the send was left when the second segment failed: the first on disk, nothing recorded.
    try FileManager.default.removeItem(at: written[1])
    try laptop.library.connection.rows(
      "UPDATE sync_member SET segment = ?, sent_wall = ?, sent_counter = ?",
      [before["segment"], before["sent_wall"], before["sent_counter"]])
    try laptop.library.connection.rows(
      "DELETE FROM sync_files WHERE device = ? AND file = ?", [.text(laptop.id), .text(written[1].lastPathComponent)])
    _ = try laptop.sync()
    _ = try desktop.sync()
    #expect(try desktop.library.list("watchlist")?.count == 10_500)
    #expect(try desktop.export() == laptop.export())
  }

  @Test func aSegmentIsCutByItsBytesAsWellAsItsRecords() throws {
    let note = String(repeating: "é", count: 4_000)
    let records = (1...3_000).map { index in
      SyncRecord(
        clock: HybridClock(wall: 1_000, counter: index, device: "d"), table: "notes",
        key: [.text("movie"), .integer(Int64(index)), .integer(-1), .integer(-1)],
        row: [.text("movie"), .integer(Int64(index)), .integer(-1), .integer(-1), .text(note), .text("2026-11-01")])
    }
    let parts = SyncSegment.parts(records)
    #expect(parts.count > 1 && parts.map(\.count).reduce(0, +) == 3_000)
    for part in parts {
      #expect(part.map(\.line.utf8.count).reduce(0, +) <= SyncSegment.mostBytes)
    }
    #expect(parts.flatMap { $0.map(\.record.clock.counter) } == Array(1...3_000), "in order, none twice")
  }

  @Test func aFileSystemWithoutLinksGetsSegmentsAndNeverOneWrittenOver() throws {
    let folder = try libraryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let noLinks: (String, String) -> Int32 = { _, _ in
      errno = EPERM
      return -1
    }
    let temporary = folder.appendingPathComponent(".writing-1.tmp")
    let segment = folder.appendingPathComponent("00000001.jsonl")
    try Data("first\n".utf8).write(to: temporary)
    #expect(SyncFolder.publish(temporary.path, as: segment.path, linking: noLinks))
    #expect(try String(contentsOf: segment, encoding: .utf8) == "first\n")
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
    try Data("second\n".utf8).write(to: temporary)
    #expect(!SyncFolder.publish(temporary.path, as: segment.path, linking: noLinks) && errno == EEXIST)
    #expect(try String(contentsOf: segment, encoding: .utf8) == "first\n", "never written over")
  }

  @Test func anEmptySegmentAKilledSendLeftOnAStickIsRemovedByTheNext() throws {
    let (laptop, _) = try syncPair()
    try laptop.join()
    let folder = laptop.view.appendingPathComponent(laptop.id)
    let claimed = folder.appendingPathComponent("00000099.jsonl")
    try Data().write(to: claimed)
    _ = try laptop.sync()
    #expect(!FileManager.default.fileExists(atPath: claimed.path))
  }

  @Test func whatAKilledSendLeftInItsFolderIsRemovedByTheNext() throws {
    let (laptop, _) = try syncPair()
    try laptop.join()
    let folder = laptop.view.appendingPathComponent(laptop.id)
    let leftover = folder.appendingPathComponent(".writing-999999.tmp")
    try Data("{\"format\"".utf8).write(to: leftover)
    _ = try laptop.library.rate(
      Subject(.film(550)), 8, title: TitleInfo(media: .film(550), title: "Fight Club"), day: "2026-11-01")
    _ = try laptop.sync()
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
  }
}
