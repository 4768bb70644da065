import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("m again puts back the watch m took away")
struct TakenWatchTests {
  /// The first film seen on 1 May 2020.
  static func seenLongAgo() -> AppState {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2020-05-01")
    mark.seen = "2020-05-01"
    state.shared.marks[.film(1)] = mark
    return state
  }

  @Test func mTwiceKeepsTheWatchsDay() {
    var state = Self.seenLongAgo()
    let off = Reducer.reduce(&state, .key(.character("m")))
    #expect(off.contains { if case .save(let change) = $0 { change.kind == .seen(false) } else { false } })
    #expect(state.shared.currentNotice?.text.contains("its watch of 1 May 2020 taken away") == true)
    let on = Reducer.reduce(&state, .key(.character("m")))
    let day = on.compactMap { if case .save(let change) = $0 { change.day } else { nil } }
    #expect(day == ["2020-05-01"], "put back on its own day, not today's: \(on)")
    #expect(state.shared.marks[.film(1)]?.seen == "2020-05-01")
    #expect(state.shared.currentNotice?.text == "Marked Film 1 seen on 1 May 2020 again.")
  }

  @Test func aWatchAddedElsewhereSinceIsTheOneMTakesNotTheOldOnePutBack() {
    var state = Self.seenLongAgo()
    _ = Reducer.reduce(&state, .key(.character("m")))
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(1), nil), problem: nil))
    // Another shell: `trending seen 1` today; the browser reads the marks again.
    var now = state.shared.marks[.film(1)] ?? Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "")
    now.seen = state.shared.today.description
    _ = Reducer.reduce(&state, .marksLoaded([.film(1): now], problem: nil))
    let again = Reducer.reduce(&state, .key(.character("m")))
    let kinds = again.compactMap { if case .save(let change) = $0 { "\(change.kind)" } else { nil } }
    #expect(kinds == ["seen(false)"], "the tick shown is taken away, not a 2020 watch added: \(again)")
  }

  @Test func aTitleSeenTwiceOnOneDayGetsItsWatchBack() {
    var state = Self.seenLongAgo()
    _ = Reducer.reduce(&state, .key(.character("m")))
    // The library answers: still seen, by the other watch of that same day.
    var held = state.shared.marks[.film(1)] ?? Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "")
    held.seen = "2020-05-01"
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(1), held), problem: nil))
    let again = Reducer.reduce(&state, .key(.character("m")))
    let kinds = again.compactMap { if case .save(let change) = $0 { "\(change.kind) \(change.day)" } else { nil } }
    #expect(kinds == ["seen(true) 2020-05-01"], "put back, as the line said: \(again)")
  }

  @Test func anotherMarkBetweenMakesMAWatchOfToday() {
    var state = Self.seenLongAgo()
    _ = Reducer.reduce(&state, .key(.character("m")))
    _ = Reducer.reduce(&state, .key(.character("a")))
    let on = Reducer.reduce(&state, .key(.character("m")))
    let day = on.compactMap { if case .save(let change) = $0 { change.day } else { nil } }
    #expect(day == [state.shared.today.description])
  }

  @Test func aTitleSeenTwiceGetsItsLaterWatchBackNotItsEarlierTakenAway() {
    var state = Self.seenLongAgo()
    state.shared.marks[.film(1)]?.seen = "2021-03-04"
    _ = Reducer.reduce(&state, .key(.character("m")))
    // The library answers: still seen, by the earlier watch.
    var held = state.shared.marks[.film(1)] ?? Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "")
    held.seen = "2020-05-01"
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(1), held), problem: nil))
    #expect(state.shared.currentNotice?.text.contains("(m puts it back)") == true)
    let again = Reducer.reduce(&state, .key(.character("m")))
    let kinds = again.compactMap { if case .save(let change) = $0 { "\(change.kind) \(change.day)" } else { nil } }
    #expect(kinds == ["seen(true) 2021-03-04"], "the later watch back, the earlier one kept: \(again)")
  }

  @Test func aFailedSaveForgetsTheWatchTakenAway() {
    var state = Self.seenLongAgo()
    _ = Reducer.reduce(&state, .key(.character("m")))
    _ = Reducer.reduce(&state, .changeSaved(nil, problem: "The disk is full."))
    #expect(state.shared.takenAway == nil)
  }
}

/// Episodes as films: `m` again just after `m` took an episode's or a season's watches away puts
/// each back on its own day, not today's.
@Suite("m again puts back the episodes' watches m took away")
struct TakenEpisodesTests {
  /// The series page of `EpisodeMarksTests`, season 1's episodes 1–4 seen long ago on two days,
  /// its season 1 row selected and read.
  static func seenLongAgo() -> AppState {
    var state = EpisodeMarksTests.onSeries(selecting: .season(series: 500, number: 1))
    _ = Reducer.reduce(&state, .seasonLoaded(500, 1, .success(Sample.fetched(EpisodeMarksTests.season))))
    state.shared.unsaved = []
    let key = { EpisodeKey(season: 1, number: $0) }
    state.shared.seenEpisodes[500] = SeenEpisodes(
      days: [key(1): "2021-03-01", key(2): "2021-03-01", key(3): "2021-03-02", key(4): "2021-03-02"])
    return state
  }

  /// The days of the watches the effects save, by episode number ("-" for taken away).
  static func days(_ effects: [Effect]) -> [String] {
    effects.compactMap { effect -> [String]? in
      guard case .save(let change) = effect, case .episodes(let episodes, let seen) = change.kind else { return nil }
      return episodes.map { "\($0.key.number) \(seen ? change.day : "-")" }
    }.flatMap { $0 }
  }

  @Test func aSeasonTakenAwayComesBackOnItsOwnDays() {
    var state = Self.seenLongAgo()
    let off = Reducer.reduce(&state, .key(.character("m")))
    #expect(Self.days(off) == ["1 -", "2 -", "3 -", "4 -"])
    #expect(state.shared.currentNotice?.text.contains("4 watches taken away (m again puts them back)") == true)
    let on = Reducer.reduce(&state, .key(.character("m")))
    #expect(Self.days(on) == ["1 2021-03-01", "2 2021-03-01", "3 2021-03-02", "4 2021-03-02"], "\(on)")
    #expect(state.shared.currentNotice?.text == "Marked Season 1 seen again: 4 episodes, each on the day it was seen.")
    #expect(state.shared.seenEpisodes[500]?.days[EpisodeKey(season: 1, number: 3)] == "2021-03-02")
    let third = Reducer.reduce(&state, .key(.character("m")))
    #expect(Self.days(third) == ["1 -", "2 -", "3 -", "4 -"], "then m takes them away again")
  }

  @Test func anEpisodeTakenAwayThenTheSeasonMarkedKeepsThatEpisodesDay() {
    var state = Self.seenLongAgo()
    let ref = EpisodeRef(seriesID: 500, season: 1, number: 3)
    _ = EpisodeMarkLogic.toggle(ref, &state.shared)
    #expect(state.shared.currentNotice?.text.contains("its watch of 2 March 2021 taken away") == true)
    let again = EpisodeMarkLogic.toggle(ref, &state.shared)
    #expect(Self.days(again) == ["3 2021-03-02"])
    #expect(state.shared.currentNotice?.text == "Marked S01E03 seen on 2 March 2021 again.")
    _ = EpisodeMarkLogic.toggle(ref, &state.shared)
    let season = Reducer.reduce(&state, .key(.character("m")))
    #expect(Self.days(season) == ["3 2021-03-02"], "the one not seen, on its day: \(season)")
  }

  @Test func anotherMarkBetweenMakesAWatchOfToday() {
    var state = Self.seenLongAgo()
    let ref = EpisodeRef(seriesID: 500, season: 1, number: 2)
    _ = EpisodeMarkLogic.toggle(ref, &state.shared)
    _ = EpisodeMarkLogic.toggle(EpisodeRef(seriesID: 500, season: 1, number: 4), &state.shared)
    let again = EpisodeMarkLogic.toggle(ref, &state.shared)
    #expect(Self.days(again) == ["2 \(state.shared.today.description)"])
  }
}
