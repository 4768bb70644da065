import AmodbKit
import FoundationEssentials
import Glibc
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
    let from = ahead.addingTimeInterval(-300).formatted(.iso8601).prefix(13)
    #expect(said.hasPrefix("This machine's changes are dated up to \(ahead.formatted(.iso8601).prefix(13))"), "\(said)")
    #expect(said.contains("and the other machines take them in from \(from)"), "\(said)")
  }

  /// A machine whose clock is an hour fast: the others keep its change waiting instead of moving
  /// their clocks an hour on, so on two machines with right clocks the later of two notes wins,
  /// however many changes each made before it.
  @Test func aClockAnHourFastMovesNoOtherClockSoTheLaterEditStillWins() throws {
    let shared = try syncView()
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    let (fast, laptop, desktop) = (
      try SyncDevice(view: shared), try SyncDevice(view: shared), try SyncDevice(view: shared)
    )
    for device in [fast, laptop, desktop] { try device.join() }
    let hourAhead = Date().addingTimeInterval(3_600)
    try fast.library.connection.rows(
      "UPDATE device SET clock_wall = ?", [.integer(Int64(hourAhead.timeIntervalSince1970 * 1000))])
    try fast.library.watch(heat, on: "2026-11-05", recorded: "2026-11-05")
    _ = try fast.library.sync(now: hourAhead)
    let waiting = try laptop.sync()
    #expect(waiting.problems.contains { $0.contains("more than five minutes ahead") }, "\(waiting.problems)")
    _ = try desktop.sync()
    // The desktop makes more changes than the laptop, then its note; the laptop's note comes after.
    for id in [1, 2, 3] {
      _ = try desktop.library.add(TitleInfo(media: .film(id), title: "Film \(id)"), to: "watchlist", day: "2026-11-05")
    }
    _ = try desktop.library.note(Subject(heat.media), "earlier, on the desktop", title: heat, day: "2026-11-05")
    _ = try desktop.sync()
    // A few milliseconds later by the wall clock, as the laptop's user types after the desktop's.
    let noted = Date()
    while Date().timeIntervalSince(noted) < 0.005 { usleep(1_000) }
    _ = try laptop.library.note(Subject(heat.media), "later, on the laptop", title: heat, day: "2026-11-05")
    _ = try laptop.sync()
    _ = try desktop.sync()
    for device in [laptop, desktop] {
      #expect(try device.library.note(Subject(heat.media)) == "later, on the laptop")
    }
  }
}
