import AmodbKit
import Foundation
import LibraryKit
import TestSupport
import Testing

@testable import TrendingCLI

/// TV Time's rows matched through a loopback amodb: series by `/find` with their TVDB ids (each
/// once, whatever its episodes), an episode by its own TVDB id, films by title and year.
@Suite("Import: TV Time's rows matched through amodb")
struct TVTimeMatchingTests {
  /// Matches on a thread of its own: the matcher waits for the client as the command line does,
  /// which would hold a thread of the pool the client's tasks need.
  func match(_ rows: ImportRows, _ client: AmodbClient) async -> Result<[TitleReference: ImportTarget], AmodbError> {
    await withCheckedContinuation { continuation in
      Thread {
        let progress = ImportProgress(total: rows.rows.count, terminal: false)
        continuation.resume(returning: ImportMatcher(client: client).match(rows, progress: progress))
      }.start()
    }
  }

  @Test func seriesAreFoundOnceByTVDBIdAndTheirEpisodesKeepTheirNumbers() async throws {
    let server = try TVTimeStandIn.server()
    let client = TestClients.client(for: server)
    var rows = try ExportReader.read(
      .tvtime, path: Fixtures.tvTimeDirectory.appendingPathComponent("gdpr-data").path, today: "2026-07-20")
    let older = try ExportReader.read(
      .tvtime, path: Fixtures.tvTimeDirectory.appendingPathComponent("seen-episode").path, today: "2026-07-20")
    rows.rows += older.rows
    let targets = try await match(rows, client).get()
    /// A target as media, title, year and episode.
    func named(_ reference: TitleReference) -> String? {
      targets[reference].map {
        "\($0.info.media) \($0.info.title) \($0.info.year ?? 0) \($0.episode?.description ?? "-")"
      }
    }
    #expect(named(.tvdb(81189, episode: EpisodeKey(season: 1, number: 2))) == "tv/1396 Breaking Bad 2008 S01E02")
    #expect(named(.tvdb(81189, episode: nil)) == "tv/1396 Breaking Bad 2008 -")
    #expect(targets[.tvdb(121361, episode: EpisodeKey(season: 0, number: 1))]?.info.media == .series(1399))
    #expect(targets[.tvdb(900001, episode: EpisodeKey(season: 1, number: 1))] == nil, "a series amodb does not know")
    #expect(
      named(.tvdbEpisode(9000101)) == "tv/1920 Details of series 1920 2019 S01E01", "its series, from its details")
    #expect(targets[.search(title: "Fight Club", year: 1999)]?.info.media == .film(550))
    #expect(targets[.search(title: "Spirited Away", year: nil)]?.info.media == .film(129))
    let finds = server.requests.filter { $0.path.hasPrefix("/3/find/") }
    #expect(finds.allSatisfy { $0.query("external_source") == "tvdb_id" })
    #expect(server.count("/3/find/81189") == 1, "one /find for Breaking Bad's \(rows.rows.count) rows")
    #expect(Set(finds.map(\.path)).count == finds.count, "no series or episode asked twice")
    let plan = ImportPlan.make(rows.rows) { targets[$0] }
    #expect(
      Set(plan.unresolved.map(\.title)) == ["Nobody's Local Show", "Weird, \"Quoted\" =Title"],
      "\(plan.unresolved.map(\.title))")
    #expect(plan.changes.contains { $0.target.info.media == .series(1668) && $0.target.episode != nil }, "Friends")
  }

  @Test func anAnswerThatFailsStopsTheMatching() async throws {
    let server = try LoopbackServer { _ in .json(#"{"status_code":7,"status_message":"Invalid API key"}"#, status: 401)
    }
    var rows = ImportRows()
    rows.rows = [
      ImportRow(
        place: RowPlace(file: "tracking-prod-records-v2.csv", line: 2), reference: .tvdb(81189, episode: nil),
        title: "Breaking Bad", year: nil, action: .list("watchlist", day: "2024-01-01"))
    ]
    guard case .failure(let error) = await match(rows, TestClients.client(for: server)) else {
      Issue.record("a 401 was taken for no match")
      return
    }
    #expect(ExitCode(error) == .authentication, "\(error)")
  }
}
