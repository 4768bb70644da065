import Foundation
import TestSupport
import Testing

/// A misbehaving server, one way per test case, against the real binary in tmux.
@Suite("Chaos, end to end", .serialized)
struct ChaosEndToEndTests {
  static let cases: [String] = [
    "stall", "stall-after-headers", "cut-off", "reset", "huge", "html-502", "invalid-json", "wrong-types", "429-0",
    "429-garbage",
    "429-100", "401", "402", "500", "503", "504", "418",
  ]

  private static func reply(_ name: String) -> LoopbackServer.Reply {
    switch name {
    case "stall": return .stall
    case "stall-after-headers": return .stallAfterHeaders
    case "cut-off":
      return .truncated(status: 200, declaredLength: 9_000, body: Data(#"{"page":1,"results":[{"id":1,"ti"#.utf8))
    case "reset": return .reset(status: 200, declaredLength: 9_000, body: Data(#"{"page":1,"resu"#.utf8))
    case "huge": return .huge(count: 50_000_000)
    case "html-502": return .respond(status: 502, body: Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8))
    case "invalid-json": return .respond(status: 200, body: Data([0x7B, 0xFF, 0xFE, 0x22]))
    case "wrong-types": return .json(#"{"page": "one", "results": {"id": []}}"#)
    case "429-0": return .json("{}", status: 429, headers: ["Retry-After": "0"])
    case "429-garbage": return .json("{}", status: 429, headers: ["Retry-After": "soon"])
    case "429-100": return .json("{}", status: 429, headers: ["Retry-After": "100"])
    default: return .json(#"{"status_message": "Nope."}"#, status: Int(name) ?? 500)
    }
  }

  @Test(arguments: cases)
  func neverCrashesAndAlwaysQuitsCleanly(name: String) throws {
    let server = try LoopbackServer { _ in Self.reply(name) }
    defer { server.stop() }
    let environment = ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "chaos-key"]
    let session = try TmuxSession([], environment: environment)
    try session.waitFor("Trending films")
    // Each case waits for its own final screen: a worded error (a stall, after the client's
    // timeout; results that are not a list are an unreadable answer, never an empty list), or the
    // rate-limit wait; "Loading" is not an end.
    let final = ["429-100": "Waiting"][name] ?? "Could not load"
    try session.waitFor(final, timeout: 60)
    let screen = try session.capture()
    #expect(screen.contains(final), "\(name): \(screen)")
    if final != "Waiting" {
      #expect(!screen.contains("Loading"), "\(name): a worded error, not a spinner: \(screen)")
    }
    #expect(!screen.contains("chaos-key"))
    // The key is read at start: after a 401, asking again cannot help, so neither is offered.
    let hints = screen.split(separator: "\n").last.map(String.init) ?? ""
    #expect(
      (name == "401") == (!hints.contains("r refresh") && !hints.contains("/ search")), "\(name): \(hints)")
    // Keys keep working while a request hangs or waits.
    try session.send("?")
    try session.waitFor("Keys")
    try session.send("Escape")
    let quitAt = Date()
    try session.send("q")
    let exit = try session.waitForExit(timeout: 5)
    #expect(exit.status == 0)
    #expect(Date().timeIntervalSince(quitAt) < 3, "\(name): q must not wait for the network")
    #expect(exit.stty.contains(" echo") && exit.stty.contains(" icanon"))
  }
}
