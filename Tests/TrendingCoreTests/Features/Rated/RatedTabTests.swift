import AmodbKit
import FoundationEssentials
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The Recently rated tab: the palette opens it, rows newest first, Enter opens a title or an episode")
struct RatedTabTests {
  /// The ratings as the runner answers them: a film, an episode of a series, the series itself.
  static let list = RatedList([
    RatedEntry(
      title: MediaSummary(id: 70523, kind: .series, title: "Dark", voteAverage: 8.4, voteCount: 700),
      episode: EpisodeKey(season: 1, number: 2), episodeName: "Lies", rating: 8, day: "2026-11-30", publicScore: 7.9,
      publicVotes: 40),
    RatedEntry(
      title: MediaSummary(id: 693134, title: "Dune: Part Two", voteAverage: 8.2, voteCount: 6000), rating: 9,
      day: "2026-11-29"),
    RatedEntry(
      title: MediaSummary(id: 70523, kind: .series, title: "Dark", voteAverage: 8.4, voteCount: 700), rating: 10,
      day: "2026-11-02"),
  ])

  /// The list's rows as the tab shows them.
  static var page: MediaPage { MediaPage(page: 1, totalPages: 1, results: list.entries.map(\.row)) }

  /// Types `text` into the palette, opened with `:`.
  static func typeInPalette(_ text: String, _ store: inout TestStore) {
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    for (index, character) in text.enumerated() {
      store.send(.key(.character(character))) { $0.palette?.text = String(text.prefix(index + 1)) }
    }
  }

  @Test func thePaletteEntryRecentlyRatedOpensTheTabAndItsReadFillsIt() {
    var store = TestStore(Sample.loaded(3))
    Self.typeInPalette("recently rated", &store)
    let best = PaletteLogic.entries(store.state).first
    #expect(best?.name == "Recently rated" && best?.command == .tab(ListKind.rated.number) && best?.keys == "9")
    store.send(.key(.enter), effects: [.readLocal(.rated)]) {
      $0.palette = nil
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .rated, window: .week)
      $0.rootList.list.begin()
    }
    store.send(.localRead(.rated, .success(.rated(Self.list)))) {
      $0.shared.localAnswers[.rated] = .rated(Self.list)
      $0.rootList.list.succeed(Listing(firstPage: Self.page), at: Sample.start)
    }
    let rows = store.state.rootList.movies
    #expect(rows.map(\.title) == ["Dark", "Dune: Part Two", "Dark"], "newest first, as read")
    #expect(rows.map(\.reason) == ["S01E02 Lies", nil, nil], "an episode is a row of its own")
    #expect(store.state.shared.rated?.entry(rows[0])?.publicScore == 7.9, "the episode's own score")
    #expect(store.state.shared.rated?.entry(rows[2])?.publicScore == 8.4, "the series' score")
    #expect(store.state.rootList.source.tab?.isRemote == false)
  }

  @Test func sCyclesTheOrdersOfWhatTheRowsShowNoYear() {
    var state = Sample.loaded(3)
    state.rootList = ListScreen(kind: .rated, window: .week)
    state.rootList.list.succeed(Listing(firstPage: Self.page), at: Sample.start)
    state.shared.localAnswers[.rated] = .rated(Self.list)
    var store = TestStore(state)
    store.send(.key(.character("s"))) { $0.rootList.sort = .score }
    store.send(.key(.character("s"))) { $0.rootList.sort = .title }
    store.send(.key(.character("s"))) { $0.rootList.sort = .rank }
  }

  @Test func whileBrowsingSeriesTheEntryShowsTheTenthTabsKey() {
    var store = TestStore(Sample.loaded(3))
    store.step(.key(.character("t")), effects: [.fetchList(ListPage(.seriesTrending))])
    Self.typeInPalette("rated", &store)
    let entry = PaletteLogic.entries(store.state).first { $0.name == "Recently rated" }
    let number = store.state.shared.tabs.number(of: .rated, browsing: .series)
    #expect(number == 10 && entry?.command == .tab(number) && entry?.keys == "0", "the tenth tab's key is 0")
    #expect(!PaletteLogic.entries(store.state).contains { $0.name.contains(" / ") }, "each tab by its own name")
  }

  @Test func enterOpensTheFilmOrTheEpisodeOfTheRowSelected() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("9")))
    _ = Reducer.reduce(&state, .localRead(.rated, .success(.rated(Self.list))))
    var episode = state
    _ = Reducer.reduce(&episode, .key(.enter))
    #expect(episode.stack.last == .episode(EpisodeScreen(seriesID: 70523, season: 1, number: 2)))
    var film = state
    _ = Reducer.reduce(&film, .key(.down))
    _ = Reducer.reduce(&film, .key(.enter))
    #expect(film.stack.last == .film(FilmScreen(id: 693134, known: Self.list.entries[1].row)))
    var series = state
    _ = Reducer.reduce(&series, .key(.end))
    _ = Reducer.reduce(&series, .key(.enter))
    #expect(series.stack.last == .series(SeriesScreen(id: 70523, known: Self.list.entries[2].row)))
  }

  @Test func anEpisodesRowRatesAndNotesTheEpisodeAndSaysWhereToMarkIt() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("9")))
    _ = Reducer.reduce(&state, .localRead(.rated, .success(.rated(Self.list))))
    for key in ["R", "N"] {
      var rating = state
      _ = Reducer.reduce(&rating, .key(.character(Character(key))))
      #expect(rating.prompt?.episode == EpisodeKey(season: 1, number: 2), "\(key): the episode's own, not the series'")
      #expect(rating.prompt?.film.id == 70523 && rating.prompt?.text == "", "\(key)")
    }
    // m does not mark the whole series from an episode's row: its screen does, which knows its season.
    var marking = state
    #expect(Reducer.reduce(&marking, .key(.character("m"))).isEmpty)
    #expect(marking.shared.notice?.text == "⏎ opens S01E02, where m marks it.")
    #expect(!Reducer.isAvailable(.app(.toggleSeen), in: state), "not offered on the key bar or in the palette")
    #expect(marking.shared.unsaved.isEmpty && marking.shared.marks.isEmpty)
    // The series' own row is the series'.
    var series = state
    _ = Reducer.reduce(&series, .key(.end))
    _ = Reducer.reduce(&series, .key(.character("R")))
    #expect(series.prompt?.episode == nil && series.prompt?.text == "")
  }

  @Test func withNothingRatedTheTabNamesTheKeyThatRates() {
    let feed = ListKind.rated.feed.feed(of: .rated)
    #expect(feed.localQuery == .rated && feed.followsMarks && feed.readsAhead && feed.rowsStyle == .rated)
    let empty = feed.empty(Sample.state().shared)
    #expect(empty.text == "You have not rated anything yet.")
    #expect(empty.next == "Rate a film, series or episode with R to see it here, newest first.")
    #expect(
      ListKind.rated.title == "Recently rated" && ListKind.rated.shortTitle == "Rated" && ListKind.rated.media == nil)
  }
}
