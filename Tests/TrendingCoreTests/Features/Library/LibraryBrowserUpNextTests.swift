import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

/// The Up next tab in the browser: read from the library, read again after saves, marked from its rows.
extension LibraryBrowserTests {
  @Test func upNextIsReadFromTheLibraryAndEnterOpensTheNextEpisode() {
    var store = TestStore(Sample.loaded(3))
    #expect(Reducer.isAvailable(.upNext, in: store.state))
    store.send(.key(.character("U")), effects: [.readLocal(.upNext)]) {
      $0.shared.browsing = .series
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .upNext, window: .week)
      $0.rootList.list.begin()
    }
    let entries = [Self.upNext(501, next: 3, airDate: "2019-01-03"), Self.upNext(502, next: 1, airDate: "2099-01-01")]
    store.send(.localRead(.upNext, .success(.upNext(entries)))) {
      $0.shared.upNext = [501: entries[0], 502: entries[1]]
      $0.rootList.list.succeed(
        Listing(firstPage: MediaPage(page: 1, totalPages: 1, results: entries.map(\.series))), at: Sample.start)
    }
    #expect(entries[1].isComing(today: "2026-12-01") && !entries[0].isComing(today: "2026-12-01"))
    var opened = store.state
    let asked = Reducer.reduce(&opened, .key(.enter))
    #expect(opened.stack.last == .episode(EpisodeScreen(seriesID: 501, season: 1, number: 3)), "the next episode")
    // Opened without its season screen, the episode asks for the series it names too.
    let series = opened.shared.seriesRequest(501)
    #expect(asked.contains(.fetch(series, keptFirst: true)) && opened.shared.answers[series]?.isLoading == true)
  }

  @Test func aTitlesSaveLeavesUpNextAndAnEpisodesSaveReadsItAgain() {
    var state = Sample.loaded(3)
    state.tabs[.upNext] = ListScreen(kind: .upNext, window: .week)
    state.tabs[.watchlist] = ListScreen(kind: .watchlist, window: .week)
    let film = LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: "2026-12-04")
    state.shared.unsaved = [film]
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(1), nil), problem: nil))
    #expect(state.tabs[.upNext] != nil, "a title's change is not Up next's")
    #expect(state.tabs[.watchlist] == nil, "the watchlist follows the titles' marks")
    state.tabs[.watchlist] = ListScreen(kind: .watchlist, window: .week)
    let series = MediaSummary(id: 500, kind: .series, title: "Series 500")
    let episode = MarkedEpisode(key: EpisodeKey(season: 1, number: 1), name: nil, airDate: nil, runtime: nil)
    state.shared.unsaved = [LibraryChange(series: series, episodes: [episode], seen: true, day: "2026-12-04")]
    _ = Reducer.reduce(&state, .changeSaved(.episodes(series: 500, [episode.key]), problem: nil))
    #expect(state.tabs[.upNext] == nil, "Up next follows the episodes seen")
    #expect(state.tabs[.watchlist] != nil, "an episode's change is not the watchlist's")
  }

  /// A series dropped (`x`) leaves Up next, which the library no longer lists it in; shown again,
  /// Up next is read again to have it back.
  @Test func aSeriesNotInterestingLeavesUpNextAndComesBackWhenShownAgain() {
    var state = Sample.loaded(3)
    state.tabs[.upNext] = ListScreen(kind: .upNext, window: .week)
    let media = MediaID.series(500)
    let hide = LibraryChange(
      id: 500, media: .series, title: "Series 500", year: nil, kind: .hidden(true), day: "2026-12-04")
    state.shared.unsaved = [hide]
    var dropped = Mark(id: 500, kind: .series, title: "Series 500", year: nil, onWatchlist: false, added: "")
    dropped.hidden = true
    _ = Reducer.reduce(&state, .changeSaved(.mark(media, dropped), problem: nil))
    #expect(state.tabs[.upNext] != nil, "hidden at once among its rows, not read again")
    var upNext = ListScreen(kind: .upNext, window: .week)
    let row = MediaSummary(id: 500, kind: .series, title: "Series 500")
    upNext.list = Loadable(value: Listing(firstPage: MediaPage(results: [row])), fetchedAt: Sample.start)
    #expect(upNext.hiding(state.shared) == [media], "a dropped series is not among Up next's rows")
    let show = LibraryChange(
      id: 500, media: .series, title: "Series 500", year: nil, kind: .hidden(false), day: "2026-12-04")
    state.shared.unsaved = [show]
    dropped.hidden = false
    _ = Reducer.reduce(&state, .changeSaved(.mark(media, dropped), problem: nil))
    #expect(state.tabs[.upNext] == nil, "shown again: Up next is read again to have it back")
  }

  @Test func aBurstOfSavesReadsItsListsOnceAfterTheLastOfBothKinds() {
    var state = Sample.loaded(3)
    state.tabs[.upNext] = ListScreen(kind: .upNext, window: .week)
    state.tabs[.watchlist] = ListScreen(kind: .watchlist, window: .week)
    let series = MediaSummary(id: 500, kind: .series, title: "Series 500")
    let episode = MarkedEpisode(key: EpisodeKey(season: 1, number: 1), name: nil, airDate: nil, runtime: nil)
    state.shared.unsaved = [
      LibraryChange(series: series, episodes: [episode], seen: true, day: "2026-12-04"),
      LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: "2026-12-04"),
    ]
    let first = Reducer.reduce(&state, .changeSaved(.episodes(series: 500, [episode.key]), problem: nil))
    #expect(first.isEmpty && state.shared.owedReads == OwedReads(episodes: true), "a save still to answer: no read yet")
    #expect(state.tabs[.upNext] != nil && state.tabs[.watchlist] != nil)
    let last = Reducer.reduce(&state, .changeSaved(.mark(.film(1), nil), problem: nil))
    #expect(state.tabs[.upNext] == nil && state.tabs[.watchlist] == nil, "both kinds read again, once")
    #expect(state.shared.owedReads == OwedReads() && !last.isEmpty)
  }

  @Test func aMarkOnAnEpisodeOpenedFromUpNextReadsUpNextAgainForTheWayBack() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .key(.character("U"))).contains(.readLocal(.upNext)))
    let entries = [Self.upNext(501, next: 3, airDate: "2019-01-03")]
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext(entries))))
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(state.stack.count == 2, "Enter opens the next episode over the tab")
    let series = MediaSummary(id: 501, kind: .series, title: "Series 501")
    let episode = MarkedEpisode(key: EpisodeKey(season: 1, number: 3), name: nil, airDate: nil, runtime: nil)
    state.shared.unsaved = [LibraryChange(series: series, episodes: [episode], seen: true, day: "2026-12-04")]
    let effects = Reducer.reduce(&state, .changeSaved(.episodes(series: 501, [episode.key]), problem: nil))
    // The tab under the episode is read again now, so Esc goes back to the series' next episode.
    #expect(effects.contains(.readLocal(.upNext)), "\(effects)")
  }

  @Test func anEpisodeSeenTwiceSaysItIsStillSeenWhenItsLatestWatchIsTakenAway() {
    var state = Sample.loaded(3)
    let series = MediaSummary(id: 500, kind: .series, title: "Series 500")
    let episode = MarkedEpisode(key: EpisodeKey(season: 1, number: 1), name: nil, airDate: nil, runtime: nil)
    state.shared.unsaved = [LibraryChange(series: series, episodes: [episode], seen: false, day: "2026-12-04")]
    state.shared.say("Marked S01E01 not seen.", .confirmation)
    // The library still holds a watch of it: an earlier one. Said after what `m` said it did.
    _ = Reducer.reduce(&state, .changeSaved(.episodes(series: 500, [episode.key]), problem: nil))
    #expect(
      state.shared.notice?.text
        == "Marked S01E01 not seen. S01E01 is still seen: its latest watch was taken away, an earlier one stays.",
      "\(String(describing: state.shared.notice))")
    state.shared.unsaved = [LibraryChange(series: series, episodes: [episode], seen: false, day: "2026-12-04")]
    state.shared.notice = nil
    _ = Reducer.reduce(&state, .changeSaved(.episodes(series: 500, []), problem: nil))
    #expect(state.shared.notice == nil, "its last watch taken away: the mark's own words stand")
  }

  @Test func aFilmSeenTwiceSaysItIsStillSeenWhenItsLatestWatchIsTakenAway() {
    var state = Sample.loaded(3)
    let change = LibraryChange(id: 550, title: "Fight Club", year: 1999, kind: .seen(false), day: "2026-12-06")
    state.shared.unsaved = [change]
    // `m` took it (an undo's change says what it undid instead).
    state.shared.takenAway = TakenWatch(media: .film(550), days: [nil: "2026-12-06"])
    var earlier = Mark(id: 550, title: "Fight Club", year: 1999, onWatchlist: false, added: "2025-03-01")
    earlier.seen = "2025-03-01"
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(550), earlier), problem: nil))
    #expect(state.shared.marks[.film(550)]?.seen == "2025-03-01", "the tick stays, for the earlier watch")
    #expect(
      state.shared.notice?.text
        == "Fight Club is still seen: its latest watch was taken away (m puts it back); the one of 1 March 2025 stays.",
      "\(String(describing: state.shared.notice))")
    state.shared.unsaved = [change]
    state.shared.notice = nil
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(550), nil), problem: nil))
    #expect(state.shared.notice == nil, "its only watch taken away: the mark's own words stand")
  }

  @Test func mOnAnUpNextRowMarksTheEpisodeItNamesNotTheSeries() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("U")))
    let entries = [Self.upNext(501, next: 3, airDate: "2019-01-03"), Self.upNext(502, next: 1, airDate: "2099-01-01")]
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext(entries))))
    let effects = Reducer.reduce(&state, .key(.character("m")))
    guard case .save(let change)? = effects.first else {
      Issue.record("no save: \(effects)")
      return
    }
    #expect(change.id == 501 && change.kind == .episodes([entries[0].next], seen: true), "\(change)")
    #expect(state.shared.marks[.series(501)]?.seen == nil, "the series itself is not marked seen")
    #expect(state.shared.notice?.text == "Marked Series 501 S01E03 seen.")
    // Pressed again before the row moves on: the episode is not watched twice.
    #expect(Reducer.reduce(&state, .key(.character("m"))).isEmpty && state.shared.unsaved.count == 1)
    // A row whose next episode has not aired marks nothing.
    _ = Reducer.reduce(&state, .key(.character("j")))
    #expect(Reducer.reduce(&state, .key(.character("m"))).isEmpty)
    #expect(state.shared.notice?.text == "Series 502 S01E01 has not aired yet.")
  }

  /// An episode with no day of its own that aired before a later one did (amodb leaves some old
  /// seasons' days out) is aired for `m` too, as progress counts it; with none aired after, coming.
  @Test func anUndatedEpisodeBeforeALaterAiredOneIsMarkedFromUpNext() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("U")))
    var aired = LibraryBrowserTests.upNext(503, next: 6, airDate: nil)
    aired.airedUndated = true
    #expect(!aired.isComing(today: "2026-12-04"))
    #expect(LibraryBrowserTests.upNext(504, next: 1, airDate: nil).isComing(today: "2026-12-04"))
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext([aired]))))
    guard case .save(let change)? = Reducer.reduce(&state, .key(.character("m"))).first else {
      Issue.record("not marked: \(String(describing: state.shared.notice))")
      return
    }
    #expect(change.id == 503 && change.kind == .episodes([aired.next], seen: true))
  }

  @Test func upNextIsEmptyWithAWayToStart() {
    let feed = ListKind.upNext.feed.feed(of: .upNext)
    #expect(feed.localQuery == .upNext && feed.followsEpisodes && !feed.followsMarks && feed.rowsStyle == .upNext)
    #expect(feed.empty(Sample.state().shared).next.contains("Press m on an episode"))
  }
}
