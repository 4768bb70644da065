import Foundation

@testable import TestSupport

/// What the import's end-to-end tests wait on: the chooser's selection, bytes sent to the
/// terminal, the poster's cells.
extension ImportEndToEndTests {
  /// Waits until the chooser's selected row (drawn on the selection's background) says `text`.
  func waitForSelected(_ text: String, _ session: TmuxSession, timeout: TimeInterval = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try session.command(["capture-pane", "-p", "-e", "-t", "main"])
      let lines = screen.split(separator: "\n").map(String.init)
      let plain = { (line: String) in
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      }
      if lines.contains(where: { $0.contains("48;5;238m") && plain($0).contains(text) }) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TmuxError(message: "“\(text)” was never the selected row; screen:\n\(screen)")
  }

  /// Waits until `file` holds `bytes` at or after `offset`; returns where.
  func waitForBytes(_ bytes: Data, in file: URL, after offset: Int, timeout: TimeInterval = 10) throws -> Int {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let data = try? Data(contentsOf: file), data.count > offset,
        let found = data[offset...].range(of: bytes)
      {
        return found.lowerBound
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TmuxError(message: "the terminal was never sent \(bytes.count) awaited bytes")
  }

  /// Waits until the poster box (right of the candidates, under their two lines) shows cells in
  /// colour: the pane captured with its escapes has backgrounds on most of the box's rows.
  func waitForPoster(_ session: TmuxSession, timeout: TimeInterval = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try session.command(["capture-pane", "-p", "-e", "-t", "main"])
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(6).prefix(16)
      if rows.filter({ $0.contains("48;5;") || $0.contains("48;2;") }).count >= 12 { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TmuxError(message: "the poster's cells never appeared; screen:\n\(screen)")
  }
}

/// A count shared by the server's threads.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// The next number, from 1.
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
