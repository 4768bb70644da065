import Foundation
import Testing

@testable import TestSupport

/// `trending import` of files that name their titles by id (IMDb's, Trakt's) and of `export json`,
/// through the real binary and the loopback amodb.
@Suite("End to end: importing by ids, and export json read back", .serialized)
struct ImportByIDEndToEndTests: ImportEndToEnd {
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
    // A folder of two machines' exports is refused naming both, not read as its first alone.
    let two = home.appendingPathComponent("two")
    try FileManager.default.createDirectory(at: two, withIntermediateDirectories: true)
    for name in ["laptop.json", "desktop.json"] {
      try Data(exported.stdout.utf8).write(to: two.appendingPathComponent(name))
    }
    let third = try folder()
    let refused = try BinaryRunner.run(["import", "json", two.path], environment: self.environment(server, third))
    #expect(refused.status == 1, "\(refused.stdout)")
    #expect(
      refused.stderr.contains("holds 2 JSON files") && refused.stderr.contains("laptop.json"), "\(refused.stderr)")
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
