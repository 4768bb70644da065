import Foundation
import TestSupport
import Testing

/// Episodes' seen marks: the real binary in tmux against a loopback server, stored in a real library.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: episodes' seen marks")
  struct EpisodeMarksEndToEndTests {
    /// The browser on a loopback amodb with a data folder of its own, its first list shown (the
    /// server is handed back to be kept for the test's length).
    private func started(_ name: String) throws -> (FakeAmodb, [String: String], TmuxSession) {
      let amodb = try FakeAmodb()
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-e2e-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      let environment = amodb.environment.merging(["XDG_DATA_HOME": data.path]) { $1 }
      let session = try TmuxSession([], environment: environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      return (amodb, environment, session)
    }

    /// From the series list with Series 3000 selected: opens series 3002 and its first season.
    private func openSeasonOne(_ session: TmuxSession) throws { try session.openSeasonOneOfSeries3002() }

    @Test func markUpToHereThenMOnAnEpisodeLandInTheLibraryAndTheSeasonRowCounts() throws {
      let (server, environment, session) = try started("episodes")
      let data = ["XDG_DATA_HOME": environment["XDG_DATA_HOME"] ?? ""]
      try session.press("t")
      try session.waitFor("Series 3000")
      try session.waitForIdle()
      try openSeasonOne(session)
      #expect(session.status()["screen"] == "season:3002/1")
      // The season opens on its first episode; the second selected, both aired episodes up to it are marked.
      try session.press("j", "M")
      try session.waitFor("Marked 2 episodes seen, up to S01E02.")
      try session.waitForIdle()
      let season = try session.capture()
      #expect(season.contains("✓  1  Episode one of 3002") && season.contains("✓  2  Second"), "\(season)")
      // `m` on the first takes its watch away again.
      try session.press("k", "m")
      try session.waitFor("Marked S01E01 not seen: its watch of")
      try session.waitForIdle()
      // The second episode's own rating and note, typed on its screen.
      try session.press("j", "Enter")
      try session.waitFor("Second")
      try session.waitForIdle()
      #expect(session.status()["screen"] == "episode:3002/1/2")
      try session.press("R")
      try session.waitFor("S01E02 1–10")
      try session.press("9", "Enter")
      try session.waitFor("★ your rating 9/10")
      try session.press("N")
      try session.waitFor("Note on")
      try session.press("-l", "cold open")
      try session.press("Enter")
      try session.waitFor("✎ cold open")
      try session.waitForIdle()
      // ^C on the note being typed drops the line (as a shell's does), not the app nor the note.
      try session.press("N")
      try session.waitFor("Note on")
      try session.press("-l", " typed and dropped")
      try session.press("C-c")
      try session.waitForGone("Note on")
      #expect(try session.capture().contains("✎ cold open"), "the note as it was")
      try session.press("Escape")
      try session.waitFor("Episode one of 3002")
      try session.press("Escape")
      try session.waitFor("1/2")
      #expect(try session.capture().contains("2 episodes · 1/2"), "the season's row counts what is seen")
      try session.press("Escape")
      #expect(session.status()["screen"] == "list")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)

      let history = try BinaryRunner.run(["history", "--json"], environment: data)
      let watches = try #require(
        try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]], "\(history.stderr)")
      #expect(watches.count == 1, "\(history.stdout)")
      #expect(watches.first?["season"] as? Int == 1 && watches.first?["episode"] as? Int == 2, "\(history.stdout)")
      let export = try BinaryRunner.run(["export", "json"], environment: data)
      let json = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
      let tables = try #require(json["tables"] as? [String: [[String: Any]]])
      let rating = try #require(tables["ratings"]?.first, "\(export.stdout.prefix(2000))")
      #expect(rating["title_id"] as? Int == 3002 && rating["season"] as? Int == 1 && rating["episode"] as? Int == 2)
      #expect(rating["rating"] as? Int == 9 && tables["ratings"]?.count == 1, "the episode's, not the series'")
      #expect(
        tables["notes"]?.first?["text"] as? String == "cold open" && tables["notes"]?.first?["episode"] as? Int == 2)
      withExtendedLifetime(server) {}  // the loopback amodb serves the whole test
    }

    @Test func anOpenSeasonTicksWhatAnotherShellMarksWithNoKeyPressed() throws {
      let (server, environment, session) = try started("elsewhere")
      try session.press("t")
      try session.waitFor("Series 3000")
      try session.waitForIdle()
      try openSeasonOne(session)
      #expect(!(try session.capture().contains("✓  2  Second")))
      // Another shell marks the second episode; the open season ticks it by itself.
      let seen = try BinaryRunner.run(["seen", "tv/3002", "--season", "1", "--episode", "2"], environment: environment)
      #expect(seen.status == 0, "\(seen.stderr)")
      try session.waitFor("✓  2  Second")
      #expect(session.status()["screen"] == "season:3002/1", "no key was pressed")
      try session.press("Escape")
      try session.waitFor("2 episodes · 1/2")
      try session.press("Escape")
      try session.waitFor("Series 3000")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
      // The log the two processes wrote rebuilds the library.
      let check = try BinaryRunner.run(["library", "check"], environment: environment)
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
      withExtendedLifetime(server) {}  // the loopback amodb serves the whole test
    }

    @Test func upNextShowsTheNextEpisodeAndFollowsTheCommandLineWhileRunning() throws {
      let (server, environment, session) = try started("up-next")
      try session.press("U")
      try session.waitFor("No series in progress.")
      try session.press("1")
      try session.waitFor("Series 3000")
      try session.waitForIdle()
      try openSeasonOne(session)
      // A season opens on its first episode.
      try session.press("m")
      try session.waitFor("Marked S01E01 seen.")
      try session.waitForIdle()
      try session.press("Escape", "Escape", "U")
      try session.waitFor("S01E02")
      let tab = try session.capture()
      #expect(tab.contains("Details of series 3002") && tab.contains("Second") && tab.contains("1/2"), "\(tab)")
      // Enter opens the next episode itself; marked there, the tab under it follows: the series
      // is done when Esc goes back.
      try session.press("Enter")
      try session.waitForIdle()
      #expect(session.status()["screen"] == "episode:3002/1/2")
      try session.press("m")
      try session.waitFor("Marked S01E02 seen.")
      try session.waitForIdle()
      try session.press("Escape")
      try session.waitFor("No series in progress.")
      // The command line unmarks it while the browser runs: the tab shows it again within a
      // second, with no key pressed.
      let unseen = try BinaryRunner.run(
        ["unseen", "tv/3002", "--season", "1", "--episode", "2"], environment: environment)
      #expect(unseen.status == 0, "\(unseen.stderr)")
      try session.waitFor("1/2")
      #expect(try session.capture().contains("Second"))
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
      withExtendedLifetime(server) {}  // the loopback amodb serves the whole test
    }

    @Test func aListTabShowsTheLibrarysListAndRatingsNotesAndNotInterestedLand() throws {
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("list-tab-e2e-\(UUID().uuidString)")
      let config = home.appendingPathComponent("config")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      try "tab \"Noir\" list=Noir\n".write(to: config, atomically: true, encoding: .utf8)
      let environment = ["XDG_DATA_HOME": home.path, "TRENDING_CONFIG": config.path]
      let added = try BinaryRunner.run(["lists", "Noir", "add", "693134", "--demo"], environment: environment)
      #expect(added.status == 0, "\(added.stderr)")
      let session = try TmuxSession(["--demo"], environment: environment)
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      // The saved tab comes after the built-in ones, past the number keys: S-Tab wraps to it.
      try session.press("BTab")
      try session.waitFor("Noir · demo")
      try session.waitForIdle()
      #expect(try session.capture().contains("Dune: Part Two"))
      try session.press("R", "1", "0", "Enter")
      try session.waitFor("Rated Dune: Part Two 10.")
      try session.press("N")
      try session.press("-l", "Best on a big screen")
      try session.press("Enter")
      try session.waitFor("Saved your note on Dune: Part Two.")
      // d takes the title off the list: the row goes at once, and the library no longer holds it there.
      try session.waitForIdle()
      try session.press("d")
      try session.waitFor("Removed Dune: Part Two from the list Noir.")
      try session.waitFor("The list Noir is empty.")
      try session.waitForIdle()
      #expect(session.status()["unsaved"] == "0", "the report says the change was saved")
      let listed = try BinaryRunner.run(["lists", "Noir", "--demo"], environment: environment)
      #expect(listed.status == 0 && !listed.stdout.contains("693134"), "\(listed.stdout)\(listed.stderr)")
      // Not interested on the trending tab: the row leaves it, and the header counts it.
      try session.press("1")
      try session.waitFor("Oppenheimer")
      try session.waitForIdle()
      try session.press("x")
      try session.waitFor("1 hidden")
      #expect(try !session.capture().contains("  1   Dune: Part Two"), "hidden from the list")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
      let export = try BinaryRunner.run(["export", "json"], environment: environment)
      #expect(export.stdout.contains("Best on a big screen"), "\(export.stdout.prefix(2000))")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
      let tables = try #require(json["tables"] as? [String: [[String: Any]]])
      let rating = tables["ratings"]?.first
      #expect(rating?["title_id"] as? Int == 693134 && rating?["rating"] as? Int == 10, "\(tables["ratings"] ?? [])")
      #expect(tables["notes"]?.first?["text"] as? String == "Best on a big screen")
      #expect(tables["hidden"]?.first?["title_id"] as? Int == 693134, "\(tables["hidden"] ?? [])")
    }
  }
}
