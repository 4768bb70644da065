import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The one suite that owns the tab bar and the hint bar: their rows alone, on the screens that show
/// them, at every width the bars change at. The screen suites mask these rows (`ChromeMask`), so a
/// new tab or hint changes these snapshots only.
@Suite("The tab bar and the hint bar")
struct ChromeSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  static let sizes = [
    Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 100, height: 30),
    Size(width: 200, height: 60),
  ]

  /// The chrome rows of a state as drawn: each row's text, then its styles.
  private func check(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (frame, state) = ScreenSnapshotTests.drawn(state)
    let rows = ChromeMask.chrome(state).rows.sorted()
    let chrome = frame.screen.rows(rows)
    assertSnapshot(
      chrome.plainText + "\n--- styles ---\n" + chrome.styleText,
      named: "chrome-\(name)-\(state.shared.size.width)x\(state.shared.size.height)", sourceLocation: sourceLocation)
  }

  @Test(arguments: sizes)
  func filmTabs(size: Size) {
    check(Scenes.list(size), "film-tabs")
  }

  @Test(arguments: sizes)
  func seriesTabs(size: Size) {
    check(SeriesScenes.tab(size), "series-tabs")
  }

  @Test(arguments: sizes)
  func aFilmsHints(size: Size) {
    check(Scenes.detail(size, details: Scenes.fullDetails), "film")
  }

  @Test(arguments: sizes)
  func theSearchLinesHints(size: Size) {
    check(ScreenSnapshotTests.searching(size, text: "dune", results: Scenes.films), "search")
  }

  @Test func theChromeRowsAreTheOnesMaskedElsewhere() {
    let state = Scenes.list(Size(width: 80, height: 24))
    let frame = Renderer.render(state)
    let body = ChromeMask.bodyText(frame.screen, state).split(separator: "\n").map(String.init)
    let chrome = Chrome(state.shared.size)
    #expect(body[chrome.body.row].allSatisfy { $0 == "~" }, "the tab bar row is masked whole")
    #expect(body[chrome.hints.row].allSatisfy { $0 == "~" }, "the hint row is masked whole")
    #expect(body[chrome.header.row].contains("Trending"), "the header is the screen's own")
    #expect(!body[chrome.body.row + 2].contains("~"), "the rows are not masked")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
  func aNewTabChangesNoScreensBody(size: Size) {
    let before = Scenes.list(size)
    var after = before
    let saved = Settings(parsing: "tab \"Noir\" genre=Crime").savedTabs
    after.shared.tabs = TabSet(services: [], saved: saved)
    let old = Renderer.render(before).screen
    let new = Renderer.render(after).screen
    #expect(old.line(Chrome(size).body.row) != new.line(Chrome(size).body.row), "the tab bar shows the new tab")
    #expect(ChromeMask.bodyText(old, before) == ChromeMask.bodyText(new, after), "no body changed")
  }
}
