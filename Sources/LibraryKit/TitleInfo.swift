import AmodbKit
import FoundationEssentials

/// What the library keeps of a film or series: the summary lists show, and what stats need.
public struct TitleInfo: Equatable, Sendable {
  /// Film or series, and its id.
  public var media: MediaID
  /// Its title; empty when it was never known.
  public var title: String
  /// Its year.
  public var year: Int?
  /// Its poster's path.
  public var posterPath: String?
  /// Its score, 0–10.
  public var voteAverage: Double?
  /// How many votes the score rests on.
  public var voteCount: Int
  /// TMDB genre ids.
  public var genreIDs: [Int]
  /// Genre names, as the details named them.
  public var genres: [String]
  /// Its IMDb id (`tt…`), when known.
  public var imdbID: String?
  /// A film's runtime, or a series' usual episode runtime, in minutes.
  public var runtime: Int?

  /// Makes one, cleaning and bounding what came from outside.
  public init(
    media: MediaID, title: String, year: Int? = nil, posterPath: String? = nil, voteAverage: Double? = nil,
    voteCount: Int = 0, genreIDs: [Int] = [], genres: [String] = [], imdbID: String? = nil, runtime: Int? = nil
  ) {
    self.media = media
    self.title = TextSanitizer.clean(title, limit: 300)
    self.year = year.flatMap { (1800...3000).contains($0) ? $0 : nil }
    self.posterPath = posterPath.flatMap(ImagePath.validated)
    self.voteAverage = voteAverage.flatMap { $0.isFinite && (0...10).contains($0) ? $0 : nil }
    self.voteCount = min(max(voteCount, 0), 1_000_000_000)
    self.genreIDs = Array(genreIDs.filter { (1...1_000_000).contains($0) }.prefix(10))
    self.genres = Array(genres.map { TextSanitizer.clean($0, limit: 60) }.filter { !$0.isEmpty }.prefix(10))
    self.imdbID = imdbID.flatMap { id in
      id.hasPrefix("tt") && id.count <= 12 && id.dropFirst(2).allSatisfy(\.isASCII) && Int(id.dropFirst(2)) != nil
        ? id : nil
    }
    self.runtime = runtime.flatMap { (1...2_000).contains($0) ? $0 : nil }
  }

  /// What an old watchlist line kept.
  init(mark: Mark) {
    self.init(
      media: mark.media, title: mark.title, year: mark.year, posterPath: mark.summary?.posterPath,
      voteAverage: mark.summary?.voteAverage, voteCount: mark.summary?.voteCount ?? 0,
      genreIDs: mark.summary?.genreIDs ?? [])
  }

  /// A list row's summary.
  public init(_ summary: MediaSummary) {
    self.init(
      media: MediaID(summary.kind, summary.id), title: summary.title, year: summary.year,
      posterPath: summary.posterPath, voteAverage: summary.voteAverage, voteCount: summary.voteCount,
      genreIDs: summary.genreIDs)
  }

  /// A film's details.
  public init(_ film: MovieDetails) {
    self.init(
      media: .film(film.id), title: film.title, year: film.year, posterPath: film.posterPath,
      voteAverage: film.voteAverage, voteCount: film.voteCount, genreIDs: film.genreIDs, genres: film.genres,
      imdbID: film.imdbID, runtime: film.runtime)
  }

  /// A series' details.
  public init(_ series: SeriesDetails) {
    self.init(
      media: .series(series.id), title: series.name, year: series.firstAirDate?.year, posterPath: series.posterPath,
      voteAverage: series.voteAverage, voteCount: series.voteCount, genreIDs: series.genreIDs,
      genres: series.genres, imdbID: series.imdbID, runtime: series.episodeRuntime)
  }

  /// The summary a list row shows.
  public var summary: MarkSummary {
    MarkSummary(posterPath: posterPath, voteAverage: voteAverage, voteCount: voteCount, genreIDs: genreIDs)
  }

  /// The row a list shows.
  public var entry: MediaSummary {
    MediaSummary(
      id: media.id, kind: media.kind, title: title, releaseDate: year.flatMap { ReleaseDate(String($0)) },
      posterPath: posterPath, voteAverage: voteAverage ?? 0, voteCount: voteCount, genreIDs: genreIDs)
  }
}

/// The `titles` table.
enum Titles {
  /// The columns `info(from:)` reads, of `titles t`, each named as `titles` names it: a query that
  /// joins titles gives its own columns other names.
  static let columns = """
    t.kind AS kind, t.id AS id, t.title AS title, t.year AS year, t.poster_path AS poster_path, \
    t.vote_average AS vote_average, t.vote_count AS vote_count, t.genre_ids AS genre_ids, t.genres AS genres, \
    t.imdb_id AS imdb_id, t.runtime AS runtime
    """

  /// What an upsert sets each column of a title already held to: what is not known now keeps what
  /// was known.
  private static let merged: [(column: String, value: String)] = [
    ("title", "CASE WHEN excluded.title <> '' THEN excluded.title ELSE title END"),
    ("year", "coalesce(excluded.year, year)"),
    ("poster_path", "coalesce(excluded.poster_path, poster_path)"),
    ("vote_average", "coalesce(excluded.vote_average, vote_average)"),
    ("vote_count", "CASE WHEN excluded.vote_count > 0 THEN excluded.vote_count ELSE vote_count END"),
    ("genre_ids", "CASE WHEN excluded.genre_ids <> '' THEN excluded.genre_ids ELSE genre_ids END"),
    ("genres", "CASE WHEN excluded.genres <> '' THEN excluded.genres ELSE genres END"),
    ("imdb_id", "coalesce(excluded.imdb_id, imdb_id)"),
    ("runtime", "coalesce(excluded.runtime, runtime)"),
    ("updated", "excluded.updated"),
  ]

  /// The upsert: a title held already is written only when something of it changes, so a mark of
  /// a title the library knows (most of them) writes no page of `titles` and logs no change of it.
  private static let upsertStatement = """
    INSERT INTO titles (kind, id, title, year, poster_path, vote_average, vote_count, genre_ids, genres, imdb_id,
      runtime, updated)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (kind, id) DO UPDATE SET \(merged.map { "\($0.column) = \($0.value)" }.joined(separator: ", "))
    WHERE (\(merged.map(\.column).joined(separator: ", "))) IS NOT (\(merged.map(\.value).joined(separator: ", ")))
    """

  /// Adds a title or updates what is known of it; what is not known now keeps what was known.
  static func upsert(_ connection: SQLiteConnection, _ info: TitleInfo, day: String) throws(SQLiteFailure) {
    try connection.rows(
      upsertStatement,
      [
        .text(info.media.kind.rawValue), .integer(Int64(info.media.id)), .text(info.title), optional(info.year),
        info.posterPath.map(SQLValue.text) ?? .null, info.voteAverage.map(SQLValue.real) ?? .null,
        .integer(Int64(info.voteCount)), .text(info.genreIDs.map(String.init).joined(separator: ",")),
        .text(info.genres.joined(separator: "|")), info.imdbID.map(SQLValue.text) ?? .null, optional(info.runtime),
        .text(day),
      ])
  }

  /// A title read from a row with the `columns`.
  static func info(from row: SQLRow) -> TitleInfo? {
    guard let kind = row["kind"].string.flatMap(MediaKind.init(rawValue:)), let id = row["id"].int else { return nil }
    return TitleInfo(
      media: MediaID(kind, id), title: row["title"].string ?? "", year: row["year"].int,
      posterPath: row["poster_path"].string, voteAverage: row["vote_average"].double,
      voteCount: row["vote_count"].int ?? 0,
      genreIDs: (row["genre_ids"].string ?? "").split(separator: ",").compactMap { Int($0) },
      genres: (row["genres"].string ?? "").split(separator: "|").map(String.init), imdbID: row["imdb_id"].string,
      runtime: row["runtime"].int)
  }

  static func optional(_ value: Int?) -> SQLValue {
    value.map { .integer(Int64($0)) } ?? .null
  }
}
