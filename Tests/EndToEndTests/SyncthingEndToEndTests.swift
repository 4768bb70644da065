import Foundation
import TestSupport
import Testing

/// Sync carried by two real Syncthing instances on loopback: two machines (two data homes), each
/// joined to its own Syncthing folder, the browsers running, then apart and together again.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: two Syncthing instances carry the library")
  struct SyncthingEndToEndTests {
    /// A machine's environment: the loopback amodb and a data home of its own, joined to `folder`.
    private func machine(_ amodb: FakeAmodb, folder: URL) throws -> [String: String] {
      try syncingMachine(amodb, folder: folder)
    }

    /// Runs the binary on a machine and expects it to succeed.
    @discardableResult
    private func run(_ arguments: [String], _ environment: [String: String]) throws -> BinaryRunner.Outcome {
      let outcome = try BinaryRunner.run(arguments, environment: environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      return outcome
    }

    /// The browser on its first list, idle.
    private func browser(_ environment: [String: String]) throws -> TmuxSession {
      let session = try TmuxSession([], environment: environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      return session
    }

    /// From the first list to series 3002's first season.
    private func openSeasonOne(_ session: TmuxSession) throws {
      try session.press("t")
      try session.waitFor("Series 3000")
      try session.waitForIdle()
      try session.openSeasonOneOfSeries3002()
    }

    /// The library as `export json` writes it, the day of the export left out.
    private func export(_ environment: [String: String]) throws -> [Substring] {
      try run(["export", "json"], environment).stdout.split(separator: "\n").filter { !$0.contains("\"exported\"") }
    }

    @Test func marksMadeInOneBrowserReachTheOtherAndEditsApartConverge() throws {
      let amodb = try FakeAmodb()
      let (first, second) = try Syncthing.pair()
      let laptop = try machine(amodb, folder: first.folder)
      let desktop = try machine(amodb, folder: second.folder)
      try first.start()
      try second.start()
      try first.waitUntilConnected(to: second)
      try second.waitUntilConnected(to: first)
      let watching = try browser(desktop)
      try openSeasonOne(watching)
      let marking = try browser(laptop)
      // On the laptop: the first film rated, then every aired episode of the season marked at once.
      try marking.press("R")
      try marking.waitFor("1–10")
      try marking.press("8", "Enter")
      try marking.waitFor("Rated Film 1 8.")
      try openSeasonOne(marking)
      try marking.press("j", "M")
      try marking.waitFor("Marked 2 episodes seen, up to S01E02.")
      // On the desktop, nothing pressed: Syncthing carries the laptop's segment and the open season ticks.
      let inputs = watching.status()["inputs"]
      try watching.waitFor("✓  2  Second", timeout: 45)
      #expect(try watching.capture().contains("✓  1  Episode one of 3002"))
      #expect(watching.status()["screen"] == "season:3002/1" && watching.status()["inputs"] == inputs)
      // And the rating, in the desktop's Recently rated tab (the palette offers it from a list).
      try watching.press("Escape", "Escape")
      try watching.waitFor("Series 3000")
      try watching.press(":")
      try watching.waitFor("Commands")
      try watching.press("-l", "recently rated")
      try watching.waitFor("Recently rated")
      try watching.press("Enter")
      try watching.waitFor("★8")
      for session in [marking, watching] {
        try session.send("C-c")
        #expect(try session.waitForExit().status == 0)
      }
      // Apart: Syncthing stopped, each machine edits and syncs into its own folder only.
      first.stop()
      second.stop()
      try run(["unseen", "tv/3002", "--season", "1", "--episode", "1"], laptop)
      try run(["sync"], laptop)
      try run(["seen", "tv/3002", "--season", "1", "--episode", "2", "--on", "2026-11-20"], desktop)
      try run(["rate", "movie/1", "6"], desktop)
      try run(["sync"], desktop)
      #expect(first.files() != second.files(), "each folder holds a segment the other has not")
      // Together again: once Syncthing reports the folders converged, each syncs, twice.
      try first.start()
      try second.start()
      for _ in 1...2 {
        try Syncthing.waitUntilConverged(first, second)
        try run(["sync"], laptop)
        try run(["sync"], desktop)
      }
      let exports = try [laptop, desktop].map(export)
      #expect(exports[0] == exports[1])
      // The laptop's unseen and the desktop's rewatch both hold, and the later rating won.
      let lines = exports[0]
      #expect(lines.filter { $0.contains(#""title_id": 3002, "season": 1, "episode": 2, "watched""#) }.count == 2)
      #expect(!lines.contains { $0.contains(#""title_id": 3002, "season": 1, "episode": 1, "watched""#) })
      #expect(lines.contains { $0.contains(#""title_id": 1, "season": -1, "episode": -1, "rating": 6,"#) })
      for environment in [laptop, desktop] {
        #expect(try run(["library", "check"], environment).status == 0)
      }
      withExtendedLifetime(amodb) {}  // the loopback amodb serves the whole test
    }
  }
}
