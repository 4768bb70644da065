import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The marks a row carries beside its title, where the snapshots do not show them.
extension ScreenSnapshotTests {
  /// A title not interested in shows in a search, where it was looked for, marked as such.
  @Test func aTitleNotInterestedInIsMarkedWhereASearchFindsIt() throws {
    var state = Self.searching(Size(width: 80, height: 24), text: "film", results: Array(Scenes.films.prefix(3)))
    let hidden = try #require(Scenes.films.first)
    var mark = Mark(id: hidden.id, title: hidden.title, year: nil, onWatchlist: false, added: "2026-12-01")
    mark.hidden = true
    state.shared.marks[.film(hidden.id)] = mark
    _ = Reducer.reduce(&state, .key(.enter))
    let screen = Renderer.render(state).screen
    let row = try #require((0..<screen.height).map { screen.line($0) }.first { $0.contains(hidden.title) })
    #expect(row.contains("✗"), "\(row)")
  }
}
