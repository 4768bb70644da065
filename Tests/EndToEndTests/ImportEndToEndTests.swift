import Foundation
import Testing

@testable import TestSupport

/// `trending import` through the real binary: the services' fixtures, a real zip, a loopback
/// amodb that answers searches and finds in TMDB's shapes, and a disk cache kept between runs.
@Suite("End to end: importing from Letterboxd, IMDb and Trakt", .serialized)
struct ImportEndToEndTests: ImportEndToEnd {
  /// A search or a find with no match answers with nothing found: a 404 is a server without such
  /// requests (a base URL mistyped), and the import stops on it rather than calling every row unknown.
  @Test func aServerThatHasNoFindStopsTheImportAndChangesNothing() throws {
    let server = try LoopbackServer { _ in .json(#"{"status_code":34,"status_message":"not here"}"#, status: 404) }
    defer { server.stop() }
    let home = try folder()
    let ratings = Fixtures.exportsDirectory.appendingPathComponent("imdb/ratings.csv").path
    let outcome = try BinaryRunner.run(["import", "imdb", ratings], environment: environment(server, home))
    #expect(outcome.status == 6 && outcome.stderr.contains("nothing was changed"), "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("unresolved"), "\(outcome.stdout)")
    let history = try BinaryRunner.run(["history", "--json"], environment: environment(server, home))
    #expect(try json(history.stdout).isEmpty)
  }

  /// Rows are the export's rows: a rating that also stands for a watch is one row read, not two.
  @Test func theRowsReadAreTheExportsRows() throws {
    let home = try folder()
    let ratings = Fixtures.exportsDirectory.appendingPathComponent("imdb/ratings.csv")
    // The fixture rates four titles, each a row; each rating also stands for a watch.
    let lines = 4
    let outcome = try BinaryRunner.run(
      ["import", "imdb", ratings.path, "--dry-run", "--demo"], environment: ["XDG_DATA_HOME": home.path])
    #expect(outcome.stdout.hasPrefix("IMDb: \(lines) rows read from 1 file"), "\(outcome.stdout)")
  }

  @Test func letterboxdsZipIsMatchedOnceATitleAndImportedOnce() throws {
    let server = try server()
    let home = try folder()
    let archive = home.appendingPathComponent("letterboxd-someone-2026-12-01-00-00-utc.zip")
    try Fixtures.zip(Fixtures.exportsDirectory.appendingPathComponent("letterboxd"), to: archive)
    let environment = environment(server, home)
    let dry = try BinaryRunner.run(["import", "letterboxd", archive.path, "--dry-run"], environment: environment)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(
      dry.stdout.contains("(a dry run: nothing was changed)")
        && dry.stdout.contains("  + diary.csv:2  Dune: Part Two (2024): watched 2024-03-01"), "\(dry.stdout)")
    let nothing = try BinaryRunner.run(["history"], environment: environment)
    #expect(nothing.stdout.isEmpty && nothing.stderr.contains("Nothing watched yet"))
    let searches = server.count("/3/search/movie")
    // One search a distinct title and year: 11 of them across the files.
    #expect(searches == 11, "\(server.requests.map(\.target))")
    let imported = try BinaryRunner.run(["import", "letterboxd", archive.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(server.count("/3/search/movie") == searches, "every answer from the disk cache")
    let summary = imported.stdout
    #expect(summary.contains("Letterboxd: ") && summary.contains("unresolved 2"), "\(summary)")
    #expect(summary.contains("diary.csv:8  The Filmm Nobody Made (1999)"))
    #expect(summary.contains("watchlist.csv:4  \"Weird\" Quotes, and =Formula (2010)"), "kept as text")
    #expect(!summary.contains("diary.csv:6  Dune"), "Dune 2021 is one exact match among two Dunes")
    #expect(summary.contains("with --resolve (on a terminal) chooses them"), "what to do next: \(summary)")
    let history = try json(try BinaryRunner.run(["history", "--json"], environment: environment).stdout)
    let days = history.compactMap { entry in
      (entry["id"] as? Int).map { "\($0) \(entry["watched"] as? String ?? "")" }
    }
    #expect(
      Set(days).isSuperset(of: ["693134 2024-03-01", "693134 2024-03-09", "438631 2021-10-23", "146 2022-11-05"]),
      "\(days)")
    #expect(
      days.contains("129 2015-06-01") && days.filter { $0.hasPrefix("693134 ") }.count == 2,
      "watched.csv adds only films without a diary entry")
    let noir = try BinaryRunner.run(["lists", "Noir favourites"], environment: environment)
    #expect(noir.stdout.contains("The Third Man") && noir.stdout.contains("Chinatown"), "\(noir.stdout)")
    // The diary's tags, kept in the note, go back to Tags, never to the Review Letterboxd publishes.
    let exported = try BinaryRunner.run(["export", "letterboxd"], environment: environment).stdout
    #expect(exported.contains(",2024-03-09,true,\"cinema, imax\",\"Better the second time."), "\(exported)")
    #expect(!exported.contains("Tags:"), "\(exported)")
    let again = try BinaryRunner.run(["import", "letterboxd", archive.path], environment: environment)
    #expect(again.stdout.contains("added 0, already there"), "\(again.stdout)")
    #expect(
      try json(try BinaryRunner.run(["history", "--json"], environment: environment).stdout).count == history.count)
    #expect(!(dry.stdout + dry.stderr + imported.stdout + imported.stderr).contains("import-secret-key"))
  }

  @Test func resolveSavesTheFilmTakenAndLeavesTheRowSkipped() throws {
    let server = try server()
    let home = try folder()
    let export = home.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
    try Data(
      """
      Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
      2024-05-02,Hamlet,1996,https://boxd.it/a1,4,,,2024-05-01
      2024-05-04,Macbeth,2015,https://boxd.it/a2,3,,,2024-05-03

      """.utf8
    ).write(to: export.appendingPathComponent("diary.csv"))
    let environment = environment(server, home)
    let arguments = ["import", "letterboxd", export.path, "--resolve"]
    let refused = try BinaryRunner.run(arguments, environment: environment)
    #expect(refused.status == 2 && refused.stderr.contains("--resolve needs a terminal"), "\(refused.stderr)")
    let session = try TmuxSession(arguments, environment: environment)
    try session.waitFor("Not matched 1 of 2 · Hamlet")
    try session.waitFor("Hamlet (1996)")
    // No ids: two Hamlets of one year read apart by their release days.
    try session.waitFor("Hamlet (1996-12-25)")
    try waitForPoster(session)
    // The director, once the selection has rested on the film (its details were not cached).
    try session.waitFor("Hamlet (1996-12-25)  by Some Director")
    try session.send("Down")
    try waitForSelected("Hamlet (1996-03-01)", session)
    try waitForPoster(session)
    try session.send("Enter")
    try session.waitFor("Not matched 2 of 2 · Macbeth")
    try session.waitFor("no image")
    #expect(!(try session.capture()).contains("tmdb"))
    try session.send("s")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
    let words = exit.stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    #expect(words.contains("echo") && words.contains("icanon") && !words.contains("-echo"), "\(exit.stty)")
    try session.waitFor("Resolved 1, skipped 1, left 0")
    #expect(try session.capture().contains("diary.csv:3  Macbeth (2015)"), "the summary stays above")
    let history = try json(try BinaryRunner.run(["history", "--json"], environment: environment).stdout)
    let days = history.compactMap { entry in
      (entry["id"] as? Int).map { "\($0) \(entry["watched"] as? String ?? "")" }
    }
    #expect(days == ["64001 2024-05-01"], "the film taken, none skipped: \(days)")
    let again = try BinaryRunner.run(["import", "letterboxd", export.path], environment: environment)
    #expect(again.stdout.contains("unresolved 2"), "a choice is a watch, not a rule: \(again.stdout)")
    let images = server.requests.filter { $0.path.hasPrefix("/img/") }
    #expect(Set(images.map(\.path)).isSuperset(of: ["/img/w185/p10549.jpg", "/img/w185/p64001.jpg"]), "\(images)")
    #expect(images.allSatisfy { $0.headers["authorization"] == nil && !$0.target.contains("import-secret-key") })
  }

  @Test func resolvesSixelPosterIsGoneBeforeTheNextIsDrawn() throws {
    let server = try server()
    let home = try folder()
    let export = home.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
    try Data(
      "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-05-02,Hamlet,1996,,4,,,2024-05-01\n".utf8
    ).write(to: export.appendingPathComponent("diary.csv"))
    var environment = environment(server, home)
    environment["TRENDING_IMAGES"] = "sixel"
    // The app starts once tmux copies the pane's output to a file, so no byte of it is missed.
    let go = home.appendingPathComponent("go")
    let output = home.appendingPathComponent("output")
    let gate = "while [ ! -e \"$0\" ]; do sleep 0.02; done; exec \"$@\""
    let session = try TmuxSession(
      [], environment: environment,
      program: ["sh", "-c", gate, go.path, Fixtures.binary.path, "import", "letterboxd", export.path, "--resolve"])
    try session.command(["pipe-pane", "-t", "main", "-o", "cat >> '\(output.path)'"])
    try Data().write(to: go)
    let sixel = Data("\u{1B}P".utf8)
    let first = try waitForBytes(sixel, in: output, after: 0)
    try session.send("Down")
    let second = try waitForBytes(sixel, in: output, after: first + 1)
    let between = String(decoding: try Data(contentsOf: output)[first..<second], as: UTF8.self)
    // Every row the image covered is written over before the next: with the loading placeholder
    // by ncurses, or with spaces (saved cursor, plain colours) where the frame left its cells alone.
    let blanked = try NSRegularExpression(pattern: "\u{1B}\\[[0-9]+;[0-9]+H {20,}|░{20,}")
    let rows = blanked.numberOfMatches(in: between, range: NSRange(between.startIndex..., in: between))
    #expect(rows >= 15, "spaces or the placeholder over each of its rows: \(rows)")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func theDemosChooserShowsTheDemosPosters() throws {
    let home = try folder()
    try Data(
      "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-05-02,The,,,4,,,2024-05-01\n".utf8
    ).write(to: home.appendingPathComponent("diary.csv"))
    let environment = [
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
    ]
    let session = try TmuxSession(
      ["--demo", "import", "letterboxd", home.path, "--resolve"], environment: environment)
    try session.waitFor("Not matched 1 of 1 · The")
    try waitForPoster(session)
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func theChooserLooksAsTheBrowserAndSearchesAgainWhenNothingWasFound() throws {
    let server = try server()
    let home = try folder()
    try Data(
      """
      Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
      2024-05-02,Hamlet,1996,,4,,,2024-05-01
      2024-05-04,Macbth,,,,,,2024-05-03

      """.utf8
    ).write(to: home.appendingPathComponent("diary.csv"))
    var environment = environment(server, home)
    environment["TRENDING_IMAGES"] = "off"
    let session = try TmuxSession(["import", "letterboxd", home.path, "--resolve"], environment: environment)
    try session.waitFor("Not matched 1 of 2 · Hamlet")
    let screen = try session.command(["capture-pane", "-p", "-e", "-t", "main"])
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The browser's header bar (255 on 24), its selection bar (238) with no "> ", its key bar's
    // strong keys, and the row's own day and rating ("★8": Letterboxd's 4 of 5).
    #expect(lines[0].contains("48;5;24m"), "the header bar: \(lines[0])")
    #expect(lines[1].contains("★8") && lines[1].contains("diary.csv:2"), "\(lines[1])")
    #expect(lines[3].contains("48;5;238m") && !screen.contains("> "), "the selection: \(lines[3])")
    let keys = lines[23]
    #expect(keys.contains("⏎") && keys.contains("search again") && keys.contains("48;5;"), "\(keys)")
    try session.send("Enter")
    try session.waitFor("Not matched 2 of 2 · Macbth")
    try session.waitFor("no year in the file")
    try session.waitFor("The search found no film.")
    #expect(!(try session.capture()).contains("take"), "nothing to take is offered")
    try session.send("/")
    try session.waitFor("/ Macbth")
    try session.send("BSpace", "BSpace", "BSpace")
    try session.command(["send-keys", "-t", "main", "-l", "beth"])
    try session.waitFor("/ Macbeth")
    try session.send("Enter")
    try waitForSelected("Macbeth (2015-10-01)", session)
    try session.send("Down", "Enter")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
    try session.waitFor("Resolved 2, skipped 0, left 0")
    let history = try json(try BinaryRunner.run(["history", "--json"], environment: environment).stdout)
    let days = Set(
      history.compactMap { entry in (entry["id"] as? Int).map { "\($0) \(entry["watched"] as? String ?? "")" } })
    #expect(days == ["10549 2024-05-01", "330001 2024-05-03"], "the film searched again taken: \(days)")
  }
}
