import Foundation
import TestSupport
import Testing

/// The third round of attacks (issue 28) reproduced against the real binary: servers, files and
/// terminals that lie.
@Suite("Sturdy under attack, round three", .serialized)
struct RoundThreeTests {
  private func temporaryDirectory(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trending-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(arguments: ["20000000", "9223372036854775807", "99999999999999999999999999"])
  func aHostileLimitHeaderNeitherAbortsNorBalloons(limit: String) throws {
    let server = try LoopbackServer { _ in
      .json(TestClients.pageJSON(), headers: ["X-RateLimit-Limit": limit, "X-RateLimit-Remaining": "0"])
    }
    let environment = ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "test-key-123"]
    let outcome = try BinaryRunner.run(["list"], environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Film 1"))
    let measured = try BinaryRunner.measure(["list", "--json"], environment: environment)
    #expect(measured.status == 0)
    #expect(measured.peakKiB < 60_000, "peak \(measured.peakKiB) KiB with a limit of \(limit)")
  }
}

extension RoundThreeTests {
  @Test func aKeyIsNotSentInClearTextThroughAProxyOnAnotherMachine() throws {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON()) }
    var environment = [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "proxy-guard-key",
      "http_proxy": "http://proxy.invalid:3128",
    ]
    let refused = try BinaryRunner.run(["list"], environment: environment)
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(refused.stderr.contains("refusing to send the key to proxy.invalid over plain http"), "\(refused.stderr)")
    environment["no_proxy"] = "127.0.0.1"
    #expect(try BinaryRunner.run(["list"], environment: environment).status == 0, "no_proxy exempts the loopback base")
    #expect(server.requests.count == 1)
    let oddLoopback = try BinaryRunner.run(
      ["list"], environment: ["AMODB_BASE_URL": "http://127.-0.-0.1:9/3", "AMODB_KEY": "proxy-guard-key"])
    #expect(oddLoopback.status == 2, "\(oddLoopback.stderr)")
  }
}

extension RoundThreeTests {
  @Test func pastedTextIsTextInTheSearchLineAndNothingElsewhere() throws {
    let session = try TmuxSession(["--demo"])
    try session.waitForIdle()
    try session.press("/")
    try session.command(["set-buffer", "--", "quiet\u{1B} planet q"])
    let frame = session.frame
    try session.command(["paste-buffer", "-p", "-t", "main"])
    try session.waitFor("quietlanet q")  // `ESC SP p` is cleaned away whole
    let typed = try session.waitForIdle(after: frame)
    #expect(typed["search"] == "1", "Esc in pasted text did not close the line: \(typed)")
    try session.press("Escape")
    let before = try session.waitForIdle()
    try session.command(["set-buffer", "--", "jjjq"])
    try session.command(["paste-buffer", "-p", "-t", "main"])
    // A key typed after the paste is taken once the paste has been read: then nothing else moved.
    try session.press("j")
    let after = session.status()
    #expect(after["selected"] == String((Int(before["selected"] ?? "") ?? 0) + 1), "\(after)")
    #expect(after["inputs"] == String((Int(before["inputs"] ?? "") ?? 0) + 1), "the paste was no keys: \(after)")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func aReplyTypedWhenNothingWasAskedIsSwallowed() throws {
    let session = try TmuxSession(["--demo"])
    let first = try session.waitForIdle()
    // An XTVERSION, DA1 and OSC 11 answer typed long after the questions: no keys, no switch.
    try session.command(["send-keys", "-t", "main", "-l", "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;4c"])
    try session.press("j")
    let after = session.status()
    #expect(after["selected"] == "1" && after["inputs"] == String((Int(first["inputs"] ?? "") ?? 0) + 1), "\(after)")
    #expect(try !session.capture().contains("kitty"), "no image mode was switched on by a typed reply")
  }
}
