import Foundation
import TestSupport
import Testing

/// `f` on a series tab: the real binary in tmux, on a loopback amodb that serves series genres and `/discover/tv`.
extension BrowserEndToEndTests {
  @Suite("End to end: the f form of series")
  struct SeriesDiscoverEndToEndTests {
    /// A server with trending films and series, the series genres and a `/discover/tv` page of its own.
    private func server() throws -> LoopbackServer {
      let seriesGenres = String(decoding: try Fixtures.tmdb("genre-tv-list.json"), as: UTF8.self)
      return try LoopbackServer { request in
        switch request.path {
        case let path where path.hasPrefix("/3/trending/movie/"): return .json(TestClients.pageJSON(count: 20))
        case let path where path.hasPrefix("/3/trending/tv/"): return .json(TestClients.seriesPageJSON(count: 5))
        case "/3/genre/tv/list": return .json(seriesGenres)
        case "/3/discover/tv": return .json(TestClients.seriesPageJSON(count: 2, firstID: 700))
        case "/3/watch/providers/tv":
          return .json(#"{"results":[{"provider_id":8,"provider_name":"Netflix","display_priority":1}]}"#)
        default: return .json(#"{"status_message": "Not found."}"#, status: 404)
        }
      }
    }

    @Test func fOnTheSeriesTabAsksDiscoverTVWithTheSeriesGenresAndATypedYear() throws {
      let server = try server()
      let environment = ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "e2e-secret-key"]
      let session = try TmuxSession(["--region", "US"], environment: environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("t")
      try session.waitFor("Series 1")
      try session.press("f")
      try session.waitFor("Filter series")
      try session.waitFor("Action & Adventure")
      let form = try session.capture()
      #expect(form.contains("First aired from") && form.contains("Status") && !form.contains("Rated up to"))
      #expect(server.count("/3/genre/movie/list") == 0, "the series' genres, not the films'")
      // A year typed in place, then Sci-Fi & Fantasy (the twelfth genre; the heading is stepped over).
      try session.press("2", "0", "1", "8")
      try session.waitFor("from 2018")
      try session.press("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down")
      for _ in 0..<11 { try session.press("Down") }
      try session.press("Space")
      try session.waitFor("Sci-Fi & Fantasy · from 2018")
      #expect(server.count("/3/discover/") == 0, "editing the form asks nothing")
      try session.press("Enter")
      try session.waitFor("Series 700")
      let list = try session.capture()
      #expect(list.contains("Trending series › Series") && !list.contains("All films"), "\(list)")
      #expect(list.components(separatedBy: "Sci-Fi & Fantasy · from 2018").count == 2, "the filter read once")
      let asked = try #require(server.requests.last { $0.path == "/3/discover/tv" })
      #expect(asked.query("with_genres") == "10765")
      #expect(asked.query("first_air_date.gte") == "2018-01-01")
      #expect(server.count("/3/discover/movie") == 0)
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
