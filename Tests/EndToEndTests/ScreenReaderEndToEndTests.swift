import Foundation
import TestSupport
import Testing

/// `--screen-reader`: the real binary in tmux, its cursor read as a screen reader reads it.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: screen reader")
  struct ScreenReaderEndToEndTests {
    /// Presses `j` until the row under the cursor holds `text` (at most `times`); the rows read on the way.
    private func move(to text: String, _ session: TmuxSession, times: Int = 8) throws -> [String] {
      var read: [String] = []
      for _ in 0..<times {
        try session.press("j")
        let focus = try session.focusedLine()
        read.append(focus.line)
        if focus.line.contains(text) { break }
      }
      return read
    }

    @Test func theCursorRestsOnTheFocusedRowOfAListAFilmsLinksAndASeason() throws {
      let session = try TmuxSession(["--demo", "--screen-reader"])
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      var focus = try session.focusedLine()
      #expect(focus.visible, "the cursor shows for a screen reader")
      #expect(focus.line.contains("Dune: Part Two") && focus.column == 0, "\(focus)")
      try session.press("j", "j")
      focus = try session.focusedLine()
      #expect(focus.line.contains("Fight Club") && focus.column == 0, "\(focus)")
      let list = try session.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(list[23].contains("3/20"), "the status line is the last row:\n\(list.joined(separator: "\n"))")
      #expect(list[22].contains("quit"), "the key hints above it")
      #expect(list[1].contains("[Trending]"), "the tab showing is told by more than its colour")

      // A film: the cursor on its first line, then on each link j stops at.
      try session.press("Enter")
      try session.waitFor("Mischief. Mayhem. Soap.")
      try session.waitForIdle()
      focus = try session.focusedLine()
      #expect(focus.line.contains("Fight Club (1999)") && focus.row == 1, "\(focus)")
      let links = try move(to: "Edward Norton", session)
      #expect(links.contains { $0.contains("David Fincher") }, "\(links)")
      focus = try session.focusedLine()
      #expect(focus.line.contains("Edward Norton"), "\(links)")
      let name = try #require(focus.line.range(of: "Edward Norton"))
      #expect(focus.column <= focus.line.distance(from: focus.line.startIndex, to: name.lowerBound), "\(focus)")

      // A season: opened from the series' row, on its first episode; j reads the next.
      try session.press("Escape")
      try session.waitFor("Fight Club")
      try session.press("t")
      try session.waitFor("Squid Game")
      try session.waitForIdle()
      focus = try session.focusedLine()
      #expect(focus.line.contains("Squid Game"), "\(focus)")
      try session.press("Enter")
      try session.waitFor("Seasons")
      try session.waitForIdle()
      let seasons = try move(to: "Season 3", session)
      #expect(try session.focusedLine().line.contains("Season 3"), "\(seasons)")
      try session.press("Enter")
      try session.waitFor("Keys and Knives")
      try session.waitForIdle()
      #expect(session.status()["screen"]?.hasPrefix("season:") == true)
      focus = try session.focusedLine()
      #expect(focus.line.contains("Keys and Knives"), "the season opens on its first episode: \(focus)")
      try session.press("j")
      focus = try session.focusedLine()
      #expect(focus.line.contains("The Starry Sky"), "\(focus)")
      try session.send("C-c")
      #expect(try session.waitForExit().status == 0)
    }

    /// The typed line is what was heard: the first ↓ lands on the entry Enter would run, not the next.
    @Test func theFirstDownFromATypedLineIsTheEntryEnterWouldRun() throws {
      let session = try TmuxSession(["--demo", "--screen-reader"])
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      try session.press(":")
      try session.send("-l", "se")
      try session.waitFor("Search films, series and people")
      try session.waitForIdle()
      try session.press("Down")
      #expect(try session.focusedLine().line.contains("Search films, series and people"))
      try session.press("Escape")
      try session.press("/")
      try session.send("-l", "the")
      try session.waitFor("The Godfather")
      try session.waitForIdle()
      try session.press("Down")
      #expect(try session.focusedLine().line.contains("Dr. Strangelove"), "the first result, not The Godfather")
      try session.press("Escape")
      try session.waitForGone("Search: the")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    /// A terminal that cannot hide its cursor (a VT100 has no `civis`) has it rest on the focus,
    /// not wherever the last write ended.
    @Test func aCursorThatCannotBeHiddenRestsOnTheFocus() throws {
      let session = try TmuxSession(["--demo"], terminal: "vt100")
      try session.waitFor("Fight Club")
      try session.waitForIdle()
      try session.press("j", "j")
      let focus = try session.focusedLine()
      #expect(focus.line.contains("Fight Club") && focus.column == 0, "\(focus)")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func aMessageIsAWholeLineOnTheLastRowsAndTheVariableTurnsItOn() throws {
      let session = try TmuxSession(["--demo"], environment: ["TRENDING_SCREEN_READER": "1"], width: 40, height: 12)
      try session.waitFor("Dune")
      try session.waitForIdle()
      #expect(try session.cursor().visible, "TRENDING_SCREEN_READER=1 turns it on")
      try session.press("j", "j", "j", "j", "j", "j", "j", "j")
      #expect(try session.focusedLine().line.contains("Everything"))
      try session.press("a")
      try session.waitFor("to the watchlist")
      try session.waitForIdle()
      let screen = try session.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // Longer than a row: its words go on over the key hints' row, none cut.
      let message = (screen[10] + " " + screen[11]).split(separator: " ").joined(separator: " ")
      #expect(
        message == "Added Everything Everywhere All at Once to the watchlist.",
        "the message on the last rows:\n\(screen.joined(separator: "\n"))")
      let focus = try session.focusedLine()
      #expect(focus.line.contains("Everything"), "the cursor stays on the row: \(focus)")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func noPosterIsDrawnForAScreenReader() throws {
      // Block and braille characters are what symbol art is made of; kitty's placeholder, U+10EEEE.
      let art = { (text: String) in
        text.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) || $0.value == 0x10EEEE }
      }
      let drawn = try TmuxSession(["--demo", "--images", "symbols"], width: 120, height: 40)
      try drawn.waitFor("Dune: Part Two")
      try drawn.press("Enter")
      try drawn.waitFor("Denis Villeneuve")
      try drawn.waitForIdle()
      let withPoster = try drawn.capture()
      #expect(art(withPoster), "the same screen draws a poster without it:\n\(withPoster)")
      #expect(try !drawn.cursor().visible, "and hides the cursor")
      let session = try TmuxSession(["--demo", "--images", "symbols", "--screen-reader"], width: 120, height: 40)
      try session.waitFor("Dune: Part Two")
      try session.press("Enter")
      try session.waitFor("Denis Villeneuve")
      try session.waitForIdle()
      let screen = try session.capture()
      #expect(!art(screen), "\(screen)")
      #expect(session.status()["overlay"] == "none")
      try session.send("C-c")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
