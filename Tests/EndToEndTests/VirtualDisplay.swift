import Foundation
import TestSupport
import Testing

/// A virtual X server (Xvfb) on a display number nobody uses, on a Unix socket only (no TCP), for
/// the tests that run a real xterm and take its screenshot; `stop()` ends it.
struct VirtualDisplay {
  /// Whether this machine can run xterm under a virtual display (`make setup` installs all three).
  static let available = ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/xwd"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The display's number, as in `:140`.
  let number: Int
  private let server: pid_t

  /// Starts the server (with OpenGL for terminals that draw with it) and waits for its socket.
  init(sourceLocation: SourceLocation = #_sourceLocation) throws {
    number = try #require(
      (140..<200).shuffled().first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") },
      sourceLocation: sourceLocation)
    server = try Spawn.start([
      "/usr/bin/Xvfb", ":\(number)", "-screen", "0", "1024x640x24", "+extension", "GLX", "-nolisten", "tcp",
    ])
    let socket = "/tmp/.X11-unix/X\(number)"
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(50_000) }
    #expect(FileManager.default.fileExists(atPath: socket), "Xvfb started", sourceLocation: sourceLocation)
  }

  /// Stops the server and waits for it.
  func stop() {
    kill(server, SIGTERM)
    waitpid(server, nil, 0)
  }
}
