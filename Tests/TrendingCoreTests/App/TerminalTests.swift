import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The terminal's replies")
struct TerminalTests {
  /// A state that asks the terminal what it draws, posters on, 256 colours.
  private func asking(
    tmux: Bool = false, plan: ImagePlan? = nil, background: Bool = false, window: CellSize? = nil
  ) -> AppState {
    var state = Sample.state()
    state.shared.imagesEnabled = true
    state.shared.imagesNote = "Posters: symbol art (asking the terminal)."
    state.shared.terminal = TerminalCapabilities(
      asksImages: plan == nil, asksBackground: background, placeholdersFit: true, insideTmux: tmux,
      chosenLine: "Posters: sixel graphics (--images sixel).", plan: plan, windowCell: window)
    return state
  }

  @Test func theWindowsPixelsGiveTheCellWhenTheTerminalSaysNone() {
    // xterm at 120x36 with DejaVu Sans Mono 9 reports 964x544 pixels and keeps CSI 16 t to itself.
    let window = CellSize(window: (964, 544), cells: (120, 36))
    #expect(window == CellSize(width: 8, height: 15))
    #expect(CellSize(window: (0, 0), cells: (120, 36)) == nil, "a terminal that fills in no pixels")
    #expect(CellSize(window: (964, 544), cells: (0, 0)) == nil)
    #expect(CellSize(window: (50, 50), cells: (120, 36)) == nil, "less than a pixel a cell")

    var store = TestStore(asking(window: window))
    store.send(.terminalReplied(.version("XTerm(390)"))) { $0.shared.terminal.version = "XTerm(390)" }
    let plan = ImagePlan.pixels(.sixel, cell: window)
    store.send(.terminalReplied(.deviceAttributes([63, 1, 4, 22])), effects: [.drawImages(plan)]) {
      $0.shared.terminal.plan = plan
      $0.shared.terminal.decision = ImageDecision(kind: .sixel, reason: "the terminal offers sixel")
      $0.shared.imagesNote = "Posters: sixel graphics (the terminal offers sixel)."
    }
    // A larger font later: every poster again at the new cell, and the help still says why sixel.
    let larger = ImagePlan.pixels(.sixel, cell: CellSize(width: 10, height: 20))
    store.send(.windowMeasured(CellSize(width: 10, height: 20)), effects: [.drawImages(larger)]) {
      $0.shared.terminal.windowCell = CellSize(width: 10, height: 20)
      $0.shared.terminal.plan = larger
    }
  }

  @Test func aPlanChosenAtStartIsSizedToTheWindowAndTheTerminalsWordWins() {
    let window = CellSize(width: 8, height: 15)
    var state = asking(plan: .pixels(.sixel, cell: nil), window: window)
    #expect(state.shared.terminal.plan == .pixels(.sixel, cell: window), "sized before any reply")
    let request = PosterRequest(path: "/a.jpg", columns: 30, rows: 20)
    state.shared.posters = [request: .unavailable]
    var store = TestStore(state)
    // The same cell said again: nothing to draw again.
    store.send(.terminalReplied(.cellSize(width: 8, height: 15))) { $0.shared.terminal.cell = window }
    // A resize that changes the window's cell changes nothing once the terminal has said its own.
    store.send(.windowMeasured(CellSize(width: 10, height: 20))) {
      $0.shared.terminal.windowCell = CellSize(width: 10, height: 20)
    }
  }

  @Test func aResizeThatChangesTheWindowsCellDrawsEveryPosterAgainAtIt() {
    let request = PosterRequest(path: "/a.jpg", columns: 30, rows: 20)
    var state = asking(plan: .pixels(.sixel, cell: nil), window: CellSize(width: 8, height: 15))
    state.shared.posters = [request: .unavailable]
    var store = TestStore(state)
    // The same pixels a cell (only the window grew): nothing.
    store.send(.windowMeasured(CellSize(width: 8, height: 15)))
    // A larger font: posters are drawn again at the new cell.
    let plan = ImagePlan.pixels(.sixel, cell: CellSize(width: 10, height: 20))
    store.send(.windowMeasured(CellSize(width: 10, height: 20)), effects: [.drawImages(plan)]) {
      $0.shared.terminal.windowCell = CellSize(width: 10, height: 20)
      $0.shared.terminal.plan = plan
      $0.shared.imagesNote = "Posters: sixel graphics (--images sixel)."
      $0.shared.posters = [:]
    }
    // Pixels no longer reported: the cell known is kept.
    store.send(.windowMeasured(nil)) { $0.shared.terminal.windowCell = nil }
    // Symbol art (no plan): the cell is noted, nothing drawn.
    var symbols = TestStore(asking())
    symbols.send(.windowMeasured(CellSize(width: 9, height: 18))) {
      $0.shared.terminal.windowCell = CellSize(width: 9, height: 18)
    }
  }

  @Test func sixelOfferedInTheAttributesIsUsedWithTheCellTheTerminalGave() {
    var store = TestStore(asking())
    store.send(.terminalReplied(.version("XTerm(390)"))) { $0.shared.terminal.version = "XTerm(390)" }
    store.send(.terminalReplied(.cellSize(width: 8, height: 15))) {
      $0.shared.terminal.cell = CellSize(width: 8, height: 15)
    }
    let plan = ImagePlan.pixels(.sixel, cell: CellSize(width: 8, height: 15))
    store.send(.terminalReplied(.deviceAttributes([63, 1, 4, 22])), effects: [.drawImages(plan)]) {
      $0.shared.terminal.plan = plan
      $0.shared.terminal.decision = ImageDecision(kind: .sixel, reason: "the terminal offers sixel")
      $0.shared.imagesNote = "Posters: sixel graphics (the terminal offers sixel)."
    }
    // Said once: a second answer changes nothing.
    store.send(.terminalReplied(.deviceAttributes([63, 4])))
  }

  @Test func kittyWithPlaceholdersGetsThemAndAnOlderKittyIsPlacedDirectly() {
    var store = TestStore(asking())
    store.send(.terminalReplied(.version("kitty(0.35.2)"))) { $0.shared.terminal.version = "kitty(0.35.2)" }
    store.send(.terminalReplied(.deviceAttributes([62])), effects: [.drawImages(.placeholders(cell: nil))]) {
      $0.shared.terminal.plan = .placeholders(cell: nil)
      $0.shared.terminal.decision = ImageDecision(kind: .kitty, reason: "the terminal is kitty 0.35.2")
      $0.shared.imagesNote = "Posters: kitty graphics (the terminal is kitty 0.35.2)."
    }
    var old = TestStore(asking())
    old.send(.terminalReplied(.version("kitty(0.21.2)"))) { $0.shared.terminal.version = "kitty(0.21.2)" }
    old.send(.terminalReplied(.deviceAttributes([62])), effects: [.drawImages(.pixels(.kitty, cell: nil))]) {
      $0.shared.terminal.plan = .pixels(.kitty, cell: nil)
      $0.shared.terminal.decision = ImageDecision(
        kind: .kitty, reason: "the terminal is kitty 0.21.2; placed directly")
      $0.shared.imagesNote = "Posters: kitty graphics (the terminal is kitty 0.21.2; placed directly)."
    }
  }

  @Test func insideTmuxSixelIsNotUsedAndTheHelpSaysWhatWasHeard() {
    var store = TestStore(asking(tmux: true))
    store.send(.terminalReplied(.deviceAttributes([63, 4]))) {
      $0.shared.terminal.decision = ImageDecision(kind: .symbols, reason: "no images offered")
      $0.shared.imagesNote = "Posters: symbol art (no images offered)."
    }
  }

  @Test func aCellSizeResizesPixelsChosenAtStartAndDrawsEveryPosterAgain() {
    var state = asking(plan: .pixels(.sixel, cell: nil))
    let request = PosterRequest(path: "/a.jpg", columns: 30, rows: 20)
    state.shared.posters = [request: .unavailable]
    var store = TestStore(state)
    let plan = ImagePlan.pixels(.sixel, cell: CellSize(width: 10, height: 20))
    store.send(.terminalReplied(.cellSize(width: 10, height: 20)), effects: [.drawImages(plan)]) {
      $0.shared.terminal.cell = CellSize(width: 10, height: 20)
      $0.shared.terminal.plan = plan
      $0.shared.imagesNote = "Posters: sixel graphics (--images sixel)."
      $0.shared.posters = [:]
    }
    // Chosen at start: the attributes decide nothing more.
    store.send(.terminalReplied(.deviceAttributes([63, 4])))
  }

  @Test func theBackgroundDecidesTheThemeOnlyWhenNothingElseSaidIt() {
    var asked = TestStore(asking(background: true))
    asked.send(.terminalReplied(.background(red: 1, green: 1, blue: 0.9)), effects: [.useLightBackground(true)])
    asked.send(.terminalReplied(.background(red: 0.1, green: 0.1, blue: 0.1)), effects: [.useLightBackground(false)])
    var set = TestStore(asking(background: false))
    set.send(.terminalReplied(.background(red: 1, green: 1, blue: 1)))
  }

  @Test func placeholdersNeedTheNewestKittyWezTermOrGhostty() {
    #expect(TerminalReply.showsKittyPlaceholders(version: "kitty(0.28.0)"))
    #expect(!TerminalReply.showsKittyPlaceholders(version: "kitty(0.27.1)"))
    #expect(TerminalReply.showsKittyPlaceholders(version: "WezTerm 20240203"))
    #expect(TerminalReply.showsKittyPlaceholders(version: "ghostty 1.1.0"))
    #expect(!TerminalReply.showsKittyPlaceholders(version: "XTerm(390)"))
  }
}
