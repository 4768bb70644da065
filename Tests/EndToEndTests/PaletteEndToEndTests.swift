import Foundation
import TestSupport
import Testing

/// The command palette and the list filter: the real binary in tmux, on a loopback amodb.
extension BrowserEndToEndTests {
  @Suite("End to end: the command palette and the list filter")
  struct PaletteEndToEndTests {
    @Test func thePaletteRunsACommandByNameAndTheFilterNarrowsWithoutARequest() throws {
      let amodb = try FakeAmodb()
      let session = try TmuxSession([], environment: amodb.environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press(":")
      try session.waitFor("Commands")
      try session.press("-l", "popular")
      try session.press("Enter")
      try session.waitFor("Film 101")
      #expect(amodb.server.count("/3/movie/popular") == 1, "the palette ran the command: the Popular tab")
      #expect(try !session.capture().contains("Commands"), "and closed")
      let before = amodb.server.count("/3/")
      try session.press("\\")
      try session.press("-l", "film 11")
      try session.waitFor("filtered: ")
      let screen = try session.capture()
      #expect(screen.contains("Film 111") && !screen.contains("Film 101"), "only the titles that match")
      try session.press("Enter")
      try session.press("Escape")
      try session.waitForIdle()
      #expect(try !session.capture().contains("filtered: "), "Esc clears the filter")
      #expect(amodb.server.count("/3/") == before, "filtering asks the server nothing")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    /// A list made on the command line is offered by its name, and opens over the list shown.
    @Test func thePaletteOpensAListOfYoursByName() throws {
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("trending-lists-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: data) }
      let made = try BinaryRunner.run(
        ["--demo", "lists", "Date night", "add", "movie/550"], environment: ["XDG_DATA_HOME": data.path])
      #expect(made.status == 0, "\(made.stderr)")
      let session = try TmuxSession(["--demo"], environment: ["XDG_DATA_HOME": data.path], width: 100, height: 30)
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      try session.press(":")
      try session.press("-l", "date")
      try session.waitFor("Date night · your list")
      try session.press("Enter")
      #expect(session.status()["depth"] == "2", "over the list shown")
      try session.waitFor("Fight Club")
      let list = try session.capture()
      #expect(list.contains("Fight Club") && !list.contains("Dune: Part Two"), "the list's titles alone:\n\(list)")
      // Added to on the command line while open: the list shows it with no key pressed; deleted
      // there, it says it is no more.
      let added = try BinaryRunner.run(
        ["--demo", "lists", "Date night", "add", "movie/872585"], environment: ["XDG_DATA_HOME": data.path])
      #expect(added.status == 0, "\(added.stderr)")
      try session.waitFor("Oppenheimer")
      let deleted = try BinaryRunner.run(
        ["--demo", "lists", "Date night", "--delete"], environment: ["XDG_DATA_HOME": data.path])
      #expect(deleted.status == 0, "\(deleted.stderr)")
      try session.waitFor("There is no list named Date night.")
      try session.press("Escape")
      try session.waitFor("Dune: Part Two")
      #expect(session.status()["depth"] == "1")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
