/// Everything the film screen shows of one film, from one request with every appended part.
public struct MovieDetails: Sendable, Hashable, Decodable {
  /// The film's id.
  public var id: Int
  /// The localized title.
  public var title: String
  /// The original title, when it differs.
  public var originalTitle: String?
  /// The tagline, when there is one.
  public var tagline: String?
  /// The plot summary, paragraphs separated by newlines.
  public var overview: String?
  /// The release date, when known.
  public var releaseDate: ReleaseDate?
  /// The running time in minutes, when known (0 counts as unknown).
  public var runtime: Int?
  /// Genre names.
  public var genres: [String]
  /// The genres' TMDB ids, as a list's rows name genres (`MediaSummary.genreIDs`).
  public var genreIDs: [Int] = []
  /// Release status, e.g. "Released".
  public var status: String?
  /// The IMDb id, e.g. `tt0137523`.
  public var imdbID: String?
  /// The poster's path on the image host.
  public var posterPath: String?
  /// The TMDB vote average out of 10.
  public var voteAverage: Double
  /// The TMDB vote count.
  public var voteCount: Int
  /// Cast and crew; nil when the response had none.
  public var credits: Credits?
  /// Ratings from other services; nil when the response had none.
  public var ratings: Ratings?
  /// The certification each country gives the film, e.g. `["US": "R"]`.
  public var certifications: [String: String]
  /// Trailers, teasers and clips on YouTube or Vimeo.
  public var videos: [Video]
  /// Where to watch, by country (JustWatch's data).
  public var providers: [String: WatchProviders]
  /// The series the film belongs to.
  public var collection: CollectionReference?
  /// Films amodb recommends to people who liked this one.
  public var recommendations: [MediaSummary]
  /// Films like this one.
  public var similar: [MediaSummary]
  /// Its keywords (`keywords` appended).
  public var keywords: [NamedID] = []
  /// The companies that made it.
  public var companies: [NamedID] = []
  /// The original language, ISO 639-1.
  public var originalLanguage: String?
  /// The budget in US dollars, when known (0 counts as unknown).
  public var budget: Int?
  /// The box-office takings in US dollars, when known.
  public var revenue: Int?
  /// The film's own web site, checked to be a plain http(s) address.
  public var homepage: String?
  /// Its reviews (`reviews` appended); nil when the answer had none.
  public var reviews: Reviews?
  /// Every country's dated releases (`release_dates`), for the calendar.
  public var releases: [String: [RegionalRelease]] = [:]

  /// The film as a list row, as `SeriesDetails.summary` is a series'.
  public var summary: MediaSummary {
    MediaSummary(
      id: id, title: title, originalTitle: originalTitle, releaseDate: releaseDate, posterPath: posterPath,
      voteAverage: voteAverage, voteCount: voteCount, overview: overview)
  }

  /// The release year, when known.
  public var year: Int? { releaseDate?.year }

  /// The trailer worth showing: an official trailer first, then any trailer, then a teaser.
  public var trailer: Video? { Video.best(in: videos) }

  /// The certification in `region`, else in the US, else none.
  public func certification(in region: String?) -> String? {
    region.flatMap { certifications[$0] } ?? (region == nil ? certifications["US"] : nil)
  }

  /// The people credited with directing, in credit order, without repeats.
  public var directors: [String] {
    unique((credits?.crew ?? []).filter { $0.job == "Director" }.map(\.name))
  }

  /// The writers with their jobs, e.g. "Jim Uhls (Screenplay)", without repeats.
  public var writers: [String] {
    let writing = (credits?.crew ?? []).filter {
      $0.department == "Writing" || $0.job == "Screenplay" || $0.job == "Writer"
    }
    var jobsByName: [String: [String]] = [:]
    var order: [String] = []
    for member in writing {
      if jobsByName[member.name] == nil {
        order.append(member.name)
        jobsByName[member.name] = []
      }
      if let job = member.job, jobsByName[member.name]?.contains(job) == false {
        jobsByName[member.name]?.append(job)
      }
    }
    return order.map { name in
      let jobs = jobsByName[name] ?? []
      return jobs.isEmpty ? name : "\(name) (\(jobs.joined(separator: ", ")))"
    }
  }

  /// The cast in billing order.
  public var cast: [CastMember] {
    (credits?.cast ?? []).sorted { ($0.order ?? Int.max, $0.id) < ($1.order ?? Int.max, $1.id) }
  }

  /// Makes details from their parts.
  public init(
    id: Int, title: String, originalTitle: String? = nil, tagline: String? = nil, overview: String? = nil,
    releaseDate: ReleaseDate? = nil, runtime: Int? = nil, genres: [String] = [], status: String? = nil,
    imdbID: String? = nil, posterPath: String? = nil, voteAverage: Double = 0, voteCount: Int = 0,
    credits: Credits? = nil, ratings: Ratings? = nil, certifications: [String: String] = [:], videos: [Video] = [],
    providers: [String: WatchProviders] = [:], collection: CollectionReference? = nil,
    recommendations: [MediaSummary] = [], similar: [MediaSummary] = []
  ) {
    self.id = id
    self.title = title
    self.originalTitle = originalTitle
    self.tagline = tagline
    self.overview = overview
    self.releaseDate = releaseDate
    self.runtime = runtime
    self.genres = genres
    self.status = status
    self.imdbID = imdbID
    self.posterPath = posterPath
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.credits = credits
    self.ratings = ratings
    self.certifications = certifications
    self.videos = videos
    self.providers = providers
    self.collection = collection
    self.recommendations = recommendations
    self.similar = similar
  }

  enum CodingKeys: String, CodingKey {
    case id, title, tagline, overview, runtime, genres, status, credits, ratings, videos, recommendations, similar
    case keywords, reviews, homepage, budget, revenue
    case companies = "production_companies"
    case originalLanguage = "original_language"
    case releaseDates = "release_dates"
    case providers = "watch/providers"
    case collection = "belongs_to_collection"
    case originalTitle = "original_title"
    case releaseDate = "release_date"
    case imdbID = "imdb_id"
    case posterPath = "poster_path"
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
  }

  private struct Genre: Decodable {
    let id: Int?
    let name: String?
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0 else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no usable id")
    }
    let original = container.text(.originalTitle, limit: 300)
    self.id = id
    title = container.text(.title, limit: 300) ?? original ?? "Untitled (#\(id))"
    originalTitle = original == title ? nil : original
    tagline = container.text(.tagline, limit: 500)
    overview = container.text(.overview, keepNewlines: true)
    releaseDate = container.lenient(String.self, .releaseDate).flatMap(ReleaseDate.init)
    runtime = container.integer(.runtime).flatMap { $0 > 0 && $0 < 10_000 ? $0 : nil }
    let genreList = container.lossyArray(Genre.self, .genres)
    genres = genreList.compactMap { $0.name.map { TextSanitizer.clean($0, limit: 60) } }
      .filter { !$0.isEmpty }
    genreIDs = Array(genreList.compactMap(\.id).filter { $0 > 0 }.prefix(12))
    status = container.text(.status, limit: 60)
    imdbID = container.imdbID(.imdbID)
    posterPath = container.lenient(String.self, .posterPath).flatMap(ImagePath.validated)
    voteAverage = min(max(container.number(.voteAverage) ?? 0, 0), 10)
    voteCount = max(container.integer(.voteCount) ?? 0, 0)
    credits = container.lenient(Credits.self, .credits)
    ratings = container.lenient(Ratings.self, .ratings)
    certifications = container.lenient(Certifications.self, .releaseDates)?.byCountry ?? [:]
    videos = container.lenient(Videos.self, .videos)?.results ?? []
    providers = container.lenient(ProvidersByCountry.self, .providers)?.byCountry ?? [:]
    collection = container.lenient(CollectionReference.self, .collection)
    recommendations = Array((container.lenient(MediaPage.self, .recommendations)?.results ?? []).prefix(20))
    similar = Array((container.lenient(MediaPage.self, .similar)?.results ?? []).prefix(20))
    keywords = container.lenient(KeywordList.self, .keywords)?.keywords ?? []
    companies = TitledEntry.list(container, .companies, limit: 20)
    originalLanguage = container.text(.originalLanguage, limit: 10).flatMap { $0.isEmpty ? nil : $0 }
    budget = container.integer(.budget).flatMap { $0 > 0 ? $0 : nil }
    revenue = container.integer(.revenue).flatMap { $0 > 0 ? $0 : nil }
    homepage = container.text(.homepage, limit: 500).flatMap(WebAddress.validated)
    reviews = container.lenient(Reviews.self, .reviews)
    releases = container.lenient(ReleasesByCountry.self, .releaseDates)?.byCountry ?? [:]
  }
}

/// Returns the strings in order with repeats removed.
private func unique(_ items: [String]) -> [String] {
  var seen = Set<String>()
  return items.filter { seen.insert($0).inserted }
}

extension Array where Element == CrewMember {
  /// The members in order, each name once (a director who also wrote is listed once).
  public var uniquedByName: [CrewMember] {
    var seen = Set<String>()
    return filter { seen.insert($0.name).inserted }
  }
}

/// The cast and crew of a film.
public struct Credits: Sendable, Hashable, Decodable {
  /// Actors, each with the part they play.
  public var cast: [CastMember]
  /// Everyone else, with their jobs.
  public var crew: [CrewMember]

  /// Makes credits from their parts.
  public init(cast: [CastMember] = [], crew: [CrewMember] = []) {
    self.cast = cast
    self.crew = crew
  }

  enum CodingKeys: String, CodingKey {
    case cast, crew
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    cast = Array(container.lossyArray(CastMember.self, .cast).prefix(500))
    crew = Array(container.lossyArray(CrewMember.self, .crew).prefix(1000))
  }
}

/// An actor and the character they play.
public struct CastMember: Sendable, Hashable, Decodable {
  /// The person's id.
  public var id: Int
  /// The actor's name.
  public var name: String
  /// The character's name, when given.
  public var character: String?
  /// The billing order, lowest first.
  public var order: Int?

  /// Makes a cast member from its parts.
  public init(id: Int, name: String, character: String? = nil, order: Int? = nil) {
    self.id = id
    self.name = name
    self.character = character
    self.order = order
  }

  enum CodingKeys: String, CodingKey {
    case id, name, character, order
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let name = container.text(.name, limit: 120) else {
      throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "no name")
    }
    id = container.integer(.id) ?? 0
    self.name = name
    character = container.text(.character, limit: 200)
    order = container.integer(.order)
  }
}

/// A crew member and their job.
public struct CrewMember: Sendable, Hashable, Decodable {
  /// The person's id.
  public var id: Int
  /// The person's name.
  public var name: String
  /// The job, e.g. "Director" or "Screenplay".
  public var job: String?
  /// The department, e.g. "Directing" or "Writing".
  public var department: String?

  /// Makes a crew member from its parts.
  public init(id: Int, name: String, job: String? = nil, department: String? = nil) {
    self.id = id
    self.name = name
    self.job = job
    self.department = department
  }

  enum CodingKeys: String, CodingKey {
    case id, name, job, department
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let name = container.text(.name, limit: 120) else {
      throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "no name")
    }
    id = container.integer(.id) ?? 0
    self.name = name
    job = container.text(.job, limit: 80)
    department = container.text(.department, limit: 80)
  }
}

/// Ratings from five services, each possibly missing.
public struct Ratings: Sendable, Hashable, Decodable {
  /// IMDb, out of 10.
  public var imdb: Rating?
  /// Kinopoisk, out of 10.
  public var kinopoisk: Rating?
  /// Metacritic, out of 100.
  public var metacritic: Rating?
  /// Rotten Tomatoes, a percentage.
  public var rottenTomatoes: Rating?
  /// TMDB, out of 10.
  public var tmdb: Rating?

  /// Makes ratings from their parts.
  public init(
    imdb: Rating? = nil, kinopoisk: Rating? = nil, metacritic: Rating? = nil, rottenTomatoes: Rating? = nil,
    tmdb: Rating? = nil
  ) {
    self.imdb = imdb
    self.kinopoisk = kinopoisk
    self.metacritic = metacritic
    self.rottenTomatoes = rottenTomatoes
    self.tmdb = tmdb
  }

  enum CodingKeys: String, CodingKey {
    case imdb, kinopoisk, metacritic, tmdb
    case rottenTomatoes = "rotten_tomatoes"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    imdb = container.lenient(Rating.self, .imdb)?.bounded(by: 10)
    kinopoisk = container.lenient(Rating.self, .kinopoisk)?.bounded(by: 10)
    metacritic = container.lenient(Rating.self, .metacritic)?.bounded(by: 100)
    rottenTomatoes = container.lenient(Rating.self, .rottenTomatoes)?.bounded(by: 100)
    tmdb = container.lenient(Rating.self, .tmdb)?.bounded(by: 10)
  }
}

/// One service's rating: a value on its scale and, when known, the votes behind it.
public struct Rating: Sendable, Hashable, Decodable {
  /// The value, out of 10 or 100 depending on the service.
  public var value: Double
  /// How many votes, when the service says.
  public var votes: Int?

  /// Makes a rating from its parts.
  public init(value: Double, votes: Int? = nil) {
    self.value = value
    self.votes = votes
  }

  enum CodingKeys: String, CodingKey {
    case value, votes
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let value = container.number(.value) else {
      throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "no value")
    }
    self.value = value
    votes = container.integer(.votes).flatMap { $0 >= 0 ? $0 : nil }
  }

  /// Returns the rating when its value lies on the scale `0...scale`, else nil.
  func bounded(by scale: Double) -> Rating? {
    (0...scale).contains(value) ? self : nil
  }
}
