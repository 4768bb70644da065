import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

/// Series as the reducer sees them: their tabs, their screen, seasons and episodes.
enum SeriesSample {
  static func summaries(_ count: Int, from first: Int = 500) -> [MediaSummary] {
    (first..<(first + count)).map {
      MediaSummary(id: $0, kind: .series, title: "Series \($0)", voteAverage: 8, voteCount: 50)
    }
  }

  static func page(_ count: Int, from first: Int = 500) -> MediaPage {
    MediaPage(results: summaries(count, from: first))
  }

  static let guest = CastMember(id: 77, name: "Guest Star", character: "Visitor", order: 0)

  static func season(_ number: Int = 1) -> SeasonDetails {
    SeasonDetails(
      number: number, name: "Season \(number)",
      episodes: [
        Episode(
          season: number, number: 1, name: "One", airDate: ReleaseDate("2019-01-01"), runtime: 50, voteAverage: 8,
          voteCount: 4, guestStars: [guest]),
        Episode(season: number, number: 2, name: "Two", airDate: ReleaseDate("2099-01-01")),
      ])
  }

  static func details(_ id: Int) -> SeriesDetails {
    SeriesDetails(
      id: id, name: "Series \(id)", firstAirDate: ReleaseDate("2019-01-01"), status: "Returning Series",
      inProduction: true, numberOfSeasons: 2,
      nextEpisode: Episode(season: 2, number: 5, name: "Five", airDate: ReleaseDate("2027-01-15")),
      seasons: [SeasonSummary(number: 0, name: "Specials"), SeasonSummary(number: 1), SeasonSummary(number: 2)],
      recommendations: [MediaSummary(id: 600, kind: .series, title: "Another series")])
  }

  /// The app on the series tab with `count` series loaded.
  static func onSeriesTab(_ count: Int = 5) -> AppState {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("t")))
    _ = Reducer.reduce(&state, .listLoaded(ListPage(.seriesTrending), .success(Sample.fetched(page(count)))))
    return state
  }
}

@Suite("Series tabs: t switches films and series, each tab kept")
struct SeriesTabsTests {
  @Test func tSwitchesToTheSeriesTabInTheSamePlaceAndBack() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("j"))) { $0.rootList.selection = 1 }
    let films = store.state.rootList
    store.send(.key(.character("t")), effects: [.fetchList(ListPage(.seriesTrending))]) {
      $0.shared.browsing = .series
      $0.tabs[.trending] = films
      $0.rootList = ListScreen(kind: .seriesTrending, window: .week)
      $0.rootList.list.begin()
    }
    #expect(store.state.rootList.source.title == "Trending series", "the header says which")
    store.send(.listLoaded(ListPage(.seriesTrending), .success(Sample.fetched(SeriesSample.page(4))))) {
      $0.rootList.list.succeed(Listing(firstPage: SeriesSample.page(4)), at: Sample.start)
      $0.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    }
    // The number keys count the series' tabs: 4 is On the air.
    store.send(.key(.character("4")), effects: [.fetchList(ListPage(.onTheAir))]) {
      $0.tabs[.seriesTrending] = $0.rootList
      $0.rootList = ListScreen(kind: .onTheAir, window: .week)
      $0.rootList.list.begin()
    }
    store.send(.key(.character("1"))) {
      $0.tabs[.onTheAir] = $0.rootList
      $0.rootList = $0.tabs.removeValue(forKey: .seriesTrending) ?? $0.rootList
    }
    // Back to the films, as they were left: the same row, no request (still fresh).
    store.send(.key(.character("t"))) {
      $0.shared.browsing = .film
      $0.tabs[.seriesTrending] = $0.rootList
      $0.rootList = films
      $0.tabs[.trending] = nil
    }
    #expect(store.state.rootList.selection == 1)
  }

  @Test func theWatchlistStaysWhileTheOtherTabsSwitch() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("6")), effects: [.readWatchlist]) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .watchlist, window: .week)
      $0.rootList.list.begin()
    }
    store.send(.key(.character("t"))) { $0.shared.browsing = .series }
    #expect(store.state.activeTab == .watchlist)
    #expect(Tab.shown(store.state.shared.browsing).map(\.kind).contains(.watchlist))
  }

  @Test func aSeriesRowOpensTheSeriesScreenInOneRequest() {
    var store = TestStore(SeriesSample.onSeriesTab())
    let row = store.state.rootList.movies[0]
    store.send(.key(.enter), effects: [.fetchSeries(500), .loadEpisodeMarks(500)]) {
      $0.push(.series(SeriesScreen(id: 500, known: row)))
      $0.shared[series: 500] = Loadable()
      $0.shared[series: 500]?.begin()
    }
    #expect(store.state.keyContext == .series)
    #expect(store.state.top.title(store.state.shared) == "Series 500", "the row's name until the answer")
    let request = SeriesRequest(id: 500, language: "en-US")
    #expect(
      request.queryItems.first { $0.name == "append_to_response" }?.value
        == "aggregate_credits,content_ratings,videos,watch/providers,recommendations,similar,external_ids,ratings")
    store.send(.seriesLoaded(500, .success(Sample.fetched(SeriesSample.details(500))))) {
      $0.shared[series: 500]?.succeed(SeriesSample.details(500), at: Sample.start)
      $0.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    }
    // `a` keeps the series, not a film of the same id.
    var summary = SeriesSample.details(500).summary
    summary.genreIDs = row.genreIDs
    let change = LibraryChange(
      id: 500, media: .series, title: "Series 500", year: 2019, kind: .watchlist(true),
      day: ReleaseDate(day: Sample.start).description, summary: MarkSummary(summary))
    store.step(.key(.character("a")), effects: [.save(change)]) {
      $0.shared.marks[.series(500)] = Mark(
        id: 500, kind: .series, title: "Series 500", year: 2019, onWatchlist: true,
        added: ReleaseDate(day: Sample.start).description, summary: MarkSummary(summary))
    }
    #expect(store.state.shared.marks[.series(500)]?.onWatchlist == true)
    #expect(store.state.shared.marks[.film(500)] == nil)
  }
}

@Suite("The series, season and episode screens")
struct SeriesScreenTests {
  /// The app on a series screen with its details loaded.
  static func onSeries() -> AppState {
    var state = SeriesSample.onSeriesTab()
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .seriesLoaded(500, .success(Sample.fetched(SeriesSample.details(500)))))
    return state
  }

  @Test func aSeasonOpensItsEpisodesAndAnEpisodeAsksNothingNew() {
    var store = TestStore(Self.onSeries())
    let layout = DocumentLayout(
      maxScroll: 0, links: [DocumentLink(line: 8, target: .season(series: 500, number: 1))])
    store.send(.documentLayout(layout)) { $0.cursor?.layout = layout }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.enter), effects: [.fetchSeason(500, 1), .loadEpisodeMarks(500)]) {
      $0.push(.season(SeasonScreen(seriesID: 500, number: 1)))
      $0.shared[season: 500, number: 1] = Loadable()
      $0.shared[season: 500, number: 1]?.begin()
    }
    #expect(store.state.keyContext == .season)
    store.send(.seasonLoaded(500, 1, .success(Sample.fetched(SeriesSample.season())))) {
      $0.shared[season: 500, number: 1]?.succeed(SeriesSample.season(), at: Sample.start)
    }
    let episodes = DocumentLayout(
      maxScroll: 0,
      links: [
        DocumentLink(line: 5, target: .episode(series: 500, season: 1, number: 1)),
        DocumentLink(line: 6, target: .episode(series: 500, season: 1, number: 2)),
      ])
    // The season opens with its first episode selected: Enter opens it at once.
    store.send(.documentLayout(episodes)) {
      var season = SeasonScreen(seriesID: 500, number: 1)
      season.cursor.layout = episodes
      season.cursor.selected = 0
      season.openedOnFirstEpisode = true
      $0.pop()
      $0.push(.season(season))
    }
    // The episode is its season's: no request, only its seen marks read.
    store.send(.key(.enter), effects: [.loadEpisodeMarks(500)]) {
      $0.push(.episode(EpisodeScreen(seriesID: 500, season: 1, number: 1)))
    }
    #expect(store.state.top.title(store.state.shared) == "S01E01 One")
    #expect((store.state.top as? EpisodeScreen)?.episode(store.state.shared)?.guestStars == [SeriesSample.guest])
    let guests = DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 9, target: .person(77))])
    store.send(.documentLayout(guests)) { $0.cursor?.layout = guests }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.enter), effects: [.fetchPerson(77)]) {
      $0.push(.person(PersonScreen(id: 77)))
      $0.shared[person: 77] = Loadable()
      $0.shared[person: 77]?.begin()
    }
    // Back four times: every screen as it was, nothing asked again.
    let stack = store.state.stack
    for depth in stride(from: stack.count - 1, through: 1, by: -1) {
      store.send(.key(.escape)) { $0.pop() }
      #expect(store.state.stack == Array(stack.prefix(depth)))
    }
  }

  @Test func aSeasonSelectsItsFirstEpisodeOnceAndThenFollowsTheUser() {
    var state = Self.onSeries()
    state.push(.season(SeasonScreen(seriesID: 500, number: 1)))
    var store = TestStore(state)
    // Before the episodes are drawn (a loading season has none), nothing is selected.
    let loading = DocumentLayout(maxScroll: 0)
    store.send(.documentLayout(loading)) { $0.cursor?.layout = loading }
    let episodes = DocumentLayout(
      maxScroll: 0,
      links: [
        DocumentLink(line: 5, target: .person(9)),
        DocumentLink(line: 7, target: .episode(series: 500, season: 1, number: 1)),
        DocumentLink(line: 8, target: .episode(series: 500, season: 1, number: 2)),
      ])
    store.send(.documentLayout(episodes)) {
      var season = SeasonScreen(seriesID: 500, number: 1)
      season.cursor.layout = episodes
      season.cursor.selected = 1
      season.openedOnFirstEpisode = true
      $0.pop()
      $0.push(.season(season))
    }
    store.send(.key(.up)) { $0.cursor?.selected = 0 }
    // Drawn again, the user's choice stays.
    store.send(.documentLayout(episodes))
    #expect(store.state.cursor?.selected == 0)
  }

  @Test func nAndPStepThroughTheEpisodesAcrossSeasons() {
    var state = Self.onSeries()
    state.shared[season: 500, number: 1] = Loadable(value: SeriesSample.season(1), fetchedAt: Sample.start)
    state.push(.season(SeasonScreen(seriesID: 500, number: 1)))
    state.push(.episode(EpisodeScreen(seriesID: 500, season: 1, number: 1)))
    var store = TestStore(state)
    #expect(!Reducer.isAvailable(.previousEpisode, in: store.state), "nothing before S01E01")
    // The next episode replaces this one: back still goes to the season.
    store.send(.key(.character("n")), effects: [.loadEpisodeMarks(500)]) {
      $0.pop()
      $0.push(.episode(EpisodeScreen(seriesID: 500, season: 1, number: 2)))
    }
    #expect(store.state.stack.count == state.stack.count)
    // Past the season's last episode: the next season's first, which it asks for; the season under
    // it is season 2 now, opening on that episode, so the breadcrumb and Esc follow.
    var second = SeasonScreen(seriesID: 500, number: 2)
    second.opensOn = 1
    store.send(.key(.character("n")), effects: [.fetchSeason(500, 2), .loadEpisodeMarks(500)]) {
      $0.pop()
      $0.pop()
      $0.push(.season(second))
      $0.push(.episode(EpisodeScreen(seriesID: 500, season: 2, number: 1)))
      $0.shared[season: 500, number: 2] = Loadable()
      $0.shared[season: 500, number: 2]?.begin()
    }
    // Back across: the last episode of season 1, known from its answer, over season 1 opening on it.
    var first = SeasonScreen(seriesID: 500, number: 1)
    first.opensOn = 2
    store.send(.key(.character("p")), effects: [.loadEpisodeMarks(500)]) {
      $0.pop()
      $0.pop()
      $0.push(.season(first))
      $0.push(.episode(EpisodeScreen(seriesID: 500, season: 1, number: 2)))
    }
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.keyContext == .season)
    #expect((store.state.top as? SeasonScreen)?.number == 1)
  }

  @Test func aSeasonReachedByStepsOpensOnTheEpisodeItWasReachedFrom() {
    let layout = DocumentLayout(
      maxScroll: 0,
      links: [DocumentLink(line: 2, target: .series(500, known: nil))]
        + (1...3).map { DocumentLink(line: 5 + $0, target: .episode(series: 500, season: 2, number: $0)) })
    var stepped = SeasonScreen(seriesID: 500, number: 2)
    stepped.opensOn = 3
    stepped.laidOut(layout)
    #expect(stepped.cursor.selected == 3, "the third episode's row")
    var opened = SeasonScreen(seriesID: 500, number: 2)
    opened.laidOut(layout)
    #expect(opened.cursor.selected == 1, "the first episode's row, not the series link")
  }

  @Test func theSeasonsListNumberedSeasonsFirstAndSpecialsLast() {
    #expect(SeriesSample.details(1).orderedSeasons.map(\.number) == [1, 2, 0])
    #expect(SeasonScreen.defaultName(0) == "Specials")
    #expect(SeasonScreen.defaultName(3) == "Season 3")
  }

  @Test func aRelatedSeriesOpensAsASeriesWithWhatTheListKnew() {
    var store = TestStore(Self.onSeries())
    // The series' view links each related series with what the recommendation says of it.
    let known = SeriesSample.details(500).recommendations[0]
    let layout = DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 10, target: .series(600, known: known))])
    store.send(.documentLayout(layout)) { $0.cursor?.layout = layout }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.enter), effects: [.fetchSeries(600), .loadEpisodeMarks(600)]) {
      $0.push(.series(SeriesScreen(id: 600, known: known)))
      $0.shared[series: 600] = Loadable()
      $0.shared[series: 600]?.begin()
    }
  }

  @Test func refreshAsksTheNetworkForTheSeasonShowing() {
    var state = Self.onSeries()
    state.push(.season(SeasonScreen(seriesID: 500, number: 1)))
    state.shared[season: 500, number: 1] = Loadable(value: SeriesSample.season(), fetchedAt: Sample.start)
    var store = TestStore(state)
    store.send(.key(.character("r")), effects: [.fetchSeason(500, 1, force: true), .loadEpisodeMarks(500)]) {
      $0.shared[season: 500, number: 1]?.begin()
    }
  }

  @Test func theWebPagesAreTheSeriesSeasonAndEpisodes() {
    let shared = Self.onSeries().shared
    #expect(SeriesScreen(id: 500).page(shared)?.page == .series(500))
    #expect(SeriesScreen(id: 500).page(shared)?.title == "Series 500 (2019–)")
    #expect(SeasonScreen(seriesID: 500, number: 1).page(shared)?.page == .season(500, 1))
    #expect(EpisodeScreen(seriesID: 500, season: 1, number: 2).page(shared)?.page == .episode(500, 1, 2))
  }
}

@Suite("One search for films, series and people")
struct MultiSearchTests {
  @Test func aQueryIsOneRequestOfEverythingAndEachResultOpensItsScreen() {
    let query = SearchQuery(parsing: "dark")
    #expect(query.scope == .all)
    let request = ListSource.search(query).request(window: .week, page: 1, language: "en-US", region: nil)
    #expect(request == .search(SearchRequest(scope: .all, query: "dark", page: 1, language: "en-US")))
    if case .search(let search) = request { #expect(search.path == "/search/multi") }
    let person = MediaSummary(id: 7, kind: .person, title: "Someone")
    let series = MediaSummary(id: 8, kind: .series, title: "Dark")
    let film = MediaSummary(id: 9, title: "Dark City")
    #expect(Route.opening(person) == .person(PersonScreen(id: 7, known: "Someone")))
    #expect(Route.opening(series) == .series(SeriesScreen(id: 8, known: series)))
    #expect(Route.opening(film) == .film(FilmScreen(id: 9, known: film)))
  }

  @Test func aYearNarrowsFilmsAndSeriesByTheirOwnParameters() {
    let search = SearchRequest(scope: .all, query: "dune", language: "en-US", year: 2021)
    #expect(search.scoped(.film).queryItems.contains(URLQueryItem(name: "primary_release_year", value: "2021")))
    #expect(search.scoped(.series).queryItems.contains(URLQueryItem(name: "first_air_date_year", value: "2021")))
    #expect(!search.queryItems.contains { $0.name.contains("year") }, "the search of everything takes no year")
    let films = MediaPage(totalPages: 2, results: [MediaSummary(id: 1, title: "A"), MediaSummary(id: 2, title: "B")])
    let series = MediaPage(results: [MediaSummary(id: 1, kind: .series, title: "S")])
    let merged = MediaPage.interleaving(films, series)
    #expect(merged.results.map(\.title) == ["A", "S", "B"])
    #expect(merged.totalPages == 2)
  }

  @Test func aPersonIsNotMarkedButOpens() {
    var state = Sample.state()
    _ = Reducer.reduce(&state, .start)
    let people = MediaPage(results: [MediaSummary(id: 7, kind: .person, title: "Someone")])
    _ = Reducer.reduce(&state, .listLoaded(ListPage(), .success(Sample.fetched(people))))
    var store = TestStore(state)
    store.send(.key(.character("a")))
    #expect(store.state.shared.marks.isEmpty, "a person has no watchlist")
    store.send(.key(.enter), effects: [.fetchPerson(7)]) {
      $0.push(.person(PersonScreen(id: 7, known: "Someone")))
      $0.shared[person: 7] = Loadable()
      $0.shared[person: 7]?.begin()
    }
  }
}

@Suite("The watchlist holds series")
struct SeriesWatchlistTests {
  @Test func aSeriesMarkKeepsItsKindInTheFileAndOnTheTab() {
    let marks: [MediaID: Mark] = [
      .series(1399): Mark(
        id: 1399, kind: .series, title: "Game of Thrones", year: 2011, onWatchlist: true, added: "2026-02-01"),
      .film(1399): Mark(id: 1399, title: "A film", year: 1999, onWatchlist: true, added: "2026-01-01"),
    ]
    let text = "tv/1399\tw\t2026-02-01\t\tGame of Thrones\t2011\n1399\tw\t2026-01-01\t\tA film\t1999\n"
    #expect(WatchlistFormat.parse(text).marks == marks, "tv/ID is a series, a bare id a film")
    let next = Episode(season: 2, number: 5, airDate: ReleaseDate("2027-01-15"))
    var known = SeriesSample.details(1399).summary
    known.nextEpisode = next
    let page = ListLogic.watchlistPage(WatchlistSnapshot(marks: marks, known: [.series(1399): known]))
    #expect(page.results.map(\.kind) == [.series, .film], "newest first, each as its kind")
    #expect(page.results.first?.nextEpisode == next, "the series' next episode, from the cache")
  }

  @Test func todaysSixAndTenFieldFilesStillRead() {
    let old = "550\tw\t2026-01-01\t\tFight Club\t1999\n603\ts\t2026-01-02\t2026-01-03\tThe Matrix\t1999\n"
    let parsed = WatchlistFormat.parse(old)
    #expect(parsed.badLines == 0)
    #expect(parsed.marks[.film(550)]?.kind == .film)
    #expect(parsed.marks.count == 2)
  }
}
