import FoundationEssentials

/// One amodb endpoint: where it lives, what it takes, what it answers and how long that stays fresh.
public protocol Endpoint: Sendable {
  /// What the endpoint answers.
  associatedtype Response: Decodable & Sendable

  /// The path below the base URL, starting with `/`.
  var path: String { get }
  /// The query, without any key.
  var queryItems: [URLQueryItem] { get }
  /// How long an answer may be reused without asking again, in seconds.
  var freshness: TimeInterval { get }
  /// Which kind of disk-cache entry its answers are; nil: kept in memory only.
  var cacheKind: CacheKind? { get }
}

extension Endpoint {
  /// Lists by default.
  public var cacheKind: CacheKind? { .list }
}

/// How long list pages are fresh: the edge cache's 30 minutes.
public let listFreshness: TimeInterval = 30 * 60
/// How long film details are fresh.
public let detailsFreshness: TimeInterval = 24 * 60 * 60

/// The trending window.
public enum TimeWindow: String, Sendable, Hashable, CaseIterable {
  case day, week
}

/// `GET /trending/movie/{window}`: the films trending today or this week.
public struct TrendingRequest: Endpoint, Hashable {
  public typealias Response = MoviePage
  /// Today or this week.
  public var window: TimeWindow
  /// The page, 1 to 500.
  public var page: Int
  /// The language tag, e.g. `en-US`.
  public var language: String

  /// Makes the request.
  public init(window: TimeWindow = .week, page: Int = 1, language: String) {
    self.window = window
    self.page = min(max(page, 1), 500)
    self.language = language
  }

  public var path: String { "/trending/movie/\(window.rawValue)" }
  public var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "language", value: language), URLQueryItem(name: "page", value: String(page))]
  }
  public var freshness: TimeInterval { listFreshness }
}

/// The four curated movie lists.
public enum MovieList: String, Sendable, Hashable, CaseIterable {
  case popular
  case topRated = "top_rated"
  case nowPlaying = "now_playing"
  case upcoming
}

/// `GET /movie/{list}`: popular, top rated, now playing or upcoming films.
public struct MovieListRequest: Endpoint, Hashable {
  public typealias Response = MoviePage
  /// Which list.
  public var list: MovieList
  /// The page, 1 to 500.
  public var page: Int
  /// The language tag.
  public var language: String
  /// An ISO 3166-1 region, e.g. `US`, when wanted.
  public var region: String?

  /// Makes the request.
  public init(list: MovieList, page: Int = 1, language: String, region: String? = nil) {
    self.list = list
    self.page = min(max(page, 1), 500)
    self.language = language
    self.region = region
  }

  public var path: String { "/movie/\(list.rawValue)" }
  public var queryItems: [URLQueryItem] {
    var items = [URLQueryItem(name: "language", value: language), URLQueryItem(name: "page", value: String(page))]
    if let region { items.append(URLQueryItem(name: "region", value: region)) }
    return items
  }
  public var freshness: TimeInterval { listFreshness }
}

/// `GET /movie/{id}?append_to_response=…`: one call for the whole film screen.
public struct MovieDetailsRequest: Endpoint, Hashable {
  public typealias Response = MovieDetails
  /// The film's id.
  public var id: Int
  /// The language tag.
  public var language: String

  /// Makes the request.
  public init(id: Int, language: String) {
    self.id = id
    self.language = language
  }

  /// The parts appended to the film, each nested under its own name in the answer.
  public static let appended = "credits,ratings,videos,release_dates,watch/providers,recommendations,similar"

  public var path: String { "/movie/\(id)" }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "language", value: language),
      URLQueryItem(name: "append_to_response", value: Self.appended),
    ]
  }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// `GET /search/movie`: films whose titles match a query.
public struct SearchRequest: Endpoint, Hashable {
  public typealias Response = MoviePage
  /// The words to search for.
  public var query: String
  /// The page, 1 to 500.
  public var page: Int
  /// The language tag.
  public var language: String
  /// Only films first released that year, when given.
  public var year: Int?

  /// Makes the request.
  public init(query: String, page: Int = 1, language: String, year: Int? = nil) {
    self.query = query
    self.page = min(max(page, 1), 500)
    self.language = language
    self.year = year
  }

  public var path: String { "/search/movie" }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "query", value: query), URLQueryItem(name: "language", value: language),
      URLQueryItem(name: "page", value: String(page)),
    ] + (year.map { [URLQueryItem(name: "primary_release_year", value: String($0))] } ?? [])
  }
  public var freshness: TimeInterval { listFreshness }
  /// Search answers are kept in memory for the session, never on disk.
  public var cacheKind: CacheKind? { nil }
}

/// `GET /person/{id}?append_to_response=movie_credits`: one call for a person's screen.
public struct PersonRequest: Endpoint, Hashable {
  public typealias Response = PersonDetails
  /// The person's id.
  public var id: Int
  /// The language tag.
  public var language: String

  /// Makes the request.
  public init(id: Int, language: String) {
    self.id = id
    self.language = language
  }

  public var path: String { "/person/\(id)" }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "language", value: language),
      URLQueryItem(name: "append_to_response", value: "movie_credits"),
    ]
  }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .person }
}

/// What a person types to search: the words, and a year given as `year:1999` or a trailing `(1999)`.
public struct SearchQuery: Hashable, Sendable {
  /// The words to search for.
  public var text: String
  /// The year, when one was given.
  public var year: Int?

  /// Makes a query from its parts.
  public init(text: String, year: Int?) {
    self.text = text
    self.year = year
  }

  /// Reads a typed query.
  public init(parsing typed: String) {
    var words = typed.split(separator: " ").map(String.init)
    var year: Int?
    words.removeAll { word in
      guard word.hasPrefix("year:"), let value = SearchQuery.parseYear(String(word.dropFirst(5))) else { return false }
      year = value
      return true
    }
    if let last = words.last, last.hasPrefix("("), last.hasSuffix(")"),
      let value = SearchQuery.parseYear(String(last.dropFirst().dropLast()))
    {
      year = value
      words.removeLast()
    }
    text = words.joined(separator: " ")
    self.year = year
  }

  /// The query as a person would type it: "dune (2021)".
  public var typed: String {
    year.map { "\(text) (\($0))" } ?? text
  }

  /// A plausible release year, from four digits.
  public static func parseYear(_ text: String) -> Int? {
    guard text.count == 4, let value = Int(text), (1874...2100).contains(value) else { return nil }
    return value
  }
}
