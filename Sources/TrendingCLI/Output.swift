import AmodbKit
import FoundationEssentials
import TrendingViews

/// The text and JSON that `trending list` and `trending show` print.
public enum Output {
  /// The list as an aligned table; titles are never cut unless `width` is given (a terminal's width).
  public static func table(_ page: MoviePage, width: Int? = nil) -> String {
    let startRank = (page.page - 1) * 20 + 1
    let rankWidth = max(1, String(startRank + page.results.count).count)
    let longest = page.results.map { TextWidth.width(of: $0.title) }.max() ?? 5
    var titleWidth = max(5, longest)
    if let width { titleWidth = max(5, min(titleWidth, width - rankWidth - 16)) }
    var lines = [
      TextLayout.fit("#", to: rankWidth, alignRight: true) + "  " + TextLayout.fit("Title", to: titleWidth)
        + "  Year  Score"
    ]
    for (offset, movie) in page.results.enumerated() {
      let rank = TextLayout.fit(String(startRank + offset), to: rankWidth, alignRight: true)
      let year = TextLayout.fit(movie.year.map(String.init) ?? Formatters.missing, to: 4, alignRight: true)
      let score = TextLayout.fit(Formatters.score(movie.voteAverage, votes: movie.voteCount), to: 5, alignRight: true)
      lines.append(rank + "  " + TextLayout.fit(movie.title, to: titleWidth) + "  " + year + "  " + score)
    }
    if page.skippedEntries > 0 {
      lines.append("(\(page.skippedEntries) entries of this page could not be read)")
    }
    return lines.joined(separator: "\n")
  }

  /// The list for scripts: one film a line, `rank id title year score` separated by tabs, with a
  /// dash for a missing year or score; nothing padded, nothing cut.
  public static func tabSeparated(_ page: MoviePage) -> String {
    let startRank = (page.page - 1) * 20 + 1
    return page.results.enumerated().map { offset, movie in
      let year = movie.year.map(String.init) ?? Formatters.missing
      let score = Formatters.score(movie.voteAverage, votes: movie.voteCount)
      // Titles are clean of control characters already; a tab would split a field, so it is a space.
      let title = movie.title.replacing("\t", with: " ")
      return "\(startRank + offset)\t\(movie.id)\t\(title)\t\(year)\t\(score)"
    }.joined(separator: "\n")
  }

  /// One film in `trending list --json`.
  struct ListEntry: Encodable {
    let rank: Int
    let id: Int
    let title: String
    let originalTitle: String?
    let year: Int?
    let releaseDate: String?
    let score: Double?
    let votes: Int
    let posterURL: String?

    enum CodingKeys: String, CodingKey {
      case rank, id, title, year, score, votes
      case originalTitle = "original_title"
      case releaseDate = "release_date"
      case posterURL = "poster_url"
    }
  }

  /// The list as a JSON array.
  public static func json(_ page: MoviePage, configuration: ClientConfiguration) -> String {
    let startRank = (page.page - 1) * 20 + 1
    let entries = page.results.enumerated().map { offset, movie in
      ListEntry(
        rank: startRank + offset, id: movie.id, title: movie.title, originalTitle: movie.originalTitle,
        year: movie.year,
        releaseDate: movie.releaseDate?.description, score: movie.voteCount == 0 ? nil : rounded(movie.voteAverage),
        votes: movie.voteCount,
        posterURL: movie.posterPath.flatMap { configuration.posterURL(path: $0, size: "w500")?.absoluteString })
    }
    return encode(entries)
  }

  /// One rating in `trending show --json`.
  struct RatingEntry: Encodable {
    let value: Double
    let votes: Int?
    let scale: Int
  }

  /// The five ratings in `trending show --json`; a missing rating is `null`, never left out.
  struct RatingsEntry: Encodable {
    let values: [(key: String, entry: RatingEntry?)]

    struct Key: CodingKey {
      let stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for (key, entry) in values {
        if let entry {
          try container.encode(entry, forKey: Key(stringValue: key))
        } else {
          try container.encodeNil(forKey: Key(stringValue: key))
        }
      }
    }
  }

  /// A cast member in `trending show --json`.
  struct CastEntry: Encodable {
    let name: String
    let character: String?
  }

  /// `trending show --json`.
  struct DetailEntry: Encodable {
    let id: Int
    let title: String
    let originalTitle: String?
    let year: Int?
    let releaseDate: String?
    let runtime: Int?
    let genres: [String]
    let tagline: String?
    let overview: String?
    let directors: [String]
    let writers: [String]
    let cast: [CastEntry]
    let ratings: RatingsEntry
    let posterURL: String?

    enum CodingKeys: String, CodingKey {
      case id, title, year, runtime, genres, tagline, overview, directors, writers, cast, ratings
      case originalTitle = "original_title"
      case releaseDate = "release_date"
      case posterURL = "poster_url"
    }
  }

  /// A film's details as a JSON object.
  public static func json(_ details: MovieDetails, configuration: ClientConfiguration) -> String {
    let keys: [RatingService: String] = [
      .imdb: "imdb", .kinopoisk: "kinopoisk", .metacritic: "metacritic", .rottenTomatoes: "rotten_tomatoes",
      .tmdb: "tmdb",
    ]
    let ratings = RatingsEntry(
      values: RatingService.allCases.map { service in
        let entry = service.rating(in: details).map {
          RatingEntry(value: rounded($0.value), votes: $0.votes, scale: service.scale == .outOfTen ? 10 : 100)
        }
        return (keys[service] ?? "\(service)", entry)
      })
    let entry = DetailEntry(
      id: details.id, title: details.title, originalTitle: details.originalTitle, year: details.year,
      releaseDate: details.releaseDate?.description, runtime: details.runtime, genres: details.genres,
      tagline: details.tagline, overview: details.overview, directors: details.directors, writers: details.writers,
      cast: details.cast.prefix(20).map { CastEntry(name: $0.name, character: $0.character) }, ratings: ratings,
      posterURL: details.posterPath.flatMap { configuration.posterURL(path: $0, size: "w500")?.absoluteString })
    return encode(entry)
  }

  /// A film's details as text for people.
  public static func text(_ details: MovieDetails, width: Int = 80) -> String {
    DetailDocument.plainText(DetailDocument.lines(summary: nil, details: details, width: width))
  }

  private static func rounded(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
  }

  private static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}
