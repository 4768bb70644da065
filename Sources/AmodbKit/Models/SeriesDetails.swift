/// Everything a series' screen shows, from one request with its appended parts.
public struct SeriesDetails: Sendable, Hashable, Decodable {
  /// The series' id.
  public var id: Int
  /// Its localized name.
  public var name: String
  /// Its name in the original language, when it differs.
  public var originalName: String?
  /// Its tagline.
  public var tagline: String?
  /// Its overview.
  public var overview: String?
  /// When its first episode aired.
  public var firstAirDate: ReleaseDate?
  /// When its latest episode aired.
  public var lastAirDate: ReleaseDate?
  /// TMDB's status: "Returning Series", "Ended", "Canceled", "In Production", "Planned", "Pilot".
  public var status: String?
  /// Whether more is being made.
  public var inProduction: Bool
  /// The networks it airs on.
  public var networks: [String]
  /// Who created it.
  public var createdBy: [PersonReference]
  /// Seasons, not counting specials.
  public var numberOfSeasons: Int?
  /// Episodes, in all.
  public var numberOfEpisodes: Int?
  /// An episode's usual runtime in minutes, when known.
  public var episodeRuntime: Int?
  /// The genres' names.
  public var genres: [String]
  /// The genres' TMDB ids, as a list's rows name genres (`MediaSummary.genreIDs`).
  public var genreIDs: [Int] = []
  /// The poster's path on the image host.
  public var posterPath: String?
  /// TMDB's average vote, 0–10.
  public var voteAverage: Double
  /// How many votes the average rests on.
  public var voteCount: Int
  /// The latest episode aired.
  public var lastEpisode: Episode?
  /// The next episode announced.
  public var nextEpisode: Episode?

  /// Its seasons, as TMDB lists them (specials are season 0).
  public var seasons: [SeasonSummary]
  /// Its cast and crew over every episode, cut to what the screen shows.
  public var credits: SeriesCredits
  /// Its certification by country code (`content_ratings`).
  public var certifications: [String: String]
  /// Its videos.
  public var videos: [Video]
  /// Where to watch it, by country code.
  public var providers: [String: WatchProviders]
  /// Series recommended for people who liked it.
  public var recommendations: [MediaSummary]
  /// Similar series.
  public var similar: [MediaSummary]
  /// Its IMDb id (`external_ids`).
  public var imdbID: String?
  /// amodb's ratings, when it sends them for series.
  public var ratings: Ratings?

  /// The years it ran: "2011–2019", "2022–" while it goes on, "2019" for one year.
  public var years: String? {
    guard let first = firstAirDate?.year else { return nil }
    if isRunning { return "\(first)–" }
    guard let last = lastAirDate?.year, last != first else { return String(first) }
    return "\(first)–\(last)"
  }

  /// Whether the series goes on: returning or in production.
  public var isRunning: Bool {
    inProduction || status == "Returning Series" || status == "In Production"
  }

  /// The trailer worth showing: an official trailer first, then any trailer, then a teaser.
  public var trailer: Video? { Video.best(in: videos) }

  /// The certification in `region`, else in the US, else none.
  public func certification(in region: String?) -> String? {
    region.flatMap { certifications[$0] } ?? (region == nil ? certifications["US"] : nil)
  }

  /// The seasons in the order the screen lists them: numbered seasons first, specials last.
  public var orderedSeasons: [SeasonSummary] {
    seasons.filter { $0.number > 0 } + seasons.filter { $0.number == 0 }
  }

  /// The series as a list row (for marks, links and the watchlist, with its next episode).
  public var summary: MediaSummary {
    var summary = MediaSummary(
      id: id, kind: .series, title: name, originalTitle: originalName, releaseDate: firstAirDate,
      posterPath: posterPath, voteAverage: voteAverage, voteCount: voteCount, overview: overview)
    summary.nextEpisode = nextEpisode
    summary.span = years
    return summary
  }

  /// The day the first dated season after the regular season `number` began, when one has.
  public func laterSeasonBegan(after number: Int) -> ReleaseDate? {
    seasons.filter { $0.number > number }.compactMap(\.airDate).min()
  }

  /// Makes details from their parts.
  public init(
    id: Int, name: String, originalName: String? = nil, tagline: String? = nil, overview: String? = nil,
    firstAirDate: ReleaseDate? = nil, lastAirDate: ReleaseDate? = nil, status: String? = nil,
    inProduction: Bool = false, networks: [String] = [], createdBy: [PersonReference] = [],
    numberOfSeasons: Int? = nil, numberOfEpisodes: Int? = nil, episodeRuntime: Int? = nil, genres: [String] = [],
    posterPath: String? = nil, voteAverage: Double = 0, voteCount: Int = 0, lastEpisode: Episode? = nil,
    nextEpisode: Episode? = nil, seasons: [SeasonSummary] = [], credits: SeriesCredits = SeriesCredits(),
    certifications: [String: String] = [:], videos: [Video] = [], providers: [String: WatchProviders] = [:],
    recommendations: [MediaSummary] = [], similar: [MediaSummary] = [], imdbID: String? = nil, ratings: Ratings? = nil
  ) {
    self.id = id
    self.name = name
    self.originalName = originalName
    self.tagline = tagline
    self.overview = overview
    self.firstAirDate = firstAirDate
    self.lastAirDate = lastAirDate
    self.status = status
    self.inProduction = inProduction
    self.networks = networks
    self.createdBy = createdBy
    self.numberOfSeasons = numberOfSeasons
    self.numberOfEpisodes = numberOfEpisodes
    self.episodeRuntime = episodeRuntime
    self.genres = genres
    self.posterPath = posterPath
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.lastEpisode = lastEpisode
    self.nextEpisode = nextEpisode
    self.seasons = seasons
    self.credits = credits
    self.certifications = certifications
    self.videos = videos
    self.providers = providers
    self.recommendations = recommendations
    self.similar = similar
    self.imdbID = imdbID
    self.ratings = ratings
  }

  enum CodingKeys: String, CodingKey {
    case id, name, tagline, overview, status, networks, genres, seasons, videos, recommendations, similar, ratings
    case originalName = "original_name"
    case firstAirDate = "first_air_date"
    case lastAirDate = "last_air_date"
    case inProduction = "in_production"
    case createdBy = "created_by"
    case numberOfSeasons = "number_of_seasons"
    case numberOfEpisodes = "number_of_episodes"
    case episodeRunTime = "episode_run_time"
    case posterPath = "poster_path"
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
    case lastEpisode = "last_episode_to_air"
    case nextEpisode = "next_episode_to_air"
    case credits = "aggregate_credits"
    case contentRatings = "content_ratings"
    case providers = "watch/providers"
    case externalIDs = "external_ids"
  }

  private struct Named: Decodable {
    let id: Int?
    let name: String?
  }

  private struct ExternalIDs: Decodable {
    let imdbID: String?

    enum CodingKeys: String, CodingKey {
      case imdbID = "imdb_id"
    }

    init(from decoder: any Decoder) throws {
      imdbID = try decoder.container(keyedBy: CodingKeys.self).imdbID(.imdbID)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0 else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no usable id")
    }
    let original = container.text(.originalName, limit: 300)
    self.id = id
    name = container.text(.name, limit: 300) ?? original ?? "Untitled (#\(id))"
    originalName = original == name ? nil : original
    tagline = container.text(.tagline, limit: 500)
    overview = container.text(.overview, keepNewlines: true)
    firstAirDate = container.lenient(String.self, .firstAirDate).flatMap(ReleaseDate.init)
    lastAirDate = container.lenient(String.self, .lastAirDate).flatMap(ReleaseDate.init)
    status = container.text(.status, limit: 60)
    inProduction = container.lenient(Bool.self, .inProduction) ?? false
    func names(_ key: CodingKeys) -> [String] {
      Array(
        container.lossyArray(Named.self, key).compactMap { $0.name.map { TextSanitizer.clean($0, limit: 80) } }
          .filter { !$0.isEmpty }.prefix(12))
    }
    networks = names(.networks)
    genres = names(.genres)
    genreIDs = Array(container.lossyArray(Named.self, .genres).compactMap(\.id).filter { $0 > 0 }.prefix(12))
    createdBy = Array(container.lossyArray(PersonReference.self, .createdBy).prefix(12))
    numberOfSeasons = container.integer(.numberOfSeasons).flatMap { (0...10_000).contains($0) ? $0 : nil }
    numberOfEpisodes = container.integer(.numberOfEpisodes).flatMap { (0...100_000).contains($0) ? $0 : nil }
    episodeRuntime = container.lossyArray(Int.self, .episodeRunTime).first { $0 > 0 && $0 < 10_000 }
    posterPath = container.lenient(String.self, .posterPath).flatMap(ImagePath.validated)
    voteAverage = min(max(container.number(.voteAverage) ?? 0, 0), 10)
    voteCount = max(container.integer(.voteCount) ?? 0, 0)
    lastEpisode = container.lenient(Episode.self, .lastEpisode)
    nextEpisode = container.lenient(Episode.self, .nextEpisode)
    seasons = Array(container.lossyArray(SeasonSummary.self, .seasons).prefix(200))
    credits = container.lenient(SeriesCredits.self, .credits) ?? SeriesCredits()
    certifications = container.lenient(ContentRatings.self, .contentRatings)?.byCountry ?? [:]
    videos = container.lenient(Videos.self, .videos)?.results ?? []
    providers = container.lenient(ProvidersByCountry.self, .providers)?.byCountry ?? [:]
    recommendations = Array((container.lenient(MediaPage.self, .recommendations)?.results ?? []).prefix(20))
    similar = Array((container.lenient(MediaPage.self, .similar)?.results ?? []).prefix(20))
    imdbID = container.lenient(ExternalIDs.self, .externalIDs)?.imdbID
    ratings = container.lenient(Ratings.self, .ratings)
  }
}

/// A person named by id, as `created_by` does.
public struct PersonReference: Sendable, Hashable, Decodable {
  /// The person's id (0 when none was sent).
  public var id: Int
  /// Their name.
  public var name: String

  /// Makes a reference.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  enum CodingKeys: String, CodingKey {
    case id, name
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let name = container.text(.name, limit: 120) else {
      throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "no name")
    }
    id = max(container.integer(.id) ?? 0, 0)
    self.name = name
  }
}

/// One season as the series lists it.
public struct SeasonSummary: Sendable, Hashable, Decodable {
  /// Its number; 0 is the specials.
  public var number: Int
  /// Its name, e.g. "Season 1" or "Specials".
  public var name: String?
  /// How many episodes it has.
  public var episodeCount: Int?
  /// When it began airing.
  public var airDate: ReleaseDate?
  /// Its poster's path.
  public var posterPath: String?
  /// TMDB's average vote, 0 when none.
  public var voteAverage: Double?

  /// Makes a season summary.
  public init(
    number: Int, name: String? = nil, episodeCount: Int? = nil, airDate: ReleaseDate? = nil, posterPath: String? = nil,
    voteAverage: Double? = nil
  ) {
    self.number = number
    self.name = name
    self.episodeCount = episodeCount
    self.airDate = airDate
    self.posterPath = posterPath
    self.voteAverage = voteAverage
  }

  enum CodingKeys: String, CodingKey {
    case name
    case number = "season_number"
    case episodeCount = "episode_count"
    case airDate = "air_date"
    case posterPath = "poster_path"
    case voteAverage = "vote_average"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let number = container.integer(.number), (0...10_000).contains(number) else {
      throw DecodingError.dataCorruptedError(forKey: .number, in: container, debugDescription: "no season number")
    }
    self.number = number
    name = container.text(.name, limit: 120)
    episodeCount = container.integer(.episodeCount).flatMap { (0...100_000).contains($0) ? $0 : nil }
    airDate = container.lenient(String.self, .airDate).flatMap(ReleaseDate.init)
    posterPath = container.lenient(String.self, .posterPath).flatMap(ImagePath.validated)
    voteAverage = container.number(.voteAverage).flatMap { (0...10).contains($0) ? $0 : nil }
  }
}

/// `content_ratings`: a series' certification by country.
struct ContentRatings: Decodable {
  /// Certification by country code; countries without one are left out.
  var byCountry: [String: String] = [:]

  enum CodingKeys: String, CodingKey {
    case results
  }

  private struct Country: Decodable {
    let code: String?
    let rating: String?

    enum CodingKeys: String, CodingKey {
      case code = "iso_3166_1"
      case rating
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      code = container.lenient(String.self, .code).flatMap(CountryCode.validated)
      rating = container.text(.rating, limit: 20)
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    for country in container.lossyArray(Country.self, .results).prefix(300) {
      guard let code = country.code, let rating = country.rating else { continue }
      byCountry[code] = rating
    }
  }
}
