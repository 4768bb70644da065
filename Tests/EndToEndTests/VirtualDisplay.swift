import Foundation
import PosterKit
import TestSupport
import Testing

@testable import AmodbKit

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

/// How far a screenshot's box differs from the demo's Dune poster at that size, on 4x6 blocks
/// of mean colour (0 the same; the tests allow 25).
func differenceFromDunePoster(
  _ image: (width: Int, height: Int, pixels: [UInt8]), box: (minX: Int, minY: Int, maxX: Int, maxY: Int)
) throws -> Double {
  let width = box.maxX - box.minX + 1
  let height = box.maxY - box.minY + 1
  var crop = [UInt8]()
  for y in box.minY...box.maxY {
    let start = (y * image.width + box.minX) * 4
    crop += image.pixels[start..<(start + width * 4)]
  }
  let jpeg = try #require(DemoPosters.files["/demo-693134.jpg"].flatMap { Data(base64Encoded: $0) })
  let decoded = try JPEGDecoder.decode(jpeg, covering: (width, height))
  let expected = SixelDecoder.blocks(decoded.pixels, width: decoded.width, height: decoded.height, columns: 4, rows: 6)
  let shown = SixelDecoder.blocks(crop, width: width, height: height, columns: 4, rows: 6)
  return SixelDecoder.difference(expected, shown)
}
