import Foundation
import Synchronization
import TestSupport
import Testing

/// `trending play`, `trending scrobble` and `trending mpv-script` through the real binary and a real
/// mpv (`--vo=null --ao=null --no-config`) playing short clips made with ffmpeg, named as people
/// name files, against a loopback amodb that knows "Film Title" (1999) and the series "Show Name".
@Suite(
  "Files played in mpv, marked once watched",
  .serialized,
  .enabled(
    if: BinaryRunner.has("mpv") && BinaryRunner.has("ffmpeg"),
    "mpv or ffmpeg is not installed (make setup installs them)"
  ))
struct PlayEndToEndTests {
  /// The loopback amodb: film and series searches.
  private func server() throws -> LoopbackServer {
    try LoopbackServer { request in
      let page = { (results: [String]) in
        LoopbackServer.Reply.json(
          #"{"page":1,"results":[\#(results.joined(separator: ","))],"total_pages":1,"total_results":\#(results.count)}"#
        )
      }
      switch (request.path, request.query("query") ?? "") {
      case ("/3/search/movie", "Film Title"):
        return page([
          #"{"id":550,"title":"Film Title","original_title":"Film Title","release_date":"1999-10-15","vote_average":8,"vote_count":100}"#
        ])
      case ("/3/search/tv", "Show Name"):
        return page([
          #"{"id":1396,"name":"Show Name","original_name":"Show Name","first_air_date":"2008-01-20","vote_average":8,"vote_count":100}"#
        ])
      case ("/3/search/movie", _), ("/3/search/tv", _): return page([])
      case ("/3/tv/1396/season/1", _):
        let episodes = (1...7).map { #"{"episode_number":\#($0),"name":"Episode \#($0)","air_date":"2008-01-20"}"# }
        return .json(#"{"season_number":1,"name":"Season 1","episodes":[\#(episodes.joined(separator: ","))]}"#)
      default: return .json(#"{"status_code":34,"status_message":"Not found."}"#, status: 404)
      }
    }
  }

  /// A home for one test: its clips, settings file, runtime folder (0700) and library.
  private struct Home {
    let folder: URL
    let environment: [String: String]

    init(server: LoopbackServer, settings: String = "") throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("play-\(UUID().uuidString.prefix(8))")
      let runtime = folder.appendingPathComponent("run")
      try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
      try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
      let config = folder.appendingPathComponent("config")
      try ("set player mpv --no-config --vo=null --ao=null --msg-level=all=error\n" + settings)
        .write(to: config, atomically: true, encoding: .utf8)
      environment = [
        "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "play-secret-key",
        "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:1/img", "TRENDING_CONFIG": config.path,
        "XDG_RUNTIME_DIR": runtime.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      ]
    }

    var runtime: URL { folder.appendingPathComponent("run") }

    /// The same home with amodb out of reach: a port on loopback nothing listens on.
    var offline: [String: String] {
      environment.merging(["AMODB_BASE_URL": "http://127.0.0.1:1/3"]) { $1 }
    }

    /// The library's watches, as `trending history --json` prints them.
    func history() throws -> [[String: Any]] {
      let outcome = try BinaryRunner.run(["history", "--json"], environment: environment)
      return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    }
  }

  /// Today as the library dates watches.
  private var today: String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: Date())
  }

  @Test func aFilmPlayedToItsEndIsAWatchOfThatDay() throws {
    let server = try server()
    let home = try Home(server: server)
    let clip = try MediaClip.make("Film Title (1999)/Film Title (1999).mkv", in: home.folder, seconds: 3)
    let play = try RunningBinary(["play", clip.path], environment: home.environment)
    #expect(try play.waitForExit() == 0, "\(play.stderr)")
    #expect(play.stderr.contains("playing Film Title (1999)"), "\(play.stderr)")
    #expect(play.stdout.contains("marked Film Title (1999) seen on \(today)"), "\(play.stdout)")
    let watches = try home.history()
    #expect(watches.count == 1)
    #expect(watches.first?["id"] as? Int == 550 && watches.first?["watched"] as? String == today)
    // Nothing of ours is left in the runtime folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.runtime.path).isEmpty)
    // The key went to amodb as a header, never in the address mpv or anyone else sees.
    #expect(!server.requests.contains { $0.target.contains("play-secret-key") })
  }

  @Test func anEpisodeStoppedAtHalfRecordsNothing() throws {
    let server = try server()
    let home = try Home(server: server)
    let clip = try MediaClip.make("Show.Name.S01E02.720p.WEB.mkv", in: home.folder, seconds: 4)
    let play = try RunningBinary(["play", clip.path], environment: home.environment)
    try play.waitFor("playing Show Name (2008) S01E02")
    let mpv = try MpvSocketClient.connect(under: home.runtime)
    // The socket is the user's alone.
    let socket = try #require(
      try FileManager.default.contentsOfDirectory(atPath: home.runtime.path).first { $0.hasPrefix("trending-mpv-") })
    let folder = home.runtime.appendingPathComponent(socket)
    let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
    let socketMode =
      try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("mpv.sock").path)[
        .posixPermissions] as? Int
    #expect(folderMode == 0o700 && socketMode == 0o600)
    try mpv.waitForPosition(atLeast: 2)
    try mpv.send(["quit"])
    #expect(try play.waitForExit() == 0, "\(play.stderr)")
    #expect(play.stdout.contains("Show Name (2008) S01E02: stopped at"), "\(play.stdout)")
    #expect(play.stdout.contains("nothing recorded") && !play.stdout.contains("marked"), "\(play.stdout)")
    #expect(try home.history().isEmpty)
  }

  @Test func aSeekPastTheThresholdIsAWatchBeforeTheEnd() throws {
    let server = try server()
    let home = try Home(server: server, settings: "set watched-at 60\n")
    let clip = try MediaClip.make("Show Name/Season 01/Show Name - S01E03.mkv", in: home.folder, seconds: 30)
    let play = try RunningBinary(["play", clip.path], environment: home.environment)
    try play.waitFor("a watch is recorded at 60%")
    let mpv = try MpvSocketClient.connect(under: home.runtime)
    try mpv.waitForPosition(atLeast: 0.1)
    try mpv.send(["seek", 65, "absolute-percent"])
    // Recorded the moment the furthest point passed 60%, with a third of the clip still to play.
    try play.waitFor("marked Show Name (2008) S01E03 seen on \(today)")
    try mpv.send(["quit"])
    #expect(try play.waitForExit() == 0, "\(play.stderr)")
    #expect(!play.stdout.contains("stopped at"), "\(play.stdout)")
    let watches = try home.history()
    #expect(watches.count == 1)
    #expect(
      watches.first?["id"] as? Int == 1396 && watches.first?["season"] as? Int == 1
        && watches.first?["episode"] as? Int == 3)
  }

  @Test func aFileResumedPastTheThresholdIsNoRewatch() throws {
    let server = try server()
    // mpv's saved place (or --start) past watched-at: the end of a watch already counted.
    let home = try Home(
      server: server, settings: "set player mpv --no-config --vo=null --ao=null --msg-level=all=error --start=92%\n")
    let clip = try MediaClip.make("Film Title (1999)/Film Title (1999).mkv", in: home.folder, seconds: 5)
    let play = try RunningBinary(["play", clip.path], environment: home.environment)
    #expect(try play.waitForExit() == 0, "\(play.stderr)")
    #expect(play.stdout.contains("Film Title (1999): began at 9"), "\(play.stdout)")
    #expect(play.stdout.contains("nothing recorded again") && !play.stdout.contains("marked"), "\(play.stdout)")
    #expect(try home.history().isEmpty)
  }

  @Test func aFileNotIdentifiedStillPlaysAndSaysWhyNothingIsRecorded() throws {
    let server = try server()
    let home = try Home(server: server)
    let clip = try MediaClip.make("Nobody.Knows.This.2003.mkv", in: home.folder, seconds: 1)
    let play = try RunningBinary(["play", clip.path], environment: home.environment)
    #expect(try play.waitForExit() == 0, "\(play.stderr)")
    #expect(play.stderr.contains("nothing will be recorded: no film or series amodb knows fits its name"))
    #expect(try home.history().isEmpty)
    let missing = try BinaryRunner.run(
      ["play", home.folder.appendingPathComponent("gone.mkv").path], environment: home.environment)
    #expect(missing.status == 1 && missing.stderr.contains("cannot play"))
  }

  @Test func scrobbleRecordsPastTheThresholdOnceADay() throws {
    let server = try server()
    let home = try Home(server: server)
    let path = "/films/Film.Title.1999.1080p.BluRay.mkv"
    let short = try BinaryRunner.run(
      ["scrobble", path, "--position", "3000", "--duration", "6000"], environment: home.environment)
    #expect(short.status == 0 && short.stdout.contains("played to 50% (a watch counts from 90%): nothing recorded"))
    let first = try BinaryRunner.run(
      ["scrobble", path, "--position", "5500.5", "--duration", "6000"], environment: home.environment)
    #expect(first.status == 0 && first.stdout.contains("marked Film Title (1999) seen on \(today)"), "\(first.stderr)")
    let again = try BinaryRunner.run(
      ["scrobble", path, "--position", "6000", "--duration", "6000"], environment: home.environment)
    #expect(again.status == 0 && again.stdout.contains("already"), "\(again.stdout)")
    #expect(try home.history().count == 1)
    // A file of two episodes records both, once a day.
    let double = try BinaryRunner.run(
      ["scrobble", "Show.Name.S01E04E05.mkv", "--position", "60", "--duration", "60"], environment: home.environment)
    #expect(double.status == 0 && double.stdout.contains("marked Show Name (2008) S01E04-E05 seen"), "\(double.stdout)")
    #expect(try home.history().compactMap { $0["episode"] as? Int }.sorted() == [4, 5])
    let unknown = try BinaryRunner.run(
      ["scrobble", "Nobody.Knows.This.2003.mkv", "--position", "60", "--duration", "60"],
      environment: home.environment)
    #expect(unknown.status == 6 && unknown.stderr.contains("nothing recorded"), "not found: \(unknown.status)")
    for (file, said) in [
      ("Show Name/Season 9/Show Name - S09E01.mkv", "has no season 9"),
      ("Show.Name.S01E99.mkv", "has no episode S01E99"),
    ] {
      let absent = try BinaryRunner.run(
        ["scrobble", file, "--position", "60", "--duration", "60"], environment: home.environment)
      #expect(absent.status == 6 && absent.stderr.contains(said), "\(file): \(absent.status) \(absent.stderr)")
    }
    let real = try BinaryRunner.run(
      ["scrobble", "Show.Name.S01E02.mkv", "--position", "60", "--duration", "60"], environment: home.environment)
    #expect(real.status == 0 && real.stdout.contains("S01E02 seen on"), "\(real.stdout)\(real.stderr)")
    #expect(try home.history().count == 4, "nothing recorded of an episode the series does not have")
    let usage = try BinaryRunner.run(["scrobble", path, "--position", "60"], environment: home.environment)
    #expect(usage.status == 2 && usage.stderr.contains("--duration"))
  }

  @Test func aWatchAmodbCouldNotNameIsKeptAndRecordedOnItsDayLater() throws {
    let server = try server()
    let home = try Home(server: server)
    let offline = home.offline
    let film = try BinaryRunner.run(
      ["scrobble", "/films/Film.Title.1999.1080p.BluRay.mkv", "--position", "5900", "--duration", "6000"],
      environment: offline)
    #expect(film.status == 5 && film.stderr.contains("kept to record later, once amodb answers"), "\(film.stderr)")
    let episode = try BinaryRunner.run(
      ["scrobble", "/tv/Show.Name.S01E02.mkv", "--position", "60", "--duration", "60"], environment: offline)
    #expect(episode.status == 5 && episode.stderr.contains("kept to record later"), "\(episode.stderr)")
    let still = try BinaryRunner.run(["scrobble", "--pending"], environment: offline)
    #expect(still.status == 5 && still.stderr.contains("2 plays are still kept to record later"), "\(still.stderr)")
    #expect(try home.history().isEmpty)
    // A day the machine was offline before, and a name nothing fits, as the library would hold them
    // (the tests' runs keep the demo's library: `BinaryRunner.demoLibraries`).
    let library = home.folder.appendingPathComponent("data/trending/demo/library.sqlite3").path
    let keptFacts = "SELECT name || value FROM facts WHERE name LIKE 'play.pending:%'"
    let kept = try BinaryRunner.program("sqlite3", [library, keptFacts]).stdout
    #expect(!kept.contains("play-secret-key") && kept.contains("Show.Name.S01E02.mkv"), "\(kept)")
    let older =
      "INSERT INTO facts (name, value) VALUES ('play.pending:2026-01-02 /films/Film.Title.1999.mkv', ''),"
      + " ('play.pending:2026-01-03 /x/Nobody.Knows.This.2003.mkv', '')"
    #expect(try BinaryRunner.program("sqlite3", [library, older]).status == 0)
    let settled = try BinaryRunner.run(["scrobble", "--pending"], environment: home.environment)
    #expect(settled.status == 0, "\(settled.stderr)")
    for said in [
      "Film Title (1999) seen on \(today)", "Show Name (2008) S01E02 seen on \(today)", "seen on 2026-01-02",
    ] {
      #expect(settled.stdout.contains(said), "\(said): \(settled.stdout)")
    }
    #expect(settled.stderr.contains("Nobody.Knows.This.2003.mkv (watched 3 January 2026): nothing recorded"))
    #expect(try home.history().compactMap { $0["watched"] as? String }.sorted() == ["2026-01-02", today, today])
    #expect(try BinaryRunner.program("sqlite3", [library, keptFacts]).stdout.isEmpty, "none kept any more")
    let none = try BinaryRunner.run(["scrobble", "--pending"], environment: home.environment)
    #expect(none.status == 0 && none.stdout.contains("no plays are kept to record later"))
  }

  @Test func aFilmPlayedWhileAmodbIsAwayIsRecordedByTheNextScrobble() throws {
    let server = try server()
    let home = try Home(server: server)
    let offline = home.offline
    let clip = try MediaClip.make("Film Title (1999)/Film Title (1999).mkv", in: home.folder, seconds: 2)
    let play = try RunningBinary(["play", clip.path], environment: offline)
    #expect(try play.waitForExit() == 0, "\(play.stderr)")
    #expect(play.stderr.contains("not named yet") && play.stderr.contains("kept to record later"), "\(play.stderr)")
    #expect(try home.history().isEmpty)
    let next = try BinaryRunner.run(
      ["scrobble", "/tv/Show.Name.S01E03.mkv", "--position", "60", "--duration", "60"], environment: home.environment)
    #expect(next.status == 0 && next.stdout.contains("marked Film Title (1999) seen on \(today)"), "\(next.stdout)")
    #expect(try home.history().count == 2)
  }

  @Test func aKeptSeasonOlderThanTheEpisodeIsAskedAgainBeforeTheEpisodeIsRefused() throws {
    let episodes = Atomic<Int>(2)
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/search/tv":
        return .json(
          #"{"page":1,"results":[{"id":1396,"name":"Show Name","first_air_date":"2008-01-20"}],"total_pages":1}"#)
      case "/3/tv/1396/season/1":
        let listed = (1...episodes.load(ordering: .relaxed)).map { #"{"episode_number":\#($0)}"# }
        return .json(#"{"season_number":1,"episodes":[\#(listed.joined(separator: ","))]}"#)
      default: return .json(#"{"status_code":34}"#, status: 404)
      }
    }
    let home = try Home(server: server)
    // One cache for both runs: the season is kept by the first.
    let environment = home.environment.merging(["XDG_CACHE_HOME": home.folder.appendingPathComponent("cache").path]) {
      $1
    }
    let scrobble = { (file: String) in
      try BinaryRunner.run(["scrobble", file, "--position", "60", "--duration", "60"], environment: environment)
    }
    #expect(try scrobble("Show.Name.S01E02.mkv").status == 0)
    episodes.store(3, ordering: .relaxed)
    let new = try scrobble("Show.Name.S01E03.mkv")
    #expect(new.status == 0 && new.stdout.contains("S01E03 seen on"), "the kept season was asked again: \(new.stderr)")
    #expect(server.requests.filter { $0.path == "/3/tv/1396/season/1" }.count == 2, "kept, then asked anew once")
  }

  @Test func aFolderIsRefusedNotPlayedWhole() throws {
    let server = try server()
    let home = try Home(server: server)
    let refused = try BinaryRunner.run(["play", home.folder.path, "--images", "off"], environment: home.environment)
    #expect(refused.status == 2 && refused.stderr.contains("it is a folder; name a file in it"), "\(refused.stderr)")
    #expect(try home.history().isEmpty)
  }

  /// Whether `stty -a` says the terminal is cooked, as a shell has it.
  private func cooked(_ stty: String) -> Bool {
    let words = stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    return words.contains("echo") && words.contains("icanon") && words.contains("isig")
  }

  @Test(.enabled(if: BinaryRunner.has("tmux"), "tmux is not installed (make setup installs it)"))
  func pInTheBrowserPlaysAFileTabCompletesAndTheFilmIsMarkedSeen() throws {
    let server = try server()
    let home = try Home(server: server)
    let clips = home.folder.appendingPathComponent("clips")
    try MediaClip.make("Dune Part Two (2024).mkv", in: clips, seconds: 2)
    try MediaClip.make("Other.mkv", in: clips, seconds: 1)
    let session = try TmuxSession(
      ["--demo"],
      environment: ["TRENDING_CONFIG": home.environment["TRENDING_CONFIG"] ?? "", "XDG_RUNTIME_DIR": home.runtime.path])
    try session.waitFor("Dune: Part Two")
    try session.waitForIdle()
    try session.press("Enter")
    try session.waitFor("Villeneuve")
    try session.press("P")
    try session.waitFor("Play a file of Dune: Part Two")
    try session.send("-l", clips.path + "/Du")
    try session.press("Tab")
    try session.waitFor("(2024).mkv")
    // mpv has the terminal while it plays the file to its end; then the screen comes back whole.
    try session.press("Enter")
    try session.waitFor("Watched Dune: Part Two: marked seen.", timeout: 20)
    #expect(try session.capture().contains("Villeneuve"))
    let watches = try BinaryRunner.run(
      ["history", "--json"], environment: ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path])
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(watches.stdout.utf8)) as? [[String: Any]])
    #expect(
      entries.count == 1 && entries.first?["id"] as? Int == 693134 && entries.first?["watched"] as? String == today)
    try session.press("Escape")
    try session.waitFor("Trending")
    try session.send("q")
    let exit = try session.waitForExit()
    #expect(exit.status == 0 && cooked(exit.stty), "\(exit.stty)")
  }

  @Test func theMpvScriptScrobblesAFileMpvPlayedToItsEnd() throws {
    let server = try server()
    let home = try Home(server: server)
    let script = try BinaryRunner.run(["mpv-script"], environment: home.environment)
    #expect(script.status == 0 && script.stdout.contains("local watched_at = 90"))
    #expect(script.stdout.contains(#"name = "subprocess""#) && !script.stdout.contains("sh -c"))
    let file = home.folder.appendingPathComponent("trending.lua")
    try script.stdout.write(to: file, atomically: true, encoding: .utf8)
    let clip = try MediaClip.make("Show.Name.S01E02.mkv", in: home.folder, seconds: 2)
    // mpv started by hand, from the clip's folder with a relative name, the script its only one.
    let mpv = try BinaryRunner.program(
      "mpv", ["--no-config", "--vo=null", "--ao=null", "--script=\(file.path)", clip.lastPathComponent],
      environment: home.environment, directory: home.folder)
    #expect(mpv.status == 0, "\(mpv.stderr)")
    let watches = try home.history()
    #expect(watches.count == 1, "\(mpv.stdout)\n\(mpv.stderr)")
    #expect(
      watches.first?["id"] as? Int == 1396 && watches.first?["season"] as? Int == 1
        && watches.first?["episode"] as? Int == 2)
  }
}
