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
    try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
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
        transport: CurlTransport(), clock: clock.clientClock,
        disk: DiskCache(directory: folder) { clock.clientClock.now() })
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

  @Test func anAnswerThatDoesNotReadLeavesTheLastGoodOneKept() async throws {
    let broken = Atomic<Bool>(false)
    let server = try LoopbackServer { _ in
      .json(broken.load(ordering: .relaxed) ? #"{"page":1,"results":null,"total_pages":1}"# : TestClients.pageJSON())
    }
    let folder = directory()
    func client() -> AmodbClient {
      AmodbClient(
        configuration: ClientConfiguration(baseURL: server.baseURL, apiKey: APIKey("disk-secret-key")),
        transport: CurlTransport(), disk: DiskCache(directory: folder))
    }
    let request = TrendingRequest(language: "en-US")
    _ = try await client().fetch(request)
    broken.store(true, ordering: .relaxed)
    let same = client()
    await #expect(throws: AmodbError.self) { try await same.fetch(request, forceRefresh: true) }
    #expect(await same.cached(request)?.value.results.count == 3, "kept in memory")
    #expect(await client().cached(request)?.value.results.count == 3, "kept on disk")
    #expect(server.requests.count == 2)
  }
}

/// Hostile files and environments: the cache touches only its own entries and never trusts a file.
@Suite("The disk cache under attack")
struct DiskCacheHardeningTests {
  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cache-attack-\(UUID().uuidString)/trending")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func names(_ url: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: url.path))
  }

  @Test func clearAndTrimLeaveForeignFilesLinksAndFoldersAlone() throws {
    let folder = try directory()
    let outside = folder.deletingLastPathComponent().appendingPathComponent("precious")
    try Data("keep me".utf8).write(to: outside)
    try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try Data(count: 30_000).write(to: folder.appendingPathComponent("backup.tar"))
    try Data("swift".utf8).write(to: folder.appendingPathComponent("main.swift"))
    // Names shaped like entries that are not regular files of ours.
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("list-0123456789abcdef").path, withDestinationPath: outside.path)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("poster-0123456789abcdef"), withIntermediateDirectories: false)
    let cache = DiskCache(directory: folder, limit: 10_000)
    for index in 0..<8 {
      cache.write("poster\(index)", kind: .poster, body: Data(count: 2_000), fetchedAt: Date())
    }
    let foreign: Set = [
      "notes.txt", "backup.tar", "main.swift", "list-0123456789abcdef", "poster-0123456789abcdef",
    ]
    #expect(try names(folder).isSuperset(of: foreign), "trimming removed a file that is not ours")
    #expect(cache.info().others == 5)
    let report = cache.clear()
    #expect(report.removed > 0)
    #expect(report.failed.isEmpty)
    #expect(report.leftAlone == 5)
    #expect(try names(folder) == foreign)
    #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me")
    cache.remove("x", kind: .list)
    #expect(try names(folder) == foreign)
  }

  @Test func openingAndReadingChangeNoPermissions() throws {
    let folder = try directory()
    chmod(folder.path, 0o755)
    let target = folder.deletingLastPathComponent().appendingPathComponent("target")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    chmod(target.path, 0o755)
    let link = folder.deletingLastPathComponent().appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
    for url in [folder, link] {
      let cache = DiskCache(directory: url)
      _ = cache.info()
      _ = cache.read("k", kind: .list)
      cache.write("k", kind: .list, body: Data("v".utf8), fetchedAt: Date())
      #expect(cache.read("k", kind: .list)?.body == Data("v".utf8))
    }
    var status = stat()
    #expect(stat(folder.path, &status) == 0 && status.st_mode & 0o777 == 0o755)
    #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o755)
  }

  @Test func aNewDirectoryIsPrivateAndInfoCreatesNothing() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("cache-new-\(UUID().uuidString)")
    let folder = parent.appendingPathComponent("deep/trending")
    let cache = DiskCache(directory: folder)
    _ = cache.info()
    _ = cache.clear()
    #expect(!FileManager.default.fileExists(atPath: parent.path))
    cache.write("k", kind: .list, body: Data("v".utf8), fetchedAt: Date())
    var status = stat()
    #expect(stat(folder.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
  }

  @Test(arguments: [1e300, -1e300, -1, 0, 100, 4_102_444_800])
  func impossibleTimesAreStaleNeverFatal(seconds: Double) throws {
    let folder = try directory()
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let cache = DiskCache(directory: folder) { now }
    cache.write("k", kind: .list, body: Data("v".utf8), fetchedAt: Date(timeIntervalSince1970: seconds))
    let entry = try #require(cache.read("k", kind: .list))
    #expect(entry.fetchedAt == Date(timeIntervalSince1970: DiskCache.earliestFetch))
    #expect(entry.body == Data("v".utf8))
  }

  @Test func aTimeWithinADayAheadIsBelieved() throws {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let cache = DiskCache(directory: try directory()) { now }
    cache.write("k", kind: .list, body: Data("v".utf8), fetchedAt: now.addingTimeInterval(3_600))
    #expect(cache.read("k", kind: .list)?.fetchedAt == now.addingTimeInterval(3_600))
  }

  @Test func aGiantEntryIsDroppedWithoutBeingRead() throws {
    let folder = try directory()
    let cache = DiskCache(directory: folder)
    let file = folder.appendingPathComponent("list-\(DiskCache.hash("k"))")
    // 3 GB, sparse: reading it would take minutes and gigabytes.
    let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, 3_000_000_000) == 0)
    close(descriptor)
    let clock = ContinuousClock()
    let started = clock.now
    #expect(cache.read("k", kind: .list) == nil)
    #expect(clock.now - started < .seconds(2), "the entry was read")
    #expect(!FileManager.default.fileExists(atPath: file.path), "an oversized entry is dropped")
  }

  @Test func aFifoNamedLikeAnEntryNeverBlocks() throws {
    let folder = try directory()
    let file = folder.appendingPathComponent("list-\(DiskCache.hash("k"))")
    #expect(mkfifo(file.path, 0o600) == 0)
    #expect(DiskCache(directory: folder).read("k", kind: .list) == nil)
    #expect(FileManager.default.fileExists(atPath: file.path), "not ours to remove")
  }

  @Test(arguments: [
    (["XDG_CACHE_HOME": "/x/c", "HOME": "/h"], "/x/c/trending"),
    (["XDG_CACHE_HOME": "relative/c", "HOME": "/h"], "/h/.cache/trending"),
    (["XDG_CACHE_HOME": "", "HOME": "/h"], "/h/.cache/trending"),
    (["XDG_CACHE_HOME": "/", "HOME": "/h"], "/h/.cache/trending"),
    (["XDG_CACHE_HOME": "//", "HOME": "/h"], "/h/.cache/trending"),
    (["HOME": "/h"], "/h/.cache/trending"),
  ])
  func defaultDirectoryFollowsTheXDGRules(environment: [String: String], expected: String) {
    #expect(DiskCache.defaultDirectory(environment: environment)?.path == expected)
  }

  /// The paths joined as text are the URLs appending each part made, trailing slashes and all.
  @Test(arguments: ["/x/c", "/x/c/", "/x//c", "/x/c//", "/x/./c", "/a b/ü", "/tmp"])
  func filesJoinAsAppendingURLsDid(base: String) {
    let appended = URL(fileURLWithPath: base).appendingPathComponent("trending")
    #expect(XDG.directory(.config, environment: ["XDG_CONFIG_HOME": base]) == appended)
    #expect(
      XDG.file("config", in: .config, environment: ["XDG_CONFIG_HOME": base])
        == appended.appendingPathComponent("config"))
    let home = URL(fileURLWithPath: base).appendingPathComponent(".local/share").appendingPathComponent("trending")
    #expect(XDG.file("watchlist", in: .data, environment: ["HOME": base]) == home.appendingPathComponent("watchlist"))
  }

  @Test func anEmptyOrRelativeHomeIsNeverTheCurrentDirectory() {
    for home in ["", ".", "relative"] {
      let path = DiskCache.defaultDirectory(environment: ["HOME": home])?.path
      #expect(path == nil || path?.hasPrefix("/") == true, "HOME=\(home) gave \(path ?? "nil")")
    }
  }

  @Test func entryNamesAreOnlyTheOnesTheCacheMakes() {
    #expect(DiskCache.kind(ofName: "list-0123456789abcdef") == .list)
    #expect(DiskCache.kind(ofName: "poster-\(DiskCache.hash("x"))") == .poster)
    for name in ["list-0123456789ABCDEF", "list-0123", "list-0123456789abcdefg", "notes.txt", "lists-0123456789abcdef"]
    {
      #expect(DiskCache.kind(ofName: name) == nil, "\(name)")
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
      transport: CurlTransport(),
      clock: clock.clientClock, budget: budget)
    for page in 1...12 {
      _ = try await client.fetch(TrendingRequest(page: page, language: "en-US"))
    }
    #expect(server.requests.count == 12, "no request was refused and retried")
    #expect(!waits.withLock { $0 }.isEmpty, "the budget made requests wait")
  }
}

@Suite("The server's rate-limit numbers")
struct RateLimitNumbersTests {
  @Test func headersAreClampedToWhatARateLimitCanMean() {
    func status(_ headers: [String: String]) -> RateLimitStatus? {
      RateLimitStatus(response: HTTPResponse(status: 200, headers: headers))
    }
    let huge = status(["X-RateLimit-Limit": "9223372036854775807", "X-RateLimit-Remaining": "99999999999999999999999"])
    #expect(huge == RateLimitStatus(limit: RateBudget.largestLimit, remaining: RateBudget.largestLimit))
    #expect(status(["X-RateLimit-Limit": "40", "X-RateLimit-Remaining": "900"])?.remaining == 40)
    #expect(status(["X-RateLimit-Limit": "-5"]) == nil, "a negative number is not a limit")
    #expect(status(["RateLimit-Limit": "40, 40;w=60", "RateLimit-Reset": "99999999999999"])?.reset == 4_102_444_800)
    #expect(status(["X-RateLimit-Limit": "12abc"]) == nil)
  }

  /// Issue 38, finding 5: background requests (the calendar's) leave a quarter of the window to the user.
  @Test func backgroundRequestsLeaveRoomForTheUsersOwn() async {
    let clock = TestClock()
    let budget = RateBudget(limit: 4, clock: clock.clientClock)
    for _ in 0..<3 { await budget.acquire(background: true) }
    #expect(clock.sleeps.isEmpty)
    await budget.acquire()
    #expect(clock.sleeps.isEmpty, "the user's request went at once, past three background ones")
    #expect(await budget.used == 4)
    // A fourth background request waits for the window, and is never reported as the user's wait.
    await budget.acquire(background: true)
    #expect(clock.sleeps.reduce(0, +) >= 60, "\(clock.sleeps)")
  }

  @Test func aWindowOfAnySizeCostsTheSameMemoryAndStillWaits() async {
    let clock = TestClock()
    let budget = RateBudget(limit: 20, clock: clock.clientClock)
    await budget.acquire()
    await budget.update(from: RateLimitStatus(limit: Int.max, remaining: 0))
    #expect(await budget.windowLimit == RateBudget.largestLimit)
    #expect(await budget.used == RateBudget.largestLimit, "the server said none are left: the window is spent")
    await budget.acquire()
    #expect(clock.sleeps == [60], "the next request waits for the window to pass")
    #expect(await budget.used == 1)
  }
}
