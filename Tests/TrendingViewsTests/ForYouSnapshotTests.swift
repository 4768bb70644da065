import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("For you tab snapshots")
struct ForYouSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// The For you tab with films and series recommended, each row saying why; `empty` with no seeds.
  static func forYou(_ size: Size, empty: Bool = false) -> AppState {
    var state = Scenes.list(size)
    _ = Reducer.reduce(&state, .key(.character("8")))
    let dune = ForYou.Seed(media: .film(693134), title: "Dune: Part Two", rating: 9)
    let silo = ForYou.Seed(media: .series(125988), title: "Silo", lastSeen: "2026-11-30")
    let ranked = [
      ForYou.Ranked(
        summary: MediaSummary(
          id: 78, title: "Blade Runner", releaseDate: ReleaseDate("1982-06-25"), voteAverage: 7.9, voteCount: 14000),
        seeds: [dune, silo]),
      ForYou.Ranked(
        summary: MediaSummary(
          id: 70523, kind: .series, title: "Dark", releaseDate: ReleaseDate("2017-12-01"), voteAverage: 8.4,
          voteCount: 6000),
        seeds: [silo]),
      ForYou.Ranked(
        summary: MediaSummary(
          id: 1398, title: "Сталкер", releaseDate: ReleaseDate("1979-05-25"), voteAverage: 8.1, voteCount: 2100),
        seeds: [dune]),
    ]
    let page = ForYou.page(empty ? [] : ranked)
    _ = Reducer.reduce(&state, .localRead(.forYou, .success(.forYou(page))))
    return state
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theRowsSayWhy(size: Size) {
    ScreenSnapshotTests.check(Self.forYou(size), "for-you")
    ScreenSnapshotTests.check(Self.forYou(size, empty: true), "for-you-empty")
  }
}
