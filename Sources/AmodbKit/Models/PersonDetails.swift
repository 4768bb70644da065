/// Everything a person's screen shows: who they are and their films and series, from one request.
public struct PersonDetails: Sendable, Hashable, Decodable {
  /// The person's id.
  public var id: Int
  /// Their name.
  public var name: String
  /// What they are known for, e.g. "Acting" or "Directing".
  public var knownFor: String?
  /// Born on.
  public var birthday: ReleaseDate?
  /// Died on, when they have.
  public var deathday: ReleaseDate?
  /// Born in.
  public var placeOfBirth: String?
  /// Their biography, paragraphs separated by newlines.
  public var biography: String?
  /// Their picture's path on the image host.
  public var profilePath: String?
  /// Their films and series, as cast and as crew.
  public var credits: [PersonCredit]

  /// Makes a person from their parts.
  public init(
    id: Int, name: String, knownFor: String? = nil, birthday: ReleaseDate? = nil, deathday: ReleaseDate? = nil,
    placeOfBirth: String? = nil, biography: String? = nil, profilePath: String? = nil, credits: [PersonCredit] = []
  ) {
    self.id = id
    self.name = name
    self.knownFor = knownFor
    self.birthday = birthday
    self.deathday = deathday
    self.placeOfBirth = placeOfBirth
    self.biography = biography
    self.profilePath = profilePath
    self.credits = credits
  }

  enum CodingKeys: String, CodingKey {
    case id, name, birthday, deathday, biography
    case knownFor = "known_for_department"
    case placeOfBirth = "place_of_birth"
    case profilePath = "profile_path"
    case combinedCredits = "combined_credits"
    case movieCredits = "movie_credits"
  }

  /// `combined_credits` (films and series) or, in answers kept from before, `movie_credits`.
  private struct CombinedCredits: Decodable {
    var credits: [PersonCredit] = []

    enum CodingKeys: String, CodingKey {
      case cast, crew
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let cast = container.lossyArray(RoleCredit.self, .cast).prefix(400).map {
        PersonCredit(media: $0.media, role: $0.character, isCast: true, episodeCount: $0.episodeCount)
      }
      let crew = container.lossyArray(RoleCredit.self, .crew).prefix(400).map {
        PersonCredit(media: $0.media, role: $0.job, isCast: false, episodeCount: $0.episodeCount)
      }
      credits = cast + crew
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0 else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no usable id")
    }
    self.id = id
    name = container.text(.name, limit: 120) ?? "Unnamed (#\(id))"
    knownFor = container.text(.knownFor, limit: 60)
    birthday = container.lenient(String.self, .birthday).flatMap(ReleaseDate.init)
    deathday = container.lenient(String.self, .deathday).flatMap(ReleaseDate.init)
    placeOfBirth = container.text(.placeOfBirth, limit: 200)
    biography = container.text(.biography, keepNewlines: true)
    profilePath = container.lenient(String.self, .profilePath).flatMap(ImagePath.validated)
    credits =
      (container.lenient(CombinedCredits.self, .combinedCredits)
      ?? container.lenient(CombinedCredits.self, .movieCredits))?.credits ?? []
  }

  /// Their films and series, newest first (undated last), or by score; one line per title and role.
  public func works(byScore: Bool) -> [PersonCredit] {
    credits.enumerated().sorted { left, right in
      let (a, b) = (left.element.media, right.element.media)
      if byScore {
        let (x, y) = (a.voteCount > 0 ? a.voteAverage ?? -1 : -1, b.voteCount > 0 ? b.voteAverage ?? -1 : -1)
        if x != y { return x > y }
      } else if a.releaseDate != b.releaseDate {
        guard let dateA = a.releaseDate else { return false }
        guard let dateB = b.releaseDate else { return true }
        return dateA > dateB
      }
      return left.offset < right.offset
    }.map(\.element)
  }
}

/// One film or series in a person's work, with their part in it.
public struct PersonCredit: Sendable, Hashable {
  /// The film or series.
  public var media: MediaSummary
  /// The character they play (cast) or their job (crew).
  public var role: String?
  /// Whether they act in it (else they worked on it).
  public var isCast: Bool
  /// In how many episodes, for a series.
  public var episodeCount: Int?

  /// Makes a credit from its parts.
  public init(media: MediaSummary, role: String?, isCast: Bool, episodeCount: Int? = nil) {
    self.media = media
    self.role = role
    self.isCast = isCast
    self.episodeCount = episodeCount
  }
}

/// A film or series summary with the person's part in it: the character (cast) or the job (crew).
private struct RoleCredit: Decodable {
  let media: MediaSummary
  let character: String?
  let job: String?
  let episodeCount: Int?

  enum CodingKeys: String, CodingKey {
    case character, job
    case episodeCount = "episode_count"
  }

  init(from decoder: any Decoder) throws {
    media = try MediaSummary(from: decoder)
    guard media.kind != .person else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a person"))
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    character = container.text(.character, limit: 200)
    job = container.text(.job, limit: 80)
    episodeCount = media.kind == .series ? container.integer(.episodeCount).flatMap { $0 > 0 ? $0 : nil } : nil
  }
}
