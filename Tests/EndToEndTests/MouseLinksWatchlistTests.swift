import Foundation
import TestSupport
import Testing

/// The mouse, links, the watchlist and the settings file: the real binary in tmux and as processes.
extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite: blocking tests one at a time leave the cooperative pool
  /// to the async tests.
  @Suite("End to end: mouse, links, watchlist, settings")
  struct MouseLinksWatchlistTests {
    /// An SGR press and release at a 0-based cell, as a terminal sends them.
    private func click(_ session: TmuxSession, row: Int, column: Int) throws {
      try session.press("-l", "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    @Test func clicksSelectOpenGoBackAndTheWheelScrolls() throws {
      let amodb = try FakeAmodb()
      // 90 columns: the switch folds to "Films │" where both names would cut two more tabs short.
      let session = try TmuxSession([], environment: amodb.environment, width: 90)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      // Row 3 is the first film (header, tabs, column titles above it).
      try click(session, row: 7, column: 10)
      #expect(session.status()["selected"] == "4")
      try click(session, row: 7, column: 10)
      try session.waitFor("Details of film 5")
      #expect(session.status()["screen"] == "detail:5")
      #expect(try session.capture().hasPrefix(" ‹ "), "the back marker leads the header")
      try click(session, row: 0, column: 1)
      #expect(session.status()["screen"] == "list")
      try session.press("-l", "\u{1B}[<65;10;10M")
      #expect(session.status()["selected"] == "7", "one wheel notch moves three rows")
      try session.press("-l", "\u{1B}[<64;10;10M")
      #expect(session.status()["selected"] == "4")
      // " Films │ Trending  Popular  …" at 90 columns.
      let bar = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)[1]
      let popular = try #require(bar.range(of: " Popular"))
      try click(session, row: 1, column: bar.distance(from: bar.startIndex, to: popular.lowerBound) + 2)
      try session.waitFor("Film 101")
      #expect(amodb.server.count("/3/movie/popular") == 1, "a click on a tab shows it")
      // The switch: "Series" where both names show, else the folded "Films │", which turns it over.
      let turn = try #require(bar.range(of: " Series") ?? bar.range(of: " Films"))
      try click(session, row: 1, column: bar.distance(from: bar.startIndex, to: turn.lowerBound) + 2)
      try session.waitFor("Series 4001")
      #expect(amodb.server.count("/3/tv/popular") == 1, "a click on Series shows the series' tab in the same place")
      #expect(try session.capture().contains("Popular series"))
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
      let amodb = try FakeAmodb()
      let session = try TmuxSession(["--no-mouse"], environment: amodb.environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      #expect(try session.display("#{mouse_sgr_flag}") == "0")
      #expect(try session.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}") == "000")
      try session.send("q")
      _ = try session.waitForExit()
      let on = try TmuxSession([], environment: amodb.environment)
      try on.waitFor("Film 1")
      try on.waitForIdle()
      #expect(try on.display("#{mouse_sgr_flag}") == "1", "SGR reports are asked for")
      try on.send("q")
      _ = try on.waitForExit()
    }

    @Test func yCopiesTheLinkThroughOSC52AndOOpensTheBrowser() throws {
      let amodb = try FakeAmodb()
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let opened = directory.appendingPathComponent("opened")
      let script = directory.appendingPathComponent("browser")
      try ExecutableScript.write("#!/bin/sh\necho \"$1\" > '\(opened.path)'\n", to: script)
      var environment = amodb.environment
      environment["BROWSER"] = script.path
      let session = try TmuxSession([], environment: environment)
      try session.command(["set-option", "-g", "set-clipboard", "on"])
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("j", "y")
      #expect(try session.command(["show-buffer"]) == "https://www.themoviedb.org/movie/2")
      #expect(try session.capture().contains("Copied https://www.themoviedb.org/movie/2"))
      try session.press("Y")
      #expect(try session.command(["show-buffer"]) == "Film 2 (2024)")
      try session.press("o")
      let deadline = Date().addingTimeInterval(10)
      while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { usleep(20_000) }
      #expect(try String(contentsOf: opened, encoding: .utf8) == "https://www.themoviedb.org/movie/2\n")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)

      var bare = amodb.environment
      bare["PATH"] = "/var/empty"
      let without = try TmuxSession([], environment: bare)
      try without.waitFor("Film 1")
      try without.waitForIdle()
      try without.press("o")
      try without.waitFor("No browser to open (set $BROWSER)")
      try without.send("q")
      _ = try without.waitForExit()
    }

    @Test func marksShowInEveryListAndTheWatchlistTabOpensOffline() throws {
      let amodb = try FakeAmodb()
      let session = try TmuxSession([], environment: amodb.environment)
      try session.waitFor("Film 1")
      try session.waitForIdle()
      try session.press("j", "a", "j", "m")
      let list = try session.capture()
      #expect(list.contains(" 2 + Film 2") && list.contains(" 3 ✓ Film 3"), "\(list)")
      let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
      let stored = try BinaryRunner.run(["watchlist", "--json"], environment: data)
      #expect(stored.stdout.contains("\"title\" : \"Film 2\"") && stored.stdout.contains("\"watchlist\" : true"))
      let history = try BinaryRunner.run(["history", "--json"], environment: data)
      #expect(history.stdout.contains("\"title\" : \"Film 3\""), "seen: \(history.stdout)")
      let file = session.home.appendingPathComponent("data/trending/demo/library.sqlite3")
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o777 == 0o600)
      try session.press("6")
      try session.waitFor("Film 2")
      #expect(try session.capture().contains("Watchlist"))
      try session.send("q")
      _ = try session.waitForExit()

      // Offline: the server is gone, the tab still opens from the file (and the cache).
      amodb.knobs.failing.store(503, ordering: .relaxed)
      let offline = try TmuxSession(
        [],
        environment: amodb.environment.merging(["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]) {
          $1
        }
      )
      try offline.waitForIdle()
      try offline.press("6")
      try offline.waitFor("Film 2")
      try offline.send("q")
      _ = try offline.waitForExit()
    }

    @Test func aMarkMadeJustBeforeQuittingIsStored() throws {
      let session = try TmuxSession(["--demo"])
      try session.waitFor("1/20")
      try session.waitForIdle()
      try session.send("a", "q")
      #expect(try session.waitForExit().status == 0)
      let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
      let stored = try BinaryRunner.run(["watchlist", "--json"], environment: data)
      #expect(stored.stdout.contains("\"watchlist\" : true"), "\(stored.stdout)")
    }

    @Test func twoInstancesChangingTheWatchlistAtOnceLoseNothing() throws {
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
      let ids = [693134, 872585, 550, 146, 1398, 8885, 935, 496243, 545611, 238, 129, 157336]
      // Two shells adding at once, each started with no signal blocked (a test thread's mask would
      // otherwise be inherited), each waited for here.
      var environment = BinaryRunner.environment(["XDG_DATA_HOME": data.path])
      environment["TRENDING"] = Fixtures.binary.path
      let pids = try [ids.prefix(6), ids.suffix(6)].map { half in
        let script = half.map { "\"$TRENDING\" watchlist add \($0) --demo" }.joined(separator: "; ")
        return try Spawn.start(["/bin/sh", "-c", script], environment: environment)
      }
      for pid in pids {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
      }
      let outcome = try BinaryRunner.run(["watchlist", "--json"], environment: ["XDG_DATA_HOME": data.path])
      let entries = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
      #expect(Set(entries.compactMap { $0["id"] as? Int }) == Set(ids), "every add from both instances is kept")
      let csv = try BinaryRunner.run(["watchlist", "--csv"], environment: ["XDG_DATA_HOME": data.path])
      #expect(csv.stdout.hasPrefix("tmdbID,Title,Year,WatchedDate\n"))
      #expect(csv.stdout.contains("550,Fight Club,1999,"))
    }

    @Test func aDamagedOldWatchlistMovesInWithItsGoodLinesAndIsKeptAsItWas() throws {
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString)")
      let directory = data.appendingPathComponent("trending/demo")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let damaged = "550\tw\t2026-01-02\t\tFight Club\t1999\nthis is not a line of ours\n"
      try damaged.write(to: directory.appendingPathComponent("watchlist"), atomically: true, encoding: .utf8)
      let outcome = try BinaryRunner.run(
        ["watchlist", "add", "603", "--demo"], environment: ["XDG_DATA_HOME": data.path])
      #expect(outcome.status == 0)
      #expect(outcome.stderr.contains("1 line of the watchlist could not be read"), "\(outcome.stderr)")
      #expect(outcome.stderr.contains("the file is kept as"), "\(outcome.stderr)")
      let aside = directory.appendingPathComponent("watchlist.moved-to-library")
      #expect(try String(contentsOf: aside, encoding: .utf8) == damaged)
      #expect(outcome.stdout.contains("Fight Club") && outcome.stdout.contains("The Matrix"), "the good line is kept")
    }

    @Test func settingsApplyUnderTheEnvironmentAndBadLinesAreNamed() throws {
      let config = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: config.appendingPathComponent("trending"), withIntermediateDirectories: true)
      try "set region UA\nset language pl-PL\nset sparkle yes\nbind list x open\n".write(
        to: config.appendingPathComponent("trending/config"), atomically: true, encoding: .utf8)
      let report = try BinaryRunner.run(
        ["config"], environment: ["XDG_CONFIG_HOME": config.path, "AMODB_LANGUAGE": "cs-CZ"])
      #expect(report.status == 0)
      // The report speaks the language it reports: Czech from the environment, Polish from the file.
      #expect(report.stdout.contains("set region UA  # zdroj: soubor"), "\(report.stdout)")
      #expect(report.stdout.contains("set language cs-CZ  # zdroj: AMODB_LANGUAGE"), "the environment beats the file")
      #expect(report.stdout.contains("bind list x open"))
      #expect(report.stdout.contains("config:3: neznámé nastavení 'sparkle'"))
      let flag = try BinaryRunner.run(["config", "--region", "BR"], environment: ["XDG_CONFIG_HOME": config.path])
      #expect(flag.stdout.contains("set region BR  # źródło: flaga"), "\(flag.stdout)")
      let list = try BinaryRunner.run(["list", "--demo"], environment: ["XDG_CONFIG_HOME": config.path])
      #expect(
        list.stderr.contains("config:3: nieznane ustawienie 'sparkle'"), "a bad line is reported with file and line")
      #expect(list.status == 0, "and the rest still applies")
      let template = try BinaryRunner.run(["config"])
      #expect(template.stdout.contains("this is a template"))
      #expect(template.stdout.contains("# set region UA"))
    }
  }
}
