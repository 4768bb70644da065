import Foundation
import TestSupport
import Testing

/// The Recently rated tab: the real binary in tmux, in demo mode, stored in a real library.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: the Recently rated tab")
  struct RatedEndToEndTests {
    @Test func aFilmRatedShowsInTheTabThePaletteOpensWithItsScoresAndDayAndEnterOpensIt() throws {
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("rated-e2e-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      let session = try TmuxSession(["--demo"], environment: ["HOME": home.path], width: 100)
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      // The first row's film, rated 8 on the status line.
      try session.press("R")
      try session.waitFor("1–10")
      try session.press("8", "Enter")
      try session.waitFor("Rated Dune: Part Two 8.")
      try session.waitForIdle()
      try session.press(":")
      try session.waitFor("Commands")
      try session.press("-l", "recently rated")
      try session.waitFor("Recently rated")
      try session.press("Enter")
      try session.waitFor("★8")
      try session.waitForIdle()
      let tab = try session.capture()
      let row = try #require(tab.split(separator: "\n").first { $0.contains("Dune: Part Two") }, "\(tab)")
      // Your score beside the public one, and the day it was rated (today: the library keeps the day).
      let day = Calendar(identifier: .gregorian).component(.day, from: Date())
      #expect(row.contains("★8") && row.contains("8.1") && row.contains(" \(day) "), "\(tab)")
      #expect(tab.contains("Yours") && tab.contains("Rated"), "\(tab)")
      try session.press("Enter")
      try session.waitFor("★ your rating 8/10")
      try session.waitForIdle()
      #expect(session.status()["screen"] == "detail:693134", "the film's own screen")
      try session.press("Escape")
      try session.waitFor("★8")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
