import AmodbKit
import FoundationEssentials
import TrendingCore

/// A page of a list as tests name it: which list, which page, and whether the cache is bypassed.
/// It stands for the one `APIRequest` the list asks (in the tests' language, `en-US`).
public struct ListPage: Equatable, Sendable {
  /// The language every test state uses.
  public static let language = "en-US"

  /// Which list.
  public var source: ListSource
  /// Today or this week.
  public var window: TimeWindow
  /// The page.
  public var page: Int
  /// Whether the network is asked even with an answer kept.
  public var force: Bool

  /// A page of a tab.
  public init(_ kind: ListKind = .trending, window: TimeWindow = .week, page: Int = 1, force: Bool = false) {
    self.init(source: .tab(kind), window: window, page: page, force: force)
  }

  /// A page of any list.
  public init(source: ListSource, window: TimeWindow = .week, page: Int = 1, force: Bool = false) {
    self.source = source
    self.window = window
    self.page = page
    self.force = force
  }

  /// The request the page is.
  public var request: APIRequest? {
    source.request(window: window, page: page, language: Self.language, region: nil)
  }
}

extension Effect {
  /// Reading the watchlist for its tab.
  public static let readWatchlist = Effect.readLocal(.watchlist)

  /// Fetching a page of a list (the watchlist's is read from its file).
  public static func fetchList(_ list: ListPage) -> Effect {
    guard let request = list.request else { return .readWatchlist }
    return .fetch(request, keptFirst: !list.force)
  }

  /// Fetching a film's details: the kept answer first unless forced.
  public static func fetchFilm(_ id: Int, force: Bool = false) -> Effect {
    .fetch(.film(id), keptFirst: !force)
  }

  /// Fetching a person: the kept answer first unless forced.
  public static func fetchPerson(_ id: Int, force: Bool = false) -> Effect {
    .fetch(.person(id), keptFirst: !force)
  }

  /// Fetching a series' details: the kept answer first unless forced.
  public static func fetchSeries(_ id: Int, force: Bool = false) -> Effect {
    .fetch(.series(id), keptFirst: !force)
  }

  /// Fetching a season's episodes: the kept answer first unless forced.
  public static func fetchSeason(_ id: Int, _ number: Int, force: Bool = false) -> Effect {
    .fetch(.season(id, number), keptFirst: !force)
  }
}

extension APIRequest {
  /// A film's request in the tests' language.
  public static func film(_ id: Int) -> APIRequest {
    .movie(MovieDetailsRequest(id: id, language: ListPage.language))
  }

  /// A person's request in the tests' language.
  public static func person(_ id: Int) -> APIRequest {
    .person(PersonRequest(id: id, language: ListPage.language))
  }

  /// A series' request in the tests' language.
  public static func series(_ id: Int) -> APIRequest {
    .series(SeriesRequest(id: id, language: ListPage.language))
  }

  /// A season's request in the tests' language.
  public static func season(_ id: Int, _ number: Int) -> APIRequest {
    .season(SeasonRequest(seriesID: id, number: number, language: ListPage.language))
  }
}

extension EffectID {
  /// The identity of a list page's request.
  public static func list(_ list: ListPage) -> EffectID {
    list.request.map { .fetch($0) } ?? .local(.watchlist)
  }
}

extension Action {
  /// A list page answered.
  public static func listLoaded(_ list: ListPage, _ result: Result<Fetched<MediaPage>, AmodbError>) -> Action {
    guard let request = list.request else {
      return .watchlistRead(result.map { WatchlistSnapshot(marks: [:], known: [:]).with($0.value) })
    }
    return .fetched(request, result.map { $0.map(APIAnswer.page) })
  }

  /// A film answered.
  public static func filmLoaded(_ id: Int, _ result: Result<Fetched<MovieDetails>, AmodbError>) -> Action {
    .fetched(.film(id), result.map { $0.map(APIAnswer.movie) })
  }

  /// A person answered.
  public static func personLoaded(_ id: Int, _ result: Result<Fetched<PersonDetails>, AmodbError>) -> Action {
    .fetched(.person(id), result.map { $0.map(APIAnswer.person) })
  }

  /// A series answered.
  public static func seriesLoaded(_ id: Int, _ result: Result<Fetched<SeriesDetails>, AmodbError>) -> Action {
    .fetched(.series(id), result.map { $0.map(APIAnswer.series) })
  }

  /// A season answered.
  public static func seasonLoaded(
    _ id: Int, _ number: Int, _ result: Result<Fetched<SeasonDetails>, AmodbError>
  ) -> Action {
    .fetched(.season(id, number), result.map { $0.map(APIAnswer.season) })
  }
}

extension WatchlistSnapshot {
  /// A snapshot that reads back as this page: each film on the watchlist, newest first, as known.
  func with(_ page: MediaPage) -> WatchlistSnapshot {
    var snapshot = self
    for (offset, film) in page.results.enumerated() {
      // Added in years counting down, so the newest-first order is the page's.
      let day = "\(2999 - offset)-01-01"
      snapshot.marks[.film(film.id)] = Mark(
        id: film.id, title: film.title, year: film.year, onWatchlist: true, added: day)
      snapshot.known[.film(film.id)] = film
    }
    return snapshot
  }
}

extension Shared {
  /// A film's answer as tests read and set it.
  public subscript(film id: Int) -> Loadable<MovieDetails>? {
    get { answers[.film(id)].map { _ in film(id) } }
    set { answers[.film(id)] = newValue.map { $0.converted(APIAnswer.movie) } }
  }

  /// A person's answer as tests read and set it.
  public subscript(person id: Int) -> Loadable<PersonDetails>? {
    get { answers[.person(id)].map { _ in person(id) } }
    set { answers[.person(id)] = newValue.map { $0.converted(APIAnswer.person) } }
  }

  /// A series' answer as tests read and set it.
  public subscript(series id: Int) -> Loadable<SeriesDetails>? {
    get { answers[.series(id)].map { _ in series(id) } }
    set { answers[.series(id)] = newValue.map { $0.converted(APIAnswer.series) } }
  }

  /// A season's answer as tests read and set it.
  public subscript(season id: Int, number number: Int) -> Loadable<SeasonDetails>? {
    get { answers[.season(id, number)].map { _ in season(id, number) } }
    set { answers[.season(id, number)] = newValue.map { $0.converted(APIAnswer.season) } }
  }
}

extension Loadable {
  /// The same state with the value wrapped as an answer.
  func converted(_ wrap: (Value) -> APIAnswer) -> Loadable<APIAnswer> {
    var answer = Loadable<APIAnswer>()
    if let value, let fetchedAt { answer = Loadable<APIAnswer>(value: wrap(value), fetchedAt: fetchedAt) }
    switch phase {
    case .idle: answer.phase = .idle
    case .loading: answer.phase = .loading
    case .done: answer.phase = .done
    case .failed(let error): answer.phase = .failed(error)
    }
    return answer
  }
}

extension AppState {
  /// Changes the screen showing, when it is of the kind given.
  public mutating func change<Screen: ScreenFeature>(_ kind: Screen.Type, _ body: (inout Screen) -> Void) {
    updateTop { screen, _ in
      guard var typed = screen as? Screen else { return }
      body(&typed)
      screen = typed
    }
  }

  /// The document cursor of the document showing (a film, series, season, episode or person), as tests read and set it.
  public var cursor: DocumentCursor? {
    get { (top as? any DocumentScreen)?.cursor }
    set {
      guard let newValue else { return }
      updateTop { screen, _ in
        guard var document = screen as? any DocumentScreen else { return }
        document.cursor = newValue
        screen = document
      }
    }
  }

  /// How far the film or person showing is scrolled (0 when none is).
  public var detailScroll: Int {
    get { cursor?.scroll ?? 0 }
    set { cursor?.scroll = newValue }
  }

  /// The most the film or person showing can scroll, as last drawn.
  public var detailMaxScroll: Int {
    get { cursor?.layout.maxScroll ?? 0 }
    set { cursor?.layout.maxScroll = newValue }
  }
}

extension MediaID: ExpressibleByIntegerLiteral {
  /// A film's identity written as its id, as the tests speak of marks: `marks[550]`.
  public init(integerLiteral id: Int) {
    self.init(.film, id)
  }
}

extension Action {
  /// The watchlist read for its tab.
  public static func watchlistRead(_ result: Result<WatchlistSnapshot, AmodbError>) -> Action {
    .localRead(.watchlist, result.map(LocalAnswer.watchlist))
  }
}
