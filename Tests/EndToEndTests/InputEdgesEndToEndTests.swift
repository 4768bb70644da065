import Foundation
import TestSupport
import Testing

/// Issue 38, finding 7, in a pseudo-terminal: the demo app, bytes written at measured gaps, and
/// the app's own status file waited on.
@Suite("Terminal input at measured gaps", .serialized)
struct InputEdgesEndToEndTests {
  /// The demo in a pseudo-terminal writing its status file, and a way to read that file.
  private final class App {
    let terminal: PseudoTerminal
    let statusFile: URL

    init() throws {
      statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("status-\(UUID().uuidString)")
      terminal = try PseudoTerminal.demo([], extra: ["TRENDING_STATUS_FILE": statusFile.path])
    }

    deinit { try? FileManager.default.removeItem(at: statusFile) }

    /// The status fields now.
    func status() -> [String: String] {
      let text = (try? String(contentsOf: statusFile, encoding: .utf8)) ?? ""
      var fields: [String: String] = [:]
      for pair in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
      }
      return fields
    }

    /// Waits (reading the terminal meanwhile) until the status satisfies `condition`; the status then.
    @discardableResult
    func wait(
      for what: String, timeout: TimeInterval = 15, _ condition: ([String: String]) -> Bool
    ) throws -> [String: String] {
      let deadline = Date().addingTimeInterval(timeout)
      while Date() < deadline {
        _ = terminal.drain(quiet: 0.02, atMost: 0.05)
        let now = status()
        if condition(now) { return now }
      }
      throw TmuxError(message: "waited for \(what): \(status())")
    }

    /// Waits until a later frame has taken `count` more inputs than `before` and is idle.
    @discardableResult
    func waitForInputs(_ count: Int, after before: [String: String]) throws -> [String: String] {
      let target = (Int(before["inputs"] ?? "") ?? 0) + count
      return try wait(for: "\(target) inputs") { Int($0["inputs"] ?? "") == target && $0["busy"] == "0" }
    }

    /// Writes bytes one at a time, `gap` seconds apart (the gap is what is being tested).
    func type(_ text: String, gap: TimeInterval) {
      for scalar in text.unicodeScalars {
        terminal.type(String(scalar))
        Thread.sleep(forTimeInterval: gap)
      }
    }
  }

  @Test func aDownArrowWithItsBytes30msApartMovesAndKeepsTheFilmOpen() throws {
    let app = try App()
    let list = try app.wait(for: "the list") { $0["rows"] != nil && $0["rows"] != "0" && $0["busy"] == "0" }
    app.terminal.type("\r")
    let film = try app.wait(for: "the film") { $0["depth"] == "2" && $0["busy"] == "0" }
    #expect(Int(film["inputs"] ?? "") == (Int(list["inputs"] ?? "") ?? 0) + 1)
    app.type("\u{1B}OB", gap: 0.03)
    let after = try app.waitForInputs(1, after: film)
    #expect(after["depth"] == "2", "one Down, not Esc, O and B: \(after)")
    app.type("\u{1B}[B", gap: 0.03)
    #expect(try app.waitForInputs(1, after: after)["depth"] == "2")
    app.terminal.type("qq")
    #expect(app.terminal.waitForExit() == 0)
  }

  @Test func aMouseReportDribblingOverHalfASecondIsNoKeys() throws {
    let app = try App()
    let first = try app.wait(for: "the list") { $0["rows"] != nil && $0["rows"] != "0" && $0["busy"] == "0" }
    // A wheel notch down, a byte every 50 ms (0.6 s from its ESC), then one key.
    app.type("\u{1B}[<65;10;10M", gap: 0.05)
    app.terminal.type("j")
    let after = try app.waitForInputs(2, after: first)
    #expect(after["depth"] == "1" && after["search"] == "0", "only the wheel and j were taken: \(after)")
    app.terminal.type("q")
    #expect(app.terminal.waitForExit() == 0)
  }

  @Test func aPasteThatNeverEndsLetsGoAndQStillQuits() throws {
    let app = try App()
    let first = try app.wait(for: "the list") { $0["rows"] != nil && $0["rows"] != "0" && $0["busy"] == "0" }
    app.terminal.type("\u{1B}[200~jjj")
    // The paste window is a time: well past it, q is a key again.
    Thread.sleep(forTimeInterval: 1.5)
    app.terminal.type("q")
    let status = app.terminal.waitForExit()
    #expect(status == 0, "exit status \(status): the app ignored every key after an unended paste")
    #expect(Int(app.status()["inputs"] ?? "") ?? 0 <= (Int(first["inputs"] ?? "") ?? 0) + 2)
  }

  @Test func aPastedEndMarkerAnX10ReportAndStrayStringsTypeNothing() throws {
    let app = try App()
    let first = try app.wait(for: "the list") { $0["rows"] != nil && $0["rows"] != "0" && $0["busy"] == "0" }
    // Pasted text holding an end marker and a q: all of it one paste, and the app still runs.
    app.terminal.type("\u{1B}[200~a\u{1B}[201~q\u{1B}[201~")
    // An X10 report (button 3: a release), then one j.
    app.terminal.type("\u{1B}[M#!!")
    app.terminal.type("j")
    // The release is no event: only the j counts.
    let after = try app.waitForInputs(1, after: first)
    #expect(after["selected"] == "1", "j moved once: \(after)")
    #expect(after["depth"] == "1")
    // `ESC ]` and keys: the keys are taken (Esc on the list does nothing).
    app.terminal.type("\u{1B}]jj")
    let strays = try app.waitForInputs(4, after: after)
    #expect(strays["selected"] == "3", "both j moved: \(strays)")
    app.terminal.type("q")
    #expect(app.terminal.waitForExit() == 0)
  }
}
