import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Short media clips for the player's tests, made with ffmpeg: a test pattern and a tone.
public enum MediaClip {
  /// Makes `name` (folders and all) under `folder`, `seconds` long, 64×48 at 10 frames a second.
  @discardableResult
  public static func make(_ name: String, in folder: URL, seconds: Int) throws -> URL {
    let file = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let made = try BinaryRunner.program(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
        "testsrc=duration=\(seconds):size=64x48:rate=10", "-f", "lavfi", "-i", "sine=duration=\(seconds)",
        "-c:v", "mpeg4", "-c:a", "aac", "-shortest", file.path,
      ])
    guard made.status == 0 else { throw TmuxError(message: "ffmpeg failed: \(made.stderr)") }
    return file
  }
}

/// The built binary running as a process while the test acts on it: its output collected as it
/// comes, waited on for what it says.
public final class RunningBinary: @unchecked Sendable {
  private let process = Process()
  private let condition = NSCondition()
  private var output = ""
  private var errors = ""
  private var openStreams = 2

  /// Starts `trending` with `arguments` in the tests' environment plus `extra`.
  public init(_ arguments: [String], environment extra: [String: String]) throws {
    process.executableURL = Fixtures.binary
    process.arguments = arguments
    process.environment = BinaryRunner.environment(extra)
    process.standardInput = FileHandle.nullDevice
    let out = try PrivatePipe()
    let err = try PrivatePipe()
    process.standardOutput = out.writing
    process.standardError = err.writing
    try process.run()
    try out.writing.close()
    try err.writing.close()
    collect(out.reading, error: false)
    collect(err.reading, error: true)
  }

  /// Reads a stream to its end on a thread of its own.
  private func collect(_ handle: FileHandle, error: Bool) {
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        condition.lock()
        if data.isEmpty {
          openStreams -= 1
        } else if error {
          errors += String(decoding: data, as: UTF8.self)
        } else {
          output += String(decoding: data, as: UTF8.self)
        }
        condition.broadcast()
        condition.unlock()
        if data.isEmpty { return }
      }
    }
  }

  /// Standard output so far.
  public var stdout: String { condition.withLock { output } }
  /// Standard error so far.
  public var stderr: String { condition.withLock { errors } }

  /// Waits until standard output or error holds `text`.
  public func waitFor(_ text: String, timeout: TimeInterval = 20) throws {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while !(output + errors).contains(text) {
      guard openStreams > 0, condition.wait(until: deadline) else {
        throw TmuxError(message: "'\(text)' never came; stdout:\n\(output)\nstderr:\n\(errors)")
      }
    }
  }

  /// Waits for the process to end and both streams to close; its exit status.
  public func waitForExit(timeout: TimeInterval = 30) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    while openStreams > 0 {
      guard condition.wait(until: deadline) else {
        condition.unlock()
        process.terminate()
        throw TmuxError(message: "the process did not end; stdout:\n\(stdout)\nstderr:\n\(stderr)")
      }
    }
    condition.unlock()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// A client of a running mpv's JSON IPC socket, as a test drives it: commands sent, events read
/// until the one waited for.
public final class MpvSocketClient {
  private let descriptor: Int32
  private var pending: [UInt8] = []

  /// The socket `trending play` made for mpv under `runtime` (its `XDG_RUNTIME_DIR`), once mpv
  /// listens on it.
  public static func connect(under runtime: URL, timeout: TimeInterval = 20) throws -> MpvSocketClient {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let folders = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
      for folder in folders where folder.hasPrefix("trending-mpv-") {
        let path = runtime.appendingPathComponent(folder).appendingPathComponent("mpv.sock").path
        if let client = try? MpvSocketClient(path: path) { return client }
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw TmuxError(message: "no mpv socket under \(runtime.path)")
  }

  /// Connects to the socket at `path`.
  public init(path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes.prefix(raw.count - 1))
    }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
  }

  deinit { close(descriptor) }

  /// Sends one command, e.g. `["seek", 92, "absolute-percent"]`.
  public func send(_ command: [Any]) throws {
    var line = try JSONSerialization.data(withJSONObject: ["command": command])
    line.append(UInt8(ascii: "\n"))
    let written = line.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard written == line.count else { throw POSIXError(.EPIPE) }
  }

  /// Reads messages until one satisfies `wanted`; that message.
  @discardableResult
  public func waitFor(timeout: TimeInterval = 20, _ wanted: ([String: Any]) -> Bool) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(pending[..<newline])
        pending.removeSubrange(...newline)
        if let message = try? JSONSerialization.jsonObject(with: line) as? [String: Any], wanted(message) {
          return message
        }
      }
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard left > 0, poll(&waiting, 1, left) > 0 else { throw TmuxError(message: "mpv never said it") }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { throw TmuxError(message: "mpv closed the socket first") }
      pending += chunk[..<count]
    }
  }

  /// Waits until playback reaches `seconds` (observing `time-pos`).
  public func waitForPosition(atLeast seconds: Double, timeout: TimeInterval = 20) throws {
    try send(["observe_property", 7, "time-pos"])
    try waitFor(timeout: timeout) { message in
      message["event"] as? String == "property-change" && message["name"] as? String == "time-pos"
        && (message["data"] as? Double ?? -1) >= seconds
    }
  }
}
