import Localization

/// One entry of a list page (a film, a series or a person): what the list screen shows of it.
public struct MediaSummary: Sendable, Hashable, Identifiable, Decodable {
  /// The entry's amodb (TMDB) id, within its kind.
  public var id: Int
  /// Film, series or person.
  public var kind: MediaKind
  /// The localized title (a series' or a person's name), cleaned for the terminal.
  public var title: String
  /// The title in the original language, when it differs.
  public var originalTitle: String?
  /// The release date (a series' first air date), when known.
  public var releaseDate: ReleaseDate?
  /// The poster's (a person's picture's) path on the image host, starting with `/`.
  public var posterPath: String?
  /// The average vote out of 10; nil when missing or unreadable.
  public var voteAverage: Double?
  /// How many votes the average rests on.
  public var voteCount: Int
  /// The plot summary.
  public var overview: String?
  /// The genres, by TMDB genre id.
  public var genreIDs: [Int]
  /// What a person is known for (`Acting`) and the titles they are known for; empty otherwise.
  public var knownFor: KnownFor?
  /// A series' next episode, when its details said (lists never do; the watchlist does).
  public var nextEpisode: Episode?
  /// The years a series ran ("2011–2019", "2022–"), when its details said.
  public var span: String?
  /// Why a list of the user's own shows it ("because you rated Dune: Part Two 9"); never from amodb.
  public var reason: String?

  /// The film's or series' identity; a person's is nil.
  public var media: MediaID? { kind == .person ? nil : MediaID(kind, id) }

  /// What makes an entry itself in a list: its kind and its id (a film and a series may share one).
  public struct Key: Hashable, Sendable {
    let kind: MediaKind
    let id: Int
  }

  /// The entry's key in a list.
  public var key: Key { Key(kind: kind, id: id) }

  /// The release year, when known.
  public var year: Int? { releaseDate?.year }

  /// Its title as the screens show it: "Film #13" or "Series #13" for one whose name is not known
  /// (a library's row written without it).
  public var shownTitle: String {
    guard title.isEmpty else { return title }
    return kind == .series ? tr("Series #%s", String(id)) : tr("Film #%s", String(id))
  }

  /// The score worth showing: the average when it is readable and somebody voted.
  public var score: Double? { voteCount > 0 ? voteAverage : nil }

  /// The genre names, in the language of the genre table (English).
  public var genres: [String] { genreIDs.compactMap { kind == .series ? Genres.seriesName($0) : Genres.name($0) } }

  /// Makes a summary from its parts.
  public init(
    id: Int, kind: MediaKind = .film, title: String, originalTitle: String? = nil, releaseDate: ReleaseDate? = nil,
    posterPath: String? = nil, voteAverage: Double? = 0, voteCount: Int = 0, overview: String? = nil,
    genreIDs: [Int] = [], knownFor: KnownFor? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.originalTitle = originalTitle
    self.releaseDate = releaseDate
    self.posterPath = posterPath
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.overview = overview
    self.genreIDs = genreIDs
    self.knownFor = knownFor
  }

  enum CodingKeys: String, CodingKey {
    case id, title, name, overview
    case originalTitle = "original_title"
    case originalName = "original_name"
    case releaseDate = "release_date"
    case firstAirDate = "first_air_date"
    case posterPath = "poster_path"
    case profilePath = "profile_path"
    case department = "known_for_department"
    case knownFor = "known_for"
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
    case mediaType = "media_type"
    case genreIDs = "genre_ids"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0 else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no usable id")
    }
    let kind = try Self.kind(container)
    let series = kind != .film
    let original = container.text(series ? .originalName : .originalTitle, limit: 300)
    self.id = id
    self.kind = kind
    title = container.text(series ? .name : .title, limit: 300) ?? original ?? "Untitled (#\(id))"
    originalTitle = original == title ? nil : original
    releaseDate = container.lenient(String.self, series ? .firstAirDate : .releaseDate).flatMap(ReleaseDate.init)
    posterPath = container.lenient(String.self, kind == .person ? .profilePath : .posterPath)
      .flatMap(ImagePath.validated)
    voteAverage = container.number(.voteAverage).flatMap { (0...10).contains($0) ? $0 : nil }
    voteCount = max(container.integer(.voteCount) ?? 0, 0)
    overview = container.text(.overview, keepNewlines: true)
    genreIDs = container.wholeNumbers(.genreIDs, limit: 10)
    knownFor =
      kind == .person
      ? KnownFor(
        department: container.text(.department, limit: 60),
        titles: Array(container.lossyArray(MediaSummary.self, .knownFor).prefix(3).map(\.title)))
      : nil
  }

  /// The entry's kind: its `media_type` when it has one (an unknown one is not read), else a
  /// series when it is named as series are (`name`, `first_air_date`), else a film.
  private static func kind(_ container: KeyedDecodingContainer<CodingKeys>) throws -> MediaKind {
    if let mediaType = container.lenient(String.self, .mediaType) {
      guard let kind = MediaKind(mediaType: mediaType) else {
        throw DecodingError.dataCorruptedError(
          forKey: .mediaType, in: container, debugDescription: "not a film, series or person: \(mediaType)")
      }
      return kind
    }
    let namedAsSeries = !container.contains(.title) && (container.contains(.name) || container.contains(.firstAirDate))
    return namedAsSeries ? .series : .film
  }
}

/// What a person found in a search is known for.
public struct KnownFor: Sendable, Hashable {
  /// Their department, e.g. "Acting".
  public var department: String?
  /// Up to three of the titles they are known for.
  public var titles: [String]

  /// Makes it from its parts.
  public init(department: String?, titles: [String]) {
    self.department = department
    self.titles = titles
  }
}

/// Checks paths on the image host before they are put into a URL.
public enum ImagePath {
  /// Returns the path when it is a plain `/name.ext`, else nil.
  public static func validated(_ path: String) -> String? {
    guard path.hasPrefix("/"), path.count > 1, path.count <= 200 else { return nil }
    let allowed = path.unicodeScalars.dropFirst().allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || "._-".unicodeScalars.contains(scalar)
    }
    return allowed ? path : nil
  }
}

/// TMDB's genres by id (the ids list pages carry), named in the interface's language.
public enum Genres {
  /// A series genre's name: series have genres of their own beside some of the films'.
  public static func seriesName(_ id: Int) -> String? {
    switch id {
    case 10759: return trc("genre", "Action & Adventure")
    case 10762: return trc("genre", "Kids")
    case 10763: return trc("genre", "News")
    case 10764: return trc("genre", "Reality")
    case 10765: return trc("genre", "Sci-Fi & Fantasy")
    case 10766: return trc("genre", "Soap")
    case 10767: return trc("genre", "Talk")
    case 10768: return trc("genre", "War & Politics")
    default: return name(id)
    }
  }

  /// The genre's name, or nil for an id not in the table.
  public static func name(_ id: Int) -> String? {
    switch id {
    case 28: return trc("genre", "Action")
    case 12: return trc("genre", "Adventure")
    case 16: return trc("genre", "Animation")
    case 35: return trc("genre", "Comedy")
    case 80: return trc("genre", "Crime")
    case 99: return trc("genre", "Documentary")
    case 18: return trc("genre", "Drama")
    case 10751: return trc("genre", "Family")
    case 14: return trc("genre", "Fantasy")
    case 36: return trc("genre", "History")
    case 27: return trc("genre", "Horror")
    case 10402: return trc("genre", "Music")
    case 9648: return trc("genre", "Mystery")
    case 10749: return trc("genre", "Romance")
    case 878: return trc("genre", "Science Fiction")
    case 10770: return trc("genre", "TV Movie")
    case 53: return trc("genre", "Thriller")
    case 10752: return trc("genre", "War")
    case 37: return trc("genre", "Western")
    default: return nil
    }
  }
}
