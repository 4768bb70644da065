import AmodbKit
import Foundation
import LibraryKit
import Testing

@testable import TrendingCLI

@Suite("trending import on the command line, its progress and its summary")
struct ImportArgumentsTests {
  private func parse(_ words: [String]) throws -> Invocation.Command { try parsedCommand(words) }

  private func failure(_ words: [String]) -> String? { usageFailure(words) }

  @Test func importTakesAKindAndAPath() throws {
    #expect(
      try parse(["import", "letterboxd", "export.zip"])
        == .library(.importing(.letterboxd, path: "export.zip", dryRun: false)))
    #expect(
      try parse(["import", "trakt", "a folder", "--dry-run"])
        == .library(.importing(.trakt, path: "a folder", dryRun: true)))
    #expect(failure(["import", "netflix", "x"])?.contains("letterboxd, imdb, trakt, tvtime or json") == true)
    #expect(failure(["import", "imdb"])?.contains("import imdb needs the path") == true)
    #expect(failure(["import", "imdb", "a", "b"])?.contains("one export at a time") == true)
    #expect(failure(["list", "--dry-run"])?.contains("--dry-run") == true, "only import takes it")
    #expect(OptionTable.command(.import).synopsis.contains("[--dry-run]"))
    #expect(
      try parse(["import", "letterboxd", "x.zip", "--resolve"])
        == .library(.importing(.letterboxd, path: "x.zip", dryRun: false, resolve: true)))
    #expect(
      failure(["import", "letterboxd", "x.zip", "--resolve", "--dry-run"])?.contains("cannot be a --dry-run") == true)
    #expect(OptionTable.command(.import).synopsis.contains("[--resolve]"))
    #expect(
      try ArgumentParser.parse(["import", "letterboxd", "x.zip", "--resolve", "--images", "off"]).images == .off,
      "the chooser's posters, as the browser's")
  }

  @Test func theBarSaysTheRowsDoneAndTheTimeLeft() {
    #expect(ImportProgress.bar(done: 0, total: 200, elapsed: 0) == "[--------------------] 0/200 titles")
    #expect(
      ImportProgress.bar(done: 50, total: 200, elapsed: 10)
        == "[#####---------------] 50/200 titles, about 30 s left")
    #expect(ImportProgress.bar(done: 100, total: 1000, elapsed: 20).hasSuffix("about 3 min left"))
    #expect(ImportProgress.bar(done: 200, total: 200, elapsed: 40) == "[####################] 200/200 titles")
    // A history of episodes (Trakt's, TV Time's) counts titles and episodes, not titles.
    #expect(
      ImportProgress.bar(done: 3, total: 48_444, elapsed: 1, width: 5, episodes: true)
        .hasPrefix("[-----] 3/48444 titles and episodes, "))
    #expect(!TitleReference.tmdb(.series(1), episode: nil).namesAnEpisode)
    #expect(TitleReference.tmdb(.series(1), episode: EpisodeKey(season: 1, number: 2)).namesAnEpisode)
  }

  @Test func theSummaryNamesEachUnresolvedAndSkippedRowByPlace() {
    var rows = ImportRows()
    let place = RowPlace(file: "diary.csv", line: 8)
    let row = ImportRow(
      place: place, reference: .search(title: "=HYPERLINK(\"x\")", year: 1999), title: "=HYPERLINK(\"x\")",
      year: 1999, action: .watch(day: "2019-12-31"))
    rows.rows = [row, row]
    rows.files = ["diary.csv"]
    rows.skipped = [SkippedRow(place: RowPlace(file: "diary.csv", line: 9), problem: "not valid UTF-8")]
    let plan = ImportPlan.make(rows.rows) { _ in nil }
    let text = TrendingCommand.summary(.letterboxd, rows: rows, plan: plan, outcome: ImportOutcome(), dryRun: false)
    #expect(text.contains("added 0, already there 0, unresolved 1, skipped 1"), "\(text)")
    #expect(text.contains("  diary.csv:8  =HYPERLINK(\"x\") (1999)"), "kept as text")
    #expect(text.contains("  diary.csv:9  not valid UTF-8"))
  }

  @Test func findAnswersFilmsSeriesAndEpisodes() throws {
    let body = """
      {"movie_results":[],"person_results":[],"tv_results":[],"tv_season_results":[],
       "tv_episode_results":[{"id":63056,"name":"Winter Is Coming","air_date":"2011-04-17","episode_number":1,
       "season_number":1,"show_id":1399,"still_path":null,"vote_average":7.8,"vote_count":200},
       {"id":1,"show_id":"bad"}]}
      """
    let found = try AmodbJSON.decoder().decode(FoundByIMDb.self, from: Data(body.utf8))
    #expect(found.episodes == [FoundEpisode(seriesID: 1399, season: 1, number: 1, name: "Winter Is Coming")])
    let fixture = try AmodbJSON.decoder().decode(
      FoundByIMDb.self,
      from: Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
          "../../../shared/fixtures/tmdb/find-imdb.json"
        ).standardized))
    #expect(fixture.films.map(\.id) == [143] && fixture.films.first?.year == 1930, "the real fixture")
    #expect(FindByIMDbRequest(imdbID: "tt0137523/../x", language: "en") == nil, "an id is only digits")
    #expect(FindByIMDbRequest(imdbID: "tt0137523", language: "en")?.path == "/find/tt0137523")
  }
}
