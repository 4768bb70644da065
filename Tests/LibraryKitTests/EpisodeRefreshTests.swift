import AmodbKit
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import LibraryKit

/// How many of a server's requests are in flight now, and the most ever at once.
private final class InFlight: Sendable {
  let counts = Mutex((now: 0, most: 0))
}

@Suite("The seasons a series in progress has aired, asked of amodb a few at once")
struct EpisodeRefreshTests {
  /// Series 3001 to 3006, each holding its first season whole.
  private let recent = (3001...3006).map { SeriesSeasons(series: $0, episodes: [1: 2]) }

  /// A loopback amodb whose series have a second season aired, which the library does not hold;
  /// each series' details wait (at most ten seconds) until another request is in flight beside it.
  private func server(_ together: InFlight = InFlight()) throws -> LoopbackServer {
    try LoopbackServer { request in
      let parts = request.path.split(separator: "/").map(String.init)
      if parts.count == 5, let id = Int(parts[2]), let number = Int(parts[4]) {
        return .json(TestClients.seasonJSON(seriesID: id, number: number))
      }
      guard parts.count == 3, let id = Int(parts[2]) else { return .json(#"{"status_message": "No."}"#, status: 404) }
      together.counts.withLock {
        $0.now += 1
        $0.most = max($0.most, $0.now)
      }
      let limit = ContinuousClock.now + .seconds(10)
      while together.counts.withLock({ $0.most < 2 }), ContinuousClock.now < limit { usleep(1_000) }
      together.counts.withLock { $0.now -= 1 }
      return .json(TestClients.seriesJSON(id: id, seasons: 2))
    }
  }

  @Test func detailsAreAskedTogetherAndEverySeriesGetsItsMissingSeasonInOrder() async throws {
    let together = InFlight()
    let server = try server(together)
    let found = await EpisodeRefresh.missing(
      recent, client: TestClients.client(for: server), today: "2026-12-05", asksAtMost: 40
    ).seasons
    #expect(together.counts.withLock { $0.most } >= 2, "a series' details waited alone")
    #expect(found.map { $0.series.media.id } == Array(3001...3006))
    let secondSeason = [EpisodeKey(season: 2, number: 1), EpisodeKey(season: 2, number: 2)]
    #expect(found.allSatisfy { $0.episodes.map { $0.number } == secondSeason })
    #expect(server.count("/3/tv/") == 12)
  }

  /// A viewer caught up with every aired season: the next season, dated, is asked (its premiere is
  /// the next episode), and no season after it.
  @Test func theFirstSeasonToComeIsAskedAndNoneAfterIt() throws {
    let details = try JSONDecoder().decode(
      SeriesDetails.self, from: Data(TestClients.seriesJSON(id: 4001, seasons: 10).utf8))
    let today = try #require(ReleaseDate("2026-12-05"))
    let caughtUp = SeriesSeasons(series: 4001, episodes: Dictionary(uniqueKeysWithValues: (1...8).map { ($0, 2) }))
    #expect(EpisodeRefresh.unheld(caughtUp, of: details, airedBy: today) == [9], "2027's, not 2028's")
    var held = caughtUp
    held.episodes[9] = 2
    #expect(EpisodeRefresh.unheld(held, of: details, airedBy: today).isEmpty, "held whole: not asked again")
    let behind = SeriesSeasons(series: 4001, episodes: [1: 2])
    #expect(EpisodeRefresh.unheld(behind, of: details, airedBy: today) == Array(2...9))
  }

  @Test func neverMoreAsksThanAllowedHoweverManyGoAtOnce() async throws {
    let server = try server()
    let client = TestClients.client(for: server)
    let found = await EpisodeRefresh.missing(recent, client: client, today: "2026-12-05", asksAtMost: 5)
    #expect(found.goesOn)
    // Four series' details at once, then the one ask left: the first series' second season.
    #expect(server.count("/3/tv/") == 5)
    #expect(found.seasons.map { $0.series.media.id } == [3001])
    // Only the first series had every missing season asked; the next three wait for their seasons.
    #expect(found.lookedAt == [3001])
    // The kept answers are free: the next refresh asks three seasons and two series' details.
    let again = await EpisodeRefresh.missing(recent, client: client, today: "2026-12-05", asksAtMost: 5)
    #expect(again.seasons.map { $0.series.media.id } == [3001, 3002, 3003, 3004])
    #expect(server.count("/3/tv/") == 10)
  }

  @Test func aSeriesAmodbDoesNotHaveIsAnAnswerAndTheRefreshGoesOnPastIt() async throws {
    // Series 3001 to 3004 are gone from amodb (404); 3005 and 3006 have a second season.
    let server = try LoopbackServer { request in
      let parts = request.path.split(separator: "/").map(String.init)
      guard parts.count >= 3, let id = Int(parts[2]), id > 3004 else {
        return .json(#"{"status_message": "The resource you requested could not be found."}"#, status: 404)
      }
      if parts.count == 5, let number = Int(parts[4]) {
        return .json(TestClients.seasonJSON(seriesID: id, number: number))
      }
      return .json(TestClients.seriesJSON(id: id, seasons: 2))
    }
    let found = await EpisodeRefresh.missing(
      recent, client: TestClients.client(for: server), today: "2026-12-05", asksAtMost: 4)
    #expect(found.lookedAt == [3001, 3002, 3003, 3004] && found.unanswered.isEmpty, "\(found.lookedAt)")
    #expect(found.goesOn, "four definite answers: the series after them are worth a look")
    // A server that fails is no answer: the refresh stops, and the series are asked again later.
    let failing = try LoopbackServer { _ in .json(#"{"status_message": "Down."}"#, status: 500) }
    let failed = await EpisodeRefresh.missing(
      recent, client: TestClients.client(for: failing), today: "2026-12-05", asksAtMost: 4)
    #expect(!failed.goesOn && failed.unanswered == [3001, 3002, 3003, 3004])
  }
}
