import Testing

@testable import TrendingCLI

@Suite("The library's commands on the command line")
struct LibraryArgumentsTests {
  private func parse(_ line: String) throws -> Invocation.Command {
    try ArgumentParser.parse(line.split(separator: " ").map(String.init)).command
  }

  private func failure(_ line: String) -> String? {
    do {
      _ = try ArgumentParser.parse(line.split(separator: " ").map(String.init))
      return nil
    } catch {
      return error.message
    }
  }

  @Test func seenTakesAFilmOrEpisodesOfASeason() throws {
    #expect(try parse("seen 550") == .library(.seen(.film(550), episodes: nil, day: nil)))
    #expect(try parse("seen 550 --on 2026-01-02") == .library(.seen(.film(550), episodes: nil, day: "2026-01-02")))
    #expect(
      try parse("seen tv/1399 --season 1 --episode 3")
        == .library(.seen(.series(1399), episodes: .one(season: 1, episode: 3), day: nil)))
    #expect(
      try parse("seen tv/1399 --season 2 --through 4")
        == .library(.seen(.series(1399), episodes: .through(season: 2, episode: 4), day: nil)))
    #expect(try parse("unseen tv/1399 --season 2") == .library(.unseen(.series(1399), episodes: .season(2))))
  }

  @Test func aBadValueNamesIt() {
    #expect(
      failure("seen 550 --on 2026-13-01")?.contains(
        "--on must be a day: YYYY-MM-DD, today or yesterday, not '2026-13-01'") == true)
    #expect(failure("seen 550 --on tomorrow")?.contains("'tomorrow'") == true)
    #expect(failure("seen 550 --season 1")?.contains("--season goes with a series' id (tv/ID), not '550'") == true)
    #expect(failure("seen tv/1 --season 1 --episode 2 --through 3")?.contains("one at a time") == true)
    #expect(failure("seen tv/1 --episode 2")?.contains("--episode needs --season N") == true)
    #expect(failure("seen tv/1 --through 2")?.contains("--through needs --season N") == true)
    #expect(
      failure("rate tv/1 5 --episode 2")?.contains("--episode needs --season N") == true, "rate takes no --through")
    #expect(failure("seen film/9")?.contains("not 'film/9'") == true)
    #expect(failure("rate 550 11")?.contains("from 1 to 10, not '11'") == true)
    #expect(failure("rate 550")?.contains("rate needs a rating") == true)
    #expect(failure("note 550")?.contains("note needs the text") == true)
    #expect(failure("history --since soon")?.contains("--since must be a day") == true)
    #expect(failure("history --json --csv")?.contains("do not go together") == true)
    #expect(failure("export xml")?.contains("export takes 'letterboxd' or 'json'") == true)
    #expect(failure("library fix")?.contains("library takes 'check' or 'backup PATH'") == true)
    #expect(
      failure("lists Noir put 550")?.contains("takes 'add ID', 'remove ID', 'rename NEW-NAME' or 'delete'") == true)
    #expect(failure("stats --year 1990..1999")?.contains("one year") == true)
    #expect(failure("progress --csv")?.contains("--csv goes with") == true)
  }

  @Test func rateNoteListsAndTheRest() throws {
    #expect(try parse("rate 550 9") == .library(.rate(.film(550), episode: nil, rating: 9)))
    #expect(try parse("rate 550 --clear") == .library(.rate(.film(550), episode: nil, rating: nil)))
    #expect(
      try parse("rate tv/1399 10 --season 1 --episode 9")
        == .library(.rate(.series(1399), episode: .one(season: 1, episode: 9), rating: 10)))
    #expect(try parse("note 550 a fine film") == .library(.note(.film(550), episode: nil, text: "a fine film")))
    #expect(try parse("hide 550") == .library(.hide(.film(550), hidden: true)))
    #expect(try parse("unhide tv/2") == .library(.hide(.series(2), hidden: false)))
    #expect(try parse("history --since 2026-01-01 --csv") == .library(.history(since: "2026-01-01", format: .csv)))
    #expect(try parse("lists --json") == .library(.lists(json: true)))
    #expect(try parse("lists Noir add 550") == .library(.list(name: "Noir", action: .add(.film(550)), format: .text)))
    #expect(
      try ArgumentParser.parse(["lists", "  Noir  ", "add", "550"]).command
        == .library(.list(name: "Noir", action: .add(.film(550)), format: .text)),
      "spaces around a name are not part of it")
    #expect(try parse("lists Noir --delete") == .library(.list(name: "Noir", action: .delete, format: .text)))
    #expect(try parse("lists Noir delete") == .library(.list(name: "Noir", action: .delete, format: .text)))
    #expect(try parse("lists delete") == .library(.list(name: "delete", action: nil, format: .text)))
    #expect(try parse("stats --year 2025 --json") == .library(.stats(year: 2025, json: true)))
    #expect(try parse("export letterboxd") == .library(.exportLetterboxd))
    #expect(try parse("library backup /tmp/x") == .library(.backup(path: "/tmp/x")))
    #expect(try parse("discover --on Netflix") != .library(.check), "--on still names a service for discover")
  }
}
