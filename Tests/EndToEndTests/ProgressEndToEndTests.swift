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
}
