import Foundation
import TestSupport
import Testing

/// `YYYY-MM-DD` for a day `offset` days from today on this machine's clock, as the binary counts days.
private func day(_ offset: Int) -> String {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = .current
  let date = calendar.date(byAdding: .day, value: offset, to: Date()) ?? Date()
  let parts = calendar.dateComponents([.year, .month, .day], from: date)
  return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
}

@Suite("trending calendar: the same events as an iCalendar file and as JSON, from a real server")
struct CalendarEndToEndTests {
  /// Debian's python with its `icalendar` package (`make setup` installs python3-icalendar).
  static let python = "/usr/bin/python3"
  /// A title that needs escaping and folding: commas, a semicolon, a backslash and wide letters.
  static let awkward = "Crème, brûlée; a \\ story — 千と千尋の神隠し and a title that runs past seventy-five octets"

  /// amodb on loopback: film 550 on the watchlist opens in US cinemas in 10 days and online in 30;
  /// series 1399 airs its next episode in 5 days; discover names two cinema releases. `failing`
  /// answers 500.
  private func server(failing: String? = nil) throws -> LoopbackServer {
    try LoopbackServer { request in
      if request.path == failing { return .json("{}", status: 500) }
      if request.path == "/3/movie/550" {
        return .json(
          #"{"id":550,"title":"Fight Club","release_date":"1999-10-15","release_dates":{"results":[{"iso_3166_1":"US","release_dates":[{"type":3,"release_date":"\#(day(10))T00:00:00.000Z","certification":"R"},{"type":4,"release_date":"\#(day(30))T00:00:00.000Z"}]},{"iso_3166_1":"GB","release_dates":[{"type":3,"release_date":"\#(day(2))T00:00:00.000Z"}]}]}}"#
        )
      }
      if request.path == "/3/tv/1399" {
        return .json(
          #"{"id":1399,"name":"Game of Thrones","next_episode_to_air":{"season_number":8,"episode_number":3,"name":"The Long Night","air_date":"\#(day(5))"}}"#
        )
      }
      if request.path == "/3/discover/movie" {
        let title = CalendarEndToEndTests.awkward.replacingOccurrences(of: "\\", with: "\\\\")
        return .json(
          #"{"page":1,"total_pages":1,"total_results":2,"results":[{"id":7001,"title":"\#(title)","release_date":"\#(day(12))"},{"id":7002,"title":"Far Later","release_date":"\#(day(200))"}]}"#
        )
      }
      return .json(#"{"status_code":34,"status_message":"no"}"#, status: 404)
    }
  }

  /// The environment of a user in `home` whose watchlist holds `ids`, asking amodb at `amodb` (US).
  static func watching(_ ids: [String], home: URL, amodb: URL) throws -> [String: String] {
    let environment = [
      "AMODB_BASE_URL": amodb.absoluteString, "AMODB_KEY": "calendar-key", "AMODB_REGION": "US",
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
    ]
    for id in ids {
      #expect(try BinaryRunner.run(["watchlist", "add", id], environment: environment).status == 0)
    }
    return environment
  }

  @Test func theICSParsesWithARealLibraryAndHoldsTheJSONsEvents() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.python), "make setup installs python3")
    let server = try server()
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = try Self.watching(["550", "tv/1399"], home: home, amodb: server.baseURL)
    let ics = try BinaryRunner.run(["calendar", "--ics"], environment: environment)
    #expect(ics.status == 0, "\(ics.stderr)")
    let json = try BinaryRunner.run(["calendar", "--json"], environment: environment)
    #expect(json.status == 0, "\(json.stderr)")

    // The film's details were asked once (by `watchlist add`); the calendars read the cache.
    #expect(server.count("/3/movie/550") == 1)
    let discover = try #require(server.requests.first { $0.path == "/3/discover/movie" })
    #expect(discover.query("region") == "US")
    #expect(discover.query("release_date.gte") == day(0))
    #expect(discover.query("release_date.lte") == day(55))
    #expect(discover.query("with_release_type") == "2|3")

    // RFC 5545's shape, octet by octet: CRLF everywhere, no line over 75 octets.
    let bytes = Array(ics.stdout.utf8)
    #expect(ics.stdout.hasSuffix("END:VCALENDAR\r\n"))
    let lines = ics.stdout.components(separatedBy: "\r\n").dropLast()
    #expect(!lines.contains { $0.contains("\n") }, "no bare LF")
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(lines.contains { $0.hasPrefix(" ") }, "the long title is folded")
    #expect(bytes.count > 0 && lines.contains("VERSION:2.0") && lines.contains { $0.hasPrefix("PRODID:") })

    // Parsed by the icalendar package: each event as uid, start, end, summary, url.
    let file = home.appendingPathComponent("calendar.ics")
    try Data(ics.stdout.utf8).write(to: file)
    let script = """
      import icalendar, json, sys
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      assert str(calendar['VERSION']) == '2.0' and calendar['PRODID']
      events = []
      for event in calendar.walk('VEVENT'):
          assert event['DTSTAMP'].dt.tzinfo is not None
          assert event['DTSTART'].params['VALUE'] == 'DATE' and event['DTEND'].params['VALUE'] == 'DATE'
          events.append({'uid': str(event['UID']), 'start': event['DTSTART'].dt.isoformat(),
                         'end': event['DTEND'].dt.isoformat(), 'summary': str(event['SUMMARY']),
                         'url': str(event['URL'])})
      print(json.dumps(events))
      """
    let parsed = try BinaryRunner.program(Self.python, ["-c", script, file.path])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let fromICS = try #require(
      try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String: String]])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let fromJSON = try #require(document["events"] as? [[String: Any]])
    #expect(fromICS.map { $0["uid"] } == fromJSON.map { $0["uid"] as? String })
    #expect(fromICS.map { $0["start"] } == fromJSON.map { $0["date"] as? String })
    #expect(fromICS.map { $0["summary"] } == fromJSON.map { $0["summary"] as? String })
    #expect(fromICS.map { $0["url"] } == fromJSON.map { $0["url"] as? String })
    #expect(
      fromICS.map { $0["uid"] ?? "" } == [
        "tv-1399-s8e3@trending", "film-550-cinema@trending", "film-7001-cinema@trending",
        "film-550-digital@trending",
      ], "by day; GB's date and the release past the eight weeks are left out")
    #expect(fromICS[0]["start"] == day(5) && fromICS[0]["end"] == day(6), "an all-day event ends the next day")
    #expect(fromICS[2]["summary"] == Self.awkward + " — in cinemas", "escaped and folded text reads back whole")
    #expect(fromJSON[1]["on_watchlist"] as? Bool == true && fromJSON[2]["on_watchlist"] as? Bool == false)

    // Made again, the same UIDs: a calendar app updates its events rather than doubling them.
    let again = try BinaryRunner.run(["calendar", "--ics"], environment: environment)
    let uids = { (text: String) in text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") } }
    #expect(uids(again.stdout) == uids(ics.stdout))
    // The same bytes, stamps too: a file synced or subscribed to does not change where nothing did.
    let stamps = { (text: String) in text.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTAMP:") } }
    #expect(stamps(again.stdout).allSatisfy { $0.hasSuffix("T000000Z") }, "\(stamps(again.stdout))")
    #expect(again.stdout == ics.stdout || stamps(again.stdout) != stamps(ics.stdout), "same day, same file")

    // For people: a heading a week with something in it, as the tab shows them.
    let text = try BinaryRunner.run(["calendar"], environment: environment)
    #expect(text.status == 0 && text.stdout.contains("Game of Thrones — S08E03"), "\(text.stdout)")
    #expect(!text.stdout.contains("nothing known"), "no empty weeks: \(text.stdout)")
    #expect(text.stdout.components(separatedBy: "Week of").count - 1 <= 4, "four events, four weeks at most")
  }

  @Test func aCalendarWithNothingToComeSaysSoAndPrintsNothing() throws {
    let server = try LoopbackServer { _ in .json(#"{"page":1,"total_pages":1,"total_results":0,"results":[]}"#) }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = try Self.watching([], home: home, amodb: server.baseURL)
    let outcome = try BinaryRunner.run(["calendar", "--weeks", "1"], environment: environment)
    #expect(outcome.status == 0 && outcome.stdout.isEmpty, "\(outcome.stdout)")
    #expect(outcome.stderr.contains("Nothing known to come out in the next 1 week."), "\(outcome.stderr)")
  }

  @Test func theDemoHasACalendarOffline() throws {
    let outcome = try BinaryRunner.run(
      ["--demo", "calendar", "--json"], environment: ["AMODB_BASE_URL": "http://127.0.0.1:1/3", "AMODB_REGION": "GB"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    let events = try #require(document["events"] as? [[String: Any]])
    #expect(events.count >= 4, "the demo's made-up upcoming films, dated from today")
    #expect(events.allSatisfy { ($0["title"] as? String)?.hasSuffix("(demo)") == true })
    #expect(events.first?["date"] as? String == day(3))
  }

  @Test func aSeriesInProgressOffTheWatchlistHasItsEpisodesInTheCalendar() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["XDG_DATA_HOME": home.path, "AMODB_BASE_URL": "http://127.0.0.1:1/3"]
    let seen = try BinaryRunner.run(
      ["--demo", "seen", "tv/990101", "--season", "1", "--through", "3"], environment: environment)
    #expect(seen.status == 0, "\(seen.stderr)")
    let outcome = try BinaryRunner.run(["--demo", "calendar", "--json"], environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    let episodes = try #require(document["events"] as? [[String: Any]]).filter { $0["id"] as? Int == 990101 }
    #expect(!episodes.isEmpty, "the series followed: \(outcome.stdout)")
    #expect(episodes.allSatisfy { $0["kind"] as? String == "episode" && $0["on_watchlist"] as? Bool == false })
  }

  @Test func offlineTheCalendarSaysSoInTwoLinesAndExitsWithTheNetworksCode() throws {
    let refusing = try RefusingPort()
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = try Self.watching(["550", "603", "tv/1399"], home: home, amodb: refusing.baseURL)
    let outcome = try BinaryRunner.run(["calendar", "--ics"], environment: environment)
    #expect(outcome.status == 5 && outcome.stdout.isEmpty, "\(outcome.status) \(outcome.stdout)")
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.count == 2 && lines[0].contains("3 titles on the watchlist could not be read"), "\(outcome.stderr)")
  }

  /// A key refused stops the asking at the first title: one request, not one a title (with its
  /// retries) and the releases after them, as cron would otherwise send every morning.
  @Test func aRefusedKeyIsAskedOnceAndSaidOnce() throws {
    let server = try LoopbackServer { _ in .json(#"{"status_code":7,"status_message":"Invalid key."}"#, status: 401) }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = try Self.watching(["550", "603", "tv/1399"], home: home, amodb: server.baseURL)
    let before = server.requests.count
    let outcome = try BinaryRunner.run(["calendar", "--ics"], environment: environment)
    #expect(outcome.status == 3 && outcome.stdout.isEmpty, "\(outcome.status) \(outcome.stderr)")
    #expect(server.requests.count == before + 1, "\(server.requests.dropFirst(before).map(\.target))")
  }

  /// A part that could not be read fails the run, the rest printed: a calendar file cron writes is
  /// known to lack a title.
  @Test func aTitleThatCouldNotBeReadFailsTheRunAndTheRestIsPrinted() throws {
    let server = try server(failing: "/3/movie/603")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = try Self.watching(["550", "603"], home: home, amodb: server.baseURL)
    let outcome = try BinaryRunner.run(["calendar", "--ics"], environment: environment)
    #expect(outcome.status == 5, "\(outcome.status) \(outcome.stderr)")
    #expect(
      outcome.stdout.contains("Fight Club") && outcome.stderr.contains("1 title on the watchlist could not be read"))
  }

  @Test func usageErrors() throws {
    let both = try BinaryRunner.run(["calendar", "--json", "--ics"])
    #expect(both.status == 2 && both.stderr.contains("--ics"))
    let weeks = try BinaryRunner.run(["calendar", "--weeks", "99"])
    #expect(weeks.status == 2 && weeks.stderr.contains("--weeks"))
  }
}

extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite, as the other browser tests are.
  @Suite("End to end: the calendar tab")
  struct CalendarTabTests {
    @Test func aSeriesInProgressOffTheWatchlistHasItsEpisodesInTheTab() throws {
      let session = try TmuxSession(["--demo"], width: 100, height: 30)
      let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
      try session.waitForIdle()
      let seen = try BinaryRunner.run(
        ["--demo", "seen", "tv/990101", "--season", "1", "--through", "3"], environment: data)
      #expect(seen.status == 0, "\(seen.stderr)")
      try session.press("7")
      try session.waitFor("S01E06 “Low Tide”")
      #expect(try session.capture().contains("The Night Ferry (demo)"))
      // An episode's row opens the episode, as its .ics event's link does.
      for _ in 0..<10 where try !session.focusedLine().line.contains("Low Tide") { try session.press("j") }
      #expect(try session.focusedLine().line.contains("Low Tide"))
      try session.press("Enter")
      try session.waitForIdle()
      #expect(session.status()["screen"]?.hasPrefix("episode") == true, "\(session.status())")
      try session.press("Escape")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    /// Where marking is the screen's job, the key bar keeps `m` at 80 columns (over refresh).
    @Test func upNextAndAnEpisodeOfferMarkingAt80Columns() throws {
      let session = try TmuxSession(["--demo"])
      let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
      try session.waitForIdle()
      let seen = try BinaryRunner.run(
        ["--demo", "seen", "tv/990101", "--season", "1", "--through", "3"], environment: data)
      #expect(seen.status == 0, "\(seen.stderr)")
      try session.press("t")
      try session.press("6")
      try session.waitFor("Starboard Lights")
      try session.waitForIdle()
      let bar = { try session.capture().split(separator: "\n").last.map(String.init) ?? "" }
      let listBar = try bar()
      #expect(listBar.contains("m seen"), "\(listBar)")
      try session.press("Enter")
      try session.waitFor("S01E04 · Starboard Lights")
      try session.waitForIdle()
      let episodeBar = try bar()
      #expect(episodeBar.contains("m seen"), "\(episodeBar)")
      try session.send("C-c")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
