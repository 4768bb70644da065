import Foundation
import Synchronization
import TestSupport
import Testing

/// A loopback amodb with 20 trending films and details for each; its answers can be switched to failures.
final class FakeAmodb: Sendable {
  /// What the server does now: a status to fail with (0 for none) and a delay for lists.
  final class Knobs: Sendable {
    let failing = Atomic<Int>(0)
    let delay = Mutex<Double>(0)
  }

  let knobs = Knobs()
  let server: LoopbackServer

  init() throws {
    let knobs = self.knobs
    let poster = TestImages.jpeg(width: 92, height: 138, top: (200, 40, 40), bottom: (30, 30, 160))
    server = try LoopbackServer { request in
      if request.path.hasPrefix("/img/") {
        return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: poster)
      }
      let status = knobs.failing.load(ordering: .relaxed)
      if status != 0 { return .json(#"{"status_message": "Service down."}"#, status: status) }
      let seconds = knobs.delay.withLock { $0 }
      if request.path.hasPrefix("/3/trending/movie/") {
        return .delayed(seconds: seconds, status: 200, body: Data(TestClients.pageJSON(count: 20).utf8))
      }
      let lists = ["popular", "top_rated", "now_playing", "upcoming"]
      if let index = lists.firstIndex(where: { request.path == "/3/movie/\($0)" }) {
        return .json(TestClients.pageJSON(count: 20, firstID: 100 * (index + 1) + 1))
      }
      if request.path.hasPrefix("/3/movie/"), let id = Int(request.path.split(separator: "/").last ?? "") {
        return .json(TestClients.detailsJSON(id: id, title: "Details of film \(id)"))
      }
      if ["/3/search/movie", "/3/search/multi"].contains(request.path) {
        return .json(TestClients.pageJSON(count: 3, firstID: 900))
      }
      if request.path.hasPrefix("/3/trending/tv/") {
        return .json(TestClients.seriesPageJSON(count: 20, firstID: 3000))
      }
      let seriesLists = ["popular", "top_rated", "on_the_air", "airing_today"]
      if let index = seriesLists.firstIndex(where: { request.path == "/3/tv/\($0)" }) {
        return .json(TestClients.seriesPageJSON(count: 20, firstID: 4000 + 100 * index + 1))
      }
      let parts = request.path.split(separator: "/").map(String.init)
      if parts.count == 3, parts[1] == "tv", let id = Int(parts[2]) { return .json(TestClients.seriesJSON(id: id)) }
      if parts.count == 5, parts[1] == "tv", parts[3] == "season", let id = Int(parts[2]), let number = Int(parts[4]) {
        return .json(TestClients.seasonJSON(seriesID: id, number: number))
      }
      if request.path.hasPrefix("/3/person/"), let id = Int(request.path.split(separator: "/").last ?? "") {
        return .json(
          #"{"id": \#(id), "name": "Person \#(id)", "known_for_department": "Directing", "birthday": "1960-01-02", "#
            + #""biography": "Made films.", "combined_credits": {"cast": [], "crew": [{"id": \#(id + 40), "#
            + #""title": "Film by person \#(id)", "release_date": "1999-01-01", "job": "Director"}]}}"#)
      }
      return .json(#"{"status_message": "Not found."}"#, status: 404)
    }
  }

  var environment: [String: String] {
    [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "e2e-secret-key",
      "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:\(server.port)/img",
    ]
  }
}

/// The real binary in a real terminal (tmux), against a loopback server.
@Suite("End to end in tmux", .serialized)
struct BrowserEndToEndTests {
  private func restored(_ stty: String) -> Bool {
    let words = stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    return words.contains("echo") && words.contains("icanon") && words.contains("isig") && !words.contains("-echo")
  }

  @Test func browseOpenReturnRefreshQuit() throws {
    let amodb = try FakeAmodb()
    let session = try TmuxSession([], environment: amodb.environment)
    try session.waitFor("Film 1")
    try session.waitForIdle()
    let screen = try session.capture()
    #expect(screen.contains("Trending films · this week"))
    #expect(!screen.contains("en-US"), "the locale's own language is not named in the header")
    #expect(screen.contains("Film 19") && screen.contains("1/20"), "19 rows at 80x24 under the tabs")
    #expect(!screen.contains("e2e-secret-key"))
    #expect(amodb.server.count("/3/trending/movie/week") == 1)

    try session.press("j", "j", "Enter")
    try session.waitFor("Details of film 3")
    #expect(amodb.server.requests.last?.path == "/3/movie/3")
    #expect(try session.capture().contains("Some Director"))

    try session.press("Escape")
    #expect(session.status()["screen"] == "list")
    #expect(try session.capture().contains("3/20"))

    let before = amodb.server.count("/3/trending/movie/week")
    try session.press("r")
    #expect(amodb.server.count("/3/trending/movie/week") == before + 1)

    try session.send("q")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
    #expect(restored(exit.stty), "stty after q: \(exit.stty)")
    #expect(try session.display("#{alternate_on}") == "0")
    #expect(try session.display("#{cursor_flag}") == "1")
  }

  @Test func aFinishedSessionLeavesNoTmuxServerBehind() throws {
    var session: TmuxSession? = try TmuxSession(["--demo"])
    try session?.waitFor("1/20")
    let pid = try #require(Int32(session?.display("#{pid}") ?? ""))
    #expect(kill(pid, 0) == 0)
    session = nil
    let deadline = Date().addingTimeInterval(5)
    while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
    #expect(kill(pid, 0) == -1, "the tmux server \(pid) outlived its session")
  }

  @Test func tenQuickRefreshesMakeOneRequest() throws {
    let amodb = try FakeAmodb()
    let session = try TmuxSession([], environment: amodb.environment)
    try session.waitFor("Film 1")
    try session.waitForIdle()
    amodb.knobs.delay.withLock { $0 = 0.5 }
    let before = amodb.server.count("/3/trending/movie/week")
    try session.press("r", "r", "r", "r", "r", "r", "r", "r", "r", "r")
    #expect(amodb.server.count("/3/trending/movie/week") == before + 1)
    try session.send("C-c")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
    #expect(restored(exit.stty), "stty after Ctrl-C: \(exit.stty)")
  }

  @Test func aFailedRefreshKeepsTheListWithABanner() throws {
    let amodb = try FakeAmodb()
    let session = try TmuxSession([], environment: amodb.environment)
    try session.waitFor("Film 1")
    try session.waitForIdle()
    amodb.knobs.failing.store(503, ordering: .relaxed)
    try session.press("r")
    // At 80 columns: where the user is, then "! service error (HTTP 503) · list from just now".
    try session.waitFor("list from")
    let screen = try session.capture()
    #expect(screen.contains("Film 1"))
    #expect(screen.contains("503"))
    amodb.knobs.failing.store(0, ordering: .relaxed)
    try session.press("r")
    #expect(!(try session.capture().contains("list from")))
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func aDeadServerShowsTheErrorAndQuitsCleanly() throws {
    let amodb = try FakeAmodb()
    amodb.server.stop()
    let session = try TmuxSession([], environment: amodb.environment)
    try session.waitFor("Could not load the trending films")
    #expect(try session.capture().contains("connection refused"))
    try session.send("q")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
    #expect(restored(exit.stty))
  }

  @Test(arguments: [("TERM", 15, 143), ("HUP", 1, 129), ("SEGV", 11, -1)])
  func signalsRestoreTheTerminal(name: String, number: Int32, expected: Int32) throws {
    let session = try TmuxSession(["--demo"])
    try session.waitFor("Dune")
    let status = try session.waitForIdle()
    let pid = try #require(Int32(status["pid"] ?? ""))
    kill(pid, number)
    let exit = try session.waitForExit()
    if expected > 0 { #expect(exit.status == expected) } else { #expect(exit.status == 128 + number) }
    #expect(restored(exit.stty), "stty after SIG\(name): \(exit.stty)")
    #expect(try session.display("#{alternate_on}") == "0")
  }

  @Test func anErrorAtStartUpSaysSoAndLeavesTheTerminalAlone() throws {
    let session = try TmuxSession(["--demo"], terminal: "nosuchterm")
    let exit = try session.waitForExit()
    #expect(exit.status == 2, "a terminal the browser cannot draw in is a usage error")
    #expect(restored(exit.stty), "stty after a start-up error: \(exit.stty)")
    #expect(try session.capture().contains("TERM=nosuchterm is not a terminal this system knows"))
  }

  @Test func resizingBelowTheMinimumAndBack() throws {
    let session = try TmuxSession(["--demo"])
    try session.waitFor("Dune")
    try session.resize(width: 25, height: 6)
    try session.waitFor("too small")
    try session.resize(width: 120, height: 40)
    // The wide table: genres beside the titles (a long title is cut where its column ends).
    try session.waitFor("Dr. Strangelove or: How I")
    try session.waitFor("Comedy, War")
    try session.resize(width: 40, height: 12)
    try session.waitFor("Trending films · week")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func demoWorksInEightColoursAndWithoutColour() throws {
    for (terminal, extra) in [("xterm", [String: String]()), ("tmux-256color", ["NO_COLOR": "1"])] {
      let session = try TmuxSession(["--demo"], environment: extra, terminal: terminal)
      try session.waitFor("Dune")
      try session.press("Enter")
      try session.waitFor("Denis Villeneuve")
      try session.press("?")
      try session.waitFor("Keys")
      try session.press("x")
      try session.press("q")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}

@Suite("Posters end to end", .serialized)
struct PosterEndToEndTests {
  @Test func postersComeWithoutTheKeyAndOnlyWhenWanted() throws {
    let amodb = try FakeAmodb()
    let session = try TmuxSession([], environment: amodb.environment, width: 120, height: 30)
    try session.waitFor("Film 1")
    // Idle includes the poster's short wait and its download (both are work in flight).
    try session.waitForIdle()
    let images = amodb.server.requests.filter { $0.path.hasPrefix("/img/") }
    // The selected film's, then the row below's, decoded ahead of a move to it.
    #expect(images.map(\.path) == ["/img/w342/p1.jpg", "/img/w342/p2.jpg"])
    // 120 columns: a 36-column pane, a 34-column box, about 204 pixels: w342 is the smallest that covers it.
    #expect(images.first?.path == "/img/w342/p1.jpg")
    #expect(images.allSatisfy { $0.headers["authorization"] == nil })
    #expect(try session.capture().contains("▀") || (try session.capture().contains("▄")))
    // Holding j: nine quick moves start at most a couple of downloads, not nine.
    try session.press("j", "j", "j", "j", "j", "j", "j", "j", "j")
    // Once it rests on Film 10, the rows either side are decoded ahead, one after the other: those
    // aside, a couple.
    let neighbours: Set = ["/img/w342/p9.jpg", "/img/w342/p11.jpg"]
    var paths: [String] = []
    let deadline = Date().addingTimeInterval(10)
    repeat {
      paths = Array(amodb.server.requests.map(\.path).filter { $0.hasPrefix("/img/") }.dropFirst(images.count))
      if Set(paths).isSuperset(of: neighbours) { break }
      try session.waitForIdle()
    } while Date() < deadline
    let moves = paths.filter { !neighbours.contains($0) }
    #expect(moves.count <= 2, "\(moves) downloaded for nine moves")
    #expect(Set(paths).isSuperset(of: neighbours), "the neighbours ahead: \(paths)")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test(arguments: [["--images", "off"], ["--no-color"]])
  func offAndNoColorMakeNoImageRequests(arguments: [String]) throws {
    let amodb = try FakeAmodb()
    let session = try TmuxSession(arguments, environment: amodb.environment, width: 120, height: 30)
    try session.waitFor("Film 1")
    try session.press("Enter")
    try session.waitFor("Details of film 1")
    try session.waitForIdle()
    #expect(amodb.server.count("/img/") == 0)
    try session.send("q")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }
}

@Suite("The browser without a terminal")
struct NoTerminalTests {
  @Test func refusesWithoutATerminal() throws {
    let outcome = try BinaryRunner.run(["--demo"])
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("trending list"))
    #expect(!outcome.stderr.contains("\u{1B}"))
  }

  @Test func homeAndEndAsTmuxSendsThemWorkWhateverTheTerminfo() throws {
    // tmux sends \e[1~ and \e[4~ for Home and End; xterm's terminfo names other sequences.
    let session = try TmuxSession(["--demo"], terminal: "xterm-256color")
    try session.waitFor("1/20")
    try session.press("End")
    #expect(session.status()["selected"] == "19")
    try session.press("Home")
    #expect(session.status()["selected"] == "0")
    try session.press("C-d")
    #expect(session.status()["selected"] == "9")
    try session.press("b")
    #expect(session.status()["selected"] == "0")
    try session.press("?")
    #expect(try session.capture().contains("half a page down"))
    try session.press("Escape")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func tabsSwitchListsAndEachKeepsItsPlace() throws {
    let amodb = try FakeAmodb()
    let session = try TmuxSession(["--region", "ua"], environment: amodb.environment)
    try session.waitFor("1/20")
    try session.waitForIdle()
    try session.press("j", "j", "j")
    try session.press("Tab")
    try session.waitFor("Film 101")
    #expect(try session.capture().contains("Popular films"))
    #expect(amodb.server.requests.last?.path == "/3/movie/popular")
    #expect(amodb.server.requests.last?.query("region") == "UA")
    try session.press("j")
    try session.press("1")
    #expect(try session.capture().contains("4/20"), "Trending kept its place")
    #expect(amodb.server.count("/3/trending/movie/week") == 1, "and needed no request")
    try session.press("BTab")
    try session.waitFor("Recently rated")
    _ = try session.waitForIdle()
    #expect(
      try session.capture().contains("You have not rated anything yet."),
      "Shift-Tab from the first tab goes round to the last")
    try session.press("BTab")
    try session.waitFor("Recommended for you")
    _ = try session.waitForIdle()
    #expect(try session.capture().contains("Nothing to recommend yet"))
    try session.press("BTab")
    try session.waitFor("Calendar")
    try session.press("BTab")
    try session.waitFor("Your watchlist is empty.")
    try session.press("BTab")
    try session.waitFor("Film 401")
    #expect(amodb.server.requests.last?.path == "/3/movie/upcoming")
    try session.press("2")
    #expect(try session.capture().contains("2/20"), "Popular kept its place")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }
}
