import AmodbKit
import FoundationEssentials
import Localization
import TrendingCore
import TrendingViews

/// The text and JSON that `trending list` and `trending show` print.
public enum Output {
  /// The list as an aligned table; titles are never cut unless `width` is given (a terminal's width).
  public static func table(_ page: MediaPage, width: Int? = nil) -> String {
    let rankWidth = max(1, String(page.rank(at: max(0, page.results.count - 1))).count)
    let longest = page.results.map { TextWidth.width(of: $0.title) }.max() ?? 5
    // The id as the other commands take it (`550`, `tv/1399`, `person/70017`): what a reader types next.
    let ids = page.results.map { MediaID($0.kind, $0.id).description }
    let idWidth = max(2, ids.map(\.count).max() ?? 0)
    // A page of several kinds (a search) names each entry's kind after its score, in a column of
    // its own that the title's width makes room for.
    let mixed = Set(page.results.map(\.kind)).count > 1
    let kindHeader = trc("column title of a film, series or person", "Kind")
    let kindWidth =
      mixed ? ([kindHeader] + page.results.map { Vocabulary.kind($0.kind) }).map(TextWidth.width(of:)).max() ?? 0 : 0
    var titleWidth = max(5, longest)
    if let width {
      titleWidth = max(5, min(titleWidth, width - rankWidth - idWidth - 18 - (mixed ? kindWidth + 2 : 0)))
    }
    var lines = [
      TextLayout.fit("#", to: rankWidth, alignRight: true) + "  " + TextLayout.fit(tr("ID"), to: idWidth) + "  "
        + TextLayout.fit(tr("Title"), to: titleWidth) + "  "
        + TextLayout.fit(trc("column title, at most 4 columns", "Year"), to: 4) + "  "
        + TextLayout.fit(trc("column title, at most 5 columns", "Score"), to: 5, alignRight: true)
        + (mixed ? "  " + kindHeader : "")
    ]
    for (offset, movie) in page.results.enumerated() {
      let rank = TextLayout.fit(String(page.rank(at: offset)), to: rankWidth, alignRight: true)
      let year = TextLayout.fit(movie.year.map(String.init) ?? Formatters.missing, to: 4, alignRight: true)
      let score = TextLayout.fit(Formatters.score(movie.voteAverage, votes: movie.voteCount), to: 5, alignRight: true)
      let kind = mixed ? "  " + Vocabulary.kind(movie.kind) : ""
      // The title as the browser draws it: no joiner left to join the cell's end with the next one.
      let title = TextLayout.fit(TextWidth.drawn(movie.title), to: titleWidth)
      lines.append(
        rank + "  " + TextLayout.fit(ids[offset], to: idWidth) + "  " + title + "  " + year + "  " + score + kind)
    }
    if let unread = unread(page) { lines.append("(" + unread + ")") }
    return lines.joined(separator: "\n")
  }

  /// How many entries of the page could not be read, in words; nil when every one could. A table
  /// says it below its rows; piped and JSON output say it on standard error.
  public static func unread(_ page: MediaPage) -> String? {
    guard page.skippedEntries > 0 else { return nil }
    return trn(
      "%s entry of this page could not be read", "%s entries of this page could not be read", page.skippedEntries)
  }

  /// The list for scripts: one entry a line, `rank id title year score media_type` separated by tabs,
  /// the id as the library's commands take it (`550`, `tv/1399`), with a dash for a missing year or
  /// score; nothing padded, nothing cut.
  public static func tabSeparated(_ page: MediaPage) -> String {
    page.results.enumerated().map { offset, movie in
      // What is not known is an empty field, not the table's dash: a script tests for it as such.
      let year = movie.year.map(String.init) ?? ""
      let score = movie.score.map(Formatters.oneDecimal) ?? ""
      // Titles are clean of control characters already; a tab would split a field, so it is a space.
      let title = movie.title.replacing("\t", with: " ")
      return
        "\(page.rank(at: offset))\t\(MediaID(movie.kind, movie.id))\t\(title)\t\(year)\t\(score)\t\(movie.kind.rawValue)"
    }.joined(separator: "\n")
  }

  /// One film in `trending list --json`.
  struct ListEntry: Encodable {
    let rank: Int
    let id: Int
    let mediaType: String
    let title: String
    let originalTitle: String?
    let year: Int?
    let releaseDate: String?
    let score: Double?
    let votes: Int
    let posterURL: String?

    enum CodingKeys: String, CodingKey {
      case rank, id, title, year, score, votes
      case mediaType = "media_type"
      case originalTitle = "original_title"
      case releaseDate = "release_date"
      case posterURL = "poster_url"
    }
  }

  /// The list as a JSON array.
  public static func json(_ page: MediaPage, configuration: ClientConfiguration) -> String {
    let entries = page.results.enumerated().map { offset, movie in
      ListEntry(
        rank: page.rank(at: offset), id: movie.id, mediaType: movie.kind.rawValue, title: movie.title,
        originalTitle: movie.originalTitle,
        year: movie.year,
        releaseDate: movie.releaseDate?.description, score: movie.score.map(rounded),
        votes: movie.voteCount,
        posterURL: movie.posterPath.flatMap { configuration.posterURL(path: $0, size: "w500")?.withoutSecrets })
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

  /// Where to watch in one country, in `trending show --json` (JustWatch's data).
  struct ProvidersEntry: Encodable {
    let subscription: [String]
    let free: [String]
    let rent: [String]
    let buy: [String]
  }

  /// A related film in `trending show --json`.
  struct RelatedEntry: Encodable {
    let id: Int
    let title: String
    let year: Int?
  }

  /// `trending show --json`.
  struct DetailEntry: Encodable {
    let id: Int
    /// Always "movie": `tv --json` says "tv", so one script reads both.
    let mediaType = "movie"
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
    let certifications: [String: String]
    let trailer: String?
    let collection: String?
    let watchProviders: [String: ProvidersEntry]
    let recommendations: [RelatedEntry]
    let similar: [RelatedEntry]
    let yours: YoursEntry?

    enum CodingKeys: String, CodingKey {
      case id, title, year, runtime, genres, tagline, overview, directors, writers, cast, ratings
      case certifications, trailer, collection, recommendations, similar, yours
      case watchProviders = "watch_providers"
      case mediaType = "media_type"
      case originalTitle = "original_title"
      case releaseDate = "release_date"
      case posterURL = "poster_url"
    }
  }

  /// One film in `trending watchlist --json`.
  struct MarkEntry: Encodable {
    let id: Int
    let mediaType: String
    let title: String
    let year: Int?
    let watchlist: Bool
    let added: String
    let seen: String?

    enum CodingKeys: String, CodingKey {
      case id, title, year, watchlist, added, seen
      case mediaType = "media_type"
    }
  }

  /// The watchlist, each title with its watch: a table (piped: tab-separated), JSON, or Letterboxd's CSV.
  public static func watchlist(_ marks: [MediaID: Mark], order: [MediaID: Int] = [:], format: WatchlistOutput)
    -> String
  {
    // Newest added first, as the browser's tab and `lists watchlist` show it: a day's titles by
    // their place on the list.
    let sorted = marks.values.sorted {
      ($0.added, order[$0.media] ?? 0, $0.media) > ($1.added, order[$1.media] ?? 0, $1.media)
    }
    switch format {
    case .json:
      return encode(
        sorted.map {
          MarkEntry(
            id: $0.id, mediaType: $0.kind.rawValue, title: $0.title, year: $0.year, watchlist: $0.onWatchlist,
            added: $0.added, seen: $0.seen)
        })
    case .csv:
      // Letterboxd imports films only; the command says how many series it left out.
      let rows = sorted.filter { $0.kind == .film }.map { mark in
        [String(mark.id), csvField(mark.title), mark.year.map(String.init) ?? "", mark.seen ?? ""]
          .joined(separator: ",")
      }
      return (["tmdbID,Title,Year,WatchedDate"] + rows).joined(separator: "\n")
    case .text:
      return sorted.map { mark in
        let flags = (mark.onWatchlist ? "+" : " ") + (mark.seen != nil ? "✓" : " ")
        let title = mark.title.isEmpty ? untitled(mark.media) : mark.title
        return [
          mark.media.description, flags, title, mark.year.map(String.init) ?? Formatters.missing, mark.seen ?? "",
        ]
        .joined(separator: "\t")
      }.joined(separator: "\n")
    }
  }

  /// One CSV cell: quoted when it holds a comma, semicolon, quote or line break, and, as OWASP
  /// advises for files that open in spreadsheets, a `'` before a leading `=`, `+`, `-`, `@`, tab or
  /// carriage return (after any spaces), and before one after a `;` (a spreadsheet of a locale that
  /// splits on `;` starts a cell there), so no part of a title is ever read as a formula. Not after
  /// a comma: every reader keeps a quoted comma inside its cell, and a note's "7/10, +1" stays as
  /// written. The text is cleaned first, as standard output will clean it: an escape sequence or a
  /// control before a `=` must not hide it.
  static func csvField(_ text: String) -> String {
    let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]
    var safe = ""
    var cellStarts = true
    for character in TextSanitizer.cleanOutput(text) {
      if cellStarts, formulaStarts.contains(character) { safe.append("'") }
      safe.append(character)
      if character == ";" {
        cellStarts = true
      } else if character != " " {
        cellStarts = false
      }
    }
    return safe.contains(where: { $0 == "," || $0 == ";" || $0 == "\"" || $0 == "\n" || $0 == "\r" })
      ? "\"" + safe.replacing("\"", with: "\"\"") + "\"" : safe
  }

  /// The five ratings as `--json` writes them, each service's value read by `rating`.
  static func ratingsEntry(_ rating: (RatingService) -> Rating?) -> RatingsEntry {
    let keys: [RatingService: String] = [
      .imdb: "imdb", .kinopoisk: "kinopoisk", .metacritic: "metacritic", .rottenTomatoes: "rotten_tomatoes",
      .tmdb: "tmdb",
    ]
    return RatingsEntry(
      values: RatingService.allCases.map { service in
        let entry = rating(service).map {
          RatingEntry(value: rounded($0.value), votes: $0.votes, scale: service.scale == .outOfTen ? 10 : 100)
        }
        return (keys[service] ?? "\(service)", entry)
      })
  }

  /// A film's details as a JSON object, with what the library holds of it (`yours`).
  static func json(_ details: MovieDetails, configuration: ClientConfiguration, yours: YoursEntry? = nil) -> String {
    let ratings = ratingsEntry { $0.rating(in: details) }
    let entry = DetailEntry(
      id: details.id, title: details.title, originalTitle: details.originalTitle, year: details.year,
      releaseDate: details.releaseDate?.description, runtime: details.runtime, genres: details.genres,
      tagline: details.tagline, overview: details.overview, directors: details.directors, writers: details.writers,
      cast: details.cast.prefix(20).map { CastEntry(name: $0.name, character: $0.character) }, ratings: ratings,
      posterURL: details.posterPath.flatMap { configuration.posterURL(path: $0, size: "w500")?.withoutSecrets },
      certifications: details.certifications, trailer: details.trailer?.url, collection: details.collection?.name,
      watchProviders: details.providers.mapValues {
        ProvidersEntry(subscription: $0.subscription, free: $0.free, rent: $0.rent, buy: $0.buy)
      },
      recommendations: details.recommendations.map { RelatedEntry(id: $0.id, title: $0.title, year: $0.year) },
      similar: details.similar.map { RelatedEntry(id: $0.id, title: $0.title, year: $0.year) }, yours: yours)
    return encode(entry)
  }

  /// A film's details as text for people.
  /// A film as text for people, with the user's own rating, note and watches (`mark`) as its page shows them.
  public static func text(_ details: MovieDetails, region: String?, mark: Mark? = nil, width: Int = 80) -> String {
    FilmDocument.document(
      summary: nil, details: details, region: region, mark: mark, width: width, reviewExpanded: true
    ).printedText
  }

  static func rounded(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
  }

  /// The value as pretty-printed JSON, every control and C1 character in it written as a `\u` escape.
  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "null" }
    // JSONEncoder escapes C0 only: U+009B (CSI) and the other C1 controls would go out as they are.
    return TextSanitizer.escapingControls(inJSON: closingEmpties(String(decoding: data, as: UTF8.self)))
  }

  /// Pretty JSON with each empty array or object written `[]` or `{}`, not opened over two lines.
  ///
  /// A line break in pretty JSON is always layout (one inside a string is written `\n`), so a
  /// bracket, a line break and white space, then its closing bracket, is an empty value; brackets
  /// inside a string never have a line break between them.
  static func closingEmpties(_ json: String) -> String {
    let bytes = Array(json.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      output.append(byte)
      index += 1
      guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
      // Layout's white space after an opener, a line break in it, then its closer: an empty value.
      var end = index
      var broken = false
      while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x0A || bytes[end] == 0x0D || bytes[end] == 0x09 {
        broken = broken || bytes[end] == 0x0A
        end += 1
      }
      let closer = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
      if broken, end < bytes.count, bytes[end] == closer {
        output.append(closer)
        index = end + 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

}
