import Foundation
import TestSupport
import Testing

/// `trending person`, the new parts of `trending show`, and the demo behind them, as processes.
@Suite("trending person, show and search on the demo data")
struct BrowserCommandTests {
  @Test func showPrintsEveryNewSectionFactsFirst() throws {
    let outcome = try BinaryRunner.run(["show", "550", "--demo", "--region", "US"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let text = outcome.stdout
    for part in [
      "Fight Club (1999)", "R · 2h 19m · Drama · 15 October 1999\n", "Director   David Fincher",
      "Starring   Edward Norton  as Narrator", "Where to watch (US)", "Where-to-watch data by JustWatch",
      "Trailer    https://www.youtube.com/watch?v=dfeUzm6KF4g", "Recommended", "Similar", "Cast", "Crew",
    ] {
      #expect(text.contains(part), "missing \(part) in:\n\(text)")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let facts = try #require(lines.firstIndex { $0.hasPrefix("Starring") })
    let overview = try #require(lines.firstIndex { $0 == "Overview" })
    #expect(facts < overview && facts < 22, "the leads come before the overview, within the first screen")
  }

  @Test func showAsJSONCarriesTheNewParts() throws {
    let outcome = try BinaryRunner.run(["show", "603", "--demo", "--json"])
    #expect(outcome.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    #expect(object["collection"] as? String == "The Matrix Collection")
    #expect((object["certifications"] as? [String: String])?["US"] == "R")
    #expect((object["recommendations"] as? [Any])?.isEmpty == false)
    #expect((object["watch_providers"] as? [String: Any])?["US"] != nil)
  }

  @Test func personPrintsWhoTheyAreAndTheirFilms() throws {
    let show = try BinaryRunner.run(["show", "872585", "--demo", "--json"])
    #expect(show.status == 0)
    let list = try BinaryRunner.run(["person", "70001", "--demo"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("Denis Villeneuve"))
    #expect(list.stdout.contains("born 3 October 1967 in Bécancour, Quebec, Canada"))
    #expect(list.stdout.contains("Dune: Part Two  Director"))
    // A page that is read, not browsed: the biography whole, with no "less" to fold it.
    let nolan = try BinaryRunner.run(["person", "70010", "--demo"]).stdout
    #expect(nolan.contains("of time.\n\n") && !nolan.contains("  less"), "\(nolan)")
    let json = try BinaryRunner.run(["person", "70001", "--demo", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["name"] as? String == "Denis Villeneuve")
    let credits = try #require(object["credits"] as? [[String: Any]])
    #expect(credits.first?["role"] as? String == "Director")
    #expect(credits.allSatisfy { ["movie", "tv"].contains($0["media_type"] as? String) })
    let pitt = try BinaryRunner.run(["person", "70021", "--demo", "--json"])
    let both = try #require(try JSONSerialization.jsonObject(with: Data(pitt.stdout.utf8)) as? [String: Any])
    let kinds = (both["credits"] as? [[String: Any]] ?? []).compactMap { $0["media_type"] as? String }
    #expect(kinds.contains("movie") && kinds.contains("tv"), "Brad Pitt's films and his series, together")
    let missing = try BinaryRunner.run(["person", "1", "--demo"])
    #expect(missing.status == 6 && missing.stderr.contains("no person has the id 1"), "\(missing.stderr)")
    let usage = try BinaryRunner.run(["person", "x"])
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("the person id must be a positive whole number"))
  }

  @Test func searchAndListsWorkOfflineOnTheDemo() throws {
    let search = try BinaryRunner.run(["search", "the", "--demo"])
    #expect(search.status == 0)
    #expect(search.stdout.contains("The Matrix") && search.stdout.contains("The Godfather"))
    let year = try BinaryRunner.run(["search", "the (1999)", "--demo"])
    #expect(year.stdout.contains("The Matrix") && !year.stdout.contains("The Godfather"))
    let popular = try BinaryRunner.run(["list", "--list", "popular", "--demo"])
    let trending = try BinaryRunner.run(["list", "--demo"])
    #expect(popular.status == 0 && trending.status == 0)
    #expect(popular.stdout != trending.stdout, "each demo list is its own")
    let past = try BinaryRunner.run(["list", "--page", "501", "--demo"])
    #expect(past.status == 2, "a page past 500 is a usage error")
    // A page past the list's last is answered empty, as TMDB does, and said.
    let beyond = try BinaryRunner.run(["list", "--page", "3", "--demo"])
    #expect(beyond.status == 6 && beyond.stdout.isEmpty)
    #expect(beyond.stderr.contains("the list has 2 pages; page 3 is past it"), "\(beyond.stderr)")
    // A search's and discover's alike, never "Nothing matches" for a query page 1 matches.
    for arguments in [["search", "dune", "--page", "5", "--json"], ["discover", "--page", "50"]] {
      let after = try BinaryRunner.run(arguments + ["--demo"])
      #expect(after.status == 6 && after.stdout.isEmpty, "\(arguments): \(after.stdout)")
      #expect(after.stderr.contains("page") && after.stderr.contains("is past it"), "\(after.stderr)")
      #expect(!after.stderr.contains("Nothing matches"))
    }
    let help = try BinaryRunner.run(["help", "person"])
    #expect(help.status == 0 && help.stdout.contains("trending person ID"))
  }

  @Test func seriesSeasonsAndSeriesListsPrintOfflineOnTheDemo() throws {
    let series = try BinaryRunner.run(["tv", "1668", "--demo"])
    #expect(series.status == 0, "\(series.stderr)")
    #expect(series.stdout.contains("Friends (1994–2004)"))
    #expect(series.stdout.contains("10 seasons") && series.stdout.contains("236 episodes"))
    #expect(series.stdout.contains("Season 8"))
    let json = try BinaryRunner.run(["tv", "1668", "--demo", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["media_type"] as? String == "tv")
    #expect(object["years"] as? String == "1994–2004")
    #expect((object["season_list"] as? [[String: Any]])?.first?["season"] as? Int == 1, "numbered seasons first")
    let season = try BinaryRunner.run(["season", "1668", "8", "--demo"])
    #expect(season.status == 0, "\(season.stderr)")
    #expect(season.stdout.contains("The One with the Rumor"))
    // The id as the library's commands print it is taken too.
    #expect(try BinaryRunner.run(["season", "tv/1668", "8", "--demo"]).stdout == season.stdout)
    let seasonJSON = try BinaryRunner.run(["season", "1668", "8", "--demo", "--json"])
    let episodes = try #require(
      (try JSONSerialization.jsonObject(with: Data(seasonJSON.stdout.utf8)) as? [String: Any])?["episodes"]
        as? [[String: Any]])
    let rumor = try #require(episodes.first { $0["code"] as? String == "S08E09" })
    #expect((rumor["guest_stars"] as? [[String: Any]])?.contains { $0["name"] as? String == "Brad Pitt" } == true)
    let missing = try BinaryRunner.run(["season", "1668", "11", "--demo"])
    #expect(missing.status == 6, "a season the demo lacks is not found: \(missing.stderr)")
    #expect(missing.stderr == "trending: Friends has no season 11\n", "said of the series: \(missing.stderr)")
    let film = try BinaryRunner.run(["tv", "550", "--demo"])
    #expect(film.status == 6 && film.stderr.contains("no series has the id 550"), "\(film.stderr)")
    let list = try BinaryRunner.run(["list", "--kind", "tv", "--list", "top-rated", "--demo", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    #expect(!rows.isEmpty && rows.allSatisfy { $0["media_type"] as? String == "tv" })
    // Piped, a series' id is as the library's commands take it: `cut -f2 | xargs trending seen` marks it.
    let piped = try BinaryRunner.run(["list", "--kind", "tv", "--list", "top-rated", "--demo"]).stdout
    let ids = piped.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[1] }
    #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("tv/") }, "\(piped)")
    let everything = try BinaryRunner.run(["search", "dark", "--demo", "--json"])
    let found = try #require(try JSONSerialization.jsonObject(with: Data(everything.stdout.utf8)) as? [[String: Any]])
    #expect(found.contains { $0["media_type"] as? String == "tv" && $0["title"] as? String == "Dark" })
    let people = try BinaryRunner.run(["search", "pitt", "--kind", "person", "--demo"])
    #expect(people.status == 0 && people.stdout.contains("Brad Pitt"), "\(people.stdout)\(people.stderr)")
    let csvHome = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: csvHome) }
    let home = ["XDG_DATA_HOME": csvHome.path, "XDG_CACHE_HOME": csvHome.path]
    #expect(try BinaryRunner.run(["watchlist", "add", "tv/1668", "--demo"], environment: home).status == 0)
    let added = try BinaryRunner.run(["watchlist", "add", "550", "--demo"], environment: home)
    #expect(added.status == 0 && added.stderr.contains("added Fight Club (1999) to the watchlist"), "\(added.stderr)")
    #expect(added.stdout.contains("Fight Club"), "the list itself on standard output, as before")
    let again = try BinaryRunner.run(["watchlist", "add", "550", "--demo"], environment: home)
    #expect(again.stderr.contains("Fight Club (1999) was on the watchlist already"), "\(again.stderr)")
    let csv = try BinaryRunner.run(["watchlist", "--csv"], environment: home)
    #expect(csv.stdout.contains("550,Fight Club,1999") && !csv.stdout.contains("Friends"), "\(csv.stdout)")
    #expect(csv.stderr.contains("left out 1 series: Letterboxd imports films only"), "\(csv.stderr)")
    let text = try BinaryRunner.run(["watchlist"], environment: home)
    #expect(text.stdout.contains("tv/1668") && text.stdout.contains("Friends"), "\(text.stdout)")
    // What was seen but never put on the watchlist is history's, as the browser's tab leaves it out.
    #expect(try BinaryRunner.run(["seen", "680", "--demo"], environment: home).status == 0)
    #expect(try BinaryRunner.run(["seen", "550", "--demo"], environment: home).status == 0)
    let seen = try BinaryRunner.run(["watchlist"], environment: home)
    #expect(!seen.stdout.contains("Pulp Fiction") && seen.stdout.contains("550\t+✓\tFight Club"), "\(seen.stdout)")
    // A rating or note of an episode the series does not have is refused as `seen` refuses it.
    for (arguments, said) in [
      (["rate", "tv/1399", "8", "--season", "99", "--episode", "1"], "Game of Thrones (2011) has no season 99"),
      (["note", "tv/1399", "x", "--season", "1", "--episode", "99"], "Game of Thrones (2011) has no episode S01E99"),
    ] {
      let refused = try BinaryRunner.run(arguments + ["--demo"], environment: home)
      #expect(refused.status == 6 && refused.stderr.contains(said), "\(refused.stderr)")
    }
    let rated = try BinaryRunner.run(
      ["rate", "tv/1399", "8", "--season", "1", "--episode", "2", "--demo"], environment: home)
    #expect(rated.status == 0 && rated.stdout.contains("S01E02: 8/10"), "\(rated.stderr)")
    #expect(try BinaryRunner.run(["stats"], environment: home).stdout.contains("★8 ×1"), "one rating, not three")
  }
}
