import Foundation
import Synchronization
import Testing

@testable import AmodbKit
@testable import TestSupport

@Suite("The disk cache")
struct DiskCacheTests {
  private func directory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("cache-test-\(UUID().uuidString)/trending")
  }

  private func mode(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? Int ?? 0) & 0o777
  }

  @Test func roundTripsWithPrivatePermissions() throws {
    let cache = DiskCache(directory: directory())
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    cache.write("https://x/3/movie/1?language=en-US", kind: .details, body: Data("{\"id\":1}".utf8), fetchedAt: date)
    let entry = try #require(cache.read("https://x/3/movie/1?language=en-US", kind: .details))
    #expect(entry == CachedEntry(body: Data("{\"id\":1}".utf8), fetchedAt: date))
    #expect(mode(cache.directory) == 0o700)
    let files = try FileManager.default.contentsOfDirectory(at: cache.directory, includingPropertiesForKeys: nil)
    #expect(files.count == 1)
    #expect(files.allSatisfy { mode($0) == 0o600 })
    #expect(cache.read("https://x/3/movie/2?language=en-US", kind: .details) == nil)
  }

  @Test(arguments: ["truncated", "garbage", "empty", "wrong key", "bad length"])
  func corruptEntriesAreIgnoredAndReplaced(kind: String) throws {
    let cache = DiskCache(directory: directory())
    let key = "https://x/3/trending/movie/week?page=1"
    cache.write(key, kind: .list, body: Data(repeating: 0x41, count: 500), fetchedAt: Date())
    let file = try #require(
      try FileManager.default.contentsOfDirectory(at: cache.directory, includingPropertiesForKeys: nil).first)
    let original = try Data(contentsOf: file)
    let damaged: Data
    switch kind {
    case "truncated": damaged = original.prefix(original.count - 10)
    case "garbage": damaged = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 31) })
    case "empty": damaged = Data()
    case "wrong key": damaged = Data(#"{"key":"other","fetchedAt":1,"length":1}"#.utf8) + Data([0x0A, 0x41])
    default: damaged = Data(#"{"key":"\#(key)","fetchedAt":1,"length":99}"#.utf8) + Data([0x0A, 0x41])
    }
    try damaged.write(to: file)
    #expect(cache.read(key, kind: .list) == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path), "a bad entry is removed")
    cache.write(key, kind: .list, body: Data("fresh".utf8), fetchedAt: Date())
    #expect(cache.read(key, kind: .list)?.body == Data("fresh".utf8))
  }

  @Test func foreignFilesAreLeftAloneAndNotCounted() throws {
    let cache = DiskCache(directory: directory())
    try Data("hello".utf8).write(to: cache.directory.appendingPathComponent("notes.txt"))
    #expect(cache.info().total == 0)
    #expect(cache.read("notes.txt", kind: .list) == nil)
  }

  @Test func aReadOnlyDirectoryStillReadsAndNeverThrows() throws {
    let cache = DiskCache(directory: directory())
    cache.write("k", kind: .list, body: Data("v".utf8), fetchedAt: Date())
    chmod(cache.directory.path, 0o500)
    defer { chmod(cache.directory.path, 0o700) }
    cache.write("k2", kind: .list, body: Data("v2".utf8), fetchedAt: Date())
    #expect(cache.read("k", kind: .list)?.body == Data("v".utf8))
    if getuid() != 0 { #expect(cache.read("k2", kind: .list) == nil) }
  }

  @Test func evictsLeastRecentlyUsedPostersFirst() throws {
    let cache = DiskCache(directory: directory(), limit: 10_000)
    cache.write("list", kind: .list, body: Data(count: 2_000), fetchedAt: Date())
    for index in 0..<6 {
      cache.write("poster\(index)", kind: .poster, body: Data(count: 2_000), fetchedAt: Date())
    }
    #expect(cache.info().total <= 10_000)
    #expect(cache.read("list", kind: .list) != nil, "lists outlive posters")
    #expect(cache.read("poster5", kind: .poster) != nil, "the newest poster stays")
    #expect(cache.read("poster0", kind: .poster) == nil, "the oldest poster goes")
  }

  @Test func twoInstancesWritingAtOnceNeverLeaveATornEntry() async throws {
    let folder = directory()
    let first = DiskCache(directory: folder)
    let second = DiskCache(directory: folder)
    await withTaskGroup(of: Void.self) { group in
      for round in 0..<40 {
        group.addTask {
          let cache = round % 2 == 0 ? first : second
          cache.write("shared", kind: .list, body: Data(repeating: UInt8(round), count: 20_000), fetchedAt: Date())
          if let entry = cache.read("shared", kind: .list) {
            #expect(entry.body.count == 20_000)
            #expect(Set(entry.body).count == 1)
          }
        }
      }
    }
    #expect(first.read("shared", kind: .list)?.body.count == 20_000)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test func aRestartedClientServesFreshAnswersFromDiskAndNeverStoresTheKey() async throws {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON()) }
    let folder = directory()
    let clock = TestClock()
    func client() -> AmodbClient {
      AmodbClient(
        configuration: ClientConfiguration(baseURL: server.baseURL, apiKey: APIKey("disk-secret-key")),
        transport: URLSessionTransport(), clock: clock.clientClock, disk: DiskCache(directory: folder))
    }
    _ = try await client().fetch(TrendingRequest(language: "en-US"))
    let warm = try await client().fetch(TrendingRequest(language: "en-US"))
    #expect(warm.fromCache)
    #expect(server.requests.count == 1)
    clock.advance(by: 31 * 60)
    let stale = client()
    #expect(await stale.cached(TrendingRequest(language: "en-US"))?.value.results.count == 3)
    _ = try await stale.fetch(TrendingRequest(language: "en-US"))
    #expect(server.requests.count == 2, "stale answers are asked for again")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
      #expect(!text.contains("disk-secret-key"))
    }
  }
}

@Suite("The request budget")
struct RateBudgetTests {
  @Test func aBurstNeverDrawsA429() async throws {
    let clock = TestClock()
    let allowed = 5
    let times = Mutex<[Date]>([])
    let server = try LoopbackServer { _ in
      let now = clock.clientClock.now()
      let over = times.withLock { list -> Bool in
        list.removeAll { now.timeIntervalSince($0) >= 60 }
        guard list.count < allowed else { return true }
        list.append(now)
        return false
      }
      if over { return .json("{}", status: 429, headers: ["Retry-After": "30"]) }
      return .json(TestClients.pageJSON(), headers: ["X-RateLimit-Limit": "\(allowed)"])
    }
    let waits = Mutex<[Int]>([])
    let budget = RateBudget(limit: allowed, clock: clock.clientClock) { seconds in waits.withLock { $0.append(seconds) }
    }
    let client = AmodbClient(
      configuration: ClientConfiguration(baseURL: server.baseURL, apiKey: APIKey("k")),
      transport: URLSessionTransport(),
      clock: clock.clientClock, budget: budget)
    for page in 1...12 {
      _ = try await client.fetch(TrendingRequest(page: page, language: "en-US"))
    }
    #expect(server.requests.count == 12, "no request was refused and retried")
    #expect(!waits.withLock { $0 }.isEmpty, "the budget made requests wait")
  }
}
