import FoundationEssentials

/// How long the genre and provider tables are fresh: a week.
public let tableFreshness: TimeInterval = 7 * 24 * 60 * 60

/// `GET /discover/{movie|tv}`: a page of titles matching a filter.
public struct DiscoverRequest: Endpoint, Hashable {
  public typealias Response = MediaPage
  /// What to find.
  public var filter: DiscoverFilter
  /// The page, 1 to 500.
  public var page: Int
  /// The language tag.
  public var language: String
  /// The country for services, certifications and release dates.
  public var region: String?

  /// Makes the request.
  public init(filter: DiscoverFilter, page: Int = 1, language: String, region: String?) {
    self.filter = filter
    self.page = min(max(page, 1), 500)
    self.language = language
    self.region = region
  }

  public var path: String { "/discover/\(filter.media == .series ? "tv" : "movie")" }
  public var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "language", value: language), URLQueryItem(name: "page", value: String(page))]
      + filter.queryItems(region: region)
  }
  public var freshness: TimeInterval { listFreshness }
}

/// `GET /genre/{movie|tv}/list`: the genres, named in a language.
public struct GenreListRequest: Endpoint, Hashable {
  public typealias Response = GenreTable
  /// Films or series (their genres differ).
  public var media: MediaKind
  /// The language tag.
  public var language: String

  /// Makes the request.
  public init(media: MediaKind = .film, language: String) {
    self.media = media
    self.language = language
  }

  public var path: String { "/genre/\(media == .series ? "tv" : "movie")/list" }
  public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }
  public var freshness: TimeInterval { tableFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// `GET /watch/providers/{movie|tv}?watch_region=CC`: the streaming services of a country.
public struct ProviderListRequest: Endpoint, Hashable {
  public typealias Response = ProviderTable
  /// Films or series.
  public var media: MediaKind
  /// The country, ISO 3166-1.
  public var region: String
  /// The language tag.
  public var language: String

  /// Makes the request.
  public init(media: MediaKind = .film, region: String, language: String) {
    self.media = media
    self.region = region
    self.language = language
  }

  public var path: String { "/watch/providers/\(media == .series ? "tv" : "movie")" }
  public var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "watch_region", value: region), URLQueryItem(name: "language", value: language)]
  }
  public var freshness: TimeInterval { tableFreshness }
  public var cacheKind: CacheKind? { .details }
}
