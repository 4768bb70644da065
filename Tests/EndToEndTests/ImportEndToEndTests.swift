import Foundation
import Testing

@testable import TestSupport

/// `trending import` through the real binary: the services' fixtures, a real zip, a loopback
/// amodb that answers searches and finds in TMDB's shapes, and a disk cache kept between runs.
@Suite("End to end: importing from Letterboxd, IMDb and Trakt", .serialized)
struct ImportEndToEndTests {
  /// The films the loopback amodb knows, by the title searched: TMDB's `/search/movie` results.
  static let films: [String: [(id: Int, title: String, date: String)]] = [
    "Dune: Part Two": [(693134, "Dune: Part Two", "2024-02-27")],
    "Oppenheimer": [(872585, "Oppenheimer", "2023-07-19")],
    "Crouching Tiger, Hidden Dragon": [(146, "Crouching Tiger, Hidden Dragon", "2000-07-06")],
    "Dune": [(438631, "Dune", "2021-09-15"), (841, "Dune", "1984-12-14")],
    "Solaris": [(593, "Solaris", "1972-02-05"), (2103, "Solaris", "2002-11-27")],
    "Fight Club": [(550, "Fight Club", "1999-10-15")],
    "Spirited Away": [(129, "Spirited Away", "2001-07-20")],
    "The Third Man": [(1092, "The Third Man", "1949-08-31")],
    "Chinatown": [(829, "Chinatown", "1974-06-20")],
    "Hamlet": [(10549, "Hamlet", "1996-12-25"), (64001, "Hamlet", "1996-03-01")],
    "Macbeth": [(225728, "Macbeth", "2015-10-01"), (330001, "Macbeth", "2015-12-01")],
  ]

  static func result(_ film: (id: Int, title: String, date: String)) -> String {
    #"{"adult":false,"backdrop_path":null,"genre_ids":[18],"id":\#(film.id),"original_language":"en","original_title":"\#(film.title)","overview":"","popularity":9.1,"poster_path":"/p\#(film.id).jpg","release_date":"\#(film.date)","title":"\#(film.title)","video":false,"vote_average":7.9,"vote_count":1000}"#
  }

  private func server(refuseFirstFind: Bool = false) throws -> LoopbackServer {
    let finds = Counter()
    let poster = TestImages.jpeg(width: 92, height: 138, top: (200, 40, 40), bottom: (30, 30, 160))
    return try LoopbackServer { request in
      // Posters on the image host; Macbeth's first has none to give.
      if request.path.hasPrefix("/img/"), !request.path.hasSuffix("/p225728.jpg") {
        return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: poster)
      }
      if request.path.hasPrefix("/3/movie/"), let id = Int(request.path.dropFirst("/3/movie/".count)) {
        return .json(TestClients.detailsJSON(id: id))
      }
      if request.path == "/3/search/movie" {
        let films = Self.films[request.query("query") ?? ""] ?? []
        return .json(
          #"{"page":1,"results":[\#(films.map(Self.result).joined(separator: ","))],"total_pages":1,"total_results":\#(films.count)}"#
        )
      }
      if request.path.hasPrefix("/3/find/") {
        guard request.query("external_source") == "imdb_id" else { return .json("{}", status: 422) }
        if refuseFirstFind, finds.next() == 1 {
          return .json(#"{"status_code":25,"status_message":"Slow down."}"#, status: 429, headers: ["Retry-After": "1"])
        }
        var movies: [String] = []
        var series: [String] = []
        switch request.path.dropFirst("/3/find/".count) {
        case "tt0137523": movies = [Self.result((550, "Fight Club", "1999-10-15"))]
        case "tt15398776": movies = [Self.result((872585, "Oppenheimer", "2023-07-19"))]
        case "tt0041959": movies = [Self.result((1092, "The Third Man", "1949-08-31"))]
        case "tt0903747":
          series = [
            #"{"id":1396,"name":"Breaking Bad","first_air_date":"2008-01-20","vote_average":8.9,"vote_count":12000}"#
          ]
        case "tt0959621":
          return .json(
            #"{"movie_results":[],"tv_results":[],"tv_episode_results":[{"id":62085,"name":"Pilot","season_number":1,"episode_number":1,"show_id":1396}]}"#
          )
        case "tt0944947":
          series = [
            #"{"id":1399,"name":"Game of Thrones","first_air_date":"2011-04-17","vote_average":8.4,"vote_count":22000}"#
          ]
        default: break
        }
        return .json(
          #"{"movie_results":[\#(movies.joined(separator: ","))],"person_results":[],"tv_results":[\#(series.joined(separator: ","))],"tv_episode_results":[],"tv_season_results":[]}"#
        )
      }
      return .json(
        #"{"status_code":34,"status_message":"The resource you requested could not be found."}"#, status: 404)
    }
  }

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func environment(_ server: LoopbackServer, _ home: URL) -> [String: String] {
    [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "import-secret-key",
      "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:\(server.port)/img",
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
    ]
  }

  private func json(_ text: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }

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

  @Test func imdbsRatingThenLetterboxdsDiaryIsOneWatchOnTheDiarysDay() throws {
    let server = try server()
    let home = try folder()
    let environment = environment(server, home)
    let exports = Fixtures.exportsDirectory
    // Oppenheimer: rated on IMDb on 2023-07-23, in Letterboxd's diary as watched on the 22nd.
    let imdb = try BinaryRunner.run(
      ["import", "imdb", exports.appendingPathComponent("imdb").path], environment: environment)
    #expect(imdb.status == 0, "\(imdb.stderr)")
    let letterboxd = try BinaryRunner.run(
      ["import", "letterboxd", exports.appendingPathComponent("letterboxd").path], environment: environment)
    #expect(letterboxd.status == 0, "\(letterboxd.stderr)")
    let history = try json(try BinaryRunner.run(["history", "--json"], environment: environment).stdout)
    let oppenheimer = history.filter { $0["id"] as? Int == 872_585 }.compactMap { $0["watched"] as? String }
    #expect(oppenheimer == ["2023-07-22"], "the diary's day, not a rewatch the day after: \(oppenheimer)")
  }

  @Test func imdbsFilesAreFoundByTheirIdsNeverSearched() throws {
    let server = try server(refuseFirstFind: true)
    let home = try folder()
    let environment = environment(server, home)
    let imdb = Fixtures.exportsDirectory.appendingPathComponent("imdb").path
    let outcome = try BinaryRunner.run(["import", "imdb", imdb], environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // Six ids, and the first asked again after its 429 was waited out.
    #expect(server.count("/3/search") == 0 && server.count("/3/find/tt") == 7)
    #expect(outcome.stdout.contains("ratings.csv:5  Not On TMDB (2010)"), "\(outcome.stdout)")
    let export = try BinaryRunner.run(["export", "json"], environment: environment)
    #expect(
      export.stdout.contains(#""kind": "tv", "title_id": 1396, "season": -1, "episode": -1, "rating": 10"#),
      "\(export.stdout)")
    let watchlist = try BinaryRunner.run(["watchlist", "--json"], environment: environment)
    #expect(watchlist.stdout.contains("The Third Man") && watchlist.stdout.contains("Game of Thrones"))
    // An episode's rating is a rating and a watch of that episode.
    let episodes = try folder()
    try Data(
      """
      Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
      tt0959621,9,2015-02-01,Pilot,Pilot,https://www.imdb.com/title/tt0959621/,TV Episode,9.0,58,2008,Drama,40000,2008-01-20,Vince Gilligan

      """.utf8
    ).write(to: episodes.appendingPathComponent("ratings.csv"))
    let episode = try BinaryRunner.run(["import", "imdb", episodes.path], environment: environment)
    // One row (its rating and its watch): the counts are the rows'.
    #expect(
      episode.status == 0 && episode.stdout.contains("1 row read")
        && episode.stdout.contains("added 1, already there 0"),
      "\(episode.stdout) \(episode.stderr)")
    let history = try BinaryRunner.run(["history"], environment: environment)
    #expect(history.stdout.contains("2015-02-01\ttv/1396") && history.stdout.contains("S01E01"), "\(history.stdout)")
  }

  @Test func traktsExportAsksNothingAndItsEpisodesAreEpisodeWatches() throws {
    let server = try server()
    let home = try folder()
    let archive = home.appendingPathComponent("trakt.zip")
    try Fixtures.zip(Fixtures.exportsDirectory.appendingPathComponent("trakt"), to: archive)
    let environment = environment(server, home)
    let outcome = try BinaryRunner.run(["import", "trakt", archive.path], environment: environment)
    #expect(outcome.status == 0 && outcome.stdout.contains("added 7"), "\(outcome.stdout) \(outcome.stderr)")
    #expect(server.requests.isEmpty)
    let history = try BinaryRunner.run(["history"], environment: environment)
    #expect(history.stdout.contains("tv/1399\tGame of Thrones (2011)\tS01E02"), "\(history.stdout)")
    #expect(history.stdout.contains("2024-03-01\t693134\t"), "20:15 UTC is the 1st in UTC: \(history.stdout)")
    // Trakt writes UTC: the watch is dated on the user's clock, the next morning nine hours east.
    var east = self.environment(server, try folder())
    east["TZ"] = "<+09>-9"
    #expect(try BinaryRunner.run(["import", "trakt", archive.path], environment: east).status == 0)
    let eastHistory = try BinaryRunner.run(["history"], environment: east).stdout
    #expect(eastHistory.contains("2024-03-02\t693134\t"), "the 2nd at 05:15 in UTC+9: \(eastHistory)")
    #expect(!eastHistory.contains("2024-03-01"), "\(eastHistory)")
    // The same export again into the first library, its user nine hours east now: each play keeps
    // the day it was first taken as (by its history id), so none is doubled.
    var travelled = environment
    travelled["TZ"] = "<+09>-9"
    let again = try BinaryRunner.run(["import", "trakt", archive.path], environment: travelled)
    #expect(again.status == 0 && again.stdout.contains("added 0"), "\(again.stdout) \(again.stderr)")
    #expect(try BinaryRunner.run(["history"], environment: travelled).stdout.contains("2024-03-01\t693134\t"))
    #expect(try BinaryRunner.run(["history"], environment: environment).stdout == history.stdout)
  }

  @Test func exportJSONReadBackIntoAnotherLibraryIsTheSame() throws {
    let server = try server()
    let home = try folder()
    let environment = environment(server, home)
    _ = try BinaryRunner.run(
      ["import", "trakt", Fixtures.exportsDirectory.appendingPathComponent("trakt").path], environment: environment)
    let exported = try BinaryRunner.run(["export", "json"], environment: environment)
    let file = home.appendingPathComponent("library.json")
    try Data(exported.stdout.utf8).write(to: file)
    let other = try folder()
    let otherEnvironment = self.environment(server, other)
    let outcome = try BinaryRunner.run(["import", "json", file.path], environment: otherEnvironment)
    #expect(outcome.status == 0 && outcome.stdout.contains("added"), "\(outcome.stderr)")
    let back = try BinaryRunner.run(["export", "json"], environment: otherEnvironment)
    func withoutDay(_ text: String) -> String {
      text.split(separator: "\n").filter { !$0.contains("\"exported\"") && !$0.contains("\"updated\"") }.joined(
        separator: "\n")
    }
    #expect(withoutDay(back.stdout) == withoutDay(exported.stdout))
  }

  @Test func aPathOfTheWrongKindIsRefusedNamingWhatWasExpected() throws {
    let server = try server()
    let home = try folder()
    let outcome = try BinaryRunner.run(
      ["import", "trakt", Fixtures.exportsDirectory.appendingPathComponent("imdb").path],
      environment: environment(server, home))
    #expect(outcome.status == 1 && outcome.stderr.contains("watched-history.json"), "\(outcome.stderr)")
    let usage = try BinaryRunner.run(["import", "netflix", "x"], environment: environment(server, home))
    #expect(usage.status == 2 && usage.stderr.contains("letterboxd, imdb, trakt, tvtime or json"))
  }
}
