import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// States the snapshot tests draw.
enum Scenes {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 120, height: 40)]
  /// The sizes every new screen is drawn at: a classic terminal, a small pane, a wide monitor.
  static let screenSizes = [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60)]

  static func film(_ id: Int, _ title: String, year: Int? = 2024, score: Double? = 7.9, votes: Int = 1200)
    -> MediaSummary
  {
    MediaSummary(
      id: id, title: title, releaseDate: year.flatMap { ReleaseDate("\($0)-05-01") }, voteAverage: score,
      voteCount: votes, overview: "A story about film number \(id), told in a few plain words.",
      genreIDs: [18, 36])
  }

  static let films: [MediaSummary] =
    [
      film(1, "Dune: Part Two", score: 8.1),
      film(2, "Oppenheimer", year: 2023, score: 8.1),
      film(3, "卧虎藏龙", year: 2000, score: 7.4),
      film(4, "ואלס עם באשיר", year: 2008, score: 7.7),
      film(5, "Сталкер", year: 1979, score: 8.1),
      film(6, "Party 🎉 Time 👨‍👩‍👧 Family", score: 5.2),
      film(7, String(repeating: "A very long title that goes on ", count: 7).trimmingCharacters(in: .whitespaces)),
      film(8, "Ame\u{301}lie", year: 2001, score: 7.9),
      film(9, "Better Than Me", year: nil, score: 0, votes: 0),
      film(41, "A score nobody could read", year: 2020, score: nil, votes: 300),
    ] + (10...40).map { film($0, "Film number \($0)", year: 1990 + $0 % 30, score: Double($0 % 10)) }

  static func base(_ size: Size) -> AppState {
    AppState(language: "en-US", size: size, now: now)
  }

  static func list(_ size: Size, films: [MediaSummary] = films, selection: Int = 1) -> AppState {
    var state = base(size)
    state.rootList.list = Loadable(
      value: Listing(firstPage: MediaPage(totalPages: 2, results: films)), fetchedAt: now.addingTimeInterval(-180))
    state.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 37)
    state.rootList.selection = selection
    return state
  }

  static let longOverview =
    String(
      repeating:
        "A sweeping story told across three decades, in which every choice echoes further than anyone planned. ",
      count: 6) + "\n\nA second paragraph closes it."

  static let fullDetails = MovieDetails(
    id: 2, title: "Oppenheimer", tagline: "The world forever changes.", overview: longOverview,
    releaseDate: ReleaseDate("2023-07-19"), runtime: 181, genres: ["Drama", "History"], voteAverage: 8.1,
    voteCount: 9800,
    credits: Credits(
      cast: [
        CastMember(id: 1, name: "Cillian Murphy", character: "J. Robert Oppenheimer", order: 0),
        CastMember(id: 2, name: "Emily Blunt", character: "Kitty Oppenheimer", order: 1),
        CastMember(id: 3, name: "Matt Damon", character: "Leslie Groves", order: 2),
      ],
      crew: [
        CrewMember(id: 9, name: "Christopher Nolan", job: "Director", department: "Directing"),
        CrewMember(id: 9, name: "Christopher Nolan", job: "Screenplay", department: "Writing"),
        CrewMember(id: 10, name: "Kai Bird", job: "Book", department: "Writing"),
      ]),
    ratings: Ratings(
      imdb: Rating(value: 8.3, votes: 880_000), kinopoisk: Rating(value: 8, votes: 420_000),
      metacritic: Rating(value: 90),
      rottenTomatoes: Rating(value: 93), tmdb: Rating(value: 8.1, votes: 9800)),
    certifications: ["US": "R", "DE": "12"],
    videos: [Video(site: "YouTube", key: "uYPbbksJxIg", type: "Trailer", name: "Official Trailer", official: true)],
    providers: [
      "US": WatchProviders(
        subscription: ["Peacock Premium"], rent: ["Apple TV", "Amazon Video"], buy: ["Apple TV", "Google Play Movies"])
    ],
    collection: nil,
    recommendations: [film(157336, "Interstellar", year: 2014, score: 8.5), film(1, "Dune: Part Two", score: 8.1)],
    similar: [film(5, "Сталкер", year: 1979, score: 8.1)])

  static let person = PersonDetails(
    id: 1, name: "Cillian Murphy", knownFor: "Acting", birthday: ReleaseDate("1976-05-25"),
    placeOfBirth: "Douglas, Cork, Ireland",
    biography: String(
      repeating: "An Irish actor who began on the stage in Cork and moved to film in his twenties. ", count: 8),
    credits: [
      PersonCredit(media: film(2, "Oppenheimer", year: 2023, score: 8.1), role: "J. Robert Oppenheimer", isCast: true),
      PersonCredit(media: film(42, "28 Days Later", year: 2002, score: 7.2), role: "Jim", isCast: true),
      PersonCredit(media: film(43, "Inception", year: 2010, score: 8.4), role: "Robert Fischer", isCast: true),
      PersonCredit(media: film(44, "Peaky Blinders: The Film", year: nil, score: 0, votes: 0), role: nil, isCast: true),
      PersonCredit(media: film(45, "Small Things Like These", year: 2024, score: 6.9), role: "Producer", isCast: false),
    ])

  static func detail(_ size: Size, details: MovieDetails?, phase: Loadable<MovieDetails>.Phase = .done) -> AppState {
    var state = list(size)
    state.push(.film(FilmScreen(id: 2, known: state.rootList.movies.first { $0.id == 2 })))
    var entry = Loadable<MovieDetails>()
    if let details { entry.succeed(details, at: now.addingTimeInterval(-60)) }
    entry.phase = phase
    state.shared[film: 2] = entry
    return state
  }
}

@Suite("Screen snapshots")
struct ScreenSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  func check(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    Self.check(state, name, sourceLocation: sourceLocation)
  }

  /// Draws the state as the run loop does and compares it with its snapshot.
  /// Draws a state as the run loop does: a document's layout goes back to the reducer, then the
  /// frame is drawn again; the frame and the state it was drawn from.
  static func drawn(_ state: AppState) -> (frame: Frame, state: AppState) {
    var state = state
    var frame = Renderer.render(state)
    if let layout = frame.document, layout != state.top.layout {
      _ = Reducer.reduce(&state, .documentLayout(layout))
      frame = Renderer.render(state)
    }
    return (frame, state)
  }

  static func check(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (frame, state) = drawn(state)
    let text = ChromeMask.bodyText(frame.screen, state)
    assertSnapshot(
      text, named: "\(name)-\(state.shared.size.width)x\(state.shared.size.height)", sourceLocation: sourceLocation)
  }

  @Test(arguments: Scenes.sizes)
  func loading(size: Size) {
    var state = Scenes.base(size)
    state.rootList.list.begin()
    check(state, "loading")
  }

  @Test(arguments: Scenes.sizes)
  func list(size: Size) {
    check(Scenes.list(size), "list")
  }

  @Test(arguments: Scenes.sizes)
  func listRefreshing(size: Size) {
    var state = Scenes.list(size)
    state.rootList.list.begin()
    check(state, "list-refreshing")
  }

  @Test(arguments: Scenes.sizes)
  func listWithFailedRefresh(size: Size) {
    var state = Scenes.list(size)
    state.rootList.list.fail(.server(status: 503, message: "Service down."))
    check(state, "list-refresh-failed")
  }

  @Test(arguments: Scenes.sizes)
  func listOfflineWithOldData(size: Size) {
    var state = Scenes.list(size)
    state.rootList.list.fetchedAt = Scenes.now.addingTimeInterval(-3 * 3600)
    state.rootList.list.fail(.transport(description: "offline (no network connection)"))
    check(state, "list-offline")
  }

  @Test func listWaitingForTheBudget() {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.rootList.list.begin()
    state.shared.waits[.list(ListPage(page: 1))] = Scenes.now.addingTimeInterval(12)
    check(state, "list-budget-wait")
  }

  @Test func aFilmWaitingForTheBudgetSaysSo() {
    var state = Scenes.list(Size(width: 80, height: 24))
    _ = Reducer.reduce(&state, .key(.enter))
    if let id = state.rootList.selectedMovie?.id {
      state.shared.waits[.fetch(.film(id))] = Scenes.now.addingTimeInterval(50)
    }
    check(state, "detail-budget-wait")
  }

  @Test func theBudgetShowsOnlyWhenItRunsLow() {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    #expect(!Renderer.render(state).screen.line(22).contains("requests left"))
    state.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 6)
    #expect(Renderer.render(state).screen.line(22).contains("6/40 requests left"))
    state.shared.sourceLabel = "demo"
    #expect(!Renderer.render(state).screen.line(22).contains("requests left"), "never in the demo")
  }

  static let errors: [(String, AmodbError)] = [
    ("401", .unauthorized(message: "Invalid API key: You must be granted a valid key.")),
    ("402", .paymentRequired(message: nil)),
    ("429", .rateLimited(retryAfter: 30)),
    ("500", .server(status: 500, message: nil)),
    ("timeout", .timedOut(seconds: 10)),
    ("offline", .transport(description: "could not connect to 127.0.0.1:9 (connection refused)")),
    ("unreadable", .unreadable(detail: "not valid JSON")),
    ("missing-key", .missingKey),
  ]

  @Test(arguments: errors.map(\.0))
  func errorScreens(name: String) {
    let error = Self.errors.first { $0.0 == name }?.1 ?? .missingKey
    for size in Scenes.sizes {
      var state = Scenes.base(size)
      state.rootList.list.fail(error)
      check(state, "error-\(name)")
    }
  }

  @Test(arguments: Scenes.sizes)
  func empty(size: Size) {
    check(Scenes.list(size, films: []), "empty")
  }

  @Test(arguments: Scenes.sizes)
  func detail(size: Size) {
    check(Scenes.detail(size, details: Scenes.fullDetails), "detail")
  }

  @Test func detailScrolled() {
    var state = Scenes.detail(Size(width: 80, height: 24), details: Scenes.fullDetails)
    state.detailScroll = 10
    check(state, "detail-scrolled")
  }

  @Test(arguments: Scenes.sizes)
  func detailMissingFieldsAndNoRatings(size: Size) {
    check(
      Scenes.detail(size, details: MovieDetails(id: 2, title: "Better Than Me", status: "In Production")),
      "detail-sparse")
  }

  @Test(arguments: Scenes.sizes)
  func detailLoading(size: Size) {
    check(Scenes.detail(size, details: nil, phase: .loading), "detail-loading")
  }

  @Test(arguments: Scenes.sizes)
  func detailFailed(size: Size) {
    check(
      Scenes.detail(size, details: nil, phase: .failed(.notFound(message: "The resource could not be found."))),
      "detail-failed")
  }

  @Test(arguments: Scenes.sizes)
  func help(size: Size) {
    var state = Scenes.list(size)
    state.help = HelpScreen()
    check(state, "help")
  }

  @Test(arguments: [Size(width: 29, height: 12), Size(width: 80, height: 7), Size(width: 12, height: 3)])
  func tooSmall(size: Size) {
    check(Scenes.list(size), "too-small")
  }

  @Test(arguments: Scenes.sizes)
  func scriptsAndLongTitles(size: Size) {
    let titles = [
      Scenes.film(1, "千と千尋の神隠し 卧虎藏龙 花樣年華 英雄 the end"), Scenes.film(2, "ואלס עם באשיר הערת שוליים"),
      Scenes.film(3, "🎬🍿 Emoji 👩‍🚀 Astronaut 🇺🇦 Flag"), Scenes.film(4, String(repeating: "x", count: 200)),
      Scenes.film(5, "Combining: Z\u{351}\u{36B}a\u{30C}l\u{33F}g\u{35A}o"),
    ]
    check(Scenes.list(size, films: titles, selection: 0), "scripts")
  }

  // MARK: The film browser's screens, at 80x24, 40x12 and 200x60

  /// The state with the search line open and `text` typed, its results answered when given.
  static func searching(_ size: Size, text: String, results: [MediaSummary]?) -> AppState {
    var state = Scenes.list(size)
    _ = Reducer.reduce(&state, .key(.character("/")))
    for character in text { _ = Reducer.reduce(&state, .key(.character(character))) }
    guard let results, let query = state.search?.query else { return state }
    _ = Reducer.reduce(&state, .searchDue(query))
    _ = Reducer.reduce(
      &state,
      .listLoaded(
        ListPage(source: .search(query), window: .week, page: 1),
        .success(Fetched(value: MediaPage(results: results), fetchedAt: Scenes.now))))
    return state
  }

  @Test(arguments: Scenes.screenSizes)
  func searchLineOpen(size: Size) {
    check(Self.searching(size, text: "", results: nil), "search-open")
  }

  @Test(arguments: Scenes.screenSizes)
  func searchResultsAsYouType(size: Size) {
    check(Self.searching(size, text: "film (2024)", results: Array(Scenes.films.prefix(6))), "search-results")
  }

  @Test(arguments: Scenes.screenSizes)
  func searchWithNoResults(size: Size) {
    check(Self.searching(size, text: "zzzz", results: []), "search-empty")
  }

  @Test(arguments: Scenes.screenSizes)
  func searchResultsKeptAsAList(size: Size) {
    var state = Self.searching(size, text: "film", results: Array(Scenes.films.prefix(6)))
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.enter))
    check(state, "search-kept")
    // Sorted, its header says so, as a tab's does.
    _ = Reducer.reduce(&state, .key(.character("s")))
    let header = Renderer.render(state).screen.line(0)
    #expect(header.contains("Search “film” · by score") || size.width < 60, "\(header)")
  }

  @Test(arguments: Scenes.screenSizes)
  func filmWithALinkSelected(size: Size) {
    var state = Scenes.detail(size, details: Scenes.fullDetails)
    _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.down))
    check(state, "film-link-selected")
  }

  @Test(arguments: Scenes.screenSizes)
  func filmScrolledToItsRelatedFilms(size: Size) {
    var state = Scenes.detail(size, details: Scenes.fullDetails)
    _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
    _ = Reducer.reduce(&state, .key(.end))
    check(state, "film-end")
  }

  static func person(_ size: Size, expanded: Bool = false, byScore: Bool = false) -> AppState {
    var state = Scenes.detail(size, details: Scenes.fullDetails)
    var screen = PersonScreen(id: 1)
    screen.expanded = expanded
    screen.byScore = byScore
    state.push(.person(screen))
    state.shared[person: 1] = Loadable(value: Scenes.person, fetchedAt: Scenes.now.addingTimeInterval(-30))
    return state
  }

  @Test(arguments: Scenes.screenSizes)
  func person(size: Size) {
    check(Self.person(size), "person")
  }

  @Test(arguments: Scenes.screenSizes)
  func personExpandedByScore(size: Size) {
    check(Self.person(size, expanded: true, byScore: true), "person-expanded-by-score")
  }

  @Test(arguments: Scenes.screenSizes)
  func personLoadingAndFailed(size: Size) {
    var state = Scenes.detail(size, details: Scenes.fullDetails)
    // Opened from the cast, whose line named them: the name shows while the page cannot.
    state.push(.person(PersonScreen(id: 3, known: "Cillian Murphy")))
    state.shared[person: 3] = Loadable()
    state.shared[person: 3]?.begin()
    check(state, "person-loading")
    state.shared[person: 3]?.fail(.notFound(message: nil))
    check(state, "person-failed")
  }

  @Test(arguments: Scenes.screenSizes)
  func wideListWithGenresVotesAndFacts(size: Size) {
    var state = Scenes.list(size)
    state.shared.imagesEnabled = true
    state.shared[film: 2] = Loadable(value: Scenes.fullDetails, fetchedAt: Scenes.now)
    check(state, "list-wide")
  }

  @Test(arguments: Scenes.screenSizes)
  func helpWithTheAboutLines(size: Size) {
    var state = Scenes.list(size)
    _ = Reducer.reduce(&state, .key(.character("?")))
    for _ in 0..<60 { _ = Reducer.reduce(&state, .key(.down)) }
    #expect(state.help != nil)
    check(state, "help-about")
  }

  @Test(arguments: Scenes.screenSizes)
  func listWithMarksSortedByScore(size: Size) {
    var state = Scenes.list(size)
    state.shared.marks[2] = Mark(id: 2, title: "Oppenheimer", year: 2023, onWatchlist: true, added: "2026-11-01")
    state.shared.marks[3] = Mark(
      id: 3, title: "卧虎藏龙", year: 2000, onWatchlist: true, added: "2026-11-02", seen: "2026-11-20")
    _ = Reducer.reduce(&state, .key(.character("s")))
    check(state, "list-marks-by-score")
  }
}
