import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Snapshots: the command palette and the list filter")
struct PaletteSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  private func check(_ state: AppState, _ name: String) {
    let screen = Renderer.render(state).screen
    let size = "\(state.shared.size.width)x\(state.shared.size.height)"
    assertSnapshot(ChromeMask.bodyText(screen, state), named: "\(name)-\(size)")
  }

  private func typed(_ text: String, after key: Character, _ state: inout AppState) {
    _ = Reducer.reduce(&state, .key(.character(key)))
    for character in text { _ = Reducer.reduce(&state, .key(.character(character))) }
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func thePaletteOpensWithEveryCommandOfTheScreen(size: Size) {
    var state = Scenes.list(size)
    typed("", after: ":", &state)
    check(state, "palette")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func thePaletteNarrowsAsYouTypeAndSaysWhenNothingMatches(size: Size) {
    var state = Scenes.list(size)
    typed("op", after: ":", &state)
    _ = Reducer.reduce(&state, .key(.down))
    check(state, "palette-typed")
    typed("zzz", after: "z", &state)
    check(state, "palette-none")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theFilterLineAndTheHeaderCount(size: Size) {
    var state = Scenes.list(size)
    typed("film number 1", after: "\\", &state)
    check(state, "filter-typing")
    _ = Reducer.reduce(&state, .key(.enter))
    check(state, "filter-kept")
    typed("x", after: "\\", &state)
    check(state, "filter-none")
  }
}
