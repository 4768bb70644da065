import Foundation
import TestSupport
import Testing

private func temporaryDirectory(_ name: String) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("trending-\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// A loopback amodb that answers every list and film.
private func amodb(delay: Double = 0) throws -> LoopbackServer {
  try LoopbackServer { request in
    if request.path.hasPrefix("/3/movie/") {
      return .delayed(seconds: delay, status: 200, body: Data(TestClients.detailsJSON(id: 550).utf8))
    }
    return .delayed(seconds: delay, status: 200, body: Data(TestClients.pageJSON(count: 20).utf8))
  }
}

private func environment(_ server: LoopbackServer, key: String? = "hardening-secret-key") -> [String: String] {
  var values = ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:1/img"]
  values["AMODB_KEY"] = key
  return values
}

/// Whether a text has a control character other than the line feed.
private func hasControl(_ text: String) -> Bool {
  text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
}

@Suite("The CLI and the process under attack", .serialized)
struct HardeningTests {
  @Test(arguments: [["--help"], ["--version"], ["list"], ["show", "550", "--json"], ["cache", "info"]])
  func aFailedWriteIsExitOneWithOneLine(arguments: [String]) throws {
    let server = try amodb()
    let command = (["\"$TRENDING\""] + arguments).joined(separator: " ")
    for redirection in [">/dev/full", ">&-"] {
      let outcome = try BinaryRunner.shell("\(command) \(redirection)", environment: environment(server))
      #expect(outcome.status == 1, "\(arguments) \(redirection): exit \(outcome.status)")
      #expect(outcome.stderr.hasPrefix("trending: could not write to standard output"), "\(outcome.stderr)")
      #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    }
  }

  @Test func anEntryThatCannotBeReadIsSaidInEveryOutputAndCostsOnlyItself() throws {
    let good = TestClients.pageJSON(count: 3)
    let page = good.replacingOccurrences(of: #""results": ["#, with: #""results": [{"id":"abc","title":"Broken"},"#)
    #expect(page != good)
    let server = try LoopbackServer { _ in .json(page) }
    for arguments in [["list"], ["list", "--json"]] {
      let outcome = try BinaryRunner.run(arguments, environment: environment(server))
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr == "trending: 1 entry of this page could not be read\n", "\(arguments): \(outcome.stderr)")
      #expect(!outcome.stdout.contains("Broken") && outcome.stdout.contains("Film 3"), "\(outcome.stdout)")
    }
  }

  @Test func usageErrorsNeverEchoControlCharacters() throws {
    for argument in ["--\u{1B}]52;c;SGk=\u{07}", "list\nsecond line", "--page=\u{1B}[31m9", "\u{9B}31mshow"] {
      let outcome = try BinaryRunner.run([argument])
      #expect(outcome.status == 2)
      #expect(!hasControl(outcome.stderr), "\(outcome.stderr.debugDescription)")
      #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "one line: \(outcome.stderr.debugDescription)")
      #expect(outcome.stderr.hasPrefix("trending: "), "\(outcome.stderr.debugDescription)")
    }
  }

  @Test func cachePathsArePrintedClean() throws {
    let home = try temporaryDirectory("escape")
    let hostile = home.appendingPathComponent("a\u{1B}]0;pwned\u{07}b\nc").path
    for command in [["cache", "info"], ["cache", "clear"]] {
      let outcome = try BinaryRunner.run(command, environment: ["XDG_CACHE_HOME": hostile])
      #expect(outcome.status == 0)
      #expect(!hasControl(outcome.stdout + outcome.stderr), "\(outcome.stdout.debugDescription)")
      #expect(outcome.stdout.contains("/trending"))
      #expect(!outcome.stdout.contains("pwned"), "an escape sequence is removed whole")
    }
  }

  @Test func cacheClearLeavesOtherFilesAloneAndSaysSo() throws {
    let server = try amodb()
    let home = try temporaryDirectory("clear")
    var values = environment(server)
    values["XDG_CACHE_HOME"] = home.path
    #expect(try BinaryRunner.run(["list"], environment: values).status == 0)
    let folder = home.appendingPathComponent("trending")
    for name in ["notes.txt", "main.swift", "backup.tar"] {
      try Data(name.utf8).write(to: folder.appendingPathComponent(name))
    }
    let info = try BinaryRunner.run(["cache", "info"], environment: values)
    #expect(info.stdout.contains("list: 1 entry"))
    #expect(info.stdout.contains("other files (not ours, left alone): 3"))
    let clear = try BinaryRunner.run(["cache", "clear"], environment: values)
    #expect(clear.status == 0)
    #expect(clear.stdout.contains("removed 1 entry"))
    #expect(clear.stdout.contains("left alone 3 other files"))
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [
        "notes.txt", "main.swift", "backup.tar",
      ])
  }

  @Test(.enabled(if: getuid() == 0, "needs root for a read-only bind mount"))
  func cacheClearOnAReadOnlyMountFails() throws {
    let server = try amodb()
    let home = try temporaryDirectory("readonly")
    var values = environment(server)
    values["XDG_CACHE_HOME"] = home.path
    #expect(try BinaryRunner.run(["list"], environment: values).status == 0)
    let folder = home.appendingPathComponent("trending").path
    // A private mount namespace: the read-only mount is gone when the shell exits.
    let outcome = try BinaryRunner.shell(
      "unshare -m sh -c 'mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\" && exec \"$TRENDING\" cache clear' \(folder)",
      environment: values)
    #expect(outcome.status == 1, "\(outcome.stdout) \(outcome.stderr)")
    #expect(outcome.stderr.contains("could not remove list-"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Read-only file system"))
    #expect(!outcome.stdout.contains("removed 1"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1, "the entry is still there")
  }

  @Test func anEmptyHomeNeverPutsTheCacheInTheCurrentDirectory() throws {
    let server = try amodb()
    let work = try temporaryDirectory("cwd")
    let outcome = try BinaryRunner.shell(
      "unset XDG_CACHE_HOME; HOME= \"$TRENDING\" list >/dev/null && HOME= \"$TRENDING\" cache info",
      environment: environment(server), directory: work)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty, "nothing in the current directory")
    #expect(outcome.stdout.hasPrefix("cache: /"), "\(outcome.stdout)")
  }

  @Test func aRootOrRelativeXDGCacheHomeIsIgnored() throws {
    let server = try amodb()
    let home = try temporaryDirectory("home")
    let rootHadTrending = FileManager.default.fileExists(atPath: "/trending")
    for value in ["/", "relative/cache", ""] {
      let outcome = try BinaryRunner.run(
        ["list"], environment: environment(server).merging(["XDG_CACHE_HOME": value, "HOME": home.path]) { $1 })
      #expect(outcome.status == 0)
    }
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".cache/trending").path))
    #expect(FileManager.default.fileExists(atPath: "/trending") == rootHadTrending)
  }

  /// Starts `trending list` against a server that never answers, kills it with SIGSEGV, returns its core files.
  private func coreFiles(key: String?) throws -> [Data] {
    let server = try amodb(delay: 30)
    defer { server.stop() }
    let work = try temporaryDirectory("core")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -c unlimited; exec \"$TRENDING\" list"]
    var values = BinaryRunner.environment(environment(server, key: key))
    // Swift's backtracer would catch the signal and carry on; the kernel's default dumps core.
    values["SWIFT_BACKTRACE"] = "enable=no"
    values["TRENDING"] = Fixtures.binary.path
    process.environment = values
    process.currentDirectoryURL = work
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    while server.requests.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    // While it waits: the key is not in its environment block for /proc readers either.
    let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/environ"))
    if let key { #expect(environ.range(of: Data(key.utf8)) == nil, "the key is in /proc/PID/environ") }
    kill(process.processIdentifier, SIGSEGV)
    process.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: work) }
    return try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("core") }.map {
      try Data(contentsOf: work.appendingPathComponent($0))
    }
  }

  @Test(
    .enabled(
      if: (try? String(contentsOfFile: "/proc/sys/kernel/core_pattern", encoding: .utf8))?.hasPrefix("core") == true,
      "core files go to a handler here"))
  func theKeyNeverReachesACoreFile() throws {
    // Control: without a key the process may dump core, so the check below can fail.
    #expect(!(try coreFiles(key: nil)).isEmpty, "no core file even without a key: the check proves nothing")
    let key = "core-dump-secret-\(UUID().uuidString)"
    for core in try coreFiles(key: key) {
      #expect(core.range(of: Data(key.utf8)) == nil, "the key is in a core file")
    }
  }

  @Test func suspendAndResumeLeaveTheTerminalRawEveryTime() throws {
    let session = try TmuxSession(["--demo"], interactiveShell: true)
    try session.waitFor("1/20")
    try session.waitForIdle()
    #expect(session.status()["thread"] == "main", "the loop runs on the main thread")
    for round in 1...4 {
      // Ctrl-Z from the keyboard, and once SIGTSTP from outside (kill -TSTP), as a window manager might.
      if round == 4, let pid = Int32(session.status()["pid"] ?? "") {
        kill(pid, SIGTSTP)
      } else {
        try session.send("C-z")
      }
      try session.waitFor("Stopped")
      try session.send("clear", "Enter")
      try session.send("fg", "Enter")
      try session.waitFor("\(round)/20")
      // In raw mode one key moves the selection; a cooked terminal would wait for Enter.
      try session.send("j")
      try session.waitFor("\(round + 1)/20")
      #expect(try session.display("#{alternate_on}") == "1")
    }
    try session.send("q")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.stty.contains(" icanon") && exit.stty.contains(" echo"), "\(exit.stty)")
  }

  /// Stopped from outside (SIGSTOP, which no program sees), then `fg`: the app takes its terminal
  /// back (one key moves the selection, nothing echoes) and repaints over what the shell wrote.
  @Test func aStopFromOutsideThenFgLeavesTheTerminalRawAndRepainted() throws {
    let session = try TmuxSession(["--demo"], interactiveShell: true)
    try session.waitFor("1/20")
    try session.waitForIdle()
    let pid = try #require(Int32(session.status()["pid"] ?? ""))
    kill(pid, SIGSTOP)
    try session.waitFor("Stopped")
    try session.send("fg", "Enter")
    // Its repaint on SIGCONT draws over the shell's lines (the terminal's modes are set first).
    try session.waitForGone("Stopped")
    try session.send("j")
    try session.waitFor("2/20")
    let screen = try session.capture()
    #expect(!screen.contains("Stopped") && !screen.contains("fg"), "\(screen)")
    #expect(!screen.contains("j\n") && !screen.contains(" j "), "the j was taken, not echoed: \(screen)")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func suspendAndResumeInAPlainTerminal() throws {
    let directory = try temporaryDirectory("pty")
    let statusFile = directory.appendingPathComponent("status").path
    func status() -> [String: String] {
      let text = (try? String(contentsOfFile: statusFile, encoding: .utf8)) ?? ""
      return Dictionary(
        text.split(whereSeparator: \.isWhitespace).compactMap { pair -> (String, String)? in
          let parts = pair.split(separator: "=", maxSplits: 1)
          return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { $1 })
    }
    func waitFor(_ condition: () -> Bool, _ what: String) throws {
      let deadline = Date().addingTimeInterval(10)
      while !condition() {
        guard Date() < deadline else { throw TmuxError(message: "timed out waiting for \(what): \(status())") }
        Thread.sleep(forTimeInterval: 0.02)
      }
    }
    let environment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "PS1": "$ ", "PATH": "/usr/bin:/bin", "HOME": directory.path,
      "XDG_CACHE_HOME": directory.path,
    ]
    // A plain pseudo-terminal (no tmux) with an interactive bash in it, as a terminal emulator starts one.
    let shell = try PseudoTerminal(
      ["/bin/bash", "--norc", "--noprofile", "-i"], environment: environment, width: 80, height: 24)
    #expect(shell.read(until: "$ ") != nil)
    shell.type("TRENDING_STATUS_FILE='\(statusFile)' '\(Fixtures.binary.path)' --demo\r")
    try waitFor({ status()["busy"] == "0" && status()["frame"] != nil }, "the first frame")
    for round in 1...3 {
      let frame = Int(status()["frame"] ?? "") ?? 0
      let before = shell.output.count
      shell.type("\u{1A}")
      #expect(shell.read(until: "Stopped", after: before) != nil, "round \(round): the job stopped")
      // Arithmetic the shell prints, so the marker is not in what was typed.
      shell.type("echo $((\(round) * 1000 + 7))\r")
      #expect(shell.read(until: "\(round)007") != nil, "round \(round): the shell took the terminal")
      shell.type("fg\r")
      try waitFor({ (Int(status()["frame"] ?? "") ?? 0) > frame }, "a repaint after fg")
      shell.type("j")
      try waitFor({ status()["selected"] == "\(round)" }, "one key without Enter after fg (round \(round))")
    }
    let pid = Int32(status()["pid"] ?? "") ?? 0
    let beforeQuit = shell.output.count
    shell.type("q")
    try waitFor({ kill(pid, 0) != 0 }, "the app to quit")
    // The shell's prompt back first, then the command; its answer is looked for only in what came
    // after it, on a line of its own (the app's screen may hold the same digits).
    #expect(shell.read(until: "$ ", after: beforeQuit) != nil, "the prompt after the app quit")
    let typed = shell.output.count
    shell.type("stty -a; echo $((4242 + 1))\r")
    #expect(shell.read(until: "\n4243", after: typed) != nil)
    let text = String(decoding: shell.output[typed...], as: UTF8.self)
    let settings = text.components(separatedBy: "stty -a").last ?? ""
    #expect(settings.contains(" icanon") && settings.contains(" echo ") && !settings.contains("-icanon"), "\(settings)")
  }
}
