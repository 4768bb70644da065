import AmodbKit
import Foundation
import TestSupport
import Testing

@Suite("Offline first, end to end", .serialized)
struct CacheEndToEndTests {
  private func cacheHome() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("trending-home-\(UUID().uuidString)").path
  }

  @Test func aWarmCacheStartsWithZeroRequests() throws {
    let amodb = try FakeAmodb()
    var environment = amodb.environment
    environment["XDG_CACHE_HOME"] = cacheHome()
    let first = try TmuxSession([], environment: environment)
    try first.waitFor("Film 1")
    try first.send("q")
    _ = try first.waitForExit()
    let before = amodb.server.requests.count
    let second = try TmuxSession([], environment: environment)
    try second.waitFor("1/20")
    try second.waitForIdle()
    #expect(amodb.server.requests.count == before, "the fresh cached list needs no request")
    #expect(try second.capture().contains("updated just now") || (try second.capture().contains(" ago")))
    try second.send("q")
    #expect(try second.waitForExit().status == 0)
  }

  @Test func aStaleCacheAndADeadServerShowTheOldListQuietly() throws {
    let amodb = try FakeAmodb()
    let home = cacheHome()
    let cache = DiskCache(directory: URL(fileURLWithPath: home).appendingPathComponent("trending"))
    let key = amodb.server.baseURL.absoluteString + "/trending/movie/week?language=en-US&page=1"
    cache.write(
      key, kind: .list, body: Data(TestClients.pageJSON(count: 7).utf8), fetchedAt: Date().addingTimeInterval(-3 * 3600)
    )
    amodb.server.stop()
    var environment = amodb.environment
    environment["XDG_CACHE_HOME"] = home
    let session = try TmuxSession([], environment: environment)
    try session.waitFor("Offline, showing data from 3 hours ago")
    let screen = try session.capture()
    #expect(screen.contains("Film 7"))
    #expect(!screen.contains("Could not load"))
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func cacheInfoClearAndNoCache() throws {
    let amodb = try FakeAmodb()
    var environment = amodb.environment
    environment["XDG_CACHE_HOME"] = cacheHome()
    _ = try BinaryRunner.run(["list"], environment: environment)
    _ = try BinaryRunner.run(["show", "3"], environment: environment)
    let info = try BinaryRunner.run(["cache", "info"], environment: environment)
    #expect(info.status == 0)
    #expect(info.stdout.contains("list: 1 entry"))
    #expect(info.stdout.contains("details: 1 entry"))
    let requests = amodb.server.requests.count
    _ = try BinaryRunner.run(["list"], environment: environment)
    #expect(amodb.server.requests.count == requests, "list came from the disk cache")
    _ = try BinaryRunner.run(["list", "--no-cache"], environment: environment)
    #expect(amodb.server.requests.count == requests + 1)
    #expect(try BinaryRunner.run(["cache", "clear"], environment: environment).status == 0)
    #expect(try BinaryRunner.run(["cache", "info"], environment: environment).stdout.contains("total: 0 bytes"))
  }

  @Test func theCommandLinePrintsTheKeptAnswerWhenAmodbGivesNone() throws {
    let amodb = try FakeAmodb()
    let home = cacheHome()
    var environment = amodb.environment
    environment["XDG_CACHE_HOME"] = home
    #expect(try BinaryRunner.run(["list"], environment: environment).status == 0)
    #expect(try BinaryRunner.run(["show", "3"], environment: environment).status == 0)
    // Both answers three days old: past any freshness, so each command asks amodb first.
    let cache = DiskCache(directory: URL(fileURLWithPath: home).appendingPathComponent("trending"))
    let origin = "http://\(amodb.server.host):\(amodb.server.port)"
    for request in amodb.server.requests {
      for kind in [CacheKind.list, .details] {
        guard let entry = cache.read(origin + request.target, kind: kind) else { continue }
        cache.write(
          origin + request.target, kind: kind, body: entry.body, fetchedAt: Date().addingTimeInterval(-3 * 86_400))
      }
    }
    amodb.knobs.failing.store(503, ordering: .relaxed)
    let list = try BinaryRunner.run(["list"], environment: environment)
    #expect(list.status == 0)
    #expect(list.stdout.contains("Film 20"))
    #expect(list.stderr.contains("(HTTP 503)") && list.stderr.contains("Printing the answer kept 3 days ago."))
    let show = try BinaryRunner.run(["show", "3"], environment: environment)
    #expect(show.status == 0)
    #expect(show.stdout.contains("Details of film 3"))
    #expect(show.stderr.contains("Printing the answer kept 3 days ago."))
    // Nothing kept: the failure as it is.
    let unknown = try BinaryRunner.run(["show", "4"], environment: environment)
    #expect(unknown.status == 5)
    #expect(unknown.stdout.isEmpty && !unknown.stderr.contains("kept"))
    // A refused key is no moment to print old answers.
    amodb.knobs.failing.store(401, ordering: .relaxed)
    let refused = try BinaryRunner.run(["list"], environment: environment)
    #expect(refused.status == 3)
    #expect(refused.stdout.isEmpty)
    // Nor a request amodb calls bad: that is no passing outage.
    amodb.knobs.failing.store(400, ordering: .relaxed)
    let bad = try BinaryRunner.run(["list"], environment: environment)
    #expect(bad.status != 0 && bad.stdout.isEmpty, "\(bad.stderr)")
    // With no server at all, the same kept list; with --no-cache, none.
    amodb.server.stop()
    let offline = try BinaryRunner.run(["list"], environment: environment)
    #expect(offline.status == 0 && offline.stdout.contains("Film 20"))
    #expect(offline.stderr.contains("Network error") && offline.stderr.contains("kept 3 days ago"))
    #expect(try BinaryRunner.run(["list", "--no-cache"], environment: environment).status == 5)
  }
}
