import Foundation
import TestSupport
import Testing

/// Episodes' seen marks: the real binary in tmux against a loopback server, stored in a real library.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: episodes' seen marks")
  struct EpisodeMarksEndToEndTests {
    @Test func markUpToHereThenMOnAnEpisodeLandInTheLibraryAndTheSeasonRowCounts() throws {
      let amodb = try FakeAmodb()
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("episodes-e2e-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      let session = try TmuxSession([], environment: amodb.environment.merging(["XDG_DATA_HOME": data.path]) { $1 })
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("t")
      try session.waitFor("Series 3000")
      try session.waitForIdle()
      try session.press("j", "j", "Enter")
      try session.waitFor("Details of series 3002")
      try session.press("j", "Enter")
      try session.waitFor("Episode one of 3002")
      try session.waitForIdle()
      #expect(session.status()["screen"] == "season:3002/1")
      // The season opens on its first episode; the second selected, both aired episodes up to it are marked.
      try session.press("j", "M")
      try session.waitFor("Marked every aired episode up to S01E02 seen.")
      try session.waitForIdle()
      let season = try session.capture()
      #expect(season.contains("✓  1  Episode one of 3002") && season.contains("✓  2  Second"), "\(season)")
      // `m` on the first takes its watch away again.
      try session.press("k", "m")
      try session.waitFor("Marked S01E01 not seen.")
      try session.waitForIdle()
      try session.press("Escape")
      try session.waitFor("1/2")
      #expect(try session.capture().contains("2 episodes · 1/2"), "the season's row counts what is seen")
      try session.press("Escape")
      #expect(session.status()["screen"] == "list")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)

      let history = try BinaryRunner.run(["history", "--json"], environment: ["XDG_DATA_HOME": data.path])
      let watches = try #require(
        try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]], "\(history.stderr)")
      #expect(watches.count == 1, "\(history.stdout)")
      #expect(watches.first?["season"] as? Int == 1 && watches.first?["episode"] as? Int == 2, "\(history.stdout)")
    }
  }
}
