/// Everything a person's screen shows: who they are and their films, from one request.
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
  /// Their films, as cast and as crew.
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
    case movieCredits = "movie_credits"
  }

  private struct MovieCredits: Decodable {
    var credits: [PersonCredit] = []

    enum CodingKeys: String, CodingKey {
      case cast, crew
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let cast = container.lossyArray(RoleCredit.self, .cast).prefix(400).map {
        PersonCredit(movie: $0.movie, role: $0.character, isCast: true)
      }
      let crew = container.lossyArray(RoleCredit.self, .crew).prefix(400).map {
        PersonCredit(movie: $0.movie, role: $0.job, isCast: false)
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
    credits = container.lenient(MovieCredits.self, .movieCredits)?.credits ?? []
  }

  /// Their films, newest first (undated last), or by score; one line per film and role.
  public func films(byScore: Bool) -> [PersonCredit] {
    credits.enumerated().sorted { left, right in
      let (a, b) = (left.element.movie, right.element.movie)
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

/// One film in a person's filmography, with their part in it.
public struct PersonCredit: Sendable, Hashable {
  /// The film.
  public var movie: MovieSummary
  /// The character they play (cast) or their job (crew).
  public var role: String?
  /// Whether they act in it (else they worked on it).
  public var isCast: Bool

  /// Makes a credit from its parts.
  public init(movie: MovieSummary, role: String?, isCast: Bool) {
    self.movie = movie
    self.role = role
    self.isCast = isCast
  }
}

/// A film summary with the person's part in it: the character (cast) or the job (crew).
private struct RoleCredit: Decodable {
  let movie: MovieSummary
  let character: String?
  let job: String?

  enum CodingKeys: String, CodingKey {
    case character, job
  }

  init(from decoder: any Decoder) throws {
    movie = try MovieSummary(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    character = container.text(.character, limit: 200)
    job = container.text(.job, limit: 80)
  }
}
