import AmodbKit
import FoundationEssentials
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The For you tab and pick on a list")
struct ForYouTabTests {
  /// The recommendations as the runner answers them.
  static let page = ForYou.page([
    ForYou.Ranked(
      summary: MediaSummary(id: 1, title: "Arrival", voteAverage: 7.9, voteCount: 900),
      seeds: [ForYou.Seed(media: .film(693134), title: "Dune: Part Two", rating: 9)]),
    ForYou.Ranked(
      summary: MediaSummary(id: 70523, kind: .series, title: "Dark", voteAverage: 8.4, voteCount: 700),
      seeds: [ForYou.Seed(media: .series(125988), title: "Silo", lastSeen: "2026-11-30")]),
  ])

  /// The tab opened by its number key, its recommendations read.
  private static func shown() -> TestStore {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("8")), effects: [.readLocal(.forYou)]) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .forYou, window: .week)
      $0.rootList.only = .film
      $0.rootList.list.begin()
    }
    store.send(.localRead(.forYou, .success(.forYou(Self.page)))) {
      $0.rootList.list.succeed(Listing(firstPage: Self.page), at: Sample.start)
    }
    return store
  }

  @Test func itsNumberKeyAndFReadTheRecommendationsEachRowSayingWhy() {
    var store = Self.shown()
    // Under the films' tab bar, the films; under the series', the series.
    #expect(store.state.rootList.movies.map(\.reason) == ["because you rated Dune: Part Two 9"])
    store.send(.key(.character("t"))) {
      $0.shared.browsing = .series
      $0.rootList.only = .series
    }
    #expect(store.state.rootList.movies.map(\.reason) == ["because you saw Silo"])
    store.send(.key(.character("t"))) {
      $0.shared.browsing = .film
      $0.rootList.only = .film
    }
    // From another tab, F shows it again, as it was.
    store.send(.key(.character("1"))) {
      $0.tabs[.forYou] = $0.rootList
      $0.rootList = $0.tabs[.trending] ?? $0.rootList
      $0.tabs[.trending] = nil
    }
    store.send(.key(.character("F"))) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = $0.tabs[.forYou] ?? $0.rootList
      $0.tabs[.forYou] = nil
    }
  }

  /// A mark shows on its row; the rows are made again by r, not by every change of the marks (which
  /// reshuffled them under the cursor).
  @Test func aMarkLeavesTheRowsWhereTheyAreAndRMakesThemAgain() {
    var state = Self.shown().state
    var marks = state.shared.marks
    marks[.film(1)] = Mark(id: 1, title: "Seen", year: nil, onWatchlist: false, added: "2026-12-01", seen: "2026-12-01")
    let changed = Reducer.reduce(&state, .marksLoaded(marks, problem: nil))
    #expect(!changed.contains(.readLocal(.forYou)), "\(changed)")
    #expect(Reducer.reduce(&state, .key(.character("r"))).contains(.readLocal(.forYou)))
  }

  @Test func withNothingRatedOrSeenTheTabSaysHowToStart() {
    let empty = ForYouFeed().empty(Sample.loaded(1).shared)
    #expect(empty.text.contains("what you rate and see"))
    #expect(empty.next.contains("8 or more"))
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("8")), effects: [.readLocal(.forYou)]) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .forYou, window: .week)
      $0.rootList.only = .film
      $0.rootList.list.begin()
    }
    let none = MediaPage(page: 1, totalPages: 1, results: [])
    store.send(.localRead(.forYou, .success(.forYou(none)))) {
      $0.rootList.list.succeed(Listing(firstPage: none), at: Sample.start)
    }
  }

  @Test func pickMovesToAnotherRowAmongThoseTheFilterShows() {
    var store = TestStore(Sample.loaded(30))
    #expect(Reducer.isAvailable(.pick, in: store.state))
    store.send(.key(.character("p"))) {
      $0.rootList.pickRow($0.shared)
      let row = $0.rootList.selection
      $0.shared.say("Picked Film \(row + 1), row \(row + 1) of 30.", .message)
    }
    let first = store.state.rootList.selection
    #expect(first != 0, "never the row already selected")
    // Filtered to "Film 2": the pick lands among the rows the filter shows.
    var filtered = Sample.loaded(30)
    for key in [Key.character("\\")] + "Film 2".map(Key.character) + [.enter] {
      _ = Reducer.reduce(&filtered, .key(key))
    }
    let shown = filtered.rootList.movies.map(\.id)
    #expect(shown.count > 1 && shown.count < 30)
    for _ in 0..<10 {
      _ = Reducer.reduce(&filtered, .key(.character("p")))
      #expect(shown.contains(filtered.rootList.selectedMovie?.id ?? 0))
      #expect(filtered.shared.currentNotice?.text.hasSuffix("of \(shown.count).") == true)
    }
    var single = TestStore(Sample.loaded(1))
    #expect(!Reducer.isAvailable(.pick, in: single.state), "one row: nothing to pick among")
    single.send(.key(.character("p"))) {
      $0.shared.say("Nothing to pick among: the list shows one row or none.", .message)
    }
  }
}
