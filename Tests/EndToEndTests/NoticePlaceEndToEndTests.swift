import Foundation
import TestSupport
import Testing

/// A status message stays on the screen it was said on: the demo browser in tmux.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: a message stays on its screen")
  struct NoticePlaceEndToEndTests {
    @Test func aCopiedLinksMessageDoesNotFollowEnterOrEsc() throws {
      let session = try TmuxSession(["--demo"], width: 100, height: 30)
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      // y copies the selected film's link and says so on the list's status line.
      try session.press("y")
      let list = try session.capture()
      #expect(list.contains("Copied https://"), "the list says what it copied:\n\(list)")
      // Enter opens the film: its status line is its own.
      try session.press("Enter")
      try session.waitFor("Denis Villeneuve")
      try session.waitForIdle()
      #expect(session.status()["depth"] == "2")
      let film = try session.capture()
      #expect(!film.contains("Copied"), "the list's message does not follow to the film:\n\(film)")
      // Said on the film, then Esc: the list does not show it either.
      try session.press("y")
      #expect(try session.capture().contains("Copied https://"))
      try session.send("Escape")
      let deadline = Date().addingTimeInterval(10)
      while session.status()["depth"] != "1", Date() < deadline { usleep(20_000) }
      try session.waitForIdle()
      let back = try session.capture()
      #expect(!back.contains("Copied"), "nor does the film's follow back to the list:\n\(back)")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    /// A message goes when its time is up (a link's six seconds) with no key pressed: the idle app
    /// wakes for it, rather than at the next minute.
    @Test func aMessageGoesWhenItsTimeIsUpWithNoKeyPressed() throws {
      let session = try TmuxSession(["--demo"], width: 100, height: 30)
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      try session.press("y")
      #expect(try session.capture().contains("Copied https://"))
      let said = Date()
      // Each frame the app reports after it, until the message is gone; no key is sent.
      var screen = try session.capture()
      while screen.contains("Copied https://"), Date().timeIntervalSince(said) < 15 {
        try session.waitForIdle(after: session.frame, timeout: 30)
        screen = try session.capture()
      }
      #expect(!screen.contains("Copied https://"), "the message is still there:\n\(screen)")
      #expect(Date().timeIntervalSince(said) < 15, "six seconds, not the next minute")
      #expect(session.status()["inputs"] == "1", "no key but y")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
