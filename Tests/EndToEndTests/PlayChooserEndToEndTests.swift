import Foundation
import TestSupport
import Testing

/// A played file whose name fits two series: the import's chooser asks on a terminal, and the
/// choice is kept for the folder, so the show's next episode is not asked again.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite.
  @Suite("End to end: a played file's title chosen once for its folder")
  struct PlayChooserEndToEndTests {
    /// A search result of a series.
    private static func series(_ id: Int, _ date: String) -> String {
      #"{"id":\#(id),"name":"The Office","original_name":"The Office","first_air_date":"\#(date)","vote_average":8,"vote_count":100}"#
    }

    @Test func anAmbiguousShowIsChosenOnceAndItsFolderRemembersIt() throws {
      let server = try LoopbackServer { request in
        switch request.path {
        case "/3/search/tv":
          let both = [Self.series(2316, "2005-03-24"), Self.series(2996, "2001-07-09")]
          return .json(#"{"page":1,"results":[\#(both.joined(separator: ","))],"total_pages":1,"total_results":2}"#)
        case "/3/tv/2316": return .json(TestClients.seriesJSON(id: 2316))
        case "/3/tv/2996": return .json(TestClients.seriesJSON(id: 2996))
        case "/3/tv/2316/season/1", "/3/tv/2996/season/1":
          let episodes = (1...6).map { #"{"episode_number":\#($0),"name":"Episode \#($0)"}"# }
          return .json(#"{"season_number":1,"episodes":[\#(episodes.joined(separator: ","))]}"#)
        default: return .json(#"{"status_code":34,"status_message":"Not found."}"#, status: 404)
        }
      }
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("play-chooser-\(UUID().uuidString)")
      let season = home.appendingPathComponent("The Office/Season 1")
      try FileManager.default.createDirectory(at: season, withIntermediateDirectories: true)
      let environment = [
        "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "play-secret-key",
        "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:1/img", "XDG_DATA_HOME": home.appendingPathComponent("data").path,
        "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "TRENDING_IMAGES": "off",
      ]
      let first = season.appendingPathComponent("The.Office.S01E02.mkv").path
      let second = season.appendingPathComponent("The.Office.S01E03.mkv").path
      // Without a terminal, an ambiguous name records nothing and says why.
      let piped = try BinaryRunner.run(
        ["scrobble", first, "--position", "95", "--duration", "100"], environment: environment)
      #expect(piped.status != 0 && piped.stderr.contains("equally well"), "\(piped.stderr)")
      // On a terminal: the chooser, the second show taken.
      let session = try TmuxSession(
        ["scrobble", first, "--position", "95", "--duration", "100"], environment: environment)
      try session.waitFor("The Office (2001")
      try session.send("Down")
      try session.send("Enter")
      #expect(try session.waitForExit().status == 0)
      // The next episode of the folder: no question, the same show.
      let next = try BinaryRunner.run(
        ["scrobble", second, "--position", "95", "--duration", "100"], environment: environment)
      #expect(next.status == 0, "\(next.stderr)")
      let history = try BinaryRunner.run(["history", "--json"], environment: environment)
      let watches = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
      #expect(watches.count == 2, "\(history.stdout)")
      #expect(watches.allSatisfy { $0["id"] as? Int == 2996 }, "\(history.stdout)")
      #expect(Set(watches.compactMap { $0["episode"] as? Int }) == [2, 3])
      // identify takes the folder's choice as play and scrobble do.
      let identified = try BinaryRunner.run(["identify", second], environment: environment)
      #expect(identified.status == 0 && identified.stdout.contains("episode: series 2996"), "\(identified.stdout)")
      // The folder's choice passes the library's own check (its name once held a 0x1F separator).
      let checked = try BinaryRunner.run(["library", "check"], environment: environment)
      #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
      // A choice kept under that earlier name is still taken, and moved to the name check passes
      // (the tests' libraries are the demo's, `BinaryRunner.demoLibraries`).
      let file = home.appendingPathComponent("data/trending/demo/library.sqlite3").path
      let earlier = try BinaryRunner.program(
        "sqlite3", [file, "UPDATE facts SET name = replace(name, '//', char(31)) WHERE name LIKE 'play.folder:%'"])
      #expect(earlier.status == 0, "\(earlier.stdout)\(earlier.stderr)")
      let again = try BinaryRunner.run(["identify", second], environment: environment)
      #expect(again.status == 0 && again.stdout.contains("episode: series 2996"), "\(again.stdout)")
      // (Checked by the file itself: the change made by hand above is not in the change log, so
      // `library check` would say the log does not rebuild the facts.)
      let names = try BinaryRunner.program(
        "sqlite3", [file, "SELECT count(*) FROM facts WHERE name LIKE 'play.folder:%//%'"])
      #expect(names.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "moved: \(names.stdout)")
      let separators = try BinaryRunner.program(
        "sqlite3", [file, "SELECT count(*) FROM facts WHERE instr(name, char(31)) > 0"])
      #expect(separators.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(separators.stdout)")
      withExtendedLifetime(server) {}
    }
  }
}
