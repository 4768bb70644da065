import Foundation
import TestSupport
import Testing

/// Sync in the running browser: two machines (two data folders) sharing one sync folder.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: the browser syncs through a folder")
  struct SyncBrowserEndToEndTests {
    /// A machine's environment: the loopback amodb and a data folder of its own, joined to `folder`.
    private func machine(_ amodb: FakeAmodb, folder: URL) throws -> [String: String] {
      try syncingMachine(amodb, folder: folder)
    }

    /// The browser on series 3002's first season, wide enough for the header to say how it synced.
    private func onSeasonOne(_ environment: [String: String]) throws -> TmuxSession {
      let session = try TmuxSession([], environment: environment, width: 120, height: 30)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("t")
      try session.waitFor("Series 3000")
      try session.waitForIdle()
      try session.openSeasonOneOfSeries3002()
      return session
    }

    @Test func episodesMarkedInOneBrowserTickInTheOtherWithNoKeyPressed() throws {
      let amodb = try FakeAmodb()
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-folder-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let laptop = try machine(amodb, folder: folder)
      let desktop = try machine(amodb, folder: folder)
      let watching = try onSeasonOne(desktop)
      try watching.waitFor("synced")
      let marking = try onSeasonOne(laptop)
      // On the laptop: every aired episode up to the second, marked at once.
      try marking.press("j", "M")
      try marking.waitFor("Marked 2 episodes seen, up to S01E02.")
      // On the desktop, nothing pressed: the open season ticks both.
      try watching.waitFor("✓  2  Second")
      #expect(try watching.capture().contains("✓  1  Episode one of 3002"))
      #expect(watching.status()["screen"] == "season:3002/1", "no key was pressed")
      #expect(try watching.capture().contains("2 devices"), "the header says the folder has two devices")
      for session in [marking, watching] {
        try session.press("Escape", "Escape")
        try session.waitFor("Series 3000")
        try session.send("q")
        #expect(try session.waitForExit().status == 0)
      }
      // Apart, each edits; then each syncs twice (send, then take in), and the libraries are one.
      let unseen = try BinaryRunner.run(
        ["unseen", "tv/3002", "--season", "1", "--episode", "1"], environment: laptop)
      #expect(unseen.status == 0, "\(unseen.stderr)")
      let seen = try BinaryRunner.run(
        ["seen", "tv/3002", "--season", "1", "--episode", "2", "--on", "2026-11-20"], environment: desktop)
      #expect(seen.status == 0, "\(seen.stderr)")
      for environment in [laptop, desktop, laptop] {
        #expect(try BinaryRunner.run(["sync"], environment: environment).status == 0)
      }
      let exports = try [laptop, desktop].map { environment in
        try BinaryRunner.run(["export", "json"], environment: environment).stdout.split(separator: "\n")
          .filter { !$0.contains("\"exported\"") }
      }
      #expect(exports[0] == exports[1])
      let history = try BinaryRunner.run(["history"], environment: desktop).stdout
      #expect(history.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2, "\(history)")
      withExtendedLifetime(amodb) {}  // the loopback amodb serves the whole test
    }

    @Test func aSyncThatFailsIsSaidInTheHeaderUntilOneRuns() throws {
      let amodb = try FakeAmodb()
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-folder-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let session = try TmuxSession([], environment: try machine(amodb, folder: folder), width: 120, height: 30)
      try session.waitFor("synced just now")
      // The folder gone (a stick pulled out): `r` syncs, fails, and the header stops saying it synced.
      let away = folder.appendingPathExtension("away")
      try FileManager.default.moveItem(at: folder, to: away)
      try session.press("r")
      try session.waitFor("sync failed")
      #expect(try !session.capture().contains("synced just now"))
      // Put back, and the next `r` syncs again.
      try FileManager.default.moveItem(at: away, to: folder)
      try session.press("r")
      try session.waitFor("synced just now")
      #expect(try !session.capture().contains("sync failed"))
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
      withExtendedLifetime(amodb) {}
    }
  }
}
