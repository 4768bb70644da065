import Foundation
import TestSupport
import Testing
import TrendingCore
import TrendingViews

@testable import TerminalUI

@Suite("Any terminal, any locale, any theme")
struct AnyTerminalTests {
  @Test func theModeFollowsTheLocaleAndTheTerminal() {
    #expect(GlyphMode.detect(term: "xterm-256color", localeIsUTF8: true) == .unicode)
    #expect(GlyphMode.detect(term: "xterm-256color", localeIsUTF8: false) == .ascii)
    #expect(GlyphMode.detect(term: "vt100", localeIsUTF8: true) == .ascii)
    #expect(GlyphMode.detect(term: "linux", localeIsUTF8: true) == .console)
  }

  @Test func symbolsGetOneCellStandInsSoColumnsHold() {
    #expect(GlyphMode.ascii.draw("…") == "~")
    #expect(GlyphMode.ascii.draw("⠋") == "|")
    #expect(GlyphMode.ascii.draw("卧") == "?")
    #expect(GlyphMode.ascii.draw("") == " ", "the right half of a wide character is blanked")
    #expect(GlyphMode.console.draw("Ж") == "Ж", "a console font has letters")
    #expect(GlyphMode.console.draw("✓") == "v")
    #expect(GlyphMode.ascii.draw("✓") != GlyphMode.ascii.draw("★"), "seen and a rating read apart")
    #expect(GlyphMode.ascii.draw("✎") != "?", "a note's mark has a stand-in")
    #expect(GlyphMode.unicode.draw("✓") == "✓")
    for standIn in GlyphMode.standIns.values {
      #expect(standIn.count == 1 && standIn.unicodeScalars.allSatisfy(\.isASCII))
    }
  }

  @Test func scoresReadOnALightBackground() {
    let dark = Palette(depth: .indexed256)
    let light = Palette(depth: .indexed256, look: Look(light: true))
    // Dark-theme greens and yellows are light colours; on white they need the darker ones.
    #expect(dark.resolve(Style(.fair)).foreground == 221)
    #expect(light.resolve(Style(.fair)).foreground == 130)
    #expect(light.resolve(Style(.good)).foreground == 28)
    #expect(Look.isLight(environment: ["COLORFGBG": "0;15"]))
    #expect(!Look.isLight(environment: ["COLORFGBG": "15;0"]))
    #expect(Look.isLight(environment: ["TRENDING_THEME": "light", "COLORFGBG": "15;0"]))
  }

  @Test func theUsersColoursWinWithinWhatTheDepthShows() {
    let look = Look(colors: ["selected": Settings.Color(foreground: 0, background: 3, bold: true)])
    let palette = Palette(depth: .eight, look: look)
    let selected = palette.resolve(Style(.normal, selected: true))
    #expect(selected.foreground == 0 && selected.background == 3 && selected.bold)
    let big = Palette(
      depth: .eight, look: Look(colors: ["muted": Settings.Color(foreground: 244, background: -1, bold: false)]))
    #expect((0..<8).contains(big.resolve(Style(.muted)).foreground), "a 256-colour number folds into eight")
    // The header's bold title stays black on cyan: xterm draws bold black as grey, unreadable there.
    let bar = Palette(depth: .eight, look: Look()).resolve(Style(.bar, bold: true))
    #expect(bar.foreground == 0 && bar.background == 6 && !bar.bold)
  }

  @Test(arguments: ["dumb", "nonesuch-terminal"])
  func aTerminalThatCannotDrawIsRefusedWithUsage(term: String) throws {
    let session = try TmuxSession(["--demo"], terminal: term)
    let exit = try session.waitForExit()
    #expect(exit.status == 2)
    let screen = try session.capture().split(separator: "\n").joined()
    #expect(screen.contains("the browser needs a terminal it can draw in"), "\(screen)")
  }

  @Test func aNonUTF8LocaleDrawsOnlyASCII() throws {
    let session = try TmuxSession(["--demo"], environment: ["LANG": "C", "LC_ALL": "C"], terminal: "xterm-256color")
    try session.waitFor("Fight Club")
    try session.waitForIdle()
    let screen = try session.capture()
    let ascii = screen.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii, "\(screen)")
    #expect(screen.contains("Up/Down move") && screen.contains("Enter open"))
    try session.send("q")
    _ = try session.waitForExit()
  }
}
