import Foundation
import TestSupport
import Testing

extension BrowserEndToEndTests {
  /// xterm as it comes (black on white, `TERM=xterm`: eight colours) under a virtual X server:
  /// the screenshot's pixels, read cell by cell, show every score and every other text at
  /// 4.5:1 or more against the cell's background (the bitmap font draws no blended edges).
  @Suite("Eight colours on xterm's white read")
  struct XtermContrastTests {
    typealias Image = (width: Int, height: Int, pixels: [UInt8])
    typealias RGB = (red: Int, green: Int, blue: Int)

    @Test(.enabled(if: VirtualDisplay.available, "needs Xvfb, xterm and xwd (make setup installs them)"))
    func scoresAndTextReadInEightColoursOnWhite() throws {
      let display = try VirtualDisplay()
      defer { display.stop() }
      let number = display.number

      let home = FileManager.default.temporaryDirectory.appendingPathComponent("xterm-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: home) }
      let terminal = try Spawn.start(
        [
          "/usr/bin/xterm", "-display", ":\(number)", "-u8", "-fa", "", "-fn", "fixed", "-geometry",
          "\(Self.columns)x30+0+0", "-e", "/usr/bin/env", "TERM=xterm", "LANG=C.UTF-8", "HOME=\(home.path)",
          "XDG_CACHE_HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)",
          Fixtures.binary.path, "--demo", "--images", "off",
        ], environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
      defer {
        kill(terminal, SIGTERM)
        waitpid(terminal, nil, 0)
      }

      // The light colours come once xterm has answered its background (OSC 11): wait for a
      // picture with the header's cyan that stays the same across two shots.
      let shot = home.appendingPathComponent("shot.xwd")
      var image: Image?
      var previous: [UInt8]?
      let started = Date()
      while Date().timeIntervalSince(started) < 20 {
        usleep(700_000)
        guard Self.run(["/usr/bin/xwd", "-display", ":\(number)", "-root", "-silent", "-out", shot.path]) == 0,
          let read = XWDReader.read(try Data(contentsOf: shot))
        else { continue }
        defer { previous = read.pixels }
        if Date().timeIntervalSince(started) > 3, read.pixels == previous, Self.grid(read) != nil {
          image = read
          break
        }
      }
      let screen = try #require(image, "a settled screenshot with the header")
      let grid = try #require(Self.grid(screen))
      #expect(grid.cell.width >= 5 && grid.cell.height >= 10, "the grid: \(grid)")

      var failures: [String] = []
      var scoreColours: Set<String> = []
      for row in 0..<30 {
        for column in 0..<Self.columns {
          guard let cell = Self.cell(screen, grid, row: row, column: column) else { continue }
          for (colour, ratio) in cell.foregrounds where ratio < 4.5 {
            failures.append(
              "row \(row) column \(column): \(Self.hex(colour)) on \(Self.hex(cell.background)) "
                + String(format: "%.2f:1", ratio))
          }
          // The score column: in the last eight cells of a film's row (the table ends where its
          // columns need, a few cells short of the edge, so no row has a wide gap).
          if (3..<27).contains(row), column >= Self.columns - 8 {
            scoreColours.formUnion(cell.foregrounds.map { Self.hex($0.0) + " on " + Self.hex(cell.background) })
          }
        }
      }
      #expect(!scoreColours.isEmpty, "scores were drawn")
      #expect(!scoreColours.contains { $0.hasPrefix("#00FF00") || $0.hasPrefix("#FFFF00") }, "\(scoreColours)")
      #expect(failures.isEmpty, "\(failures.count) cells under 4.5:1:\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    static let columns = 100

    /// The cell grid: the header's top-left corner (its cyan fills row 0 from column 0) and the cell size.
    static func grid(_ image: Image) -> (x: Int, y: Int, cell: (width: Int, height: Int))? {
      func cyan(_ x: Int, _ y: Int) -> Bool { pixel(image, x, y) == (0, 205, 205) }
      for y in 0..<min(image.height, 60) {
        guard let left = (0..<image.width).first(where: { cyan($0, y) }) else { continue }
        let right = (left..<image.width).last { cyan($0, y) } ?? left
        let bottom = (y..<image.height).first { !cyan(left, $0) } ?? y
        let width = (right - left + 1) / columns
        guard width > 0, (right - left + 1) % columns == 0 else { return nil }
        return (left, y, (width, bottom - y))
      }
      return nil
    }

    /// A cell's background (its commonest colour) and the other colours in it with their contrast.
    static func cell(
      _ image: Image, _ grid: (x: Int, y: Int, cell: (width: Int, height: Int)), row: Int, column: Int
    ) -> (background: RGB, foregrounds: [(RGB, Double)])? {
      var counts: [Int: Int] = [:]
      for y in 0..<grid.cell.height {
        for x in 0..<grid.cell.width {
          let colour = pixel(image, grid.x + column * grid.cell.width + x, grid.y + row * grid.cell.height + y)
          counts[colour.red << 16 | colour.green << 8 | colour.blue, default: 0] += 1
        }
      }
      guard let background = counts.max(by: { $0.value < $1.value })?.key else { return nil }
      let rgb = { (packed: Int) -> RGB in (packed >> 16 & 0xFF, packed >> 8 & 0xFF, packed & 0xFF) }
      let foregrounds = counts.keys.filter { $0 != background }.map { (rgb($0), contrast(rgb($0), rgb(background))) }
      return (rgb(background), foregrounds)
    }

    /// WCAG 2 contrast of two sRGB colours.
    static func contrast(_ first: RGB, _ second: RGB) -> Double {
      func luminance(_ colour: RGB) -> Double {
        func linear(_ channel: Int) -> Double {
          let value = Double(channel) / 255
          return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
      }
      let (a, b) = (luminance(first), luminance(second))
      return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    static func hex(_ colour: RGB) -> String {
      let channels = [colour.red, colour.green, colour.blue]
      return "#" + channels.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    static func pixel(_ image: Image, _ x: Int, _ y: Int) -> RGB {
      guard x >= 0, y >= 0, x < image.width, y < image.height else { return (0, 0, 0) }
      let at = (y * image.width + x) * 4
      return (Int(image.pixels[at]), Int(image.pixels[at + 1]), Int(image.pixels[at + 2]))
    }

    private static func run(_ arguments: [String]) -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: arguments[0])
      process.arguments = Array(arguments.dropFirst())
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return -1 }
      process.waitUntilExit()
      return process.terminationStatus
    }
  }
}
