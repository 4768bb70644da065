import Foundation
import Synchronization
import TestSupport
import Testing

/// `trending progress` through the real binary on a loopback amodb: a series it cannot read is
/// said, and never left out as if nothing were in progress.
@Suite("End to end: trending progress when amodb cannot tell of a series")
struct ProgressEndToEndTests {
  @Test func aSeriesAmodbCannotReadIsSaidWithTheNetworksExitCode() throws {
    let failing = Atomic<Bool>(false)
    // Series 4001 has a second season aired; every request fails once `failing` is set.
    let server = try LoopbackServer { request in
      if failing.load(ordering: .acquiring) { return .json(#"{"status_message": "Down."}"#, status: 503) }
      let parts = request.path.split(separator: "/").map(String.init)
      if parts.count == 3, let id = Int(parts[2]) { return .json(TestClients.seriesJSON(id: id, seasons: 2)) }
      if parts.count == 5, let id = Int(parts[2]), let number = Int(parts[4]) {
        return .json(TestClients.seasonJSON(seriesID: id, number: number))
      }
      return .json(#"{"status_message": "Not found."}"#, status: 404)
    }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("trending-progress-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "progress-secret-key",
      "XDG_DATA_HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
    ]
    // The whole first season seen: the library holds no next episode of its own.
    let seen = try BinaryRunner.run(["seen", "tv/4001", "--season", "1"], environment: environment)
    #expect(seen.status == 0, "\(seen.stderr)")
    failing.store(true, ordering: .releasing)
    let progress = try BinaryRunner.run(["progress", "--no-cache"], environment: environment)
    #expect(progress.status == 5, "\(progress.stderr)")
    #expect(progress.stderr.contains("1 series could not be read from amodb: "), "\(progress.stderr)")
    #expect(!progress.stderr.contains("No series in progress"), "\(progress.stderr)")
    failing.store(false, ordering: .releasing)
    let mended = try BinaryRunner.run(["progress", "--no-cache"], environment: environment)
    #expect(mended.status == 0 && mended.stdout.contains("S02E01"), "\(mended.stdout)\(mended.stderr)")
  }

  /// An import's series, none of whose seasons the library holds: one run asks amodb at most 40
  /// times, says how many series wait, and the next runs go on with them (kept answers are free)
  /// until every series is in progress; none is left out for good.
  @Test func aRunThatStopsAtItsAsksSaysSoAndTheNextGoOn() throws {
    let server = try LoopbackServer { request in
      let parts = request.path.split(separator: "/").map(String.init)
      let generous = ["X-RateLimit-Limit": "1000", "X-RateLimit-Remaining": "999"]
      if parts.count == 3, let id = Int(parts[2]) {
        return .json(TestClients.seriesJSON(id: id, seasons: 2), headers: generous)
      }
      if parts.count == 5, let id = Int(parts[2]), let number = Int(parts[4]) {
        return .json(TestClients.seasonJSON(seriesID: id, number: number), headers: generous)
      }
      return .json(#"{"status_message": "Not found."}"#, status: 404)
    }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("trending-progress-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "progress-secret-key",
      "XDG_DATA_HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
    ]
    // Trakt's history of 30 series, each its first episode: the import asks nothing, stores no season.
    let entries = (5001...5030).enumerated().map { offset, id in
      #"{"id": \#(90_000 + offset), "watched_at": "2026-11-\#(String(format: "%02d", offset % 28 + 1))T20:00:00.000Z", "type": "episode", "episode": {"season": 1, "number": 1, "title": "One"}, "show": {"title": "Series \#(id)", "year": 2019, "ids": {"tmdb": \#(id)}}}"#
    }
    let history = home.appendingPathComponent("watched-history.json")
    try Data("[\(entries.joined(separator: ","))]".utf8).write(to: history)
    #expect(try BinaryRunner.run(["import", "trakt", history.path], environment: environment).status == 0)
    let first = try BinaryRunner.run(["progress"], environment: environment)
    #expect(first.status == 0 && first.stderr.contains("series not looked at yet"), "\(first.stderr)")
    #expect(first.stdout.split(separator: "\n").count < 30, "\(first.stdout)")
    var runs = 1
    var last = first
    while last.stderr.contains("not looked at yet"), runs < 6 {
      last = try BinaryRunner.run(["progress"], environment: environment)
      runs += 1
    }
    #expect(!last.stderr.contains("not looked at yet") && runs > 1, "\(runs) runs: \(last.stderr)")
    #expect(last.stdout.split(separator: "\n").count == 30, "\(last.stdout)")
  }
}
