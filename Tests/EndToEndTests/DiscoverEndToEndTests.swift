import Foundation
import TestSupport
import Testing

/// The `f` form: the real binary in tmux, on a loopback amodb that serves genres and discover.
extension BrowserEndToEndTests {
  @Suite("End to end: the f form and its discover list")
  struct DiscoverEndToEndTests {
    /// A server with trending films, two genres and a discover page whose titles say what was asked.
    private func server() throws -> LoopbackServer {
      try LoopbackServer { request in
        if request.path.hasPrefix("/3/trending/movie/") { return .json(TestClients.pageJSON(count: 20)) }
        if request.path == "/3/genre/movie/list" {
          return .json(#"{"genres":[{"id":53,"name":"Thriller"},{"id":80,"name":"Crime"}]}"#)
        }
        if request.path == "/3/discover/movie" {
          // Saved tabs' pages say whose they are: services 900, the Korean thrillers 800.
          if request.query("with_watch_providers") != nil { return .json(TestClients.pageJSON(count: 2, firstID: 900)) }
          if request.query("with_original_language") == "ko" {
            return .json(TestClients.pageJSON(count: 2, firstID: 800))
          }
          return .json(TestClients.pageJSON(count: 3, firstID: 700))
        }
        if request.path == "/3/watch/providers/movie" {
          return .json(
            #"{"results":[{"provider_id":8,"provider_name":"Netflix","display_priorities":{"GB":1}},"#
              + #"{"provider_id":11,"provider_name":"MUBI","display_priorities":{"GB":3}}]}"#)
        }
        return .json(#"{"status_message": "Not found."}"#, status: 404)
      }
    }

    @Test func pickTwoGenresAndAScoreThenChangeItThenGoBackToTheTab() throws {
      let server = try server()
      let environment = [
        "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "e2e-secret-key",
      ]
      let session = try TmuxSession([], environment: environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("f")
      try session.waitFor("Filter films")
      try session.waitFor("Thriller")
      // The score (third line), then the two genres after the nine settings.
      try session.press("Down", "Down", "Right")
      try session.press("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Space", "Down", "Space")
      try session.waitFor("Thriller, Crime · ≥ 7.0")
      #expect(server.count("/3/discover/") == 0, "editing the form asks nothing")
      try session.press("Enter")
      try session.waitFor("Film 700")
      let list = try session.capture()
      #expect(list.contains("Thriller, Crime · ≥ 7.0") && !list.contains("Filter films"))
      let first = try #require(server.requests.last { $0.path == "/3/discover/movie" })
      #expect(first.query("with_genres") == "53,80")
      #expect(first.query("vote_average.gte") == "7")
      #expect(first.query("vote_count.gte") == "200")
      // f edits it: the first line (from year) set, Enter shows the list again in its place.
      try session.press("f")
      try session.waitFor("Filter films")
      try session.press("Right")
      try session.waitFor("from 20")
      try session.press("Enter")
      try session.waitForIdle()
      try session.waitFor("· from 20")
      #expect(server.count("/3/discover/") == 2)
      let second = try #require(server.requests.last { $0.path == "/3/discover/movie" })
      #expect(second.query("primary_release_date.gte")?.hasSuffix("-01-01") == true)
      // One Esc: back to the tab, as it was.
      try session.press("Escape")
      try session.waitForIdle()
      let tab = try session.capture()
      #expect(tab.contains("Trending films") && tab.contains("Film 1") && !tab.contains("Thriller"))
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func savedTabsAndOnMyServicesComeFromTheSettingsFileAndAskTheirOwnQuery() throws {
      let server = try server()
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let config = directory.appendingPathComponent("config")
      try """
      set region GB
      set services netflix, Mubi
      tab "Korean thrillers" genre=Thriller language=ko min-score=7
      tab "Broken" genre=Thriler
      """.write(to: config, atomically: true, encoding: .utf8)
      let environment = [
        "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "e2e-secret-key",
        "TRENDING_CONFIG": config.path,
      ]
      let session = try TmuxSession([], environment: environment, width: 100)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      let first = try session.capture()
      #expect(first.contains("config:4: no genre 'Thriler'"), "the bad line is reported with its number:\n\(first)")
      // The built-in tabs keep their numbers (9 is Recently rated); "On my services" and the saved tab
      // follow, past the number keys: S-Tab wraps to the last, Tab goes on from Recently rated.
      try session.press("9")
      try session.waitFor("You have not rated anything yet.")
      try session.press("Tab")
      try session.waitFor("Film 900")
      let services = try #require(server.requests.last { $0.path == "/3/discover/movie" })
      #expect(services.query("with_watch_providers") == "8|11", "both, case-insensitively, any of them")
      #expect(services.query("watch_region") == "GB")
      #expect(services.target.contains("with_watch_providers=8%7C11"), "the | goes URL-encoded: \(services.target)")
      // At 100 columns every tab keeps a name, laid out as for any tab selected (a switch moves no
      // label): the widest names take their short ones (Top, Soon, Watch), the saved tabs their first
      // words; the header names the tab showing whole.
      let bar = try session.capture()
      #expect(
        bar.contains(" Films Series │ Trending ") && bar.contains(" Soon  Watch  Calendar ")
          && bar.contains(" On my…  Korean…") && bar.contains("On Netflix, MUBI"),
        "\(bar)")
      // The eleventh tab has no number key: Tab reaches it.
      try session.press("Tab")
      try session.waitFor("Film 800")
      let saved = try #require(server.requests.last { $0.path == "/3/discover/movie" })
      #expect(saved.query("with_genres") == "53")
      #expect(saved.query("with_original_language") == "ko")
      #expect(saved.query("vote_average.gte") == "7")
      #expect(try session.capture().contains("Korean thrillers"))
      // Kept like any tab: back to Trending and to the saved tab again asks nothing.
      let asked = server.count("/3/discover/movie")
      try session.press("1")
      try session.waitFor("Film 1")
      try session.press("BTab")
      try session.waitFor("Film 800")
      #expect(server.count("/3/discover/movie") == asked)
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func theDemosServicesTabNamesWhereEachFilmStreams() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("services-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let config = directory.appendingPathComponent("config")
      try "set region US\nset services Max, hulu\n".write(to: config, atomically: true, encoding: .utf8)
      let session = try TmuxSession(["--demo"], environment: ["TRENDING_CONFIG": config.path])
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      // The services tab is the last: S-Tab wraps to it.
      try session.press("BTab")
      try session.waitFor("On Max, Hulu")
      // Each row asks its details once it is in view; wait until they are all in.
      try session.waitForIdle()
      let rows = try session.capture().split(separator: "\n").map(String.init)
      #expect(rows.contains { $0.contains("Dune: Part Two · Max ") }, "\(rows)")
      #expect(rows.contains { $0.contains("Fight Club · Hulu ") }, "the table's spelling, not the settings'")
      #expect(rows.contains { $0.contains("Parasite · Max, Hulu ") })
      // Subscriptions only: Interstellar streams on Paramount Plus and is rented on the others.
      #expect(!rows.contains { $0.contains("Interstellar") })
      let listed = rows.filter { $0.contains(" · ") && !$0.contains("On Max") }
      #expect(!listed.isEmpty && listed.allSatisfy { $0.contains("· Max") || $0.contains("· Hulu") }, "\(listed)")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
