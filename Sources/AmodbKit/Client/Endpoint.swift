import FoundationEssentials
import Localization

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
  /// What an answer says it is about when that is not what was asked (another film's id), in
  /// words; nil when it is what was asked, or says nothing of it.
  func mismatch(_ response: Response) -> String?
}

extension Endpoint {
  /// Lists by default.
  public var cacheKind: CacheKind? { .list }
  /// A list answers what was asked, whatever it holds.
  public func mismatch(_ response: Response) -> String? { nil }
}

/// Words for an answer about another id than the one asked for, or nil when the ids agree.
func mismatch(asked: Int, answered: Int) -> String? {
  asked == answered ? nil : tr("the answer is about id %1$s, not the %2$s asked for", String(answered), String(asked))
}

/// How long list pages are fresh: the edge cache's 30 minutes.
public let listFreshness: TimeInterval = 30 * 60
/// How long film details are fresh.
public let detailsFreshness: TimeInterval = 24 * 60 * 60

/// The trending window.
public enum TimeWindow: String, Sendable, Hashable, CaseIterable {
  case day, week
}

/// `GET /trending/{movie|tv}/{window}`: the films or series trending today or this week.
public struct TrendingRequest: Endpoint, Hashable {
  public typealias Response = MediaPage
  /// Films or series.
  public var media: MediaKind
  /// Today or this week.
  public var window: TimeWindow
  /// The page, 1 to 500.
  public var page: Int
  /// The language tag, e.g. `en-US`.
  public var language: String

  /// Makes the request.
  public init(media: MediaKind = .film, window: TimeWindow = .week, page: Int = 1, language: String) {
    self.media = media
    self.window = window
    self.page = min(max(page, 1), 500)
    self.language = language
  }

  public var path: String { "/trending/\(media.rawValue)/\(window.rawValue)" }
  public var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "language", value: language), URLQueryItem(name: "page", value: String(page))]
  }
  public var freshness: TimeInterval { listFreshness }
}

/// amodb's curated lists: popular and top rated of films and series, now playing and upcoming
/// films, series on the air this week and airing today.
public enum CatalogueList: String, Sendable, Hashable, CaseIterable {
  case popular
  case topRated = "top_rated"
  case nowPlaying = "now_playing"
  case upcoming
  case onTheAir = "on_the_air"
  case airingToday = "airing_today"
}

/// `GET /movie/{list}` or `/tv/{list}`: one of amodb's curated lists of films or series.
public struct CatalogueRequest: Endpoint, Hashable {
  public typealias Response = MediaPage
  /// Films or series.
  public var media: MediaKind
  /// Which list.
  public var list: CatalogueList
  /// The page, 1 to 500.
  public var page: Int
  /// The language tag.
  public var language: String
  /// An ISO 3166-1 region, e.g. `US`, when wanted.
  public var region: String?

  /// Makes the request.
  public init(media: MediaKind = .film, list: CatalogueList, page: Int = 1, language: String, region: String? = nil) {
    self.media = media
    self.list = list
    self.page = min(max(page, 1), 500)
    self.language = language
    self.region = region
  }

  public var path: String { "/\(media.rawValue)/\(list.rawValue)" }
  public var queryItems: [URLQueryItem] {
    var items = [URLQueryItem(name: "language", value: language), URLQueryItem(name: "page", value: String(page))]
    // Series lists take no region.
    if let region, media == .film { items.append(URLQueryItem(name: "region", value: region)) }
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
  public static let appended =
    "credits,ratings,videos,release_dates,watch/providers,recommendations,similar,keywords,reviews"

  public var path: String { "/movie/\(id)" }
  public func mismatch(_ response: MovieDetails) -> String? { AmodbKit.mismatch(asked: id, answered: response.id) }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "language", value: language),
      URLQueryItem(name: "append_to_response", value: Self.appended),
    ]
  }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// What a search looks for.
public enum SearchScope: String, Sendable, Hashable, CaseIterable {
  /// Films, series and people at once (`/search/multi`).
  case all
  case film
  case series
  case person

  /// The endpoint's last path component.
  var endpoint: String {
    switch self {
    case .all: return "multi"
    case .film: return "movie"
    case .series: return "tv"
    case .person: return "person"
    }
  }
}

/// `GET /search/{multi|movie|tv|person}`: what matches a query. With a year, a search of everything
/// is the film search and the series search, each by its own year (`AmodbClient.answer` asks both).
public struct SearchRequest: Endpoint, Hashable {
  public typealias Response = MediaPage
  /// What it looks for.
  public var scope: SearchScope
  /// The words to search for.
  public var query: String
  /// The page, 1 to 500.
  public var page: Int
  /// The language tag.
  public var language: String
  /// Only films first released (series first aired) that year, when given.
  public var year: Int?

  /// Makes the request.
  public init(scope: SearchScope = .film, query: String, page: Int = 1, language: String, year: Int? = nil) {
    self.scope = scope
    self.query = query
    self.page = min(max(page, 1), 500)
    self.language = language
    self.year = year
  }

  public var path: String { "/search/\(scope.endpoint)" }
  public var queryItems: [URLQueryItem] {
    let yearName: String? =
      switch scope {
      case .film: "primary_release_year"
      case .series: "first_air_date_year"
      case .all, .person: nil
      }
    return [
      URLQueryItem(name: "query", value: query), URLQueryItem(name: "language", value: language),
      URLQueryItem(name: "page", value: String(page)),
    ] + (year.flatMap { year in yearName.map { [URLQueryItem(name: $0, value: String(year))] } } ?? [])
  }

  /// The same search in another scope.
  public func scoped(_ scope: SearchScope) -> SearchRequest {
    SearchRequest(scope: scope, query: query, page: page, language: language, year: year)
  }
  public var freshness: TimeInterval { listFreshness }
  /// Search answers are kept in memory for the session, never on disk.
  public var cacheKind: CacheKind? { nil }
}

/// `GET /person/{id}?append_to_response=combined_credits`: one call for a person's screen.
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
  public func mismatch(_ response: PersonDetails) -> String? { AmodbKit.mismatch(asked: id, answered: response.id) }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "language", value: language),
      URLQueryItem(name: "append_to_response", value: "combined_credits"),
    ]
  }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .person }
}

/// `GET /tv/{id}?append_to_response=…`: one call for the whole series screen.
public struct SeriesRequest: Endpoint, Hashable {
  public typealias Response = SeriesDetails
  /// The series' id.
  public var id: Int
  /// The language tag.
  public var language: String

  /// Makes the request.
  public init(id: Int, language: String) {
    self.id = id
    self.language = language
  }

  /// The parts appended to the series, each nested under its own name in the answer.
  public static let appended =
    "aggregate_credits,content_ratings,videos,watch/providers,recommendations,similar,external_ids,ratings"

  public var path: String { "/tv/\(id)" }
  public func mismatch(_ response: SeriesDetails) -> String? { AmodbKit.mismatch(asked: id, answered: response.id) }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "language", value: language),
      URLQueryItem(name: "append_to_response", value: Self.appended),
    ]
  }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// `GET /tv/{id}/season/{n}`: a season's episodes with their people.
public struct SeasonRequest: Endpoint, Hashable {
  public typealias Response = SeasonDetails
  /// The series' id.
  public var seriesID: Int
  /// The season's number; 0 is the specials.
  public var number: Int
  /// The language tag.
  public var language: String

  /// Makes the request.
  public init(seriesID: Int, number: Int, language: String) {
    self.seriesID = seriesID
    self.number = max(number, 0)
    self.language = language
  }

  public var path: String { "/tv/\(seriesID)/season/\(number)" }
  public func mismatch(_ response: SeasonDetails) -> String? {
    response.number == number
      ? nil
      : tr("the answer is about season %1$s, not the %2$s asked for", String(response.number), String(number))
  }
  public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// What a person types to search: the words, and a year given as `year:1999` or a trailing `(1999)`.
public struct SearchQuery: Hashable, Sendable {
  /// The words to search for.
  public var text: String
  /// The year, when one was given.
  public var year: Int?
  /// What it looks for: everything unless asked.
  public var scope: SearchScope

  /// Makes a query from its parts.
  public init(text: String, year: Int?, scope: SearchScope = .all) {
    self.text = text
    self.year = year
    self.scope = scope
  }

  /// Reads a typed query.
  public init(parsing typed: String, scope: SearchScope = .all) {
    self.scope = scope
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
