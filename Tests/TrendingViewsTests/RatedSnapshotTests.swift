import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The Recently rated tab: films, series and episodes, your score beside the public one and the
/// day, titles in other scripts measured by their width.
@Suite("Snapshots: the Recently rated tab")
struct RatedSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// The tab, opened by its number key, with the ratings read (`empty`: none).
  static func rated(_ size: Size, empty: Bool = false) -> AppState {
    var state = Scenes.list(size)
    _ = Reducer.reduce(&state, .key(.character("9")))
    let dark = MediaSummary(
      id: 70523, kind: .series, title: "Dark", releaseDate: ReleaseDate("2017-12-01"), posterPath: "/dark.jpg",
      voteAverage: 8.4, voteCount: 6000, overview: "A missing child sets four families on a hunt for answers.")
    let entries = [
      RatedEntry(
        title: dark, episode: EpisodeKey(season: 1, number: 2), episodeName: "Lies", rating: 8, day: "2026-11-30",
        publicScore: 7.9, publicVotes: 40),
      RatedEntry(
        title: MediaSummary(
          id: 693134, title: "Dune: Part Two", releaseDate: ReleaseDate("2024-02-27"), voteAverage: 8.2,
          voteCount: 6000),
        rating: 9, day: "2026-11-29"),
      RatedEntry(title: dark, episode: EpisodeKey(season: 2, number: 4), rating: 6, day: "2026-11-12"),
      RatedEntry(
        title: MediaSummary(id: 1398, title: "Сталкер", releaseDate: ReleaseDate("1979-05-25")), rating: 10,
        day: "2026-09-03"),
      RatedEntry(
        title: MediaSummary(id: 70524, kind: .series, title: "黑暗荣耀", voteAverage: 5.2, voteCount: 300), rating: 4,
        day: "2026-01-15"),
      RatedEntry(title: dark, rating: 10, day: "2025-12-24"),
    ]
    _ = Reducer.reduce(&state, .localRead(.rated, .success(.rated(RatedList(empty ? [] : entries)))))
    return state
  }

  @Test(arguments: Scenes.screenSizes)
  func yourScoreBesideThePublicOneAndTheDayNewestFirst(size: Size) {
    ScreenSnapshotTests.check(Self.rated(size), "rated")
  }

  /// The column titles stay where they are from page to page, whatever the titles on each.
  @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
  func theColumnsStayPutFromPageToPage(size: Size) {
    var state = Scenes.list(size)
    _ = Reducer.reduce(&state, .key(.character("9")))
    let entries = (1...120).map { index in
      let long = index > 60
      return RatedEntry(
        title: MediaSummary(
          id: index, kind: long ? .series : .film,
          title: long ? "A Much Longer Title, Number \(index)" : "Film \(index)",
          voteAverage: 7, voteCount: 10),
        episode: long ? EpisodeKey(season: 1, number: 2) : nil, episodeName: long ? "An Episode" : nil,
        rating: 1 + index % 10, day: long ? "2026-09-30" : "2026-05-01")
    }
    _ = Reducer.reduce(&state, .localRead(.rated, .success(.rated(RatedList(entries)))))
    let header = { (state: AppState) in Renderer.render(state).screen.line(2) }
    let first = header(state)
    #expect(first.contains("Rated") && first.contains("Score"), "\(first)")
    for _ in 0..<8 {
      _ = Reducer.reduce(&state, .key(.pageDown))
      #expect(header(state) == first)
    }
  }

  @Test(arguments: [Size(width: 120, height: 40), Size(width: 160, height: 48), Size(width: 250, height: 70)])
  func aWideTabHasTheListsPaneBesideIt(size: Size) throws {
    try LooksLowsTests.expectPane(
      PosterSnapshotTests.withPoster(Self.rated(size)), beside: "Dark · S01E02",
      overview: "A missing child sets four families")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func withNothingRatedTheTabNamesTheKeyThatRates(size: Size) {
    ScreenSnapshotTests.check(Self.rated(size, empty: true), "rated-empty")
  }

  @Test func aSeriesTitleIsCutBeforeItsEpisodesNameGoes() {
    let episode = [" · S01E05 Harbour Master", " · S01E05"]
    let title = "The Night Ferry (demo)"
    #expect(RatedView.fitted(title, episode, width: 46) == (title, " · S01E05 Harbour Master"))
    #expect(RatedView.fitted(title, episode, width: 42) == ("The Night Ferry (…", " · S01E05 Harbour Master"))
    #expect(
      RatedView.fitted(title, episode, width: 34) == (title, " · S01E05"),
      "the name goes once the title would be cut short")
    let narrow = RatedView.fitted(title, episode, width: 14)
    #expect(narrow.episode == " · S01E05" && TextWidth.width(of: narrow.title) <= 5, "\(narrow)")
  }
}
