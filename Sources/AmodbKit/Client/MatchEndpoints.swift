import FoundationEssentials

/// `GET /search/movie?query=…&primary_release_year=…`, asked by an import to match a film by its
/// title and year: the browser's film search, kept on disk so an import run again asks nothing.
public struct FilmMatchRequest: Endpoint, Hashable {
  public typealias Response = MediaPage
  /// The film search it is.
  public var search: SearchRequest

  /// Makes the request: the first page of films called `title`, of that year when given.
  public init(title: String, year: Int?, language: String) {
    search = SearchRequest(scope: .film, query: title, page: 1, language: language, year: year)
  }

  public var path: String { search.path }
  public var queryItems: [URLQueryItem] { search.queryItems }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// `GET /find/{tt…}?external_source=imdb_id`: the film, series or episode with an IMDb id.
public struct FindByIMDbRequest: Endpoint, Hashable {
  public typealias Response = FoundByIMDb
  /// The IMDb id, `tt` and digits.
  public var imdbID: String
  /// The language tag.
  public var language: String

  /// Makes the request; nil unless the id is `tt` and 1 to 10 digits (it is put in the path).
  public init?(imdbID: String, language: String) {
    let digits = imdbID.dropFirst(2)
    guard imdbID.hasPrefix("tt"), (1...10).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    self.imdbID = imdbID
    self.language = language
  }

  public var path: String { "/find/\(imdbID)" }
  public var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "external_source", value: "imdb_id"), URLQueryItem(name: "language", value: language)]
  }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// `GET /find/{id}?external_source=tvdb_id`: the series (a series' id) or the episode (an episode's
/// id) with a TVDB id, answered as for an IMDb id.
public struct FindByTVDBRequest: Endpoint, Hashable {
  public typealias Response = FoundByIMDb
  /// The TVDB id.
  public var tvdbID: Int
  /// The language tag.
  public var language: String

  /// Makes the request; nil unless the id is 1 to `Int32.max` (it is put in the path).
  public init?(tvdbID: Int, language: String) {
    guard (1...Int(Int32.max)).contains(tvdbID) else { return nil }
    self.tvdbID = tvdbID
    self.language = language
  }

  public var path: String { "/find/\(tvdbID)" }
  public var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "external_source", value: "tvdb_id"), URLQueryItem(name: "language", value: language)]
  }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// What `/find` answers: the films, series and episodes with that id (bad entries skipped).
public struct FoundByIMDb: Sendable, Equatable, Decodable {
  /// Films.
  public var films: [MediaSummary]
  /// Series.
  public var series: [MediaSummary]
  /// Episodes.
  public var episodes: [FoundEpisode]

  /// Makes one from its parts.
  public init(films: [MediaSummary] = [], series: [MediaSummary] = [], episodes: [FoundEpisode] = []) {
    self.films = films
    self.series = series
    self.episodes = episodes
  }

  enum CodingKeys: String, CodingKey {
    case films = "movie_results"
    case series = "tv_results"
    case episodes = "tv_episode_results"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    films = Array(container.lossyArray(MediaSummary.self, .films).filter { $0.kind == .film }.prefix(5))
    series = Array(
      container.lossyArray(SeriesResult.self, .series).map(\.summary).prefix(5))
    episodes = Array(container.lossyArray(FoundEpisode.self, .episodes).prefix(5))
  }
}

/// A series in `/find`'s answer, read as a series whatever its fields say.
private struct SeriesResult: Decodable {
  var summary: MediaSummary

  init(from decoder: any Decoder) throws {
    var summary = try MediaSummary(from: decoder)
    if summary.kind != .series {
      summary = MediaSummary(
        id: summary.id, kind: .series, title: summary.title, originalTitle: summary.originalTitle,
        releaseDate: summary.releaseDate, posterPath: summary.posterPath, voteAverage: summary.voteAverage,
        voteCount: summary.voteCount, overview: summary.overview, genreIDs: summary.genreIDs)
    }
    self.summary = summary
  }
}

/// An episode `/find` answered: its series, season and number.
public struct FoundEpisode: Sendable, Equatable, Decodable {
  /// The series' id.
  public var seriesID: Int
  /// The season.
  public var season: Int
  /// The episode's number in the season.
  public var number: Int
  /// Its name.
  public var name: String?

  /// Makes one.
  public init(seriesID: Int, season: Int, number: Int, name: String? = nil) {
    self.seriesID = seriesID
    self.season = season
    self.number = number
    self.name = name
  }

  enum CodingKeys: String, CodingKey {
    case seriesID = "show_id"
    case season = "season_number"
    case number = "episode_number"
    case name
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let series = container.integer(.seriesID), series > 0, let season = container.integer(.season),
      (0...10_000).contains(season), let number = container.integer(.number), (0...100_000).contains(number)
    else {
      throw DecodingError.dataCorruptedError(forKey: .seriesID, in: container, debugDescription: "not an episode")
    }
    seriesID = series
    self.season = season
    self.number = number
    name = container.text(.name, limit: 200)
  }
}
