import Foundation
import Testing

@testable import TestSupport

/// Text, CSV and JSON on standard output from a library holding escape sequences (issue 57's
/// findings 4, 13 and 15): nothing that acts on a terminal comes out, and what can be read stays.
@Suite("End to end: clean standard output", .serialized)
struct CleanOutputTests {
  /// Every kind of escape the issue names, in a field: ESC [ 2 J, OSC 52, OSC 8 around a word,
  /// OSC 0, the 8-bit CSI (U+009B), then a right-to-left override and a DEL.
  static let hostile =
    "\u{1B}[2JClear\u{1B}]52;c;SGVsbG8=\u{07}Clip\u{1B}]8;;http://evil.example/\u{1B}\\Link\u{1B}]8;;\u{1B}\\"
    + "\u{1B}]0;Owned\u{07}\u{9B}31mRed\u{202E}Bidi\u{7F}End"
  /// What a reader sees of `hostile`.
  static let visible = "ClearClipLinkRedBidiEnd"
  /// A note whose formula hides behind an escape sequence: the guard must see the text as printed.
  static let hiddenFormula = "\u{9B}2J=1+2 " + hostile

  /// A home of its own: data, cache and settings.
  private func home() throws -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clean-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return [
      "HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
    ]
  }

  private func run(_ arguments: [String], _ environment: [String: String]) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(arguments, environment: environment)
  }

  /// `text` as a JSON string's contents, every character outside printable ASCII as a `\u` escape.
  private func jsonEscaped(_ text: String) -> String {
    text.utf16.map { unit in
      guard (0x20...0x7E).contains(unit), unit != 0x22, unit != 0x5C else { return String(format: "\\u%04x", unit) }
      return String(UnicodeScalar(UInt8(unit)))
    }.joined()
  }

  /// An export of one film (rated 9, seen, noted, on a list) written by hand in `export json`'s
  /// shape, with `hostile` in its title, genre, list name and note.
  private func hostileExport(in folder: String) throws -> URL {
    let bad = jsonEscaped(Self.hostile)
    let json = """
      {"format": "trending-library", "version": 1, "schema": 2, "exported": "2024-01-02", "tables": {
        "titles": [{"kind": "movie", "id": 550, "title": "Fight \(bad)", "year": 1999, "poster_path": null,
          "vote_average": 8.4, "vote_count": 30000, "genre_ids": "", "genres": "Drama\(bad)", "imdb_id": "tt0137523",
          "runtime": 139, "updated": "2024-01-02"}],
        "lists": [{"id": 1, "name": "watchlist", "created": "2024-01-02"},
          {"id": 2, "name": "Noir\(bad)", "created": "2024-01-02"},
          {"id": 3, "name": "\(jsonEscaped("\u{1B}[2J=HYPERLINK(1)"))", "created": "2024-01-02"}],
        "list_items": [{"list_id": 2, "kind": "movie", "title_id": 550, "position": 1, "added": "2024-01-02"}],
        "watch_events": [{"id": 1, "kind": "movie", "title_id": 550, "season": null, "episode": null,
          "watched": "2024-01-02", "recorded": "2024-01-02"}],
        "episodes": [],
        "ratings": [{"kind": "movie", "title_id": 550, "season": -1, "episode": -1, "rating": 9, "rated": "2024-01-02"}],
        "notes": [{"kind": "movie", "title_id": 550, "season": -1, "episode": -1,
          "text": "\(jsonEscaped(Self.hiddenFormula))", "noted": "2024-01-02"}],
        "hidden": [], "facts": [], "title_providers": []
      }}
      """
    let file = URL(fileURLWithPath: folder).appendingPathComponent("hostile.json")
    try json.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// The scalars that act on a terminal or hide text: C0 but tab and line feed, DEL, C1, bidi controls.
  private func controls(in text: String) -> [UInt32] {
    text.unicodeScalars.map(\.value).filter { value in
      (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
  }

  /// A library holding `hostile` in a title, its genre, a list's name and a note: imported from a
  /// hand-written export, then written into the file again with `sqlite3`, so the output is tested
  /// on those values whatever the importer comes to keep of them.
  private func hostileLibrary() throws -> [String: String] {
    let environment = try home()
    let home = try #require(environment["HOME"])
    let imported = try run(["import", "json", try hostileExport(in: home).path], environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    try #require(BinaryRunner.has("sqlite3"), "make setup installs sqlite3")
    func sql(_ text: String) -> String {
      "char(" + text.unicodeScalars.map { String($0.value) }.joined(separator: ",") + ")"
    }
    let file = try #require(environment["XDG_DATA_HOME"]) + "/trending/demo/library.sqlite3"
    let update = try BinaryRunner.program(
      "sqlite3",
      [
        file,
        """
        UPDATE titles SET title = \(sql("Fight " + Self.hostile)), genres = \(sql("Drama" + Self.hostile)) WHERE id = 550;
        UPDATE lists SET name = \(sql("Noir" + Self.hostile)) WHERE id = 2;
        UPDATE lists SET name = \(sql("\u{1B}[2J=HYPERLINK(1)")) WHERE id = 3;
        UPDATE notes SET text = \(sql(Self.hiddenFormula)) WHERE title_id = 550;
        """,
      ])
    #expect(update.status == 0, "\(update.stderr)")
    return environment
  }

  /// A pipe closed before anything is written ends the command as SIGPIPE ends shell tools,
  /// silent, whether the signal is at its default or ignored by a parent (`trap '' PIPE`).
  @Test(arguments: ["default", "ignored"])
  func aClosedPipeEndsTheCommandSilentlyBySIGPIPE(disposition: String) throws {
    let script = """
      import os, signal, subprocess, sys
      r, w = os.pipe()
      os.close(r)
      mode = signal.SIG_IGN if sys.argv[2] == "ignored" else signal.SIG_DFL
      done = subprocess.run(
          [sys.argv[1], "--demo", "list"], stdout=w, stderr=subprocess.PIPE,
          preexec_fn=lambda: signal.signal(signal.SIGPIPE, mode))
      print(done.returncode, repr(done.stderr.decode()))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, Fixtures.binary.path, disposition]
    var environment = ProcessInfo.processInfo.environment
    environment.merge(BinaryRunner.demoLibraries) { _, new in new }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(said == "-13 ''\n", "killed by SIGPIPE (a shell's 141), nothing said: \(said)")
  }

  @Test func textAndCSVFromALibraryWithEscapesHoldNoControlAndKeepTheText() throws {
    let environment = try hostileLibrary()
    let commands: [[String]] = [
      ["lists"], ["lists", "--csv"], ["stats"], ["for-you", "--demo"], ["export", "letterboxd"], ["history"],
      ["history", "--csv"],
    ]
    for arguments in commands {
      let outcome = try run(arguments, environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(controls(in: outcome.stdout).isEmpty, "\(arguments): \(controls(in: outcome.stdout))")
      #expect(outcome.stdout.contains(Self.visible), "\(arguments) keeps the text: \(outcome.stdout)")
    }
    let lists = try run(["lists"], environment).stdout
    #expect(lists.split(separator: "\n").contains("Noir\(Self.visible)\t1"))
    #expect(try run(["stats"], environment).stdout.contains("top genres: Drama\(Self.visible) ×1"))
    #expect(try run(["for-you", "--demo"], environment).stdout.contains("because you rated Fight \(Self.visible) 9"))
    // A formula behind an escape sequence is guarded as the spreadsheet will read it.
    let letterboxd = try run(["export", "letterboxd"], environment).stdout
    #expect(letterboxd.contains(",'=1+2 \(Self.visible)\n"), "\(letterboxd)")
    #expect(try run(["lists", "--csv"], environment).stdout.contains("'=HYPERLINK(1),0"))
  }

  @Test func jsonFromALibraryWithEscapesWritesThemAsEscapes() throws {
    let environment = try hostileLibrary()
    let commands: [[String]] = [
      ["lists", "--json"], ["stats", "--json"], ["for-you", "--demo", "--json"], ["export", "json"],
    ]
    for arguments in commands {
      let outcome = try run(arguments, environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(controls(in: outcome.stdout).isEmpty, "\(arguments): \(controls(in: outcome.stdout))")
      #expect(outcome.stdout.contains("\\u009b31mRed"), "\(arguments): U+009B as an escape")
      #expect((try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))) != nil, "\(arguments)")
    }
    // The escapes read back as the characters stored: the JSON still holds the whole value.
    let lists = try run(["lists", "--json"], environment)
    let names = try #require(try JSONSerialization.jsonObject(with: Data(lists.stdout.utf8)) as? [[String: Any]])
    #expect(names.contains { $0["name"] as? String == "Noir" + Self.hostile })
    let stats = try run(["stats", "--json"], environment)
    let genres = try #require(
      (try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])?["top_genres"]
        as? [String: Int])
    #expect(genres == ["Drama" + Self.hostile: 1])
  }

  /// A fake `notify-send` first on `PATH`, writing each argument and a `--` line to a file.
  private func fakeNotifier() throws -> (path: String, log: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let log = folder.appendingPathComponent("arguments")
    try ExecutableScript.write(
      "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n--\\n' \"$a\"; done >> '\(log.path)'\n",
      to: folder.appendingPathComponent("notify-send"))
    return (folder.path + ":/usr/bin:/bin", log)
  }

  /// A day `offset` days from today (UTC).
  private func day(_ offset: Int) -> String { UTCDay.from(today: offset) }

  @Test func aNotificationEscapesMarkupInTitlesAndEndsTheOptions() throws {
    let title = #"<a href="https://evil.example/">Click</a> & <img src=file:///etc/passwd> 'x'"#
    let server = try LoopbackServer { request in
      guard request.path == "/3/movie/21" else { return .json(#"{"status_code":34}"#, status: 404) }
      let name = title.replacing("\"", with: "\\\"")
      return .json(
        #"{"id":21,"title":"\#(name)","release_dates":{"results":[{"iso_3166_1":"US","release_dates":[{"type":3,"release_date":"\#(self.day(-2))T00:00:00.000Z"}]}]}}"#
      )
    }
    var environment = try home()
    environment["AMODB_BASE_URL"] = server.baseURL.absoluteString
    environment["AMODB_KEY"] = "notify-key"
    environment["AMODB_REGION"] = "US"
    let notifier = try fakeNotifier()
    environment["PATH"] = notifier.path
    #expect(try run(["watchlist", "add", "21"], environment).status == 0)
    let new = try run(["new", "--no-cache", "--since", day(-5), "--notify"], environment)
    #expect(new.status == 0, "\(new.stderr)")
    #expect(new.stdout.contains(title), "standard output is text, not markup: \(new.stdout)")
    let sent = try String(contentsOf: notifier.log, encoding: .utf8).components(separatedBy: "\n--\n")
    #expect(Array(sent.prefix(3)) == ["--app-name=trending", "--", "trending: 1 new for you"], "\(sent)")
    let body = try #require(sent.dropFirst(3).first)
    #expect(
      body
        == day(-2)
        + "  &lt;a href=&quot;https://evil.example/&quot;&gt;Click&lt;/a&gt; &amp; &lt;img src=file:///etc/passwd&gt;"
        + " &apos;x&apos;: in cinemas")
    // A notification not shown (no notification daemon: notify-send exits 1, as under cron) is
    // said and fails the run; the news is printed all the same. So is no notify-send at all.
    try ExecutableScript.write(
      "#!/bin/sh\necho 'Cannot autolaunch D-Bus' >&2\nexit 1\n",
      to: URL(fileURLWithPath: String(notifier.path.prefix { $0 != ":" })).appendingPathComponent("notify-send"))
    let failed = try run(["new", "--no-cache", "--since", day(-5), "--notify"], environment)
    #expect(failed.status == 1 && failed.stdout.contains(title), "\(failed.stdout)")
    #expect(failed.stderr.contains("notify-send failed (exit 1)"), "\(failed.stderr)")
    // The news printed is spent all the same: a desktop-less cron's next run says none again.
    let first = try run(["new", "--no-cache", "--since-last", "--notify"], environment)
    #expect(first.status == 1 && first.stdout.contains(title), "\(first.stdout) \(first.stderr)")
    let next = try run(["new", "--no-cache", "--since-last", "--notify"], environment)
    #expect(next.status == 0 && next.stdout.isEmpty, "\(next.stdout) \(next.stderr)")
    environment["PATH"] = "/nonexistent"
    let none = try run(["new", "--no-cache", "--since", day(-5), "--notify"], environment)
    #expect(none.status == 1 && none.stderr.contains("notify-send is not on PATH"), "\(none.stderr)")
  }

  @Test func listsAsCSVWithoutANameIsCSVWithTheFormulaGuard() throws {
    let environment = try home()
    #expect(try run(["lists", "=SUM(1,2)", "add", "550", "--demo"], environment).status == 0)
    #expect(try run(["lists", "Noir, after dark", "add", "550", "--demo"], environment).status == 0)
    let csv = try run(["lists", "--csv"], environment)
    #expect(csv.status == 0, "\(csv.stderr)")
    #expect(
      csv.stdout.split(separator: "\n").sorted()
        == [#""'=SUM(1,2)",1"#, #""Noir, after dark",1"#, "Name,Count", "watchlist,0"]
        .sorted(), "\(csv.stdout)")
    #expect(try run(["lists", "--csv", "--json"], environment).status == 2)
  }

  @Test func aWatchOnADayToComeIsRefusedAndTodayIsTaken() throws {
    let environment = try home()
    for future in ["2099-01-01", day(2)] {
      let refused = try run(["seen", "550", "--demo", "--on", future], environment)
      #expect(refused.status == 2)
      #expect(
        refused.stderr.contains(
          "--on must be today or a day before (a watch cannot be in the future), not '\(future)'"),
        "\(refused.stderr)")
    }
    #expect(try run(["history"], environment).stderr.contains("Nothing watched yet"))
    let today = try run(["seen", "550", "--demo", "--on", day(0)], environment)
    #expect(today.status == 0 && today.stdout.contains("seen on \(day(0))"), "\(today.stderr)")
    #expect(try run(["seen", "550", "--demo", "--on", day(-1)], environment).status == 0)
    // Nothing in the span asked: said on standard error, and a pipe reads nothing.
    let later = try run(["history", "--since", "2099-01-01"], environment)
    #expect(later.status == 0 && later.stdout.isEmpty && later.stderr.contains("Nothing watched since 2099-01-01."))
  }

  @Test(arguments: ["-1", "0", "1990..1999"])
  func statsForAYearThatIsNotOneSaysSoAboutStats(year: String) throws {
    let outcome = try run(["stats", "--year", year], try home())
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("stats --year must be one year such as 1999, not '\(year)'"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("for a search"))
  }
}
