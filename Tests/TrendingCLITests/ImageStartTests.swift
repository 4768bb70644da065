import PosterKit
import Testing
import TrendingCore

@testable import TrendingCLI

@Suite("How posters start, before the terminal answers")
struct ImageStartTests {
  @Test func autoAsksTheTerminalAndDrawsSymbolsUntilItAnswers() {
    let start = ImageStart(
      mode: .auto, environment: ["TERM": "xterm-256color"], posterMode: .indexed256, unicode: true, noColor: false)
    #expect(start.enabled)
    #expect(start.capabilities.asksImages && start.capabilities.asksBackground && start.capabilities.placeholdersFit)
    #expect(start.capabilities.plan == nil)
    #expect(start.note == "Posters: symbol art (asking the terminal).")
  }

  @Test func askedForOrNamedByTheEnvironmentThePixelsStartAtOnce() {
    let sixel = ImageStart(
      mode: .sixel, environment: ["TERM": "xterm"], posterMode: .indexed256, unicode: true, noColor: false)
    #expect(sixel.capabilities.plan == .pixels(.sixel, cell: nil) && !sixel.capabilities.asksImages)
    let iterm = ImageStart(
      mode: .auto, environment: ["TERM_PROGRAM": "iTerm.app"], posterMode: .trueColor, unicode: true, noColor: false)
    #expect(iterm.capabilities.plan == .pixels(.iterm, cell: nil))
    let kitty = ImageStart(
      mode: .kitty, environment: ["TERM": "xterm-kitty"], posterMode: .trueColor, unicode: true, noColor: false)
    #expect(kitty.capabilities.plan == .placeholders(cell: nil))
    // Detected kitty waits for the terminal to say it shows placeholders.
    let detected = ImageStart(
      mode: .auto, environment: ["KITTY_WINDOW_ID": "1"], posterMode: .trueColor, unicode: true, noColor: false)
    #expect(detected.capabilities.plan == nil && detected.capabilities.asksImages)
  }

  @Test func offColourlessOrASCIIMeansNoPostersAndAThemeSetIsNotAsked() {
    let off = ImageStart(mode: .off, environment: [:], posterMode: .indexed256, unicode: true, noColor: false)
    #expect(!off.enabled && off.note == "Posters: off." && !off.capabilities.asksImages)
    let ascii = ImageStart(mode: .auto, environment: [:], posterMode: .indexed256, unicode: false, noColor: false)
    #expect(!ascii.enabled)
    let colourless = ImageStart(mode: .auto, environment: [:], posterMode: nil, unicode: true, noColor: true)
    #expect(!colourless.enabled && !colourless.capabilities.asksBackground)
    let themed = ImageStart(
      mode: .auto, environment: ["TRENDING_THEME": "light"], posterMode: .indexed256, unicode: true, noColor: false)
    #expect(!themed.capabilities.asksBackground, "a theme the user set is not asked over")
    // Kitty's placeholders need 256 colours: with 16, symbol art stands in.
    let few = ImageStart(
      mode: .kitty, environment: ["TERM": "xterm-kitty"], posterMode: .indexed8, unicode: true, noColor: false)
    #expect(few.capabilities.plan == nil && !few.capabilities.placeholdersFit)
  }
}
