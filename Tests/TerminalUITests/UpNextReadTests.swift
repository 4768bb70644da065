import AmodbKit
import Foundation
import LibraryKit
import Synchronization
import TestSupport
import Testing
import TrendingCore

@testable import TerminalUI

@Suite("Up next's and Recently rated's reads: the library's rows first, the network's seasons after")
struct UpNextReadTests {
  /// A library with series 3002 seen to the end of the one season it holds, and series 3003 one
  /// episode into its season (or, given `ended`, those series each seen to the end of its season).
  private func library(ended: [Int]? = nil) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trending-up-next-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("library.sqlite3")
    let library = try Library(path: file)
    let season = (1...2).map {
      EpisodeInfo(number: EpisodeKey(season: 1, number: $0), name: "Part \($0)", airDate: "2019-01-0\($0)", runtime: 50)
    }
    for (id, seen) in ended.map({ $0.map { ($0, 2) } }) ?? [(3002, 2), (3003, 1)] {
      try library.watch(
        series: TitleInfo(media: MediaID(.series, id), title: "Series \(id)", year: 2019),
        episodes: Array(season.prefix(seen)), on: "2026-11-0\(seen)", recorded: "2026-11-0\(seen)", seasons: season)
    }
    return file
  }

  /// A runner on `server` (or a refusing port) and the library.
  private func runner(baseURL: URL, library file: URL) -> (EffectRunner, ActionInbox) {
    let inbox = ActionInbox()
    let configuration = ClientConfiguration(
      baseURL: baseURL, apiKey: APIKey("test-key-123"), language: "en-US", timeout: 30, maxBodyBytes: 1_000_000)
    let runner = EffectRunner(
      client: AmodbClient(configuration: configuration, transport: CurlTransport()),
      images: ImageLoader(configuration: configuration, transport: CurlTransport()), posterMode: .indexed256,
      inbox: inbox, library: LibraryService(path: file))
    return (runner, inbox)
  }

  /// The next actions the runner sends, once `count` have come or it has nothing left in flight (the
  /// deadline only ends a hung test: a busy machine may hold the runner for minutes).
  private func answers(_ count: Int, _ runner: EffectRunner, _ inbox: ActionInbox) async -> [Action] {
    let deadline = ContinuousClock.now + .seconds(300)
    var actions: [Action] = []
    while ContinuousClock.now < deadline, actions.count < count {
      actions += inbox.drain()
      if runner.inFlight == 0 { return actions + inbox.drain() }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return actions
  }

  /// Each series' next episode in an answer of Up next's, as "3003 S01E02".
  private func rows(_ action: Action?) -> [String]? {
    guard case .localRead(.upNext, .success(.upNext(let rows))) = action else { return nil }
    return rows.map { "\($0.series.id) \($0.next.key.code)" }
  }

  @Test func theLibrarysRowsShowWhileTheNetworkIsHeldThenTheFilledInSeasonsFollow() async throws {
    let released = Atomic<Bool>(false)
    let server = try LoopbackServer { request in
      // Every answer of the network waits for the test (at most a minute, so a failed test ends).
      let limit = ContinuousClock.now + .seconds(60)
      while !released.load(ordering: .acquiring), ContinuousClock.now < limit { usleep(2_000) }
      let parts = request.path.split(separator: "/").map(String.init)
      if parts.count == 3, parts[2] == "3002" { return .json(TestClients.seriesJSON(id: 3002, seasons: 2)) }
      if parts.count == 3, let id = Int(parts[2]) { return .json(TestClients.seriesJSON(id: id)) }
      if parts.count == 5, let id = Int(parts[2]), let number = Int(parts[4]) {
        return .json(TestClients.seasonJSON(seriesID: id, number: number))
      }
      return .json(#"{"status_message": "Not found."}"#, status: 404)
    }
    let (runner, inbox) = runner(baseURL: server.baseURL, library: try library())
    runner.perform(.readLocal(.upNext))
    let first = await answers(1, runner, inbox)
    // The library's own rows, while the network has not answered: 3002 is done as far as it knows.
    #expect(first.count == 1 && rows(first.first) == ["3003 S01E02"], "\(first)")
    #expect(runner.inFlight == 1)
    released.store(true, ordering: .releasing)
    let second = await answers(1, runner, inbox)
    // The series' second season was asked for, stored, and read: 3002 has its next episode.
    #expect(rows(second.first).map(Set.init) == ["3003 S01E02", "3002 S02E01"], "\(second)")
    #expect(server.count("/3/tv/3002/season/2") == 1)
    #expect(await answers(1, runner, inbox).isEmpty && runner.inFlight == 0)
  }

  @Test func aReadGoesOnUntilEverySeriesWasLookedAtAnsweringAsItFills() async throws {
    // Eight series seen to the end of their first season, each with a second aired: sixteen asks,
    // more than one round's twelve.
    let series = Array(3001...3008)
    let server = try secondSeasons()
    let (runner, inbox) = runner(baseURL: server.baseURL, library: try library(ended: series))
    runner.perform(.readLocal(.upNext))
    let all = await answers(.max, runner, inbox)
    #expect(runner.inFlight == 0)
    // No rows of the library's own (every series is seen as far as it knows) is no answer yet: the
    // first round's four series, then the last four.
    #expect(all.map { rows($0)?.count } == [4, 8], "\(all)")
    #expect(Set(rows(all.last) ?? []) == Set(series.map { "\($0) S02E01" }))
    #expect(server.count("/3/tv/") == 16)
  }

  /// A loopback amodb whose series each have a second season aired; a season of a series in
  /// `failing` answers 500.
  private func secondSeasons(failing: Set<Int> = []) throws -> LoopbackServer {
    try LoopbackServer { request in
      let parts = request.path.split(separator: "/").map(String.init)
      if parts.count == 3, let id = Int(parts[2]) { return .json(TestClients.seriesJSON(id: id, seasons: 2)) }
      if parts.count == 5, let id = Int(parts[2]), let number = Int(parts[4]) {
        if failing.contains(id) { return .json(#"{"status_message": "Down."}"#, status: 500) }
        return .json(TestClients.seasonJSON(seriesID: id, number: number))
      }
      return .json(#"{"status_message": "Not found."}"#, status: 404)
    }
  }

  /// Up next's last rows from one read through a new client, as "3001 S02E01".
  private func read(
    _ server: LoopbackServer, _ file: URL, filled: AskedLately<Int>, batch: Int = EpisodeRefresh.seriesAtMost
  ) async -> [String] {
    let answers = Mutex<[[String]]>([])
    _ = await LibraryUpNext.read(
      client: TestClients.client(for: server), LibraryService(path: file), filled: filled, batch: batch
    ) { rows in answers.withLock { $0.append(rows.map { "\($0.series.id) \($0.next.key.code)" }) } }
    return answers.withLock { $0.last ?? [] }
  }

  @Test func seriesFilledInByAnEarlierReadAreNotAskedAgain() async throws {
    let server = try secondSeasons(failing: [3004])
    let file = try library(ended: Array(3001...3004))
    let filled = AskedLately<Int>()
    let first = await read(server, file, filled: filled)
    #expect(Set(first) == ["3001 S02E01", "3002 S02E01", "3003 S02E01"])
    // 3004's season had no answer: it is asked again, the three filled in are not.
    #expect(filled.fresh() == [3001, 3002, 3003])
    #expect(server.count("/3/tv/") == 8)
    // A new client keeps nothing: only 3004's details and season are asked again.
    _ = await read(server, file, filled: filled)
    #expect(server.count("/3/tv/") == 10)
    #expect(server.count("/3/tv/3004/season/2") == 2 && server.count("/3/tv/3001") == 2)
  }

  @Test func aReadGoesOnPastItsFirstBatchOfSeries() async throws {
    // Four series seen to the end of their first season, read two at a time: the two watched
    // first are not all the tab asks of (the heavy-user review: 200 and Breaking Bad left out).
    let server = try secondSeasons()
    let file = try library(ended: Array(3001...3004))
    let rows = await read(server, file, filled: AskedLately<Int>(), batch: 2)
    #expect(Set(rows) == ["3001 S02E01", "3002 S02E01", "3003 S02E01", "3004 S02E01"])
    #expect(server.count("/3/tv/") == 8, "each series' details and second season, once")
  }

  /// The library of `library()` with series 3003's S01E02 rated 9.
  private func libraryWithARatedEpisode() throws -> URL {
    let file = try library()
    let series = TitleInfo(media: MediaID(.series, 3003), title: "Series 3003", year: 2019)
    _ = try Library(path: file).rate(
      Subject(series.media, episode: EpisodeKey(season: 1, number: 2)), 9, title: series, day: "2026-12-05")
    return file
  }

  @Test func anEpisodeRatedWithItsSeasonNotKeptGetsItsPublicScoreWhenTheSeasonComes() async throws {
    let server = try secondSeasons()
    let (runner, inbox) = runner(baseURL: server.baseURL, library: try libraryWithARatedEpisode())
    runner.perform(.readLocal(.rated))
    let all = await answers(.max, runner, inbox)
    let scores = all.map { action -> Double?? in
      guard case .localRead(.rated, .success(.rated(let list))) = action else { return .none }
      return .some(list.entries.first?.publicScore)
    }
    // The rating at once with no public score (its season is not kept), then the season's 8.4.
    #expect(scores == [.some(nil), .some(8.4)], "\(all)")
    #expect(server.count("/3/tv/3003/season/1") == 1)
  }

  @Test func aRatedEpisodesSeasonAmodbDoesNotHaveIsNotAskedAgainByTheNextRead() async throws {
    let server = try LoopbackServer { _ in .json(#"{"status_message": "Not found."}"#, status: 404) }
    let (runner, inbox) = runner(baseURL: server.baseURL, library: try libraryWithARatedEpisode())
    runner.perform(.readLocal(.rated))
    #expect(await answers(.max, runner, inbox).count == 1)
    #expect(server.count("/3/tv/3003/season/1") == 1)
    // The next read (after a mark, say) shows the rating at once and asks nothing.
    runner.perform(.readLocal(.rated))
    #expect(await answers(.max, runner, inbox).count == 1)
    #expect(server.count("/3/tv/") == 1)
  }

  /// Series the library holds no next episode of, and amodb failing: the read fails, so the tab
  /// says why, never "No series in progress".
  @Test func noRowsBecauseAmodbFailedIsAFailureNotAnEmptyTab() async throws {
    let server = try LoopbackServer { _ in .json(#"{"status_message": "Down."}"#, status: 500) }
    let answers = Mutex<[[UpNext]]>([])
    let result = await LibraryUpNext.read(
      client: TestClients.client(for: server), LibraryService(path: try library(ended: [3001, 3002])),
      filled: AskedLately<Int>()
    ) { rows in answers.withLock { $0.append(rows) } }
    #expect(answers.withLock { $0 }.isEmpty, "no rows of its own is no answer: the tab loads, not 'none'")
    guard case .failure(let error)? = result else {
      Issue.record("no failure: \(String(describing: result))")
      return
    }
    #expect(error.message.contains("500"), "\(error.message)")
  }

  @Test func aDeadNetworkLeavesTheLibrarysRowsAsTheOneAnswer() async throws {
    let port = try RefusingPort()
    let (runner, inbox) = runner(baseURL: port.baseURL, library: try library())
    runner.perform(.readLocal(.upNext))
    let all = await answers(2, runner, inbox)
    #expect(all.count == 1 && rows(all.first) == ["3003 S01E02"], "\(all)")
    #expect(runner.inFlight == 0)
    withExtendedLifetime(port) {}
  }
}
