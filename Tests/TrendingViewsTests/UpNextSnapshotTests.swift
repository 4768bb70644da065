import AmodbKit
import Foundation
import Localization
import TestSupport
import Testing

@testable import TrendingCore
@testable import TrendingViews

/// The Up next tab: series in progress in columns, an episode still to come marked, titles in
/// other scripts measured by their width.
@Suite("Snapshots: the Up next tab")
struct UpNextSnapshotTests {
  static func entry(
    _ id: Int, _ title: String, _ code: (Int, Int), _ name: String, _ date: String?, seen: Int, aired: Int
  )
    -> UpNext
  {
    UpNext(
      series: MediaSummary(id: id, kind: .series, title: title),
      seen: seen, aired: aired,
      next: MarkedEpisode(
        key: EpisodeKey(season: code.0, number: code.1), name: name, airDate: date, runtime: 50),
      lastWatched: "2026-11-30")
  }

  static func upNext(_ size: Size) -> AppState {
    var state = Scenes.base(size)
    _ = Reducer.reduce(&state, .key(.character("U")))
    let entries = [
      entry(95396, "Severance", (2, 4), "Woe’s Hollow", "2025-02-07", seen: 13, aired: 19),
      entry(1396, "Breaking Bad", (5, 16), "Felina", "2013-09-29", seen: 61, aired: 62),
      entry(70523, "黑暗荣耀", (1, 3), "第三集", "2022-12-30", seen: 2, aired: 16),
      entry(99966, "בית הנייר", (1, 1), "פרק ראשון", nil, seen: 0, aired: 0),
      entry(1399, "The Night Ferry 🚢", (1, 6), "Crossing at Dawn", "2099-01-15", seen: 5, aired: 5),
    ]
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext(entries))))
    return state
  }

  @Test(arguments: Scenes.screenSizes)
  func seriesInProgressWithTheirNextEpisodes(size: Size) {
    ScreenSnapshotTests.check(Self.upNext(size), "up-next")
  }

  /// A column title longer than an episode's code ("Suivant") takes the room over the name too.
  @Test func aLongerNextTitleIsNotCutWhereThereIsRoom() {
    let french = Translator.catalogue(for: "fr")
    let next = french.text("Next", context: "column title, Up next")
    #expect(next.count > 6)
    let screen = Translator.$override.withValue(french) { Renderer.render(Self.upNext(Size(width: 80, height: 24))) }
      .screen
    let titles = (0..<24).map { screen.line($0) }.first { $0.contains("#") && $0.contains("Série") } ?? ""
    #expect(titles.contains(next), "\(titles)")
  }

  /// No rows because amodb could not tell of the series: the failure is said, not "No series in
  /// progress", and not twice (the status line says nothing of a list it has not kept).
  @Test func noRowsBecauseAReadFailedSaysTheFailure() {
    var state = Scenes.base(Size(width: 80, height: 24))
    _ = Reducer.reduce(&state, .key(.character("U")))
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext([]))))
    _ = Reducer.reduce(&state, .localRead(.upNext, .failure(.server(status: 503, message: nil))))
    let screen = Renderer.render(state).screen
    let text = (0..<24).map { screen.line($0) }.joined(separator: "\n")
    #expect(text.contains("Could not load") && text.contains("503"), "\(text)")
    #expect(!text.contains("No series in progress"), "\(text)")
    #expect(!text.contains("Refresh failed") && !text.contains("list from"), "\(text)")
  }
}
