import Foundation
import Testing

@testable import TestSupport

/// The library's commands through the real binary: what each change says, what `progress` and
/// `stats` ask amodb for, and every command's change held by the exports.
@Suite("End to end: the library's commands", .serialized)
struct LibraryCommandsEndToEndTests: LibraryEndToEnd {
  @Test func progressAsksForTheSeasonsNeverMarkedAndNamesTheNextEpisode() throws {
    let data = try dataHome()
    let marked = try run(["seen", "tv/1399", "--season", "1", "--demo"], data: data)
    #expect(marked.status == 0 && marked.stdout.contains("marked 10 episodes of Game of Thrones"), "\(marked.stdout)")
    let progress = try run(["progress", "--json", "--demo"], data: data)
    let series = try #require(try json(progress) as? [[String: Any]], "\(progress.stdout)\(progress.stderr)")
    let next = series.first?["next"] as? [String: Any]
    #expect(series.first?["seen"] as? Int == 10)
    // Every season asked, the series is whole: seen of all 73 aired, and the next is season 2's first.
    #expect(series.first?["aired"] as? Int == 73, "\(series)")
    #expect(next?["season"] as? Int == 2 && next?["episode"] as? Int == 1, "the demo's next season: \(series)")
    let unseen = try run(["unseen", "tv/1399", "--season", "1", "--through", "3"], data: data)
    #expect(
      unseen.stdout.contains("took away the latest watch of 3 episodes of Game of Thrones (2011)"), "\(unseen.stdout)")
    // A run of episodes marks only those not seen (as "mark up to here" does); one named is a rewatch.
    let through = try run(["seen", "tv/1399", "--season", "1", "--through", "5", "--demo"], data: data)
    #expect(through.stdout.contains("marked 3 episodes of Game of Thrones"), "\(through.stdout)")
    let again = try run(["seen", "tv/1399", "--season", "1", "--through", "5", "--demo"], data: data)
    #expect(again.status == 0 && again.stdout.contains("Every aired episode up to S01E05 was already seen."))
    let none = try run(["seen", "tv/1399", "--season", "1", "--through", "0", "--demo"], data: data)
    #expect(none.status == 6 && none.stderr.contains("Game of Thrones (2011) has no episode up to S01E00"))
    // An episode still to air is left unmarked, and the command fails (exit 1), as no usage was wrong.
    let unaired = try run(["seen", "tv/990101", "--season", "1", "--episode", "8", "--demo"], data: data)
    #expect(unaired.status == 1 && unaired.stderr.contains("left 1 episode that has not aired unmarked"))
    let rewatch = try run(["seen", "tv/1399", "--season", "1", "--episode", "5", "--demo"], data: data)
    #expect(rewatch.stdout.contains("marked 1 episode of Game of Thrones"), "\(rewatch.stdout)")
    let whole = try run(["unseen", "tv/1399"], data: data).stdout
    #expect(whole.contains("has no watch as a whole: --season and --episode take its episodes' away"), "\(whole)")
    let noSeason = try run(["seen", "tv/1399", "--season", "99", "--demo"], data: data)
    #expect(noSeason.status == 6 && noSeason.stderr.contains("Game of Thrones (2011) has no season 99"))
    let noEpisode = try run(["seen", "tv/1399", "--season", "1", "--episode", "99", "--demo"], data: data)
    #expect(
      noEpisode.status == 6 && noEpisode.stderr.contains("Game of Thrones (2011) has no episode S01E99"),
      "a missing episode is not found, as a missing season is: \(noEpisode.stderr)")
    let history = try run(["history", "--json"], data: data)
    let watches = try #require(try json(history) as? [[String: Any]], "\(history.stdout)")
    #expect(watches.count == 11, "10 of season 1, 3 taken away, 3 again, 1 rewatch: \(watches.count)")
  }

  @Test func eachChangeSaysWhatBecameOfIt() throws {
    let data = try dataHome()
    let said = try [
      ["rate", "603", "8", "--demo"], ["rate", "603", "--clear", "--demo"], ["rate", "603", "--clear", "--demo"],
      ["note", "603", "x", "--demo"], ["note", "603", "--clear", "--demo"], ["note", "603", "--clear", "--demo"],
      ["hide", "603", "--demo"], ["unhide", "603", "--demo"], ["unhide", "603", "--demo"],
      ["seen", "603", "--on", "2026-01-02", "--demo"], ["seen", "603", "--on", "2026-01-03", "--demo"],
    ].map { try run($0, data: data).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(
      said == [
        "The Matrix (1999): 8/10", "The Matrix (1999): rating cleared", "The Matrix (1999) had no rating",
        "The Matrix (1999): note saved", "The Matrix (1999): note cleared", "The Matrix (1999) had no note",
        "The Matrix (1999): not interested", "The Matrix (1999): shown in lists again",
        "The Matrix (1999) was not hidden", "marked The Matrix (1999) seen on 2026-01-02",
        "marked The Matrix (1999) seen again on 2026-01-03",
      ])
    // A list's change is said on standard error; standard output is the list, for a pipe.
    let added = try run(["lists", "Noir", "add", "603", "--demo"], data: data)
    #expect(added.stderr.contains("added The Matrix (1999) to Noir") && added.stdout.contains("The Matrix"))
    let again = try run(["lists", "noir", "add", "603", "--demo"], data: data)
    #expect(
      again.status == 0 && again.stderr.contains("The Matrix (1999) was on Noir already"),
      "the list as the library spells it: \(again.stderr)")
    #expect(try run(["lists", "Noir", "remove", "603"], data: data).stderr.contains("took The Matrix (1999) off Noir"))
    #expect(
      try run(["lists", "Noir", "remove", "603"], data: data).stderr.contains("The Matrix (1999) was not on Noir"))
    // Offline, a title the library knows keeps its name and is not said to be kept without it.
    let refusing = try RefusingPort()
    let offline = try run(
      ["rate", "603", "7"], data: data,
      environment: ["AMODB_KEY": "k", "AMODB_BASE_URL": refusing.baseURL.absoluteString])
    #expect(
      offline.stdout.contains("The Matrix (1999): 7/10") && !offline.stderr.contains("without its title"),
      "\(offline.stderr)")
    // Without a key, a title the library does not know is kept by its id, and that is said.
    let keyless = try run(["seen", "155"], data: data)
    #expect(keyless.status == 0 && keyless.stdout.contains("Film #155"), "\(keyless.stdout)")
    #expect(keyless.stderr.contains("155 is kept without its title: No API key"), "\(keyless.stderr)")
  }

  /// A server that answers 550 with another film is not believed: the watch is 550's, by its id.
  @Test func anAnswerAboutAnotherTitleIsNotStoredAsTheOneAskedFor() throws {
    let data = try dataHome()
    let server = try LoopbackServer { request in
      request.path == "/3/movie/550"
        ? .json(#"{"id":999,"title":"Other film","release_date":"2001-01-01"}"#)
        : .json(#"{"status_code":34}"#, status: 404)
    }
    defer { server.stop() }
    let environment = ["AMODB_KEY": "k", "AMODB_BASE_URL": server.baseURL.absoluteString]
    let seen = try run(["seen", "550", "--no-cache"], data: data, environment: environment)
    #expect(seen.status == 0 && seen.stdout.contains("Film #550"), "\(seen.stdout)")
    #expect(
      seen.stderr.contains("550 is kept without its title: Could not read the answer (the answer is about id 999"),
      "\(seen.stderr)")
    let added = try run(["watchlist", "add", "550", "--no-cache"], data: data, environment: environment)
    #expect(!added.stdout.contains("Other film") && !added.stdout.contains("999"), "\(added.stdout)")
    let history = try run(["history"], data: data).stdout
    #expect(history.contains("550") && !history.contains("999") && !history.contains("Other film"), "\(history)")
  }

  /// A title marked while amodb could not be asked is kept by its id, and named by the first
  /// listing that can ask for it; offline, the listing shows it by its id, as before.
  @Test func aTitleKeptByItsIdIsNamedByTheNextListingThatCanAsk() throws {
    let data = try dataHome()
    let refusing = try RefusingPort()
    let offline = ["AMODB_KEY": "k", "AMODB_BASE_URL": refusing.baseURL.absoluteString]
    let seen = try run(["seen", "551", "--no-cache"], data: data, environment: offline)
    #expect(seen.status == 0 && seen.stdout.contains("Film #551"), "\(seen.stdout)")
    #expect(try run(["history"], data: data, environment: offline).stdout.contains("Film #551"))
    let server = try LoopbackServer { request in
      request.path == "/3/movie/551"
        ? .json(#"{"id":551,"title":"The Poseidon Adventure","release_date":"1972-12-01"}"#)
        : .json(#"{"status_code":34}"#, status: 404)
    }
    defer { server.stop() }
    let online = ["AMODB_KEY": "k", "AMODB_BASE_URL": server.baseURL.absoluteString]
    let history = try run(["history"], data: data, environment: online).stdout
    #expect(history.contains("The Poseidon Adventure (1972)"), "\(history)")
    #expect(try run(["history"], data: data).stdout.contains("The Poseidon Adventure"), "kept, read without a key")
    #expect(server.count("/3/movie/551") == 1)
  }

  @Test func statsAsksForTheRuntimeAndGenresOfTitlesMarkedWithoutThem() throws {
    let data = try dataHome()
    // No key: the film is kept by its id alone, as a mark from a list's row keeps no runtime.
    #expect(try run(["seen", "550", "--on", "2026-03-01"], data: data).status == 0)
    let bare = try run(["stats", "--year", "2026"], data: data).stdout
    #expect(
      bare.contains("hours: 0.0 (1 watch of unknown length not counted)") && !bare.contains("top genres"), "\(bare)")
    let bareJSON = try run(["stats", "--year", "2026", "--json"], data: data).stdout
    #expect(
      bareJSON.contains(#""unmeasured_watches":1"#) || bareJSON.contains(#""unmeasured_watches" : 1"#), "\(bareJSON)")
    let asked = try run(["stats", "--year", "2026", "--demo"], data: data).stdout
    #expect(asked.contains("hours: 2.3\n") && asked.contains("top genres: Drama ×1"), "\(asked)")
    // Kept now: asked once.
    #expect(try run(["stats", "--year", "2026"], data: data).stdout == asked)
    // A failing service is asked one batch, four at most, then left: stats is never held long.
    for id in 600..<610 { #expect(try run(["seen", String(id), "--on", "2026-03-02"], data: data).status == 0) }
    let failing = try LoopbackServer { _ in .json(#"{"status_message": "Down."}"#, status: 500) }
    let down = try run(
      ["stats", "--year", "2026"], data: data,
      environment: ["AMODB_KEY": "k", "AMODB_BASE_URL": failing.baseURL.absoluteString])
    #expect(down.status == 0 && down.stdout.contains("films seen: 11"), "\(down.stdout)\(down.stderr)")
    let films = Set(failing.requests.map(\.path).filter { $0.hasPrefix("/3/movie/") })
    #expect((1...4).contains(films.count), "\(films)")
  }

  @Test func everyCommandChangesOrReadsTheLibraryAndTheExportsHoldIt() throws {
    let data = try dataHome()
    let steps: [[String]] = [
      ["seen", "550", "--on", "2025-03-01", "--demo"], ["seen", "550", "--on", "2026-02-01", "--demo"],
      ["rate", "550", "9", "--demo"], ["note", "550", "=HYPERLINK(\"http://x.invalid\"),", "--demo"],
      ["lists", "Noir", "add", "603", "--demo"], ["lists", "Noir", "add", "550", "--demo"], ["hide", "238", "--demo"],
      ["seen", "603", "--on", "2024-12-31", "--demo"],
    ]
    for step in steps {
      let outcome = try run(step, data: data)
      #expect(outcome.status == 0, "\(step): \(outcome.stderr)")
    }
    let unseen = try run(["unseen", "603"], data: data).stdout
    #expect(unseen.contains("took away the watch of The Matrix (1999); it is not seen now"), "\(unseen)")
    let nothing = try run(["unseen", "603"], data: data)
    #expect(nothing.status == 0 && nothing.stdout.contains("The Matrix (1999) has no watch to take away"))
    let rewatched = try run(["unseen", "550"], data: data).stdout
    #expect(rewatched.contains("it is still seen, last on 2025-03-01"), "the earlier watch stays: \(rewatched)")
    _ = try run(["seen", "550", "--on", "2026-02-01", "--demo"], data: data)
    let history = try #require(
      try json(run(["history", "--since", "2025-01-01", "--json"], data: data)) as? [[String: Any]])
    #expect(history.map { $0["watched"] as? String } == ["2026-02-01", "2025-03-01"])
    #expect(history.map { $0["rewatch"] as? Bool } == [true, false])
    let letterboxd = try run(["export", "letterboxd"], data: data).stdout.split(separator: "\n")
    #expect(letterboxd.first == "tmdbID,imdbID,Title,Year,Rating10,WatchedDate,Rewatch,Tags,Review")
    // One row a watch; the rating and the review go with the latest (Letterboxd keeps them per entry).
    #expect(letterboxd.dropFirst().first == "550,tt0137523,Fight Club,1999,,2025-03-01,false,Noir,", "\(letterboxd)")
    #expect(
      letterboxd.last
        == #"550,tt0137523,Fight Club,1999,9,2026-02-01,true,Noir,"'=HYPERLINK(""http://x.invalid""),""#,
      "\(letterboxd)")
    #expect(letterboxd.count == 3, "one row a watch")
    let lists = try #require(try json(run(["lists", "--json"], data: data)) as? [[String: Any]])
    #expect(lists.map { $0["name"] as? String } == ["watchlist", "Noir"] && lists.last?["count"] as? Int == 2)
    let noir = try run(["lists", "Noir", "--csv"], data: data).stdout
    #expect(noir == "Position,tmdbID,Title,Year\n1,603,The Matrix,1999\n2,550,Fight Club,1999\n", "\(noir)")
    // A series on the list is left out of Letterboxd's CSV, and said, as the watchlist's is.
    #expect(try run(["lists", "Noir", "add", "tv/1396", "--demo"], data: data).status == 0)
    let mixed = try run(["lists", "Noir", "--csv"], data: data)
    #expect(mixed.stdout == noir, "\(mixed.stdout)")
    #expect(mixed.stderr.contains("left out 1 series: Letterboxd imports films only"), "\(mixed.stderr)")
    let stats = try #require(try json(run(["stats", "--year", "2026", "--json"], data: data)) as? [String: Any])
    #expect(stats["films"] as? Int == 1 && stats["film_watches"] as? Int == 1)
    let words = try run(["stats", "--year", "2026"], data: data).stdout
    #expect(words.contains("films seen: 1 (1 watch)") && words.contains("ratings: ★9 ×1"), "\(words)")
    let export = try #require(try json(run(["export", "json"], data: data)) as? [String: Any])
    let tables = try #require(export["tables"] as? [String: [[String: Any]]])
    #expect(tables["hidden"]?.first?["title_id"] as? Int == 238 && tables["watch_events"]?.count == 2)
    let backup = data.appendingPathComponent("copy.sqlite3")
    #expect(try run(["library", "backup", backup.path], data: data).status == 0)
    #expect(try run(["library", "backup", backup.path], data: data).status == 1, "never replaced")
    // Into a folder, as cp puts a file: a file named by the moment.
    let folder = data.appendingPathComponent("backups")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let into = try run(["library", "backup", folder.path], data: data)
    #expect(into.status == 0 && into.stdout.contains(folder.path + "/trending-library-"), "\(into.stdout)")
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(made.count == 1 && made.first?.hasSuffix("Z.sqlite3") == true, "\(made)")
    // Another at once is another copy, never a refusal nor a file replaced.
    #expect(try run(["library", "backup", folder.path], data: data).status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
    #expect(try run(["library", "check"], data: data).stdout.contains("no problems found"))
    let copy = try BinaryRunner.program("sqlite3", [backup.path, "SELECT count(*) FROM watch_events"])
    #expect(copy.stdout == "2\n")
    let bad = try run(["rate", "550", "0"], data: data)
    #expect(bad.status == 2 && bad.stderr.contains("not '0'"))
  }
}
