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
  }
}
