import Foundation
import PosterKit
import TestSupport
import Testing
import TrendingCore

@testable import AmodbKit

extension BrowserEndToEndTests {
  /// A real xterm (Debian's, as a VT340 with sixel) under a virtual X server: the app detects
  /// sixel from its answer, and a screenshot shows the poster's pixels in the poster pane with
  /// the header still at the top (nothing scrolled), sized to xterm's real cell so it fills its box.
  @Suite("A real xterm shows the poster as sixels")
  struct XtermSixelTests {
    static func run(_ arguments: [String]) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: arguments[0])
      process.arguments = Array(arguments.dropFirst())
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }

    /// The app's status file as key-value pairs.
    static func status(_ path: String) -> [String: String] {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
      var values: [String: String] = [:]
      for pair in text.split(whereSeparator: \.isWhitespace) {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
      }
      return values
    }

    @Test(.enabled(if: VirtualDisplay.available, "needs Xvfb, xterm and xwd (make setup installs them)"))
    func thePosterIsOnScreenInXtermAndFillsItsBox() throws {
      let display = try VirtualDisplay()
      defer { display.stop() }
      let number = display.number

      let home = FileManager.default.temporaryDirectory.appendingPathComponent("xterm-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: home) }
      let status = home.appendingPathComponent("status").path
      let terminal = try Spawn.start(
        [
          "/usr/bin/xterm", "-display", ":\(number)", "-u8", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340",
          "-xrm", "XTerm*numColorRegisters: 256", "-fa", "DejaVu Sans Mono", "-fs", "9", "-geometry", "120x36+0+0",
          "-e", "/usr/bin/env", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home.path)",
          "XDG_CACHE_HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)",
          "TRENDING_STATUS_FILE=\(status)", Fixtures.binary.path, "--demo",
        ], environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
      defer {
        kill(terminal, SIGTERM)
        waitpid(terminal, nil, 0)
      }

      // Symbol art comes first and sixels once xterm has answered: the app's status names the
      // image once it has written it over the cells, with the cell it was sized to.
      var reported: [String: String] = [:]
      let asked = Date()
      while Date().timeIntervalSince(asked) < 25 {
        reported = Self.status(status)
        if reported["busy"] == "0", let overlay = reported["overlay"], overlay != "none" { break }
        usleep(50_000)
      }
      let overlay = try #require(
        reported["overlay"].map { $0.split(whereSeparator: { ",x".contains($0) }).compactMap { Int($0) } },
        "the app drew an image: \(reported)")
      try #require(overlay.count == 4, "row,column,columns x rows: \(reported)")
      let cell = try #require(reported["cell"].map { $0.split(separator: "x").compactMap { Int($0) } })
      try #require(cell.count == 2, "the cell the image was sized to: \(reported)")
      // xterm keeps CSI 16 t to itself: the cell is the window's pixels over its cells, not 6x12.
      #expect(cell != [6, 12], "sized to the window's cell, not the assumed one")

      // xterm draws what it has read a moment later: shots until the pane shows the same poster twice.
      let shot = home.appendingPathComponent("shot.xwd")
      var screen: (width: Int, height: Int, pixels: [UInt8])?
      var poster: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
      var previous: [UInt8]?
      let drawn = Date()
      while Date().timeIntervalSince(drawn) < 15 {
        guard try Self.run(["/usr/bin/xwd", "-display", ":\(number)", "-root", "-silent", "-out", shot.path]) == 0,
          let read = XWDReader.read(try Data(contentsOf: shot))
        else { continue }
        screen = read
        poster = Self.colourfulBox(read, fromX: 600)
        defer { previous = read.pixels }
        if read.pixels == previous, let poster, poster.maxX - poster.minX > 60, poster.maxY - poster.minY > 120 {
          break
        }
        usleep(100_000)
      }
      let image = try #require(screen, "xwd took a screenshot")
      let box = try #require(poster, "a poster in the pane")
      #expect(box.maxX - box.minX > 60 && box.maxY - box.minY > 120, "poster-sized: \(box)")
      // The poster's pixels: the screenshot's crop against the demo poster at that size.
      let width = box.maxX - box.minX + 1
      let height = box.maxY - box.minY + 1
      #expect(try differenceFromDunePoster(image, box: box) < 25, "the screenshot shows Dune's poster")
      // The header bar is still the top row: the image scrolled nothing.
      let header = (2..<12).flatMap { y in (10..<300).map { x in Self.pixel(image, x, y) } }
      let barPixels = header.filter { $0.0 < 120 && $0.2 > 60 }.count
      #expect(barPixels > header.count / 2, "the header's bar colour across the top")

      // The cell as xterm draws it, measured on the screenshot: the header bar is one row of all
      // 120 columns (measured down at x = 600, where it has no text).
      let bar = { (x: Int, y: Int) -> Bool in
        let (r, _, b) = Self.pixel(image, x, y)
        return r < 120 && b > 60
      }
      let barXs = (0..<image.width).filter { bar($0, 8) }
      let barTop = (0..<60).first { bar(600, $0) } ?? 0
      let barHeight = (barTop..<60).prefix { bar(600, $0) }.count
      let real = (width: Double((barXs.max() ?? 0) - (barXs.min() ?? 0) + 1) / 120, height: Double(barHeight))
      #expect(abs(real.width - Double(cell[0])) < 0.5 && abs(real.height - Double(cell[1])) < 1, "cell \(real)")
      // The image fills its cells: as wide as its columns, as tall as its rows, in xterm's pixels.
      let columns = Double(overlay[2])
      let rows = Double(overlay[3])
      #expect(abs(Double(width) - columns * real.width) <= 6, "\(width) px wide for \(overlay[2]) columns")
      #expect(abs(Double(height) - rows * real.height) <= 8, "\(height) px tall for \(overlay[3]) rows")
      // And its cells fill the poster box the app gives it (all its width or all its height), centred.
      let pane = try #require(PosterLayout.listBox(for: Size(width: 120, height: 36)))
      #expect(overlay[2] == pane.width || overlay[3] == pane.height, "\(overlay) in a box of \(pane)")
      let left = 120 - (PosterLayout.listPaneWidth(for: Size(width: 120, height: 36)) ?? 0) + 1
      #expect(abs(overlay[1] - (left + (pane.width - overlay[2]) / 2)) <= 0, "centred across")
      #expect(Double(width * height) >= 0.9 * columns * rows * real.width * real.height, "no gaps")
    }

    static func pixel(_ image: (width: Int, height: Int, pixels: [UInt8]), _ x: Int, _ y: Int) -> (
      Int, Int, Int
    ) {
      let at = (y * image.width + x) * 4
      return (Int(image.pixels[at]), Int(image.pixels[at + 1]), Int(image.pixels[at + 2]))
    }

    /// The box of the poster right of `fromX`: the columns and rows where most pixels are
    /// neither the terminal's white nor the root window's black (text is sparse; a picture is not).
    static func colourfulBox(_ image: (width: Int, height: Int, pixels: [UInt8]), fromX: Int) -> (
      minX: Int, minY: Int, maxX: Int, maxY: Int
    )? {
      let xs = fromX..<min(image.width, 1000)
      let ys = 30..<min(image.height, 520)
      func colourful(_ x: Int, _ y: Int) -> Bool {
        let (r, g, b) = pixel(image, x, y)
        return !(r > 235 && g > 235 && b > 235) && !(r < 12 && g < 12 && b < 12)
      }
      let dense = xs.filter { x in ys.filter { colourful(x, $0) }.count * 3 > ys.count }
      // The widest run of neighbouring dense columns (the score digits stand apart from it).
      var runs: [[Int]] = []
      for x in dense {
        if let last = runs.last?.last, last == x - 1 { runs[runs.count - 1].append(x) } else { runs.append([x]) }
      }
      let columns = runs.max { $0.count < $1.count } ?? []
      let rows = ys.filter { y in columns.filter { colourful($0, y) }.count * 2 > max(1, columns.count) }
      guard let minX = columns.min(), let maxX = columns.max(), let minY = rows.min(), let maxY = rows.max() else {
        return nil
      }
      return (minX, minY, maxX, maxY)
    }
  }
}
