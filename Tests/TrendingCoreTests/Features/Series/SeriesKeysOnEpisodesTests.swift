import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("a, x and L on a season's or an episode's screen are the series'")
struct SeriesKeysOnEpisodesTests {
  /// The episode's screen over the season's, both loaded.
  static func onEpisode() -> AppState {
    var state = EpisodeMarksTests.onSeason(selected: 2)
    state.push(.episode(EpisodeScreen(seriesID: 500, season: 1, number: 2)))
    return state
  }

  @Test(arguments: [false, true])
  func aPutsTheSeriesOnTheWatchlistWhereMStaysTheEpisodes(onEpisode: Bool) {
    var state = onEpisode ? Self.onEpisode() : EpisodeMarksTests.onSeason(selected: 2)
    #expect(Reducer.isAvailable(.toggleWatchlist, in: state))
    let effects = Reducer.reduce(&state, .key(.character("a")))
    #expect(state.shared.marks[.series(500)]?.onWatchlist == true)
    #expect(effects.contains { if case .save(let change) = $0 { change.kind == .watchlist(true) } else { false } })
    #expect(state.shared.currentNotice?.text.contains(SeriesSample.details(500).name) == true)
    // The hint bar's `a` is the list's and the pages': here `m` is the key that matters.
    #expect(state.shared.keys.bindings(in: state.keyContext).first { $0.command == .toggleWatchlist }?.hint == nil)
    let marked = Reducer.reduce(&state, .key(.character("m")))
    #expect(state.shared.seenEpisodes[500]?.contains(EpisodeMarksTests.key(1, 2)) == true, "\(marked)")
  }

  @Test func xHidesTheSeriesAndLAsksForItsList() {
    var state = Self.onEpisode()
    _ = Reducer.reduce(&state, .key(.character("x")))
    #expect(state.shared.marks[.series(500)]?.hidden == true)
    let effects = Reducer.reduce(&state, .key(.character("L")))
    #expect(state.prompt != nil)
    #expect(effects == [.readLocal(.listNames)])
  }

  @Test func aLetterNoKeyTakesSaysSoAndWhereTheKeysAre() {
    var state = Self.onEpisode()
    _ = Reducer.reduce(&state, .key(.character("z")))
    #expect(state.shared.currentNotice?.text == "z does nothing here; ? lists the keys.")
  }
}
