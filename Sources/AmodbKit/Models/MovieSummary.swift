import Localization

/// One film in a list page: what the list screen shows of it.
public struct MovieSummary: Sendable, Hashable, Identifiable, Decodable {
  /// The film's amodb (TMDB) id.
  public var id: Int
  /// The localized title, cleaned for the terminal.
  public var title: String
  /// The title in the original language, when it differs.
  public var originalTitle: String?
  /// The release date, when known.
  public var releaseDate: ReleaseDate?
  /// The poster's path on the image host, starting with `/`.
  public var posterPath: String?
  /// The average vote out of 10; nil when missing or unreadable.
  public var voteAverage: Double?
  /// How many votes the average rests on.
  public var voteCount: Int
  /// The plot summary.
  public var overview: String?
  /// The genres, by TMDB genre id.
  public var genreIDs: [Int]

  /// The release year, when known.
  public var year: Int? { releaseDate?.year }

  /// The score worth showing: the average when it is readable and somebody voted.
  public var score: Double? { voteCount > 0 ? voteAverage : nil }

  /// The genre names, in the language of the genre table (English).
  public var genres: [String] { genreIDs.compactMap(Genres.name) }

  /// Makes a summary from its parts.
  public init(
    id: Int, title: String, originalTitle: String? = nil, releaseDate: ReleaseDate? = nil,
    posterPath: String? = nil, voteAverage: Double? = 0, voteCount: Int = 0, overview: String? = nil,
    genreIDs: [Int] = []
  ) {
    self.id = id
    self.title = title
    self.originalTitle = originalTitle
    self.releaseDate = releaseDate
    self.posterPath = posterPath
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.overview = overview
    self.genreIDs = genreIDs
  }

  enum CodingKeys: String, CodingKey {
    case id, title, name, overview
    case originalTitle = "original_title"
    case releaseDate = "release_date"
    case posterPath = "poster_path"
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
    if let mediaType = container.lenient(String.self, .mediaType), mediaType != "movie" {
      throw DecodingError.dataCorruptedError(
        forKey: .mediaType, in: container, debugDescription: "not a film: \(mediaType)")
    }
    let original = container.text(.originalTitle, limit: 300)
    self.id = id
    title = container.text(.title, limit: 300) ?? original ?? "Untitled (#\(id))"
    originalTitle = original == title ? nil : original
    releaseDate = container.lenient(String.self, .releaseDate).flatMap(ReleaseDate.init)
    posterPath = container.lenient(String.self, .posterPath).flatMap(ImagePath.validated)
    voteAverage = container.number(.voteAverage).flatMap { (0...10).contains($0) ? $0 : nil }
    voteCount = max(container.integer(.voteCount) ?? 0, 0)
    overview = container.text(.overview, keepNewlines: true)
    genreIDs = Array((container.lenient([Lossy<Int>].self, .genreIDs) ?? []).compactMap(\.value).prefix(10))
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

/// TMDB's film genres by id (the ids list pages carry), named in the interface's language.
public enum Genres {
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
