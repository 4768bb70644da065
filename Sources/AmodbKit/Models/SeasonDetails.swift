/// A season's screen: its episodes with their people, from one request.
public struct SeasonDetails: Sendable, Hashable, Decodable {
  /// Its number; 0 is the specials.
  public var number: Int
  /// Its name.
  public var name: String?
  /// Its overview.
  public var overview: String?
  /// When it began airing.
  public var airDate: ReleaseDate?
  /// Its poster's path.
  public var posterPath: String?
  /// Its episodes, in order.
  public var episodes: [Episode]

  /// Makes a season from its parts.
  public init(
    number: Int, name: String? = nil, overview: String? = nil, airDate: ReleaseDate? = nil, posterPath: String? = nil,
    episodes: [Episode] = []
  ) {
    self.number = number
    self.name = name
    self.overview = overview
    self.airDate = airDate
    self.posterPath = posterPath
    self.episodes = episodes
  }

  enum CodingKeys: String, CodingKey {
    case name, overview, episodes
    case number = "season_number"
    case airDate = "air_date"
    case posterPath = "poster_path"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let number = container.integer(.number), (0...10_000).contains(number) else {
      throw DecodingError.dataCorruptedError(forKey: .number, in: container, debugDescription: "no season number")
    }
    self.number = number
    name = container.text(.name, limit: 120)
    overview = container.text(.overview, keepNewlines: true)
    airDate = container.lenient(String.self, .airDate).flatMap(ReleaseDate.init)
    posterPath = container.lenient(String.self, .posterPath).flatMap(ImagePath.validated)
    episodes = Array(container.lossyArray(Episode.self, .episodes).prefix(2000)).sorted { $0.number < $1.number }
    // An episode with no date before one with a date had aired by then.
    var later: ReleaseDate?
    for index in episodes.indices.reversed() {
      if let day = episodes[index].airDate { later = day } else { episodes[index].airedBy = later }
    }
  }

  /// Whether a regular season has episodes with no date and none dated after them: only a later
  /// season's start (`knowing`) can tell whether they aired.
  public var waitsForALaterSeason: Bool {
    number > 0 && episodes.contains { $0.airDate == nil && $0.airedBy == nil }
  }

  /// The season once a later season is known to have begun on `day`: its episodes with no date
  /// had aired by then.
  public func knowing(laterSeasonBegan day: ReleaseDate?) -> SeasonDetails {
    guard let day, waitsForALaterSeason else { return self }
    var known = self
    for index in known.episodes.indices where known.episodes[index].airDate == nil {
      known.episodes[index].airedBy = min(known.episodes[index].airedBy ?? day, day)
    }
    return known
  }
}

/// One episode: as a season lists it, or as a series names its last and next.
public struct Episode: Sendable, Hashable, Decodable {
  /// Its season's number.
  public var season: Int
  /// Its number in the season.
  public var number: Int
  /// Its name.
  public var name: String?
  /// When it airs or aired; nil when not announced.
  public var airDate: ReleaseDate?
  /// Its runtime in minutes, when known.
  public var runtime: Int?
  /// TMDB's average vote, 0–10.
  public var voteAverage: Double?
  /// How many votes the average rests on.
  public var voteCount: Int
  /// What happens in it (often absent before it airs).
  public var overview: String?
  /// Its directors, writers and the rest.
  public var crew: [CrewMember]
  /// Its guest stars, in billing order.
  public var guestStars: [CastMember]
  /// A day by which it had aired though its own date is unknown: a later episode of its season,
  /// or a later season, began then (amodb leaves some old seasons' dates out).
  public var airedBy: ReleaseDate?

  /// `S03E05`.
  public var code: String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return "S\(two(season))E\(two(number))"
  }

  /// Its place, as its seen mark, rating and note are kept.
  public var key: EpisodeKey { EpisodeKey(season: season, number: number) }

  /// Whether it has aired by `today`: an episode without a date has not, unless something after
  /// it had (`airedBy`).
  public func hasAired(by today: ReleaseDate) -> Bool {
    (airDate ?? airedBy).map { $0 <= today } ?? false
  }

  /// The score worth showing: the average when somebody voted.
  public var score: Double? { voteCount > 0 ? voteAverage : nil }

  /// Who directed it, each once.
  public var directingCrew: [CrewMember] { crew.filter { $0.job == "Director" }.uniquedByName }

  /// Who wrote it, each once.
  public var writingCrew: [CrewMember] {
    crew.filter { $0.department == "Writing" || $0.job == "Writer" || $0.job == "Teleplay" }.uniquedByName
  }

  /// Its directors' names.
  public var directors: [String] { directingCrew.map(\.name) }

  /// Its writers' names.
  public var writers: [String] { writingCrew.map(\.name) }

  /// Makes an episode from its parts.
  public init(
    season: Int, number: Int, name: String? = nil, airDate: ReleaseDate? = nil, runtime: Int? = nil,
    voteAverage: Double? = nil, voteCount: Int = 0, overview: String? = nil, crew: [CrewMember] = [],
    guestStars: [CastMember] = []
  ) {
    self.season = season
    self.number = number
    self.name = name
    self.airDate = airDate
    self.runtime = runtime
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.overview = overview
    self.crew = crew
    self.guestStars = guestStars
  }

  enum CodingKeys: String, CodingKey {
    case name, overview, runtime, crew
    case season = "season_number"
    case number = "episode_number"
    case airDate = "air_date"
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
    case guestStars = "guest_stars"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let number = container.integer(.number), (0...100_000).contains(number) else {
      throw DecodingError.dataCorruptedError(forKey: .number, in: container, debugDescription: "no episode number")
    }
    self.number = number
    season = container.integer(.season).flatMap { (0...10_000).contains($0) ? $0 : nil } ?? 0
    name = container.text(.name, limit: 300)
    airDate = container.lenient(String.self, .airDate).flatMap(ReleaseDate.init)
    runtime = container.integer(.runtime).flatMap { $0 > 0 && $0 < 10_000 ? $0 : nil }
    voteAverage = container.number(.voteAverage).flatMap { (0...10).contains($0) ? $0 : nil }
    voteCount = max(container.integer(.voteCount) ?? 0, 0)
    overview = container.text(.overview, keepNewlines: true)
    crew = Array(container.lossyArray(CrewMember.self, .crew).prefix(60))
    guestStars = Array(container.lossyArray(CastMember.self, .guestStars).prefix(60)).sorted {
      ($0.order ?? Int.max) < ($1.order ?? Int.max)
    }
  }
}
