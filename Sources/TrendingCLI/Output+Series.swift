import AmodbKit
import FoundationEssentials
import TrendingCore
import TrendingViews

/// What `trending tv` and `trending season` print.
extension Output {
  /// A cast member over a series in `trending tv --json`.
  struct SeriesCastEntry: Encodable {
    let id: Int
    let name: String
    let characters: [String]
    let episodes: Int
  }

  /// An episode in `trending tv --json` (last and next) and `trending season --json`.
  struct EpisodeEntry: Encodable {
    let season: Int
    let episode: Int
    let code: String
    let name: String?
    let airDate: String?
    let runtime: Int?
    let score: Double?
    let overview: String?
    let directors: [String]?
    let writers: [String]?
    let guestStars: [CastEntry]?

    enum CodingKeys: String, CodingKey {
      case season, episode, code, name, runtime, score, overview, directors, writers
      case airDate = "air_date"
      case guestStars = "guest_stars"
    }

    init(_ episode: Episode, people: Bool) {
      season = episode.season
      self.episode = episode.number
      code = episode.code
      name = episode.name
      airDate = episode.airDate?.description
      runtime = episode.runtime
      score = episode.score.map(Output.rounded)
      overview = episode.overview
      directors = people ? episode.directors : nil
      writers = people ? episode.writers : nil
      guestStars = people ? episode.guestStars.map { CastEntry(name: $0.name, character: $0.character) } : nil
    }
  }

  /// A season in `trending tv --json`.
  struct SeasonEntry: Encodable {
    let season: Int
    let name: String?
    let episodes: Int?
    let airDate: String?

    enum CodingKeys: String, CodingKey {
      case season, name, episodes
      case airDate = "air_date"
    }
  }

  /// `trending tv --json`.
  struct SeriesEntry: Encodable {
    let id: Int
    let mediaType = "tv"
    let name: String
    let originalName: String?
    let years: String?
    let firstAirDate: String?
    let lastAirDate: String?
    let status: String?
    let certifications: [String: String]
    let networks: [String]
    let createdBy: [String]
    let seasons: Int?
    let episodes: Int?
    let episodeRuntime: Int?
    let genres: [String]
    let overview: String?
    let ratings: RatingsEntry
    let lastEpisode: EpisodeEntry?
    let nextEpisode: EpisodeEntry?
    let seasonList: [SeasonEntry]
    let cast: [SeriesCastEntry]
    let posterURL: String?
    let trailer: String?
    let imdbID: String?
    let watchProviders: [String: ProvidersEntry]
    let recommendations: [RelatedEntry]
    let similar: [RelatedEntry]
    let yours: YoursEntry?

    enum CodingKeys: String, CodingKey {
      case id, name, years, status, certifications, networks, seasons, episodes, genres, overview, ratings, cast
      case trailer, recommendations, similar, yours
      case mediaType = "media_type"
      case originalName = "original_name"
      case firstAirDate = "first_air_date"
      case lastAirDate = "last_air_date"
      case createdBy = "created_by"
      case episodeRuntime = "episode_runtime"
      case lastEpisode = "last_episode"
      case nextEpisode = "next_episode"
      case seasonList = "season_list"
      case posterURL = "poster_url"
      case imdbID = "imdb_id"
      case watchProviders = "watch_providers"
    }
  }

  /// `trending season --json`.
  struct SeasonDetailEntry: Encodable {
    let seriesID: Int
    let season: Int
    let name: String?
    let airDate: String?
    let overview: String?
    let episodes: [EpisodeEntry]

    enum CodingKeys: String, CodingKey {
      case season, name, overview, episodes
      case seriesID = "series_id"
      case airDate = "air_date"
    }
  }

  /// A series' details as a JSON object, with what the library holds of it (`yours`).
  static func json(_ details: SeriesDetails, configuration: ClientConfiguration, yours: YoursEntry? = nil) -> String {
    let ratings = ratingsEntry { $0.rating(in: details) }
    let related = { (list: [MediaSummary]) in list.map { RelatedEntry(id: $0.id, title: $0.title, year: $0.year) } }
    let entry = SeriesEntry(
      id: details.id, name: details.name, originalName: details.originalName, years: details.years,
      firstAirDate: details.firstAirDate?.description, lastAirDate: details.lastAirDate?.description,
      status: details.status, certifications: details.certifications, networks: details.networks,
      createdBy: details.createdBy.map(\.name), seasons: details.numberOfSeasons, episodes: details.numberOfEpisodes,
      episodeRuntime: details.episodeRuntime, genres: details.genres, overview: details.overview, ratings: ratings,
      lastEpisode: details.lastEpisode.map { EpisodeEntry($0, people: false) },
      nextEpisode: details.nextEpisode.map { EpisodeEntry($0, people: false) },
      seasonList: details.orderedSeasons.map {
        SeasonEntry(season: $0.number, name: $0.name, episodes: $0.episodeCount, airDate: $0.airDate?.description)
      },
      cast: details.credits.cast.prefix(20).map {
        SeriesCastEntry(id: $0.id, name: $0.name, characters: $0.characters, episodes: $0.episodeCount)
      },
      posterURL: details.posterPath.flatMap { configuration.posterURL(path: $0, size: "w500")?.withoutSecrets },
      trailer: details.trailer?.url, imdbID: details.imdbID,
      watchProviders: details.providers.mapValues {
        ProvidersEntry(subscription: $0.subscription, free: $0.free, rent: $0.rent, buy: $0.buy)
      },
      recommendations: related(details.recommendations), similar: related(details.similar), yours: yours)
    return encode(entry)
  }

  /// A season as a JSON object, each episode with its people.
  public static func json(_ season: SeasonDetails, seriesID: Int) -> String {
    encode(
      SeasonDetailEntry(
        seriesID: seriesID, season: season.number, name: season.name, airDate: season.airDate?.description,
        overview: season.overview, episodes: season.episodes.map { EpisodeEntry($0, people: true) }))
  }

  /// A series' details as text for people; with the episodes the library holds as `seen`, each
  /// season's "4/7" and the episode to watch next, as the series page shows them.
  public static func text(
    _ details: SeriesDetails, region: String?, mark: Mark? = nil, seen: Set<EpisodeKey>? = nil, width: Int = 80
  ) -> String {
    let watched = EpisodeProgress.Watched(seen: seen, details: details, today: ReleaseDate(localDay: Date()))
    return SeriesDocument.document(
      summary: nil, details: details, region: region, today: watched.today, mark: mark, width: width,
      progress: { EpisodeProgress.progress(season: $0, watched) },
      nextForYou: EpisodeProgress.nextToWatch(watched).map { Episode(season: $0.season, number: $0.number) }
    ).plainText
  }

  /// A season as text for people; the episodes seen ticked and the user's ratings beside them, as
  /// the season's page shows them.
  public static func text(
    _ season: SeasonDetails, series: SeriesDetails?, seen: Set<EpisodeKey> = [], ratings: [EpisodeKey: Int] = [:],
    width: Int = 80
  ) -> String {
    let name = SeasonScreen.shownName(season.name, number: season.number)
    return SeasonDocument.document(
      season, series: series, name: name, today: ReleaseDate(localDay: Date()), width: width, seen: seen,
      ratings: ratings
    ).plainText
  }
}
