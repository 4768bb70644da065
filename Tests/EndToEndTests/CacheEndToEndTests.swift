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
}
