import Foundation
import Testing

@testable import TestSupport

/// "play trailer" in tmux: a player script that records its arguments and the terminal's modes
/// while it runs; the browser redrawn and answering after it returns; a failing and a missing
/// player as notices; the For you tab on a real library.
@Suite("End to end: the trailer in your player, the For you tab", .serialized)
struct TrailerEndToEndTests {
  /// The words of `stty -a` that say the terminal is cooked (as a shell has it).
  private func cooked(_ stty: String) -> Bool {
    let words = stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    return words.contains("echo") && words.contains("icanon") && words.contains("isig")
  }

  /// A player script writing its arguments, then `stty -a` of the terminal it was given, then exiting `status`.
  private func player(in folder: URL, status: Int) throws -> (script: URL, log: URL) {
    let log = folder.appendingPathComponent("player.log")
    let script = folder.appendingPathComponent("player")
    let text = """
      #!/bin/sh
      printf 'args:%s\\n' "$*" > '\(log.path)'
      stty -a < /dev/tty >> '\(log.path)'
      exit \(status)
      """
    try ExecutableScript.write(text, to: script)
    return (script, log)
  }

  /// The browser on the demo with a settings file of `lines`.
  private func session(_ lines: String, folder: URL) throws -> TmuxSession {
    let config = folder.appendingPathComponent("config")
    try lines.write(to: config, atomically: true, encoding: .utf8)
    return try TmuxSession(["--demo"], environment: ["TRENDING_CONFIG": config.path])
  }

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trailer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aTerminalPlayerGetsACookedTerminalAndTheScreenComesBackWhole() throws {
    let home = try folder()
    let (script, log) = try player(in: home, status: 0)
    let session = try session("set player \(script.path) --title %s --fs\n", folder: home)
    try session.waitFor("Dune: Part Two")
    try session.waitForIdle()
    // Dune: Part Two is the demo's first trending film; it has a trailer.
    try session.press("Enter")
    try session.waitFor("Villeneuve")
    try session.press("v")
    try session.waitFor("Playing the trailer")
    let recorded = try String(contentsOf: log, encoding: .utf8)
    #expect(recorded.hasPrefix("args:--title https://www.youtube.com/watch?v=Way9Dexny3w --fs\n"), "\(recorded)")
    #expect(cooked(recorded), "the player had the terminal as a shell has it:\n\(recorded)")
    // Back: the screen is drawn again whole and keys work.
    let screen = try session.capture()
    #expect(screen.contains("Villeneuve") && !screen.contains("args:"), "\(screen)")
    try session.press("Escape")
    try session.waitFor("Trending")
    try session.send("q")
    let exit = try session.waitForExit()
    #expect(exit.status == 0 && cooked(exit.stty), "\(exit.stty)")
  }

  @Test func aFailingOrMissingPlayerIsANoticeNotABrokenScreen() throws {
    let home = try folder()
    let (script, _) = try player(in: home, status: 3)
    let failing = try session("set player \(script.path)\n", folder: home)
    try failing.waitFor("Dune: Part Two")
    try failing.waitForIdle()
    try failing.press("Enter")
    try failing.waitFor("Villeneuve")
    try failing.press("v")
    try failing.waitFor("exited with status 3")
    #expect(try failing.capture().contains("Villeneuve"))
    try failing.press("Escape")
    try failing.send("q")
    #expect(try failing.waitForExit().status == 0)

    let missing = try session("set player /nonexistent/player\n", folder: try folder())
    try missing.waitFor("Dune: Part Two")
    try missing.waitForIdle()
    try missing.press("Enter")
    try missing.waitFor("Villeneuve")
    try missing.press("v")
    try missing.waitFor("The trailer did not play")
    try missing.press("Escape")
    try missing.send("q")
    #expect(try missing.waitForExit().status == 0)
  }

  @Test func theForYouTabRecommendsFromTheLibraryEachRowSayingWhy() throws {
    let session = try TmuxSession(["--demo"], width: 120)
    let environment = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
    #expect(try BinaryRunner.run(["rate", "693134", "9", "--demo"], environment: environment).status == 0)
    try session.waitFor("Dune: Part Two")
    try session.waitForIdle()
    try session.press("8")
    try session.waitFor("because you rated Dune: Part Two 9")
    try session.press("p")
    #expect(try session.capture().contains("Recommended for you"))
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// Waits for a file a program started by the app writes (the app reports nothing of a detached child).
  private func waitForFile(_ file: URL, of session: TmuxSession, timeout: TimeInterval = 20) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("end\n") { return text }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw TmuxError(message: "\(file.lastPathComponent) was never written; screen:\n\((try? session.capture()) ?? "")")
  }

  /// A script writing its arguments and whether its input is a terminal, then "end".
  private func recorder(in folder: URL, named name: String) throws -> (script: URL, log: URL) {
    let log = folder.appendingPathComponent("\(name).log")
    let script = folder.appendingPathComponent(name)
    let text = """
      #!/bin/sh
      { printf 'args:%s\\n' "$*"; if [ -t 0 ]; then echo tty; else echo notty; fi; echo end; } > '\(log.path)'
      """
    try ExecutableScript.write(text, to: script)
    return (script, log)
  }

  @Test func aDetachedPlayerStartsInTheBackgroundAndTheOpenerOpensPages() throws {
    let home = try folder()
    let player = try recorder(in: home, named: "windowed")
    let opener = try recorder(in: home, named: "opener")
    let session = try session(
      "set player \(player.script.path)\nset player-detached true\nset opener \(opener.script.path)\n", folder: home)
    try session.waitFor("Dune: Part Two")
    try session.waitForIdle()
    try session.press("Enter")
    try session.waitFor("Villeneuve")
    try session.press("v")
    // The app reports the start; the script's own writing may come later on a busy machine.
    try session.waitFor("Playing the trailer")
    let played = try waitForFile(player.log, of: session)
    #expect(played == "args:https://www.youtube.com/watch?v=Way9Dexny3w\nnotty\nend\n", "in the background")
    // Dune: Part Two has pages on TMDB and IMDb: o asks which, Enter opens the first.
    try session.press("o")
    try session.press("Enter")
    let opened = try waitForFile(opener.log, of: session)
    #expect(opened.hasPrefix("args:https://") && opened.contains("693134"), "\(opened)")
    try session.press("Escape")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }
}
