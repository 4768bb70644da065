import CWidth
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `trending` binary running in a pseudo-terminal of a given size: what it writes is read
/// and counted, and keys are typed into it.
public final class PseudoTerminal {
  /// The process in the terminal.
  public let pid: pid_t
  private let master: Int32
  /// Everything the process has written so far.
  public private(set) var output = [UInt8]()
  /// Where each read lands before it joins `output`.
  private var readBuffer = [UInt8](repeating: 0, count: 65_536)

  /// Starts `arguments[0]` with the rest as arguments, in a `width`×`height` terminal.
  public init(_ arguments: [String], environment: [String: String], width: Int, height: Int) throws {
    master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
      throw POSIXError(.ENOTTY)
    }
    let slavePath = String(cString: name)
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, trending_spawn_setsid())
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid, the slave becomes the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    let slave = open(slavePath, O_RDWR | O_NOCTTY)
    _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
    close(slave)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var child: pid_t = 0
    guard posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp) == 0 else { throw POSIXError(.ENOENT) }
    pid = child
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(master)
  }

  /// The demo app in a 120×30 (or `width`×`height`) pseudo-terminal with a home of its own (cache,
  /// settings and data in a fresh temporary folder), as `xterm-256color` in UTF-8, plus `extra` variables.
  public static func demo(
    _ arguments: [String], extra: [String: String] = [:], width: Int = 120, height: Int = 30
  ) throws -> PseudoTerminal {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let environment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": directory.path, "XDG_CACHE_HOME": directory.path,
      "XDG_DATA_HOME": directory.path, "XDG_CONFIG_HOME": directory.path,
    ].merging(BinaryRunner.demoLibraries) { _, new in new }.merging(extra) { _, new in new }
    return try PseudoTerminal(
      [Fixtures.binary.path, "--demo"] + arguments, environment: environment, width: width, height: height)
  }

  /// Reads until `text` has appeared in everything read, or the timeout; returns the seconds it took.
  @discardableResult
  public func read(until text: String, after offset: Int = 0, timeout: TimeInterval = 10) -> TimeInterval? {
    let start = Date()
    let needle = Array(text.utf8)
    // Each pass looks only at what arrived since the last (and the needle's length before it), so
    // the reader's own work stays small beside the program it times: the bench's start-ups.
    var searched = offset
    while Date().timeIntervalSince(start) < timeout {
      pump(waitMilliseconds: 20)
      guard output.count >= needle.count else { continue }
      if contains(needle, after: max(offset, searched - needle.count + 1)) { return Date().timeIntervalSince(start) }
      searched = output.count
    }
    return nil
  }

  /// Reads until nothing arrives for `quiet` seconds; returns the bytes read meanwhile.
  public func drain(quiet: TimeInterval = 0.25, atMost: TimeInterval = 10) -> Int {
    let before = output.count
    var last = Date()
    let deadline = Date().addingTimeInterval(atMost)
    // A spinner that never stops would keep this from ever being quiet: give up after `atMost`.
    while Date().timeIntervalSince(last) < quiet, Date() < deadline {
      if pump(waitMilliseconds: 10) > 0 { last = Date() }
    }
    return output.count - before
  }

  /// Like `drain`, and also the seconds from the call to the last byte that arrived.
  public func drainTimed(quiet: TimeInterval = 0.25, atMost: TimeInterval = 10) -> (bytes: Int, seconds: TimeInterval) {
    let before = output.count
    let start = Date()
    var last = start
    let deadline = start.addingTimeInterval(atMost)
    while Date().timeIntervalSince(last) < quiet, Date() < deadline {
      if pump(waitMilliseconds: 2) > 0 { last = Date() }
    }
    return (output.count - before, last.timeIntervalSince(start))
  }

  /// Gives the terminal a new size, as a window resized by its user does (the program gets SIGWINCH).
  public func resize(width: Int, height: Int) {
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types text into the terminal.
  public func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Waits for the process to end and returns its exit status.
  public func waitForExit() -> Int32 {
    waitForExitWithUsage().status
  }

  /// Waits for the process to end; its exit status and resource use (peak memory, CPU) from `wait4`.
  public func waitForExitWithUsage() -> (status: Int32, usage: rusage) {
    var status: Int32 = 0
    var usage = rusage()
    let deadline = Date().addingTimeInterval(15)
    var killed = false
    while true {
      pump(waitMilliseconds: 10)
      if wait4(pid, &status, WNOHANG, &usage) == pid { return (status, usage) }
      // A session that did not end as scripted is ended, so the benchmark never hangs.
      if !killed, Date() > deadline {
        kill(pid, SIGKILL)
        killed = true
      }
    }
  }

  /// The process's user and system CPU time so far, in seconds (from /proc).
  public func cpuSeconds() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
    let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The process's peak resident memory in kilobytes, from /proc.
  public func peakMemoryKB() -> Int? {
    field("VmHWM:", in: "/proc/\(pid)/status")
  }

  /// The program's own memory in KiB: anonymous and written pages (`Private_Dirty`), not the clean
  /// pages of code and data files the kernel can drop and read again.
  public func privateDirtyKB() -> Int? {
    field("Private_Dirty:", in: "/proc/\(pid)/smaps_rollup")
  }

  private func field(_ name: String, in path: String) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let line = text.split(separator: "\n").first { $0.hasPrefix(name) }
    return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
  }

  /// Reads what the terminal has written, waiting up to `waitMilliseconds` for the first byte; how many bytes.
  @discardableResult
  public func pump(waitMilliseconds: Int32) -> Int {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, waitMilliseconds) > 0 else { return 0 }
    // One buffer for every read: a fresh 64 KiB one a read was zeroed each time.
    let count = readBuffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
    if count > 0 { output += readBuffer[0..<count] }
    return max(0, count)
  }

  private func contains(_ needle: [UInt8], after offset: Int) -> Bool {
    let window = output.suffix(needle.count + 200_000).suffix(max(0, output.count - offset))
    guard window.count >= needle.count else { return false }
    var index = window.startIndex
    while index <= window.endIndex - needle.count {
      if window[index] == needle[0], window[index..<(index + needle.count)].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
