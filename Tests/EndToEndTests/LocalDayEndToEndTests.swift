import AmodbKit
import Foundation
import TestSupport
import Testing

extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite, as every browser test is.
  /// A watch is dated by the user's clock: the real binary run in time zones a day apart.
  @Suite("End to end: the user's day")
  struct LocalDayEndToEndTests {
    /// UTC−11 and UTC+14 in POSIX form (no zone files needed): 25 hours apart, never the same day.
    static let west = (zone: "<-11>11", offset: -11 * 3_600)
    static let east = (zone: "<+14>-14", offset: 14 * 3_600)

    /// The days a clock `offset` seconds ahead of UTC showed between two moments.
    private func days(from start: Date, to end: Date, offset: Int) -> Set<String> {
      [start, end].reduce(into: []) { $0.insert(ReleaseDate(day: $1, utcOffset: offset).description) }
    }

    /// The days of the watches `history --json` lists.
    private func watchedDays(_ environment: [String: String]) throws -> [String] {
      let history = try BinaryRunner.run(["history", "--json"], environment: environment)
      let watches = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]
      return (watches ?? []).compactMap { $0["watched"] as? String }
    }

    @Test func seenOnTheCommandLineIsDatedByTheLocalClock() throws {
      var found: [String: [String]] = [:]
      let start = Date()
      for place in [Self.west, Self.east] {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("local-day-\(UUID().uuidString)")
        let environment = ["XDG_DATA_HOME": data.path, "TZ": place.zone]
        let seen = try BinaryRunner.run(["seen", "550", "--demo"], environment: environment)
        #expect(seen.status == 0, "\(seen.stderr)")
        found[place.zone] = try watchedDays(environment)
      }
      let end = Date()
      let west = try #require(found[Self.west.zone]?.first)
      let east = try #require(found[Self.east.zone]?.first)
      #expect(days(from: start, to: end, offset: Self.west.offset).contains(west), "west of UTC: \(west)")
      #expect(days(from: start, to: end, offset: Self.east.offset).contains(east), "east of UTC: \(east)")
      #expect(west < east, "a day apart at least: \(west), \(east)")
    }

    @Test func mInTheBrowserIsDatedByTheLocalClock() throws {
      let start = Date()
      let session = try TmuxSession(["--demo"], environment: ["TZ": Self.east.zone])
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      try session.press("m")
      try session.waitForIdle()
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
      let end = Date()
      let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
      let watched = try watchedDays(data)
      #expect(watched.count == 1, "one watch: \(watched)")
      #expect(
        watched.allSatisfy { days(from: start, to: end, offset: Self.east.offset).contains($0) },
        "the day east of UTC: \(watched)")
    }
  }
}
