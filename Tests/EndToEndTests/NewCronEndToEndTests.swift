import Foundation
import Synchronization
import Testing

@testable import TestSupport

/// `trending new --since-last` as cron runs it: no region in the environment, a premiere amodb's
/// details still call the next episode, a title that keeps failing, and two runs at once.
@Suite("End to end: new from cron", .serialized)
struct NewCronEndToEndTests {
  /// A day `offset` days from today (UTC).
  private func day(_ offset: Int) -> String { UTCDay.from(today: offset) }

  /// A data home and cache of its own, amodb on loopback, no region.
  private func home(_ server: LoopbackServer) throws -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("new-cron-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return [
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "cron-key",
    ]
  }

  /// A film out in US cinemas two days ago.
  private var arrives: String {
    #"{"id":21,"title":"Arrives","release_dates":{"results":[{"iso_3166_1":"US","release_dates":[{"type":3,"release_date":"\#(day(-2))T00:00:00.000Z"}]}]}}"#
  }

  @Test func eachPieceOfNewsIsSaidOnceThoughATitleKeepsFailing() throws {
    let failing = Switch(true)
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/movie/21": return .json(arrives)
      case "/3/movie/33": return failing.on ? .json("{}", status: 500) : .json(#"{"id":33,"title":"Flaky"}"#)
      // amodb's details still call yesterday's premiere the next episode.
      case "/3/tv/31":
        return .json(
          #"{"id":31,"name":"Premiere Show","last_episode_to_air":{"season_number":1,"episode_number":8,"air_date":"\#(day(-400))"},"next_episode_to_air":{"season_number":2,"episode_number":1,"air_date":"\#(day(-1))"},"seasons":[{"season_number":1,"air_date":"\#(day(-420))"},{"season_number":2,"air_date":"\#(day(-1))"}]}"#
        )
      case "/3/tv/31/season/2":
        return .json(
          #"{"season_number":2,"episodes":[{"season_number":2,"episode_number":1,"name":"Back","air_date":"\#(day(-1))"}]}"#
        )
      case "/3/tv/31/season/1": return .json(#"{"season_number":1,"episodes":[]}"#)
      default: return .json(#"{"status_code":34}"#, status: 404)
      }
    }
    let environment = try home(server)
    for title in ["21", "33", "tv/31"] {
      #expect(try BinaryRunner.run(["watchlist", "add", title], environment: environment).status == 0)
    }
    let first = try BinaryRunner.run(["new", "--no-cache", "--since-last"], environment: environment)
    #expect(first.status == 5 && first.stderr.contains("Film #33: its details could not be read"), "\(first.stderr)")
    // No region given is the calendar's: the US release is news.
    #expect(first.stdout.contains(day(-2) + "  Arrives: in cinemas"), "\(first.stdout)")
    #expect(first.stdout.contains(day(-1) + "  Premiere Show S02E01 “Back”: new episode"), "\(first.stdout)")
    // The failing title keeps the window open, and what was said is not said again.
    let second = try BinaryRunner.run(["new", "--no-cache", "--since-last"], environment: environment)
    #expect(second.status == 5 && second.stdout.isEmpty, "\(second.stdout)")
    failing.on = false
    let third = try BinaryRunner.run(["new", "--no-cache", "--since-last"], environment: environment)
    #expect(third.status == 0 && third.stdout.isEmpty, "\(third.stdout) \(third.stderr)")
  }

  @Test func twoRunsAtOnceSayTheNewsOnce() throws {
    let held = DispatchSemaphore(value: 0)
    let holding = Switch(false)
    let server = try LoopbackServer { request in
      if request.path == "/3/movie/21", holding.on {
        holding.on = false
        _ = held.wait(timeout: .now() + 20)
      }
      return request.path == "/3/movie/21" ? .json(arrives) : .json(#"{"status_code":34}"#, status: 404)
    }
    let environment = try home(server)
    #expect(try BinaryRunner.run(["watchlist", "add", "21"], environment: environment).status == 0)
    let asked = server.count("/3/movie/21")
    holding.on = true
    let outcomes = Mutex<[BinaryRunner.Outcome]>([])
    let group = DispatchGroup()
    func start() {
      DispatchQueue.global().async(group: group) {
        if let outcome = try? BinaryRunner.run(["new", "--no-cache", "--since-last"], environment: environment) {
          outcomes.withLock { $0.append(outcome) }
        }
      }
    }
    start()
    try waitUntil("the first run asks amodb") { server.count("/3/movie/21") > asked }
    start()
    // The second waits on the first's lock (the kernel lists it as a waiter) before the first goes on.
    let lock = (environment["XDG_DATA_HOME"] ?? "") + "/trending/demo/new.lock"
    try waitUntil("the second run waits for the lock") { Self.hasWaiter(on: lock) }
    held.signal()
    group.wait()
    let ended = outcomes.withLock { $0 }
    let said = ended.filter { $0.stdout.contains("Arrives: in cinemas") }
    #expect(ended.count == 2 && said.count == 1, "\(ended.map(\.stdout))")
    #expect(ended.allSatisfy { $0.status == 0 }, "\(ended.map(\.stderr))")
  }

  /// Polls `condition` until it holds; throws naming `what` when it never does.
  private func waitUntil(_ what: String, timeout: TimeInterval = 30, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
      guard Date() < deadline else { throw TmuxError(message: "no \(what) in \(Int(timeout)) s") }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// Whether `/proc/locks` lists a process waiting for a lock of the file at `path`.
  private static func hasWaiter(on path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
      return false
    }
    let inode = ":\(status.st_ino) "
    return locks.split(separator: "\n").contains { $0.contains("->") && $0.contains(inode) }
  }
}

/// A flag the test turns while the server runs.
private final class Switch: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Bool
  init(_ value: Bool) { self.value = value }
  var on: Bool {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
