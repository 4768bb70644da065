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
    try session.waitFor("quiet planet q")  // the ESC alone is dropped, every printable character kept
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

extension RoundThreeTests {
  /// A data home whose watchlist is whatever `make` puts there.
  private func dataHome(_ make: (URL) throws -> Void) throws -> URL {
    let data = try temporaryDirectory("data")
    let folder = data.appendingPathComponent("trending/demo")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try make(folder.appendingPathComponent("watchlist"))
    return data
  }

  @Test func aWatchlistThatIsNotAFileIsAnErrorNamingItNeverEmpty() throws {
    let fifo = try dataHome { mkfifo($0.path, 0o600) }
    let link = try dataHome { file in
      let real = file.deletingLastPathComponent().appendingPathComponent("real")
      try Data("550\tw\t2026-01-01\t\tFight Club\t1999\n".utf8).write(to: real)
      try FileManager.default.createSymbolicLink(at: file, withDestinationURL: real)
    }
    let huge = try dataHome { try Data(repeating: 0x20, count: 5 * 1024 * 1024).write(to: $0) }
    let folder = try dataHome { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: true) }
    for (name, data) in [("fifo", fifo), ("link", link), ("huge", huge), ("folder", folder)] {
      for arguments in [["watchlist"], ["watchlist", "--csv"], ["--demo", "watchlist", "add", "550"]] {
        // `timeout` ends a run that blocks, as the FIFO did: that is a failure, not a hang.
        let command = (["timeout", "10", "\"$TRENDING\""] + arguments).joined(separator: " ")
        let outcome = try BinaryRunner.shell(command, environment: ["XDG_DATA_HOME": data.path])
        #expect(outcome.status == 1, "\(name) \(arguments): exit \(outcome.status) \(outcome.stderr)")
        #expect(outcome.stderr.contains("trending/demo/watchlist: could not be read"), "\(name): \(outcome.stderr)")
        #expect(!outcome.stdout.contains("empty"), "\(name): \(outcome.stdout)")
      }
    }
  }

  @Test func aTitleThatLooksLikeAFormulaIsNeutralisedInTheCSV() throws {
    let titles = [
      "=HYPERLINK(\"http://x.invalid/a\",\"click\")", "+1 (A) Film", "-minus", "@SUM(A1)", "Plain, with comma",
    ]
    let data = try dataHome { file in
      let lines = titles.enumerated().map { "\($0.offset + 1)\tw\t2026-01-0\($0.offset + 1)\t\t\($0.element)\t2001" }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
    }
    let csv = try BinaryRunner.run(["watchlist", "--csv"], environment: ["XDG_DATA_HOME": data.path])
    #expect(csv.status == 0, "\(csv.stderr)")
    let rows = csv.stdout.split(separator: "\n").dropFirst()
    #expect(rows.contains(#"1,"'=HYPERLINK(""http://x.invalid/a"",""click"")",2001,"#), "\(csv.stdout)")
    #expect(rows.contains("2,'+1 (A) Film,2001,") && rows.contains("3,'-minus,2001,"), "\(csv.stdout)")
    #expect(rows.contains("4,'@SUM(A1),2001,") && rows.contains(#"5,"Plain, with comma",2001,"#), "\(csv.stdout)")
    // No cell a spreadsheet would compute: every title cell starts with a letter, a quote or '.
    for row in rows {
      let title = row.split(separator: ",", maxSplits: 1).last ?? ""
      #expect(!"=+-@".contains(title.first ?? " "), "\(row)")
    }
  }

  @Test func settingsNamesWithBidiOverridesOrLineSeparatorsAreRefusedAndNeverEchoedRaw() throws {
    let config = try temporaryDirectory("config")
    let folder = config.appendingPathComponent("trending")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text = "bind list \u{202E} open\nbind list \u{2028} quit\nset \u{202E}region UA\nbind list x open\n"
    try Data(text.utf8).write(to: folder.appendingPathComponent("config"))
    let outcome = try BinaryRunner.run(["config"], environment: ["XDG_CONFIG_HOME": config.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    for scalar in outcome.stdout.unicodeScalars {
      #expect(![0x202E, 0x2028, 0x2029, 0x200F, 0x061C].contains(scalar.value), "raw \(scalar.value) in config")
    }
    #expect(outcome.stdout.contains("config:1: unknown key"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("config:2: unknown key"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("bind list x open"))
  }
}

extension RoundThreeTests {
  @Test func aMillionSmallObjectsCostASmallMultipleOfTheAnswer() throws {
    let body = "{\"page\":1,\"total_pages\":1,\"results\":[" + String(repeating: "{\"i\":1},", count: 900_000) + "{}]}"
    let server = try LoopbackServer { _ in .json(body) }
    let environment = ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "test-key-123"]
    let measured = try BinaryRunner.measure(["list"], environment: environment)
    #expect(measured.status != 0, "an answer of a million tiny values is refused")
    let bodyKiB = body.utf8.count / 1024
    #expect(measured.peakKiB < 10 * bodyKiB, "peak \(measured.peakKiB) KiB for a \(bodyKiB) KiB answer")
    let outcome = try BinaryRunner.run(["list"], environment: environment)
    #expect(outcome.stderr.contains("unexpected JSON shape"), "\(outcome.stderr)")
  }

  @Test func aHugeTerminalIsDrawnAtTheLargestSizeWithANote() throws {
    let session = try TmuxSession(["--demo"], width: 1200, height: 600)
    let status = try session.waitForIdle()
    try session.waitFor("trending draws 1000×500 of it")
    let pid = try #require(status["pid"])
    let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let peak = Int(text.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?.filter(\.isNumber) ?? "") ?? 0
    #expect(peak < 200_000, "peak \(peak) KiB at 1200x600")
    #expect(status["rows"] != nil)
  }
}
