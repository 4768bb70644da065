import Foundation
import TestSupport
import Testing

/// Search, people and the navigation stack: the real binary in tmux against a loopback server.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: search and the navigation stack")
  struct NavigationEndToEndTests {
    @Test func aTitleTypedFastCostsOneSearchAndEnterKeepsTheResults() throws {
      let amodb = try FakeAmodb()
      let session = try TmuxSession([], environment: amodb.environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("/")
      #expect(session.status()["search"] == "1")
      // Eighteen keys at typing speed: tmux delivers them in one burst, as a fast typist does.
      try session.press("-l", "the matrix reloaded")
      try session.waitFor("Film 900")
      try session.waitForIdle()
      let searches = amodb.server.requests.filter { $0.path == "/3/search/multi" }
      #expect(searches.count == 1, "one request for a title typed fast, not one a key: \(searches.map(\.target))")
      #expect(searches.first?.target.contains("query=the%20matrix%20reloaded") == true, "the whole title is asked")
      #expect(try session.capture().contains("Search: the matrix reloaded"))

      // Typing on, with pauses longer than the debounce, asks once a pause.
      try session.press("BSpace", "BSpace", "BSpace")
      try session.waitForIdle()
      #expect(amodb.server.count("/3/search/multi") == 2)
      #expect(amodb.server.count("/3/search/movie") == 0, "one search for films, series and people")

      try session.press("Down", "Enter")
      #expect(session.status()["search"] == "0")
      #expect(session.status()["depth"] == "2", "the results are a list on the stack")
      let kept = try session.capture()
      #expect(kept.contains("Search “the matrix reloa”"), "the kept list is named by its query:\n\(kept)")
      try session.press("Enter")
      try session.waitFor("Details of film 901")
      try session.press("Escape")
      try session.press("Escape")
      #expect(session.status()["depth"] == "1")
      #expect(session.status()["screen"] == "list")

      // Esc closes the line without keeping anything.
      try session.press("/", "x")
      try session.waitFor("Film 900")
      try session.waitForIdle()
      // Esc alone is held by ncurses for its escape delay: wait for what it does, not for a frame.
      try session.send("Escape")
      let deadline = Date().addingTimeInterval(10)
      while session.status()["search"] != "0", Date() < deadline { usleep(20_000) }
      #expect(session.status()["search"] == "0")
      #expect(session.status()["depth"] == "1")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func theSearchLineIsEditedWhereTheCursorIs() throws {
      let session = try TmuxSession(["--demo"])
      try session.waitFor("Dune")
      try session.waitForIdle()
      try session.press("/")
      try session.press("-l", "xdne")
      // ← ← then "u" goes between "d" and "ne"; Home, Delete take the "x" away.
      try session.press("Left", "Left")
      try session.press("u")
      try session.press("Home", "DC")
      try session.waitFor("Search: dune")
      try session.waitFor("Dune: Part Two")
      try session.press("End")
      try session.press("-l", " part")
      try session.waitFor("Search: dune part")
      try session.send("Escape")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func filmToPersonToFilmAndBackLandsWhereItStarted() throws {
      let amodb = try FakeAmodb()
      let session = try TmuxSession([], environment: amodb.environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("j", "j", "Enter")
      try session.waitFor("Details of film 3")
      #expect(try session.capture().contains("Director   Some Director"), "facts first: the director on screen")
      try session.press("j")
      #expect(try session.capture().contains("⏎ open"), "a selected person can be opened")
      try session.press("Enter")
      try session.waitFor("Person 2")
      #expect(session.status()["screen"] == "person:2")
      #expect(amodb.server.count("/3/person/2") == 1)
      #expect(amodb.server.requests.last?.target.contains("append_to_response=combined_credits") == true)
      try session.press("j", "Enter")
      try session.waitFor("Details of film 42")
      #expect(session.status()["depth"] == "4")
      try session.press("Escape")
      #expect(session.status()["screen"] == "person:2")
      try session.press("Escape")
      #expect(session.status()["screen"] == "detail:3")
      #expect(try session.capture().contains("Details of film 3"))
      try session.press("Escape")
      #expect(session.status()["screen"] == "list")
      #expect(session.status()["selected"] == "2")
      #expect(try session.capture().contains("3/20"))
      #expect(amodb.server.count("/3/movie/3") == 1, "going back asks nothing again")
      #expect(amodb.server.count("/3/person/2") == 1)
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func seriesSeasonEpisodeGuestStarFilmAndBackFiveTimesAsksNothingAgain() throws {
      let amodb = try FakeAmodb()
      let session = try TmuxSession([], environment: amodb.environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("t")
      try session.waitFor("Series 3000")
      try session.waitForIdle()
      #expect(try session.capture().contains("Trending series"), "the header says which")
      #expect(amodb.server.count("/3/trending/tv/week") == 1)
      try session.press("j", "j", "Enter")
      try session.waitFor("Details of series 3002")
      #expect(session.status()["screen"] == "series:3002")
      let series = try session.capture()
      #expect(series.contains("ended · TV-14 · Loopback TV · 1 season · 2 episodes"), "facts first:\n\(series)")
      #expect(amodb.server.requests.last?.target.contains("append_to_response=aggregate_credits") == true)
      try session.press("j", "Enter")
      try session.waitFor("Episode one of 3002")
      #expect(session.status()["screen"] == "season:3002/1")
      // A season opens on its first episode: Enter opens it.
      try session.waitForIdle()
      try session.press("Enter")
      try session.waitFor("Guest stars")
      #expect(session.status()["screen"] == "episode:3002/1/1")
      #expect(amodb.server.count("/3/tv/3002/season/1") == 1, "the episode comes from its season's answer")
      // The series' name first, then the director, then the guest star.
      try session.press("j", "j", "j", "Enter")
      try session.waitFor("Person 77")
      #expect(session.status()["screen"] == "person:77")
      try session.press("j", "Enter")
      try session.waitFor("Details of film 117")
      #expect(session.status()["depth"] == "6")
      let asked = amodb.server.requests.count
      for screen in ["person:77", "episode:3002/1/1", "season:3002/1", "series:3002", "list"] {
        try session.press("Escape")
        #expect(session.status()["screen"] == screen)
      }
      _ = try session.waitForIdle()
      #expect(session.status()["selected"] == "2", "back on the same row")
      #expect(try session.capture().contains("Series 3002"))
      #expect(amodb.server.requests.count == asked, "going back five screens asks nothing again")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
