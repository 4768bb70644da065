import CWidth
import Foundation

/// Runs the built `trending` binary as a process and collects what it printed.
public enum BinaryRunner {
  /// What a run printed and how it ended.
  public struct Outcome: Sendable {
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String
    /// The exit code.
    public var status: Int32
  }

  /// The demo's libraries for every run, with `--demo` or not: the tests read the demo's titles into
  /// a library and then work on it with plain commands (a test of the demo kept apart from the real
  /// library gives `TRENDING_DEMO_LIBRARY` empty).
  public static let demoLibraries = ["TRENDING_DEMO_LIBRARY": "1"]

  /// An environment with nothing of the user's amodb settings, plus `extra`.
  public static func environment(_ extra: [String: String]) -> [String: String] {
    // Nor the profile the user's shell chooses: each test's library is the one its data home holds.
    var environment = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("AMODB_") && $0.key != "NO_COLOR" && $0.key != "TRENDING_PROFILE"
    }
    environment["LANG"] = "C.UTF-8"
    // Each run gets an empty cache of its own unless the test gives one.
    environment["XDG_CACHE_HOME"] =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("trending-cache-\(UUID().uuidString)").path
    // Settings and the watchlist too: a test never reads or changes the user's own.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("trending-home-\(UUID().uuidString)")
    environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
    environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
    environment.merge(demoLibraries) { _, new in new }
    environment.removeValue(forKey: "BROWSER")
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// Runs the binary with arguments and environment, standard input from /dev/null.
  public static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Outcome {
    try launch(Fixtures.binary, arguments, environment: environment(extra), directory: nil)
  }

  /// What a measured run did: exit status, peak resident memory and CPU time, from `wait4`.
  public struct Measurement: Sendable {
    /// The exit status, or 128 + the signal.
    public var status: Int32
    /// The most memory resident at once, in KiB, as last read from /proc before the exit.
    public var peakKiB: Int
    /// User and system CPU time, in seconds.
    public var cpuSeconds: Double
  }

  /// Runs the binary (the debug build unless `program` names another; output to /dev/null) and
  /// measures it; `during` is called with its pid while it runs.
  public static func measure(
    _ arguments: [String], environment extra: [String: String] = [:], program: String = Fixtures.binary.path,
    during: (pid_t) -> Void = { _ in }
  ) throws -> Measurement {
    let pid = try Spawn.start([program] + arguments, environment: environment(extra))
    during(pid)
    // Peak memory is VmHWM read while it runs: wait4's ru_maxrss would include this test process's
    // memory, which posix_spawn's vfork hands to the child's accounting at exec.
    var status: Int32 = 0
    var usage = rusage()
    var peak = 0
    while true {
      if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
      {
        peak = max(peak, Int(line.filter(\.isNumber)) ?? 0)
      }
      let done = wait4(pid, &status, WNOHANG, &usage)
      if done == pid || (done == -1 && errno != EINTR) { break }
      usleep(2_000)
    }
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
      / 1e6
    return Measurement(status: exit, peakKiB: peak, cpuSeconds: cpu)
  }

  /// Runs a program found on `PATH` with arguments, in the tests' environment plus `extra`.
  public static func program(
    _ name: String, _ arguments: [String], environment extra: [String: String] = [:], directory: URL? = nil
  ) throws -> Outcome {
    try launch(
      URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, environment: environment(extra), directory: directory)
  }

  /// Whether a program is on `PATH` (for tests that need a tool `make setup` installs).
  public static func has(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
  }

  /// Runs `script` with `sh -c`, the binary's path in `$TRENDING`, in `directory` when given.
  public static func shell(
    _ script: String, environment extra: [String: String] = [:], directory: URL? = nil
  ) throws -> Outcome {
    var variables = environment(extra)
    variables["TRENDING"] = Fixtures.binary.path
    return try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: variables, directory: directory)
  }

  private static func launch(
    _ executable: URL, _ arguments: [String], environment: [String: String], directory: URL?
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = directory }
    let output = try PrivatePipe()
    let errors = try PrivatePipe()
    process.standardOutput = output.writing
    process.standardError = errors.writing
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try output.writing.close()
    try errors.writing.close()
    let outData = output.reading.readDataToEndOfFile()
    let errorData = errors.reading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// A real terminal for end-to-end tests: a private tmux server running one command.
public final class TmuxSession {
  private let socket: String
  /// The file the app reports its state to.
  public let statusFile: URL
  /// The file `stty -a` writes to after the app exits.
  public let sttyFile: URL
  /// The file the app's exit code is written to.
  public let exitFile: URL
  private let directory: URL

  /// Starts `trending` with `arguments` in a `width`×`height` tmux window.
  ///
  /// With `interactiveShell`, the command is typed into an interactive bash (job control on, so
  /// Ctrl-Z and `fg` work as they do for a user) instead of being the window's command; `program`
  /// runs another program (a shell, say) in its place.
  public init(
    _ arguments: [String], environment: [String: String] = [:], width: Int = 80, height: Int = 24,
    terminal: String = "tmux-256color", interactiveShell: Bool = false, program: [String]? = nil
  ) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trending-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    socket = "trending-test-\(UUID().uuidString.prefix(8))"
    statusFile = directory.appendingPathComponent("status")
    sttyFile = directory.appendingPathComponent("stty")
    exitFile = directory.appendingPathComponent("exit")
    var variables = [
      "TRENDING_STATUS_FILE": statusFile.path, "TERM": terminal, "LANG": "C.UTF-8",
      "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
      "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
    ]
    variables.merge(BinaryRunner.demoLibraries) { _, new in new }
    variables.merge(environment) { _, new in new }
    let exports = variables.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
    let unsets = "unset AMODB_KEY AMODB_BASE_URL AMODB_IMAGE_BASE_URL AMODB_LANGUAGE NO_COLOR BROWSER TRENDING_PROFILE;"
    let command = (program ?? [Fixtures.binary.path] + arguments).map(Self.quote).joined(separator: " ")
    let after = "echo $? > \(Self.quote(exitFile.path)); stty -a > \(Self.quote(sttyFile.path))"
    let script =
      interactiveShell
      ? "\(unsets) exec env \(exports) PS1='$ ' bash --norc --noprofile -i"
      : "\(unsets) env \(exports) \(command); \(after); sleep 120"
    // The server this starts inherits the client's descriptors, so nothing of it is read.
    try tmux(
      ["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", script],
      capture: false)
    if interactiveShell {
      try waitFor("$")
      // The command alone, as a user types it; what records its exit is typed once it has ended
      // (a list typed at once would run on when the command is stopped).
      try tmux(["send-keys", "-t", "main", "-l", command])
      try tmux(["send-keys", "-t", "main", "Enter"])
      afterExit = after
    }
  }

  /// What an interactive shell is given to type once the app has exited.
  private var afterExit: String?

  deinit {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
  }

  /// The directory this session's files live in (settings and data under it too).
  public var home: URL { directory }

  /// Runs a tmux command on this session's server, e.g. `["set-option", "-g", "set-clipboard", "on"]`.
  @discardableResult
  public func command(_ arguments: [String]) throws -> String {
    try tmux(arguments)
  }

  /// Types keys as tmux names them: "j", "Enter", "Escape", "C-c".
  public func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "main"] + keys)
  }

  /// The visible screen as text.
  public func capture() throws -> String {
    try tmux(["capture-pane", "-p", "-t", "main"])
  }

  /// A tmux format value, e.g. `#{alternate_on}`.
  public func display(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window.
  public func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
  }

  /// The app's last status report as key-value pairs.
  public func status() -> [String: String] {
    guard let text = try? String(contentsOf: statusFile, encoding: .utf8) else { return [:] }
    var values: [String: String] = [:]
    for pair in text.split(whereSeparator: \.isWhitespace) {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
    }
    return values
  }

  /// Waits until the app reports a frame after `frame` with nothing in flight; returns that status.
  @discardableResult
  public func waitForIdle(after frame: Int = 0, inputs: Int = 0, timeout: TimeInterval = 15) throws -> [String: String]
  {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let status = status()
      if status["busy"] == "0", let current = Int(status["frame"] ?? ""), current > frame,
        Int(status["inputs"] ?? "") ?? 0 >= inputs
      {
        return status
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw TmuxError(
      message:
        "the app did not become idle after frame \(frame) (status: \(status())); screen:\n\((try? capture()) ?? "")")
  }

  /// The current frame number, 0 before the first.
  public var frame: Int { Int(status()["frame"] ?? "") ?? 0 }

  /// Sends keys and waits until the app has taken them, drawn them and is idle (a frame drawn for
  /// something else, a poster or a terminal's reply, does not count).
  public func press(_ keys: String...) throws {
    let before = status()
    try tmux(["send-keys", "-t", "main"] + keys)
    try waitForIdle(
      after: Int(before["frame"] ?? "") ?? 0, inputs: (Int(before["inputs"] ?? "") ?? 0) + Self.leastInputs(keys))
  }

  /// The fewest keys and mouse events the app takes from `send-keys` arguments: one per key name,
  /// one per character of a literal (`-l`), one for a literal escape sequence (a click's release
  /// is not an event).
  static func leastInputs(_ keys: [String]) -> Int {
    guard keys.first == "-l" else { return keys.count }
    return keys.dropFirst().reduce(0) { $0 + ($1.contains("\u{1B}") ? 1 : $1.unicodeScalars.count) }
  }

  /// Waits until the app has exited and returns its exit code and `stty -a` afterwards.
  public func waitForExit(timeout: TimeInterval = 10) throws -> (status: Int32, stty: String) {
    let deadline = Date().addingTimeInterval(timeout)
    if let after = afterExit, let pid = Int32(status()["pid"] ?? "") {
      while kill(pid, 0) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      try tmux(["send-keys", "-t", "main", "-l", after])
      try tmux(["send-keys", "-t", "main", "Enter"])
      afterExit = nil
    }
    while Date() < deadline {
      if let stty = try? String(contentsOf: sttyFile, encoding: .utf8), !stty.isEmpty,
        let code = try? String(contentsOf: exitFile, encoding: .utf8),
        let status = Int32(code.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return (status, stty)
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw TmuxError(message: "the app did not exit; screen:\n\((try? capture()) ?? "")")
  }

  /// Waits until the screen contains `text`.
  public func waitFor(_ text: String, timeout: TimeInterval = 10) throws {
    try waitForScreen(timeout: timeout, "'\(text)' never appeared") { $0.contains(text) }
  }

  /// Waits until the screen no longer contains `text` (a repaint drew over it).
  public func waitForGone(_ text: String, timeout: TimeInterval = 10) throws {
    try waitForScreen(timeout: timeout, "'\(text)' never went") { !$0.contains(text) }
  }

  /// Polls the screen until `done` holds, else throws `failure` with the screen.
  private func waitForScreen(timeout: TimeInterval, _ failure: String, _ done: (String) -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let screen = try? capture(), done(screen) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TmuxError(message: "\(failure); screen:\n\((try? capture()) ?? "")")
  }

  @discardableResult
  private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
    try Spawn.run(["tmux", "-L", socket] + arguments, capture: capture)
  }

  private static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
