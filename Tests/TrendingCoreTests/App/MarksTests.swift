import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("Marks and links")
struct MarksTests {
  @Test func startReadsTheMarks() {
    var state = Sample.state()
    #expect(Reducer.reduce(&state, .start).first == .loadMarks)
  }

  @Test func aTogglesTheWatchlistAtOnceAndStoresIt() {
    var store = TestStore(Sample.loaded(3))
    let day = WatchlistFormat.day(Sample.start)
    let add = MarkChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: day)
    store.send(.key(.character("a")), effects: [.saveMark(add)]) {
      $0.shared.marks[1] = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: day)
      $0.shared.unsavedMarks = [add]
      $0.shared.notice = Notice("Added Film 1 to the watchlist.", kind: .confirmation, now: Sample.start)
    }
    let remove = MarkChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(false), day: day)
    store.send(.key(.character("a")), effects: [.saveMark(remove)]) {
      $0.shared.marks[1] = nil
      $0.shared.unsavedMarks = [add, remove]
      $0.shared.notice = Notice("Removed Film 1 from the watchlist.", kind: .confirmation, now: Sample.start)
    }
    let seen = MarkChange(id: 1, title: "Film 1", year: nil, kind: .seen(true), day: day)
    store.send(.key(.character("m")), effects: [.saveMark(seen)]) {
      $0.shared.marks[1] = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: day, seen: day)
      $0.shared.unsavedMarks = [add, remove, seen]
      $0.shared.notice = Notice("Marked Film 1 seen.", kind: .confirmation, now: Sample.start)
    }
  }

  @Test func quickMarksStayOnScreenWhileTheirSavesAnswer() {
    var state = Sample.loaded(3)
    let day = WatchlistFormat.day(Sample.start)
    #expect(Reducer.reduce(&state, .key(.character("a"))).count == 1)
    _ = Reducer.reduce(&state, .key(.down))
    #expect(Reducer.reduce(&state, .key(.character("m"))).count == 1)
    let first = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: day)
    let second = Mark(id: 2, title: "Film 2", year: nil, onWatchlist: false, added: day, seen: day)
    // The first save answers with the file as it wrote it: the second change is still shown.
    _ = Reducer.reduce(&state, .markSaved([1: first], problem: nil))
    #expect(state.shared.marks == [1: first, 2: second])
    #expect(state.shared.unsavedMarks.count == 1)
    _ = Reducer.reduce(&state, .markSaved([1: first, 2: second], problem: nil))
    #expect(state.shared.marks == [1: first, 2: second])
    #expect(state.shared.unsavedMarks.isEmpty)
  }

  @Test func aSaveThatFailsReadsTheFileAgainAndSaysSo() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("a")))
    #expect(Reducer.reduce(&state, .markSaved(nil, problem: "The watchlist was not saved: disk full")) == [.loadMarks])
    #expect(state.shared.unsavedMarks.isEmpty)
    #expect(state.shared.currentNotice?.kind.isWarning == true)
    _ = Reducer.reduce(&state, .marksLoaded([:], problem: nil))
    #expect(state.shared.marks.isEmpty, "the screen shows what the file holds")
  }

  @Test func theWatchlistTabFollowsItsMarks() {
    var state = Sample.loaded(3)
    let effects = Reducer.reduce(&state, .key(.character("6")))
    #expect(effects == [.fetchList(ListPage(.watchlist, page: 1))])
    _ = Reducer.reduce(
      &state,
      .listLoaded(ListPage(.watchlist, page: 1), .success(Sample.fetched(Sample.page(1)))))
    let mark = Mark(id: 9, title: "F", year: nil, onWatchlist: true, added: "2026-11-29")
    let reload = Reducer.reduce(&state, .marksLoaded([9: mark], problem: "1 line of the watchlist could not be read"))
    #expect(reload == [.fetchList(ListPage(.watchlist, page: 1, force: true))])
    #expect(state.shared.currentNotice?.kind.isWarning == true)
  }

  @Test func linksOpenAndCopyThePageOfWhatIsShowing() {
    var state = Sample.loaded(3)
    #expect(Reducer.reduce(&state, .key(.character("o"))) == [.openURL("https://www.themoviedb.org/movie/1")])
    #expect(Reducer.reduce(&state, .key(.character("y"))) == [.copy("https://www.themoviedb.org/movie/1")])
    #expect(state.shared.currentNotice?.text == "Copied https://www.themoviedb.org/movie/1")
    #expect(Reducer.reduce(&state, .key(.character("Y"))) == [.copy("Film 1")])
    state.push(.person(PersonScreen(id: 7)))
    state.shared[person: 7] = Loadable(value: PersonDetails(id: 7, name: "Someone"), fetchedAt: Sample.start)
    #expect(Reducer.reduce(&state, .key(.character("y"))) == [.copy("https://www.themoviedb.org/person/7")])
    #expect(Reducer.reduce(&state, .key(.character("Y"))) == [.copy("Someone")])
    _ = Reducer.reduce(&state, .notice("No browser to open (set $BROWSER); y copies the link instead.", warning: true))
    #expect(state.shared.currentNotice?.kind.isWarning == true)
  }
}
