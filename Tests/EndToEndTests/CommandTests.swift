import Foundation
import TestSupport
import Testing

@Suite("trending list and show as processes")
struct CommandTests {
  private func server(status: Int = 200, headers: [String: String] = [:]) throws -> LoopbackServer {
    try LoopbackServer { request in
      if status != 200 {
        return .json(#"{"status_code": 7, "status_message": "Nope."}"#, status: status, headers: headers)
      }
      if request.path.hasPrefix("/3/movie/"), request.path.dropFirst("/3/movie/".count).first?.isNumber == true {
        return .json(TestClients.detailsJSON(id: 550, title: "Fight Club"))
      }
      let page = Int(request.query("page") ?? "1") ?? 1
      return .json(TestClients.pageJSON(count: 20, firstID: (page - 1) * 20 + 1, page: page, totalPages: 3))
    }
  }

  private func environment(_ server: LoopbackServer) -> [String: String] {
    [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "cli-secret-key",
      "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:1/img",
    ]
  }

  @Test func pipedListIsOneFilmALineTabSeparated() throws {
    let server = try server()
    let outcome = try BinaryRunner.run(["list", "--page", "2", "--window", "day"], environment: environment(server))
    #expect(outcome.status == 0)
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.count == 20, "no header, one film a line")
    #expect(
      lines.first == "21\t21\tFilm 21\t2024\t7.0\tmovie", "the kind last, so the first five fields keep their places")
    #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 6 })
    #expect(server.requests.first?.path == "/3/trending/movie/day")
    #expect(server.requests.first?.query("page") == "2")
    #expect(!outcome.stdout.contains("\u{1B}"))
    #expect(!(outcome.stdout + outcome.stderr).contains("cli-secret-key"))
  }

  @Test func searchHelpAndSuggestions() throws {
    let server = try server()
    let search = try BinaryRunner.run(["search", "fight", "club", "(1999)"], environment: environment(server))
    #expect(search.status == 0, "\(search.stderr)")
    // A year narrows films and series by their own parameters: the two searches, not the one of everything.
    let films = try #require(server.requests.first { $0.path == "/3/search/movie" })
    let series = try #require(server.requests.first { $0.path == "/3/search/tv" })
    #expect(films.query("query") == "fight club" && series.query("query") == "fight club")
    #expect(films.query("primary_release_year") == "1999")
    #expect(series.query("first_air_date_year") == "1999")
    #expect(server.count("/3/search/multi") == 0)
    _ = try BinaryRunner.run(["search", "fight", "club"], environment: environment(server))
    #expect(server.requests.last?.path == "/3/search/multi", "no year: one search of everything")
    _ = try BinaryRunner.run(["search", "pitt", "--kind", "person"], environment: environment(server))
    #expect(server.requests.last?.path == "/3/search/person")
    // Pasted controls and escape sequences are not sent: the words are, as the browser sends them.
    _ = try BinaryRunner.run(["search", "a\tb\rc\u{1B}[31md"], environment: environment(server))
    #expect(server.requests.last?.query("query") == "a b cd", "\(server.requests.last?.target ?? "")")
    let controls = try BinaryRunner.run(["search", "\u{1B}[31m\t"], environment: environment(server))
    #expect(controls.status == 2 && controls.stderr.contains("search needs words"), "\(controls.stderr)")
    #expect(try BinaryRunner.run(["help", "search"]).stdout.contains("trending search QUERY"))
    let typo = try BinaryRunner.run(["lsit"])
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("did you mean 'list'?"))
    let flag = try BinaryRunner.run(["list", "--pgae", "2"])
    #expect(flag.status == 2)
    #expect(flag.stderr.contains("did you mean '--page'?"))
    #expect(try BinaryRunner.run(["list", "--page", "501"]).status == 2, "a page past 500 is a usage error")
  }

  @Test func listAsJSON() throws {
    let server = try server()
    let outcome = try BinaryRunner.run(["list", "--json"], environment: environment(server))
    #expect(outcome.status == 0)
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    #expect(entries.count == 20)
    let first = try #require(entries.first)
    #expect(first["id"] as? Int == 1)
    #expect(first["title"] as? String == "Film 1")
    #expect(first["year"] as? Int == 2024)
    #expect(first["score"] as? Double == 7.0)
    #expect(first["poster_url"] as? String == "http://127.0.0.1:1/img/w500/p1.jpg")
  }

  @Test func showPrintsEverything() throws {
    let server = try server()
    let outcome = try BinaryRunner.run(["show", "550"], environment: environment(server))
    #expect(outcome.status == 0)
    for text in [
      "Fight Club (2001)", "1h 41m", "Drama", "An overview.", "Some Director", "Lead Actor", "Hero",
      "8.1/10", "75/100", "88%",
    ] {
      #expect(outcome.stdout.contains(text), "missing \(text)")
    }
    #expect(!outcome.stdout.contains("Kinopoisk"), "a rating that did not come is left out, as on a series")
    #expect(
      server.requests.first?.query("append_to_response")
        == "credits,ratings,videos,release_dates,watch/providers,recommendations,similar,keywords,reviews")
    let json = try BinaryRunner.run(["show", "550", "--json"], environment: environment(server))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["title"] as? String == "Fight Club")
    let ratings = try #require(object["ratings"] as? [String: Any])
    #expect((ratings["metacritic"] as? [String: Any])?["scale"] as? Int == 100)
    #expect(ratings["kinopoisk"] is NSNull)
  }

  @Test(arguments: [(401, 3), (402, 3), (404, 6), (429, 4), (500, 5), (503, 5)])
  func errorsHaveTheirExitCodes(status: Int, code: Int32) throws {
    let server = try server(status: status, headers: ["Retry-After": "0"])
    let outcome = try BinaryRunner.run(["list"], environment: environment(server))
    #expect(outcome.status == code)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("trending: "))
    #expect(outcome.stderr.split(separator: "\n").count == 1)
    #expect(!outcome.stderr.contains("cli-secret-key"))
  }

  @Test func aCommandOnATerminalSaysEachWaitForTheRateLimit() throws {
    let server = try server(status: 429, headers: ["Retry-After": "1"])
    let terminal = try PseudoTerminal(
      [Fixtures.binary.path, "list", "--no-cache"], environment: BinaryRunner.environment(environment(server)),
      width: 100, height: 20)
    #expect(
      terminal.read(until: "Waiting 1 s for the rate limit") != nil,
      "\(String(decoding: terminal.output, as: UTF8.self))")
    #expect(terminal.waitForExit() >> 8 == 4, "exit status 4, the rate limit")
  }

  @Test func networkFailuresExitFive() throws {
    let server = try server()
    server.stop()
    let outcome = try BinaryRunner.run(["show", "1"], environment: environment(server))
    #expect(outcome.status == 5)
    #expect(outcome.stderr.contains("connection refused"))
  }

  @Test func aMissingKeySaysHowToSetIt() throws {
    let outcome = try BinaryRunner.run(["list"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.contains("AMODB_KEY"))
    #expect(outcome.stderr.contains("--demo"))
  }

  @Test(arguments: [
    ["--page", "0", "list"], ["list", "--page", "x"], ["list", "--window", "month"], ["--frobnicate"], ["show"],
    ["show", "abc"], ["list", "extra"], ["--base-url", "ftp://x"],
  ])
  func usageErrorsNameTheProblem(arguments: [String]) throws {
    let outcome = try BinaryRunner.run(arguments, environment: ["AMODB_KEY": "k"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.split(separator: "\n").count == 1)
    #expect(outcome.stderr.contains("Usage: trending"))
    if arguments.contains("list") || arguments.contains("show") {
      let verb = arguments.contains("list") ? "list" : "show"
      #expect(
        outcome.stderr.contains("Usage: trending \(verb) ") && outcome.stderr.contains("'trending help \(verb)'"),
        "the command's own usage: \(outcome.stderr)")
    }
    let named = arguments.first { $0.hasPrefix("--") } ?? arguments.first ?? ""
    #expect(outcome.stderr.contains(named) || outcome.stderr.contains("film id") || outcome.stderr.contains("argument"))
  }

  @Test func helpAndVersion() throws {
    let help = try BinaryRunner.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("EXIT CODES"))
    #expect(try BinaryRunner.run(["-h"]).stdout == help.stdout)
    let version = try BinaryRunner.run(["--version"])
    #expect(version.stdout.hasPrefix("trending "))
  }

  @Test func demoNeedsNoKeyAndNoNetwork() throws {
    let outcome = try BinaryRunner.run(
      ["--demo", "list", "--json"], environment: ["AMODB_BASE_URL": "http://127.0.0.1:1/3"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("Dune: Part Two"))
  }

  @Test func theLanguageComesFromTheLocale() throws {
    let server = try server()
    var environment = environment(server)
    environment["LANG"] = "pt_BR.UTF-8"
    _ = try BinaryRunner.run(["list"], environment: environment)
    #expect(server.requests.first?.query("language") == "pt-BR")
  }

  @Test func listPrintsTheOtherListsWithTheRegion() throws {
    let server = try server()
    let outcome = try BinaryRunner.run(
      ["list", "--list", "now-playing", "--region", "ua"],
      environment: environment(server).merging(["LANG": "pt_BR.UTF-8"]) { $1 })
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(server.requests.first?.path == "/3/movie/now_playing")
    #expect(server.requests.first?.query("region") == "UA", "the flag beats the locale")
    let fromLocale = try BinaryRunner.run(
      ["list", "--list", "upcoming"], environment: environment(server).merging(["LANG": "pt_BR.UTF-8"]) { $1 })
    #expect(fromLocale.status == 0)
    #expect(server.requests.last?.path == "/3/movie/upcoming")
    #expect(server.requests.last?.query("region") == "BR", "else the locale's country")
    #expect(try BinaryRunner.run(["list", "--list", "nope"]).status == 2)
    #expect(try BinaryRunner.run(["list", "--region", "ukraine"]).status == 2)
  }
}
