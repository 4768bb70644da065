/// A series' people over all its episodes (`aggregate_credits`), cut to what the screen shows.
public struct SeriesCredits: Sendable, Hashable, Decodable {
  /// The most cast members kept, by billing.
  public static let castLimit = 60
  /// The most crew members kept, by episodes worked.
  public static let crewLimit = 40

  /// Actors with their characters and episode counts, in billing order.
  public var cast: [SeriesCastMember]
  /// Crew with their jobs and episode counts, most episodes first.
  public var crew: [SeriesCrewMember]

  /// Makes credits from their parts.
  public init(cast: [SeriesCastMember] = [], crew: [SeriesCrewMember] = []) {
    self.cast = cast
    self.crew = crew
  }

  enum CodingKeys: String, CodingKey {
    case cast, crew
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // The whole answer can run to hundreds of people; only the top of each list is shown.
    cast = Array(
      container.lossyArray(SeriesCastMember.self, .cast).sorted {
        ($0.order ?? Int.max, -$0.episodeCount) < ($1.order ?? Int.max, -$1.episodeCount)
      }.prefix(Self.castLimit))
    crew = Array(
      container.lossyArray(SeriesCrewMember.self, .crew).sorted { $0.episodeCount > $1.episodeCount }
        .prefix(Self.crewLimit))
  }
}

/// An actor over a series: the characters they play and in how many episodes.
public struct SeriesCastMember: Sendable, Hashable, Decodable {
  /// The person's id.
  public var id: Int
  /// Their name.
  public var name: String
  /// The characters they play, most episodes first.
  public var characters: [String]
  /// The episodes they appear in.
  public var episodeCount: Int
  /// The billing order, lowest first.
  public var order: Int?

  /// Makes a cast member.
  public init(id: Int, name: String, characters: [String] = [], episodeCount: Int = 0, order: Int? = nil) {
    self.id = id
    self.name = name
    self.characters = characters
    self.episodeCount = episodeCount
    self.order = order
  }

  enum CodingKeys: String, CodingKey {
    case id, name, roles, order
    case totalEpisodeCount = "total_episode_count"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let name = container.text(.name, limit: 120) else {
      throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "no name")
    }
    id = max(container.integer(.id) ?? 0, 0)
    self.name = name
    let roles = EpisodeShare.read(container.lossyArray(EpisodeShare.self, .roles))
    characters = roles.compactMap(\.label)
    episodeCount = max(container.integer(.totalEpisodeCount) ?? roles.map(\.episodeCount).reduce(0, +), 0)
    order = container.integer(.order)
  }
}

/// A crew member over a series: their jobs and in how many episodes.
public struct SeriesCrewMember: Sendable, Hashable, Decodable {
  /// The person's id.
  public var id: Int
  /// Their name.
  public var name: String
  /// Their jobs, most episodes first.
  public var jobs: [String]
  /// Their department, e.g. "Writing".
  public var department: String?
  /// The episodes they worked on.
  public var episodeCount: Int

  /// Makes a crew member.
  public init(id: Int, name: String, jobs: [String] = [], department: String? = nil, episodeCount: Int = 0) {
    self.id = id
    self.name = name
    self.jobs = jobs
    self.department = department
    self.episodeCount = episodeCount
  }

  enum CodingKeys: String, CodingKey {
    case id, name, jobs, department
    case totalEpisodeCount = "total_episode_count"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let name = container.text(.name, limit: 120) else {
      throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "no name")
    }
    id = max(container.integer(.id) ?? 0, 0)
    self.name = name
    let jobs = EpisodeShare.read(container.lossyArray(EpisodeShare.self, .jobs))
    self.jobs = jobs.compactMap(\.label)
    department = container.text(.department, limit: 80)
    episodeCount = max(container.integer(.totalEpisodeCount) ?? jobs.map(\.episodeCount).reduce(0, +), 0)
  }
}

/// One part of a person's work over a series, as `aggregate_credits` lists it: a role's character
/// or a crew job, and in how many episodes.
private struct EpisodeShare: Decodable {
  /// The character (cast) or the job (crew).
  let label: String?
  /// The episodes it covers.
  let episodeCount: Int

  enum CodingKeys: String, CodingKey {
    case character, job
    case episodeCount = "episode_count"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    label = container.text(.character, limit: 200) ?? container.text(.job, limit: 80)
    episodeCount = max(container.integer(.episodeCount) ?? 0, 0)
  }

  /// At most twenty parts, most episodes first.
  static func read(_ parts: [EpisodeShare]) -> [EpisodeShare] {
    parts.prefix(20).sorted { $0.episodeCount > $1.episodeCount }
  }
}
