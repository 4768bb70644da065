import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// A machine whose clock ran ahead once and was put right: its changes stay dated as late as the
/// last it made then, and it says so.
@Suite("Sync: a clock that ran ahead")
struct SyncClockAheadTests {
  let heat = TitleInfo(media: .film(949), title: "Heat", year: 1995)

  /// A library that has joined a new folder.
  private func member() throws -> Library {
    let folder = try libraryFolder().appendingPathComponent("sync")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let library = try freshLibrary()
    _ = try library.joinSync(folder: folder.path, name: "laptop", now: Date())
    return library
  }

  /// A clock that ran ahead once, then was put right: what the machine changes after is dated as
  /// late as its last change (a clock never goes back), and its sync says so and from when the
  /// others take it in.
  @Test func aClockPutRightAfterRunningAheadSaysWhenItsChangesAreTakenIn() throws {
    let laptop = try member()
    let ahead = Date().addingTimeInterval(3 * 86_400)
    _ = try laptop.rate(Subject(heat.media), 7, title: heat, day: "2026-11-05")
    try laptop.connection.rows(
      "UPDATE device SET clock_wall = ?", [.integer(Int64(ahead.timeIntervalSince1970 * 1000))])
    #expect(try laptop.sync(now: ahead).datedAhead == nil, "a clock ahead now knows nothing of it")
    _ = try laptop.rate(Subject(heat.media), 8, title: heat, day: "2026-11-05")
    let outcome = try laptop.sync(now: Date())
    #expect(outcome.problems.isEmpty, "said, not a failure")
    let said = try #require(outcome.datedAhead)
    let from = ahead.addingTimeInterval(-86_400).formatted(.iso8601).prefix(13)
    #expect(said.hasPrefix("This machine's changes are dated up to \(ahead.formatted(.iso8601).prefix(13))"), "\(said)")
    #expect(said.contains("and the other machines take them in from \(from)"), "\(said)")
  }
}
