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
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2020-05-01")
    mark.seen = "2020-05-01"
    state.shared.marks[.film(1)] = mark
    return state
  }

  @Test func mTwiceKeepsTheWatchsDay() {
    var state = Self.seenLongAgo()
    let off = Reducer.reduce(&state, .key(.character("m")))
    #expect(off.contains { if case .save(let change) = $0 { change.kind == .seen(false) } else { false } })
    #expect(state.shared.currentNotice?.text.contains("its watch of 2020-05-01 taken away") == true)
    let on = Reducer.reduce(&state, .key(.character("m")))
    let day = on.compactMap { if case .save(let change) = $0 { change.day } else { nil } }
    #expect(day == ["2020-05-01"], "put back on its own day, not today's: \(on)")
    #expect(state.shared.marks[.film(1)]?.seen == "2020-05-01")
    #expect(state.shared.currentNotice?.text == "Marked Film 1 seen on 2020-05-01 again.")
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
