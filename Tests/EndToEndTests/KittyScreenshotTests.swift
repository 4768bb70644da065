import Foundation
import PosterKit
import TestSupport
import Testing

@testable import AmodbKit

extension BrowserEndToEndTests {
  /// Debian's kitty (0.26, before Unicode placeholders) under a virtual X server, drawing with
  /// software OpenGL: the app finds it from its answer and places the poster's pixels directly,
  /// and a screenshot shows Dune's poster in the pane.
  @Suite("A real kitty shows the poster")
  struct KittyScreenshotTests {
    static let available = VirtualDisplay.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/kitty")

    @Test(.enabled(if: available, "needs kitty, Xvfb and xwd (make setup installs them)"))
    func thePosterIsOnScreenInKitty() throws {
      let display = try VirtualDisplay()
      defer { display.stop() }
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("kitty-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: home) }
      let status = home.appendingPathComponent("status").path
      let terminal = try Spawn.start(
        [
          "/usr/bin/kitty", "--config", "NONE", "-o", "initial_window_width=960", "-o", "initial_window_height=600",
          "/usr/bin/env", "LANG=C.UTF-8", "HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)",
          "XDG_CONFIG_HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)", "TRENDING_STATUS_FILE=\(status)",
          Fixtures.binary.path, "--demo",
        ],
        environment: [
          "PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "DISPLAY": ":\(display.number)",
          "LIBGL_ALWAYS_SOFTWARE": "1",
        ])
      defer {
        kill(terminal, SIGTERM)
        waitpid(terminal, nil, 0)
      }
      // The app says when the image is over the cells; kitty shows it a frame later.
      var reported: [String: String] = [:]
      let asked = Date()
      while Date().timeIntervalSince(asked) < 30 {
        reported = XtermSixelTests.status(status)
        if reported["busy"] == "0", let overlay = reported["overlay"], overlay != "none" { break }
        usleep(50_000)
      }
      #expect(reported["overlay"].map { $0 != "none" } == true, "the app placed an image: \(reported)")
      let shot = home.appendingPathComponent("shot.xwd")
      var found: (image: (width: Int, height: Int, pixels: [UInt8]), box: (minX: Int, minY: Int, maxX: Int, maxY: Int))?
      let drawn = Date()
      while Date().timeIntervalSince(drawn) < 15 {
        if try XtermSixelTests.run([
          "/usr/bin/xwd", "-display", ":\(display.number)", "-root", "-silent", "-out", shot.path,
        ])
          == 0, let read = XWDReader.read(try Data(contentsOf: shot)),
          let box = XtermSixelTests.colourfulBox(read, fromX: 600), box.maxX - box.minX > 60, box.maxY - box.minY > 120
        {
          found = (read, box)
          break
        }
        usleep(100_000)
      }
      let (image, box) = try #require(found, "a poster in the pane")
      #expect(try differenceFromDunePoster(image, box: box) < 25, "the screenshot shows Dune's poster")
    }
  }
}
