import Foundation
import TestSupport
import Testing

/// The collection screen in the browser: the real binary in tmux on the demo data.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: a film's collection")
  struct CollectionBrowserTests {
    /// An SGR press and release at a 0-based cell, as a terminal sends them.
    private func click(_ session: TmuxSession, row: Int, column: Int) throws {
      try session.press("-l", "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    @Test func partOfOpensTheCollectionWhoseFilmsOpenAndBackLandsOnTheFilm() throws {
      let session = try TmuxSession(["--demo"], width: 120, height: 60)
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      try session.press("/")
      try session.press("-l", "matrix")
      try session.press("Enter")
      try session.press("Enter")
      try session.waitFor("The Matrix (1999)")
      #expect(session.status()["screen"] == "detail:603")
      let film = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
      let row = try #require(film.firstIndex { $0.contains("Part of") && $0.contains("The Matrix Collection") })
      try click(session, row: row, column: 20)
      try click(session, row: row, column: 20)
      try session.waitFor("4 films · 1999–2021")
      #expect(session.status()["screen"] == "collection:2344")
      let collection = try session.capture()
      for title in ["The Matrix ", "The Matrix Reloaded", "The Matrix Revolutions", "The Matrix Resurrections"] {
        #expect(collection.contains(title), "\(title) in:\n\(collection)")
      }
      // The second film is not in the demo: its screen starts from what the collection knew of it.
      try session.press("j", "j", "Enter")
      try session.waitFor("The Matrix Reloaded (2003)")
      #expect(session.status()["screen"] == "detail:604")
      try session.press("Escape")
      #expect(session.status()["screen"] == "collection:2344")
      try session.press("Escape")
      #expect(session.status()["screen"] == "detail:603")
      #expect(try session.capture().contains("The Matrix (1999)"))
      try session.press("Escape", "Escape")
      #expect(session.status()["screen"] == "list")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
