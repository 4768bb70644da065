import Foundation
import TestSupport
import Testing

/// Issue 38, finding 5: the calendar's one request per watchlisted title, against the real
/// request budget (20 a minute until the server says), in tmux and in a pseudo-terminal.
@Suite("The calendar's fan-out", .serialized)
struct CalendarFanOutTests {
  /// A data home whose watchlist holds the films `ids`.
  private func watchlist(_ ids: ClosedRange<Int>) throws -> URL {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("fan-out-\(UUID().uuidString)")
    let folder = data.appendingPathComponent("trending/demo")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let lines = ids.map { "\($0)\tw\t2026-01-01\t\tWatchlisted \($0)\t2001" }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("watchlist"))
    return data
  }

  /// Waits until `condition` holds, up to `timeout` seconds; whether it did.
  private func eventually(_ timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
  }

  @Test func aFilmOpenedWhileTheCalendarReadsAHundredIsAskedAtOnce() throws {
    let amodb = try FakeAmodb()
    let data = try watchlist(5001...5100)
    defer { try? FileManager.default.removeItem(at: data) }
    // The old file moves into the library first, so the browser's status line is the list's count
    // rather than the notice of the move.
    let moved = try BinaryRunner.run(["watchlist", "--json"], environment: ["XDG_DATA_HOME": data.path])
    #expect(moved.status == 0, "\(moved.stderr)")
    let session = try TmuxSession(
      [], environment: amodb.environment.merging(["XDG_DATA_HOME": data.path]) { $1 }, width: 120, height: 30)
    try session.waitFor("1/20")
    let calendar = { amodb.server.requests.filter { $0.path.hasPrefix("/3/movie/5") }.count }
    try session.send("7")
    #expect(eventually(30) { calendar() >= 10 }, "the calendar asked for the watchlist: \(calendar())")
    // Back to the first tab, and open its first film: the user's own request, behind a hundred.
    try session.send("1")
    try session.waitFor("1/20")
    try session.send("Enter")
    let opened = Date()
    let asked = eventually(20) { amodb.server.count("/3/movie/1") >= 1 }
    let seconds = Date().timeIntervalSince(opened)
    #expect(asked, "the film was not asked for within 20 s (it queued behind the calendar's fetches)")
    #expect(seconds < 10, "the film was asked for after \(seconds) s")
    #expect(calendar() < 100, "the calendar's fetches are spread within the budget, not all queued at once")
    try session.waitFor("Details of film 1")
    try session.send("q")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func theCommandSaysHowFarItHasGotOnATerminal() throws {
    let amodb = try FakeAmodb()
    let data = try watchlist(6001...6003)
    defer { try? FileManager.default.removeItem(at: data) }
    let terminal = try PseudoTerminal(
      [Fixtures.binary.path, "calendar"],
      environment: amodb.environment.merging([
        "XDG_DATA_HOME": data.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        "XDG_CACHE_HOME": data.appendingPathComponent("cache").path, "HOME": data.path,
      ]) { $1 }.merging(BinaryRunner.demoLibraries) { $1 }, width: 100, height: 30)
    _ = terminal.waitForExit()
    let output = String(decoding: terminal.output, as: UTF8.self)
    #expect(output.contains("calendar: 0 of 3 titles read"), "\(output)")
    #expect(output.contains("calendar: 2 of 3 titles read"), "\(output)")
    #expect(output.contains("\r\u{1B}[K"), "the line is cleared before the calendar is printed")
    #expect(amodb.server.requests.filter { $0.path.hasPrefix("/3/movie/600") }.count == 3)
    // Not on a terminal: no progress line in what a script reads.
    let piped = try BinaryRunner.run(
      ["calendar", "--json"], environment: amodb.environment.merging(["XDG_DATA_HOME": data.path]) { $1 })
    #expect(!piped.stderr.contains("titles read") && !piped.stdout.contains("titles read"))
  }
}
