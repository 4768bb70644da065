import Foundation
import Testing

@testable import TerminalUI
@testable import TrendingViews

/// Every style the views draw, on every theme and colour depth, reads: WCAG 4.5:1 for text, as
/// xterm shows the palette's colour numbers (its default colours, bold ANSI colours brightened).
///
/// No tone counts as decorative (3:1): each one also carries words (the accent draws the help's
/// border, but also the tagline and links; the bars carry the header and the hints), so all are held to 4.5:1.
@Suite("Colour schemes checked by numbers")
struct PaletteContrastTests {
  static let depths: [ColorDepth] = [.direct, .indexed256, .sixteen, .eight, .none]

  /// The styles the views draw, gathered from the legends of the recorded screen snapshots.
  static func drawnStyles() throws -> Set<Style> {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../TrendingViewsTests/Snapshots").standardizedFileURL
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
    var styles: Set<Style> = []
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      guard let layer = text.components(separatedBy: "--- styles ---\n").last else { continue }
      let legend = layer.components(separatedBy: "\n\n").last ?? ""
      for line in legend.split(separator: "\n") where line.dropFirst().hasPrefix(" = ") {
        let words = line.dropFirst(4).split(separator: " ").map(String.init)
        guard !words.contains("poster"), let tone = Tone.allCases.first(where: { "\($0)" == words.first }) else {
          continue
        }
        styles.insert(Style(tone, bold: words.contains("bold"), selected: words.contains("selected")))
      }
    }
    return styles
  }

  /// Every tone, bold or not, on the selection or not (the bars are never selected): what a
  /// view may draw next, so a new scene cannot find an unread pair.
  static let everyStyle: Set<Style> = Set(
    Tone.allCases.flatMap { tone in
      [false, true].flatMap { bold in
        [false, true].compactMap { selected in
          selected && (tone == .bar || tone == .barMuted) ? nil : Style(tone, bold: bold, selected: selected)
        }
      }
    })

  /// The pairs under `minimum`, in words with their numbers.
  static func failures(_ styles: Set<Style>, minimum: Double = 4.5) -> [String] {
    var failures: [String] = []
    for light in [false, true] {
      let colours = TerminalColours(light: light)
      for depth in depths {
        let palette = Palette(depth: depth, look: Look(light: light))
        for style in styles.sorted(by: { $0.summary < $1.summary }) {
          let resolved = palette.resolve(style)
          let ratio = colours.contrast(of: resolved, depth: depth)
          guard ratio < minimum else { continue }
          let (foreground, background) = colours.shown(resolved, depth: depth)
          failures.append(
            "\(light ? "light" : "dark") \(depth) \(style.summary): \(foreground) on \(background) is "
              + String(format: "%.2f:1", ratio))
        }
      }
    }
    return failures
  }

  @Test func theFormulasAreWCAGs() {
    #expect(TerminalColours.contrast(RGB(0, 0, 0), RGB(255, 255, 255)) == 21)
    #expect(abs(TerminalColours.contrast(RGB(0, 255, 0), RGB(255, 255, 255)) - 1.37) < 0.01)
    #expect(abs(TerminalColours.contrast(RGB(255, 255, 0), RGB(255, 255, 255)) - 1.07) < 0.01)
    let light = TerminalColours(light: true)
    // Bold green on eight colours is xterm's bright green: the issue's 1.4:1 on white.
    let bold = ResolvedStyle(foreground: 2, background: -1, bold: true, underline: false, reverse: false)
    #expect(light.shown(bold, depth: .eight).foreground == RGB(0, 255, 0))
    #expect(light.rgb(24, depth: .indexed256, foreground: true) == RGB(0, 95, 135))
    #expect(light.rgb(244, depth: .indexed256, foreground: true) == RGB(128, 128, 128))
    #expect(light.rgb(0x123456, depth: .direct, foreground: true) == RGB(0x12, 0x34, 0x56))
  }

  @Test func everyStyleTheSnapshotsDrawReadsOnEveryThemeAndDepth() throws {
    let styles = try Self.drawnStyles()
    #expect(styles.count > 20, "the legends were read: \(styles.count) styles")
    #expect(styles.contains(Style(.muted, selected: true)) && styles.contains(Style(.good, bold: true)))
    let failures = Self.failures(styles)
    #expect(failures.isEmpty, "\(failures.count) pairs under 4.5:1:\n\(failures.joined(separator: "\n"))")
  }

  @Test(arguments: [false, true])
  func theSelectionBandStandsOutFromTheBackgroundAt256Colours(light: Bool) {
    let colours = TerminalColours(light: light)
    let band = colours.shown(
      Palette(depth: .indexed256, look: Look(light: light)).resolve(Style(selected: true)), depth: .indexed256)
    let plain = colours.shown(
      Palette(depth: .indexed256, look: Look(light: light)).resolve(Style()), depth: .indexed256)
    let ratio = TerminalColours.contrast(band.background, plain.background)
    #expect(ratio >= 1.5, "the selected row's band on the background is \(String(format: "%.2f", ratio)):1")
  }

  @Test func everyToneOnAndOffTheSelectionReads() {
    let failures = Self.failures(Self.everyStyle)
    #expect(failures.isEmpty, "\(failures.count) pairs under 4.5:1:\n\(failures.joined(separator: "\n"))")
  }

  @Test(arguments: [ColorDepth.eight, .sixteen])
  func onALightBackgroundNoBoldColourAndNoYellowOrCyanText(depth: ColorDepth) {
    let palette = Palette(depth: depth, look: Look(light: true))
    for style in Self.everyStyle {
      let resolved = palette.resolve(style)
      // Bold draws a colour bright, unreadable on white; on the selection's blue, light text only brightens.
      let onSelection = style.isSelected && resolved.background == 4
      #expect(!(resolved.bold && resolved.foreground != -1 && !onSelection), "bold with a colour: \(style.summary)")
      #expect(![3, 6, 11, 14].contains(resolved.foreground), "yellow or cyan text: \(style.summary)")
    }
    // The hierarchy stays: a title bold, years set apart from titles, an error underlined for its weight.
    #expect(palette.resolve(Style(.error, bold: true)).underline)
    #expect(palette.resolve(Style(.title, bold: true)).bold)
    #expect(palette.resolve(Style(.muted)) != palette.resolve(Style(.normal)))
  }

  @Test(arguments: [false, true])
  func atEightColoursMutedTextIsNotTheLinkBlue(light: Bool) {
    let palette = Palette(depth: .eight, look: Look(light: light))
    for selected in [false, true] {
      #expect(palette.resolve(Style(.muted, selected: selected)).foreground != 4, "muted is blue")
    }
    #expect(palette.resolve(Style(.muted)) != palette.resolve(Style(.normal)))
  }

  /// The Linux console draws faint and grey as #555555 (2.8:1 on black): muted is the default there.
  @Test(arguments: [ColorDepth.eight, .sixteen])
  func onTheLinuxConsoleMutedTextIsNeitherFaintNorGrey(depth: ColorDepth) {
    for term in ["linux", "linux-16color"] {
      let muted = Palette(depth: depth, look: Look(term: term)).resolve(Style(.muted))
      #expect(!muted.dim && muted.foreground == -1, "\(term): \(muted)")
    }
    #expect(Palette(depth: .eight, look: Look(term: "xterm")).resolve(Style(.muted)).dim)
  }

  @Test(arguments: [false, true])
  func atEightColoursMutedIsTheDefaultColourDimmedNeverAHue(light: Bool) {
    let palette = Palette(depth: .eight, look: Look(light: light))
    let muted = palette.resolve(Style(.muted))
    #expect(muted.foreground == -1 && muted.background == -1 && muted.dim, "\(muted)")
    #expect(!palette.resolve(Style(.normal)).dim && !palette.resolve(Style(.accent)).dim)
    // Faint is drawn two thirds of the way from black, as xterm draws it: still 4.5:1 on dark.
    let shown = TerminalColours(light: light).shown(muted, depth: .eight).foreground
    #expect(shown == (light ? RGB(0, 0, 0) : RGB(152, 152, 152)), "\(shown)")
  }

  @Test func noScoreIsEverUnderlinedAndLinksAreOnEveryDepthAndTheme() {
    for light in [false, true] {
      for depth in Self.depths where depth != .none {
        let palette = Palette(depth: depth, look: Look(light: light))
        for tone in ScoreScale.tones + [.good] {
          for selected in [false, true] {
            let resolved = palette.resolve(Style(tone, bold: true, selected: selected))
            #expect(!resolved.underline, "\(light ? "light" : "dark") \(depth) \(tone) underlined like a link")
          }
        }
        #expect(palette.resolve(Style(.link)).underline, "\(depth): a link is underlined")
      }
    }
  }

  @Test(arguments: [ColorDepth.indexed256, .direct])
  func theScoreScaleHasFiveColoursAt256AndFewerAtEight(depth: ColorDepth) {
    for light in [false, true] {
      let steps = Set(ScoreScale.tones.map { Palette(depth: depth, look: Look(light: light)).resolve(Style($0)) })
      #expect(steps.count == 5, "\(light ? "light" : "dark") \(depth): \(steps.count) colours")
      let eight = Set(ScoreScale.tones.map { Palette(depth: .eight, look: Look(light: light)).resolve(Style($0)) })
      #expect((2...3).contains(eight.count), "eight colours: \(eight.count) steps")
    }
  }

  @Test(arguments: [ColorDepth.none, .eight])
  func underlinesRunUnderTextAloneNeverUnderBlankCells(depth: ColorDepth) {
    let palette = Palette(depth: depth, look: Look(light: true))
    let underlined = Self.everyStyle.filter { palette.resolve($0).underline }
    #expect(!underlined.isEmpty)
    for style in underlined {
      #expect(palette.resolve(style, text: "8").underline)
      #expect(palette.resolve(style, text: "語").underline)
      #expect(!palette.resolve(style, text: " ").underline, "a blank cell underlined: \(style.summary)")
    }
  }

  @Test func withoutColourTheHeaderTheActiveTabAndTheSelectionAreToldApart() {
    let palette = Palette(depth: .none)
    let header = palette.resolve(Style(.bar, bold: true))
    let tab = palette.resolve(Style(.title, bold: true, selected: true))
    let row = palette.resolve(Style(.normal, selected: true))
    let rowTitle = palette.resolve(Style(.normal, bold: true, selected: true))
    #expect(header.bold && !header.underline && !header.reverse, "the header: bold")
    #expect(tab.bold && tab.underline && !tab.reverse, "the active tab: bold and underlined")
    #expect(row.reverse && rowTitle.reverse && !row.underline, "the selection: reverse")
    #expect(Set([header, tab, row]).count == 3)
    // The words found on the selected row, bold as the title around them: underlined.
    let found = palette.resolve(Style(.match, bold: true, selected: true))
    #expect(found.underline && found.reverse && found != rowTitle, "a match on the selection shows")
    #expect(palette.resolve(Style(.match, bold: true)).underline, "and off it")
    // A link is told from the text around it by its underline, as in colour.
    #expect(palette.resolve(Style(.link)).underline && !palette.resolve(Style(.normal)).underline)
    for style in Self.everyStyle {
      let resolved = palette.resolve(style)
      #expect(resolved.foreground == -1 && resolved.background == -1, "no colour: \(style.summary)")
    }
  }
}
