import AmodbKit
import CNCurses
import Foundation
import Testing
import TrendingCore

@testable import TerminalUI
@testable import TrendingViews

/// A real ncurses screen writing to /dev/null; the streams close when it is shut down.
final class HeadlessTerminal {
  let backend: NCursesBackend
  private let output: UnsafeMutablePointer<FILE>
  private let input: UnsafeMutablePointer<FILE>

  init(_ type: String, noColor: Bool = false) throws {
    output = try #require(fopen("/dev/null", "w"))
    input = try #require(fopen("/dev/null", "r"))
    backend = try #require(NCursesBackend(noColor: noColor, terminalType: type, output: output, input: input))
  }

  deinit {
    backend.shutdown()
    fclose(output)
    fclose(input)
  }
}

/// ncurses keeps one current screen and one current terminal per process: every suite that opens a
/// screen or reads a terminfo entry in this process runs inside this one, one test at a time.
@Suite("ncurses in this process, one test at a time", .serialized)
enum NCursesInProcess {}

extension NCursesInProcess {
  /// The machine's own terminfo, read in this process (it sets ncurses' current terminal a moment).
  @Suite("This machine's terminfo")
  struct TerminfoTests {
    @Test func theRealMachineKnowsXterm256() {
      #expect(TerminalEntry.decide(term: "xterm-256color") == .own)
      #expect(TerminalEntry.colors(of: "xterm-256color") == 256)
      #expect(TerminalEntry.colors(of: "nonesuch-terminal") == nil)
    }
  }

  /// ncurses keeps one current screen per process, so tests that open one run one at a time.
  @Suite("ncurses, headless", .serialized)
  struct NCursesBackendTests {
    @Test func drawsWideTextIntoRealNCurses() throws {
      TextWidth.prepareLocale()
      let terminal = try HeadlessTerminal("xterm-256color")
      let backend = terminal.backend
      #expect(backend.size.width > 0)
      var screen = Screen(width: backend.size.width, height: backend.size.height)
      screen.put("卧虎 ok é", row: 1, column: 2, style: Style(.good, bold: true, selected: true))
      screen.put("ואלס", row: 2, column: 0, style: Style(.accent))
      backend.draw(screen)
      #expect(backend.text(row: 1, column: 2) == "卧")
      #expect(backend.text(row: 1, column: 4) == "虎")
      #expect(backend.text(row: 1, column: 7) == "o")
      #expect(backend.text(row: 1, column: 10) == "e\u{301}")
      #expect(backend.text(row: 2, column: 0) == "ו")
      screen.put("x", row: 1, column: 2)
      backend.draw(screen)
      #expect(backend.text(row: 1, column: 2) == "x")
      #expect(backend.pendingInput().isEmpty)
    }

    /// A frame goes out whole: ncurses flushes after every cursor move until it has once come back
    /// from `endwin`, which made a first frame some fifty writes a terminal could show in parts.
    @Test func aWholeFrameIsAFewWritesNotOneARow() throws {
      let terminal = try HeadlessTerminal("xterm-256color")
      let backend = terminal.backend
      var screen = Screen(width: backend.size.width, height: backend.size.height)
      let tones: [Tone] = [.normal, .muted, .accent, .good, .fair, .poor]
      for row in 0..<screen.height {
        screen.put("Row \(row)", row: row, column: 1, style: Style(tones[row % tones.count], bold: row % 2 == 0))
        screen.put("\(row * 7)", row: row, column: screen.width - 8, style: Style(.title))
      }
      // This thread's own count of write calls: other tests run beside this one.
      let before = try Self.writeCalls()
      backend.draw(screen)
      let writes = try Self.writeCalls() - before
      #expect(backend.text(row: screen.height - 1, column: 1) == "R")
      #expect(writes > 0 && writes <= 4, "\(writes) writes for one frame")
    }

    /// How many write calls this thread has made (`syscw` of /proc/thread-self/io).
    private static func writeCalls() throws -> Int {
      let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
      let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("syscw:") })
      return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test func aDirectEntryGivesTrueColourPosters() throws {
      let terminal = try HeadlessTerminal("xterm-direct")
      let backend = terminal.backend
      #expect(backend.depth == .direct)
      #expect(Palette(depth: .direct).posterMode == .trueColor)
      var screen = Screen(width: backend.size.width, height: backend.size.height)
      screen.put(
        "▀", row: 0, column: 0,
        style: .poster(.rgb(red: 250, green: 10, blue: 20), on: .rgb(red: 0, green: 0, blue: 90)))
      backend.draw(screen)
      #expect(backend.text(row: 0, column: 0) == "▀")
    }

    @Test func eightColourAndMonochromeTerminalsWork() throws {
      for (type, noColor) in [("xterm", false), ("vt100", false), ("xterm-256color", true)] {
        let terminal = try HeadlessTerminal(type, noColor: noColor)
        let backend = terminal.backend
        if noColor || type == "vt100" {
          #expect(backend.depth == ColorDepth.none)
        } else {
          #expect(backend.depth == .eight)
        }
        var screen = Screen(width: backend.size.width, height: backend.size.height)
        screen.put("Selected", row: 0, column: 0, style: Style(.normal, selected: true))
        backend.draw(screen)
        #expect(backend.text(row: 0, column: 0) == "S")
      }
    }
  }

  @Suite("Direct colour")
  struct DirectColorTests {
    @Test func directColourIsChosenOnlyWhenPromisedAndInstalled() {
      #expect(NCursesBackend.directColorTerminal(environment: ["TERM": "xterm-256color"]) == nil)
      #expect(
        NCursesBackend.directColorTerminal(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
          == "xterm-direct")
      #expect(
        NCursesBackend.directColorTerminal(environment: ["TERM": "screen-256color", "COLORTERM": "24bit"]) == nil,
        "screen has its own entry and no -direct one")
      #expect(
        NCursesBackend.directColorTerminal(environment: ["TERM": "nosuchterm-256color", "COLORTERM": "24bit"])
          == "xterm-direct", "a stand-in for an unknown -256color terminal takes xterm's 24-bit entry")
      #expect(NCursesBackend.directColorTerminal(environment: ["TERM": "xterm-direct"]) == "xterm-direct")
    }

    /// kitty sets TERMINFO to its own folder, where ncurses then looks alone: an entry found
    /// elsewhere would make newterm fail (and ncurses crashed in keypad after it).
    @Test func aTerminfoFolderSetIsTheOnlyOneLookedIn() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("x"), withIntermediateDirectories: true)
      let kitty = ["TERM": "xterm-kitty", "COLORTERM": "truecolor", "TERMINFO": folder.path]
      #expect(NCursesBackend.directColorTerminal(environment: kitty) == nil, "xterm-direct is not in kitty's folder")
      try Data("entry".utf8).write(to: folder.appendingPathComponent("x/xterm-direct"))
      #expect(NCursesBackend.directColorTerminal(environment: kitty) == "xterm-direct")
    }

    @Test func coloursMapBetweenPaletteAndRGB() {
      let direct = Palette(depth: .direct)
      #expect(direct.number(.rgb(red: 0x12, green: 0x34, blue: 0x56)) == 0x123456)
      #expect(direct.number(.indexed(196)) == 0xFF0000)
      #expect(direct.number(.indexed(3)) == 3, "the first eight stay ANSI")
      #expect(Palette(depth: .indexed256).number(.rgb(red: 255, green: 0, blue: 0)) == 196)
      #expect(Palette(depth: .indexed256).number(.rgb(red: 128, green: 128, blue: 128)) == 244)
      #expect(direct.resolve(Style(.good)).foreground == Xterm256.direct(114))
    }
  }
}

@Suite("Keys and colours")
struct KeyAndPaletteTests {
  @Test func functionKeysMatchCurses() {
    #expect(KeyDecoder.functionKey(UInt32(KEY_DOWN)) == .down)
    #expect(KeyDecoder.functionKey(UInt32(KEY_UP)) == .up)
    #expect(KeyDecoder.functionKey(UInt32(KEY_LEFT)) == .left)
    #expect(KeyDecoder.functionKey(UInt32(KEY_RIGHT)) == .right)
    #expect(KeyDecoder.functionKey(UInt32(KEY_NPAGE)) == .pageDown)
    #expect(KeyDecoder.functionKey(UInt32(KEY_PPAGE)) == .pageUp)
    #expect(KeyDecoder.functionKey(UInt32(KEY_HOME)) == .home)
    #expect(KeyDecoder.functionKey(UInt32(KEY_END)) == .end)
    #expect(KeyDecoder.functionKey(UInt32(KEY_ENTER)) == .enter)
    #expect(KeyDecoder.functionKey(UInt32(KEY_BACKSPACE)) == .backspace)
    #expect(KeyDecoder.functionKey(UInt32(KEY_DC)) == .delete)
    #expect(KeyDecoder.functionKey(UInt32(KEY_F0)) == nil)
  }

  @Test func charactersAndControls() {
    #expect(KeyDecoder.character(13) == .enter)
    #expect(KeyDecoder.character(10) == .enter)
    #expect(KeyDecoder.character(27) == .escape)
    #expect(KeyDecoder.character(127) == .backspace)
    #expect(KeyDecoder.character(3) == .control("c"))
    #expect(KeyDecoder.character(6) == .control("f"))
    #expect(KeyDecoder.character(2) == .control("b"))
    #expect(KeyDecoder.character(0x6A) == .character("j"))
    #expect(KeyDecoder.character(0x4E2D) == .character("中"))
    #expect(KeyDecoder.character(0) == nil)
    #expect(KeyDecoder.character(0x9B) == nil)
  }

  @Test func depthFollowsTheTerminalAndNoColor() {
    #expect(ColorDepth.forTerminal(colors: 256, noColor: false) == .indexed256)
    #expect(ColorDepth.forTerminal(colors: 16, noColor: false) == .sixteen)
    #expect(ColorDepth.forTerminal(colors: 8, noColor: false) == .eight)
    #expect(ColorDepth.forTerminal(colors: 256, noColor: true) == ColorDepth.none)
    #expect(ColorDepth.forTerminal(colors: 2, noColor: false) == ColorDepth.none)
  }

  /// Bars are chrome and never selected; every tone a row can carry must look different when selected.
  @Test func theSelectionStaysVisibleAtEveryDepth() {
    for depth in [ColorDepth.none, .eight, .sixteen, .indexed256] {
      let palette = Palette(depth: depth)
      for tone in Tone.allCases where tone != .bar && tone != .barMuted {
        let plain = palette.resolve(Style(tone))
        let selected = palette.resolve(Style(tone, selected: true))
        #expect(plain != selected, "\(depth) \(tone)")
        if depth == .none {
          // The title on the selection is the active tab, underlined so it is not taken for the selected row.
          #expect(tone == .title ? selected.underline : selected.reverse)
          #expect(selected.foreground == -1 && selected.background == -1)
        } else {
          #expect(selected.background != -1)
          #expect(selected.foreground != selected.background)
        }
      }
    }
  }
}
