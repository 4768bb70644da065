import Foundation
import TestSupport
import Testing
import TrendingCore

/// The layout at 250x70: the real binary on the demo data in tmux.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite, as the other browser tests are.
  @Suite("End to end: the layout grows with the terminal")
  struct WideLayoutEndToEndTests {
    /// What `trending --demo show ID --json` says of a film.
    static func film(_ id: Int) throws -> [String: Any] {
      let outcome = try BinaryRunner.run(["--demo", "show", String(id), "--json"])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      return try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    @Test func at250x70EveryTitleIsWholeAndThePaneSaysAllItHas() throws {
      // The titles the list shows, as the CLI lists them (rank, id, title, year, score, kind).
      let listed = try BinaryRunner.run(["--demo", "list"])
      let titles = listed.stdout.split(separator: "\n").compactMap { line -> (id: Int, title: String)? in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count > 2, let id = Int(fields[1]) else { return nil }
        return (id, String(fields[2]))
      }
      let longest = try #require(titles.max { TextWidth.width(of: $0.title) < TextWidth.width(of: $1.title) })
      #expect(TextWidth.width(of: longest.title) > 60, "the demo has a long title: \(longest)")

      let session = try TmuxSession(["--demo"], width: 250, height: 70)
      try session.waitFor(longest.title)
      try session.waitForIdle()
      let screen = try session.capture()
      for (_, title) in titles {
        #expect(screen.contains(title), "“\(title)” is cut at 250x70:\n\(screen)")
      }

      // The longest title selected: once its details come, the pane says all they hold.
      let index = try #require(titles.firstIndex { $0.id == longest.id })
      for _ in 0..<index { try session.press("j") }
      try session.waitFor("Where to watch")
      try session.waitForIdle()
      let pane = try session.capture()
      let details = try Self.film(longest.id)
      let overview = try #require(details["overview"] as? String).split(separator: " ")
      let cast = try #require(details["cast"] as? [[String: Any]]).compactMap { $0["name"] as? String }
      let similar = try #require(details["similar"] as? [[String: Any]]).compactMap { $0["title"] as? String }
      #expect(pane.contains(overview.prefix(4).joined(separator: " ")), "the overview starts:\n\(pane)")
      #expect(pane.contains(overview.suffix(3).joined(separator: " ")), "the overview is whole:\n\(pane)")
      for name in cast + similar {
        #expect(pane.contains(name), "the pane leaves out \(name):\n\(pane)")
      }
      // Nothing in it is cut at the bottom: it stops where it has said all it has.
      #expect(!pane.split(separator: "\n").contains { $0.hasSuffix(" …") }, "\(pane)")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
