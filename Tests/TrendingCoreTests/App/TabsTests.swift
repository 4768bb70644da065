import AmodbKit
import Foundation
import Localization
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The tab table")
struct TabsTests {
  @Test func everyTabHasItsNumberKeyCommandAndNameAmongItsSet() {
    let table = KeyTable.standard
    for media in [MediaKind.film, .series] {
      let shown = Tab.shown(media).map(\.kind)
      for (index, kind) in shown.enumerated() {
        #expect(kind.number(browsing: media) == index + 1)
        if index < 9 {
          #expect(table.command(for: .character(Character(String(index + 1))), in: .list) == .tab(index + 1))
        }
        #expect(Command.tab(index + 1).tab(among: media) == kind)
        #expect(Command(name: "tab-\(index + 1)") == .tab(index + 1))
        #expect(Command.allCases.contains(.tab(index + 1)))
      }
      #expect(Command.tab(shown.count + 1).tab(among: media) == nil, "no command for a tab the table lacks")
    }
    #expect(
      Tab.shown(.film).map(\.kind) == [
        .trending, .popular, .topRated, .nowPlaying, .upcoming, .watchlist, .calendar, .forYou, .rated,
      ])
    #expect(
      Tab.shown(.series).map(\.kind) == [
        .seriesTrending, .seriesPopular, .seriesTopRated, .onTheAir, .airingToday, .upNext, .watchlist, .calendar,
        .forYou, .rated,
      ])
    #expect(ListKind.nowPlaying.counterpart(in: .series) == .onTheAir)
    #expect(ListKind.onTheAir.counterpart(in: .film) == .nowPlaying)
    #expect(ListKind.watchlist.counterpart(in: .series) == .watchlist, "the watchlist holds both")
    let help = table.bindings.first { $0.command == .tab(4) }?.help
    #expect(help == "Now playing / On the air", "a number key's help names both of its tabs")
  }

  /// `t` twice comes back to the tab it left, one the other kind has no counterpart of included.
  @Test func tTwiceComesBackToTheTabItLeft() {
    var state = Sample.loaded(5)
    for key in ["t", "6"] { _ = Reducer.reduce(&state, .key(.character(Character(key)))) }
    #expect(state.rootList.source.tab == .upNext)
    _ = Reducer.reduce(&state, .key(.character("t")))
    #expect(state.shared.browsing == .film && state.rootList.source.tab != .upNext)
    _ = Reducer.reduce(&state, .key(.character("t")))
    #expect(state.shared.browsing == .series && state.rootList.source.tab == .upNext)
    // Another tab chosen in between: `t` goes to its own counterpart.
    for key in ["t", "4", "t"] { _ = Reducer.reduce(&state, .key(.character(Character(key)))) }
    #expect(state.rootList.source.tab == .onTheAir)
  }

  @Test func eachFeedIsOneEndpointForTheBrowserAndTheCommandLine() {
    for kind in ListKind.allCases {
      let request = ListSource.tab(kind).request(window: .day, page: 2, language: "ru-RU", region: "DE")
      switch kind.feed {
      case .trending(let media):
        #expect(request == .trending(TrendingRequest(media: media, window: .day, page: 2, language: "ru-RU")))
      case .catalogue(let media, let list):
        #expect(
          request
            == .catalogue(CatalogueRequest(media: media, list: list, page: 2, language: "ru-RU", region: "DE")))
      case .watchlist: #expect(request == nil, "the watchlist is read locally")
      case .discover: Issue.record("no built-in tab is a saved discover list")
      case .calendar: #expect(request == nil, "the calendar is made of several answers")
      case .upNext: #expect(request == nil, "up next is read from the library")
      case .library: Issue.record("no built-in tab is one of the library's lists")
      case .forYou: #expect(request == nil, "the recommendations are read by the runner")
      case .rated: #expect(request == nil, "the ratings are read from the library")
      }
    }
  }

  @Test func everyShortNameInEveryLanguageIsWholeWords() {
    for language in ["en"] + Translator.languages {
      let catalogue = language == "en" ? Catalogue.english : Translator.catalogue(for: language)
      let names = Translator.$override.withValue(catalogue) { Tab.all.map { ($0.title(), $0.shortTitle()) } }
      for (title, short) in names {
        // Whole words that read as the tab: no mark of a cut word.
        #expect(!short.contains(".") && !short.contains("׳") && !short.contains("…"), "\(language): \(short)")
        #expect(!short.isEmpty && short.count <= max(title.count, 12), "\(language): \(short) for \(title)")
      }
    }
    let series = TabBar.labels(active: .seriesTrending, browsing: .series, width: 80).map(\.label)
    #expect(series.joined().contains(" On air  Today "), "the two airing tabs read as two: \(series)")
  }

  @Test func aSavedTabIsShortenedToItsLeadingWholeWords() {
    #expect(Tab.shortened("On my services") == "On my…")
    #expect(Tab.shortened("Korean thrillers") == "Korean…")
    #expect(Tab.shortened("Cyberpunkish") == "Cyberp…", "a first word too long alone is cut")
    #expect(Tab.shortened("Noir") == "Noir")
  }

  @Test func aClickOnATabLabelShowsThatTab() throws {
    var store = TestStore(Sample.loaded(3))
    let tabs = TabBar.labels(active: .trending, browsing: .film, width: 80)
    let upcoming = try #require(tabs.first { $0.target == .tab(.upcoming) })
    let click = MouseEvent(.press, row: 1, column: upcoming.columns.lowerBound)
    store.send(.mouse(click), effects: [.fetchList(ListPage(.upcoming))]) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .upcoming, window: .week)
      $0.rootList.list.begin()
    }
  }

  @Test func theWatchlistTabIsBuiltOnTheStatesClockNewestFirst() {
    var state = Sample.loaded(3)
    state.shared.now = Sample.start.addingTimeInterval(600)
    var store = TestStore(state)
    store.send(.key(.character("6")), effects: [.readWatchlist]) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .watchlist, window: .week)
      $0.rootList.list.begin()
    }
    let older = Mark(id: 7, title: "Seven", year: 1995, onWatchlist: true, added: "2026-01-02")
    let newer = Mark(id: 9, title: "Nine", year: 2009, onWatchlist: true, added: "2026-03-04")
    let seenOnly = Mark(id: 3, title: "Three", year: nil, onWatchlist: false, added: "2026-01-01", seen: "2026-01-01")
    let known = MediaSummary(id: 9, title: "Nine", posterPath: "/nine.jpg", voteAverage: 7.9, voteCount: 500)
    let snapshot = WatchlistSnapshot(marks: [7: older, 9: newer, 3: seenOnly], known: [.film(9): known])
    store.send(.watchlistRead(.success(snapshot))) {
      let films = [known, MediaSummary(id: 7, title: "Seven", releaseDate: ReleaseDate("1995"))]
      $0.rootList.list.succeed(
        Listing(firstPage: MediaPage(page: 1, totalPages: 1, results: films)), at: Sample.start.addingTimeInterval(600))
    }
    store.send(.watchlistRead(.failure(.transport(description: "watchlist.tsv: permission denied")))) {
      $0.rootList.list.fail(.transport(description: "watchlist.tsv: permission denied"))
      $0.rootList.failures = 1
      $0.rootList.failedAt = $0.shared.now
    }
  }

  @Test func titlesAddedTheSameDayComeTheOneAddedLastFirst() {
    let marks = [3, 9, 5].map { Mark(id: $0, title: "Film \($0)", year: nil, onWatchlist: true, added: "2026-03-04") }
    // Added 9, then 3, then 5: the ids' order is not the order they were added in.
    let order: [MediaID: Int] = [.film(9): 1, .film(3): 2, .film(5): 3]
    let page = ListLogic.watchlistPage(
      WatchlistSnapshot(marks: Dictionary(uniqueKeysWithValues: marks.map { (MediaID.film($0.id), $0) }), order: order))
    #expect(page.results.map { $0.id } == [5, 3, 9])
  }
}

@Suite("The tab table's names")
struct TabNameTests {
  @Test func commandLineNamesComeFromTheTable() {
    #expect(
      Tab.shown(.film).map(\.kind.name) == [
        "trending", "popular", "top-rated", "now-playing", "upcoming", "watchlist", "calendar", "for-you", "rated",
      ])
    #expect(
      Tab.shown(.series).map(\.kind.name) == [
        "trending", "popular", "top-rated", "on-the-air", "airing-today", "up-next", "watchlist", "calendar",
        "for-you", "rated",
      ])
    for media in [MediaKind.film, .series] {
      for tab in Tab.shown(media) { #expect(ListKind(name: tab.kind.name, media: media) == tab.kind) }
    }
    #expect(ListKind(name: "topRated") == nil)
    #expect(ListKind(name: "on-the-air") == nil, "a series list is named with --kind tv")
    #expect(ListKind.allCases.filter(\.isRemote).count == 10)
  }
}
