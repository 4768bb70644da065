import FoundationEssentials

/// One release of a film in one country: when, and of what kind (TMDB's `type`, 1 to 6).
public struct RegionalRelease: Sendable, Hashable {
  /// The day, as TMDB gives it (the date part of `release_date`).
  public var date: ReleaseDate
  /// 1 premiere, 2 limited, 3 theatrical, 4 digital, 5 physical, 6 TV.
  public var type: Int

  /// Makes one.
  public init(date: ReleaseDate, type: Int) {
    self.date = date
    self.type = type
  }

  /// Whether it is a cinema release (limited or theatrical).
  public var isCinema: Bool { type == 2 || type == 3 }

  /// Whether it is a digital release.
  public var isDigital: Bool { type == 4 }
}

/// `release_dates`: every country's dated releases, as the calendar reads them.
struct ReleasesByCountry: Decodable {
  /// Releases by country code, in the order given.
  var byCountry: [String: [RegionalRelease]] = [:]

  private struct Country: Decodable {
    let code: String
    let releases: [RegionalRelease]

    enum CodingKeys: String, CodingKey {
      case code = "iso_3166_1"
      case dates = "release_dates"
    }

    struct Dated: Decodable {
      let release: RegionalRelease?

      enum CodingKeys: String, CodingKey {
        case type
        case date = "release_date"
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // `1999-10-15T00:00:00.000Z`: the day is the first ten characters.
        let day = container.lenient(String.self, .date).map { String($0.prefix(10)) }.flatMap(ReleaseDate.init)
        let type = container.integer(.type).flatMap { (1...6).contains($0) ? $0 : nil }
        release = day.flatMap { day in type.map { RegionalRelease(date: day, type: $0) } }
      }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard let code = container.lenient(String.self, .code).flatMap(CountryCode.validated) else {
        throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "no country")
      }
      self.code = code
      releases = Array(container.lossyArray(Dated.self, .dates).compactMap(\.release).prefix(20))
    }
  }

  enum CodingKeys: String, CodingKey {
    case results
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    for country in container.lossyArray(Country.self, .results).prefix(300) where !country.releases.isEmpty {
      byCountry[country.code] = country.releases
    }
  }
}

/// A keyword or a production company as TMDB lists them: `{id, name}`.
struct TitledEntry: Decodable {
  /// The entry, when it has an id and a name.
  let value: NamedID?

  enum CodingKeys: String, CodingKey {
    case id, name
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = container.integer(.id).flatMap { $0 > 0 ? $0 : nil }
    let name = container.text(.name, limit: 100)
    value = id.flatMap { id in name.map { NamedID(id: id, name: $0) } }
  }

  /// Reads a list of entries under a key, at most `limit`, without repeats.
  static func list<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key, limit: Int) -> [NamedID] {
    var seen = Set<Int>()
    return Array(
      container.lossyArray(TitledEntry.self, key).compactMap(\.value).filter { seen.insert($0.id).inserted }
        .prefix(limit))
  }
}

/// `keywords` appended to a film: `{"keywords": [{id, name}]}` (series use `results`).
struct KeywordList: Decodable {
  /// The keywords, in the order given.
  var keywords: [NamedID] = []

  enum CodingKeys: String, CodingKey {
    case keywords, results
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    keywords = TitledEntry.list(container, container.contains(.keywords) ? .keywords : .results, limit: 40)
  }
}

/// One review, its text made plain: Markdown taken out, control characters cleaned.
public struct Review: Sendable, Hashable, Decodable {
  /// Who wrote it.
  public var author: String
  /// What they wrote, as plain paragraphs separated by newlines.
  public var text: String
  /// Their score out of 10, when they gave one.
  public var rating: Double?
  /// The day it was written.
  public var written: ReleaseDate?

  /// Makes a review from its parts.
  public init(author: String, text: String, rating: Double? = nil, written: ReleaseDate? = nil) {
    self.author = author
    self.text = text
    self.rating = rating
    self.written = written
  }

  enum CodingKeys: String, CodingKey {
    case author, content
    case details = "author_details"
    case created = "created_at"
  }

  private struct Details: Decodable {
    let rating: Double?

    enum CodingKeys: String, CodingKey {
      case rating
    }

    init(from decoder: any Decoder) throws {
      rating = try decoder.container(keyedBy: CodingKeys.self).number(.rating).flatMap {
        (0...10).contains($0) ? $0 : nil
      }
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let raw = container.lenient(String.self, .content).map { String($0.prefix(20_000)) } ?? ""
    let text = TextSanitizer.clean(MarkdownText.plain(raw), keepNewlines: true, limit: 8_000)
    guard !text.isEmpty else {
      throw DecodingError.dataCorruptedError(forKey: .content, in: container, debugDescription: "no text")
    }
    self.text = text
    author = container.text(.author, limit: 100) ?? "?"
    rating = container.lenient(Details.self, .details)?.rating
    written = container.lenient(String.self, .created).map { String($0.prefix(10)) }.flatMap(ReleaseDate.init)
  }
}

/// `reviews` appended to a film: the first page, and how many there are in all.
public struct Reviews: Sendable, Hashable, Decodable {
  /// How many reviews there are.
  public var total: Int
  /// The first page's reviews, at most five kept.
  public var first: [Review]

  /// Makes reviews from their parts.
  public init(total: Int, first: [Review]) {
    self.total = total
    self.first = first
  }

  enum CodingKeys: String, CodingKey {
    case results
    case total = "total_results"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    first = Array(container.lossyArray(Review.self, .results).prefix(5))
    total = max(container.integer(.total) ?? first.count, first.count)
  }
}

/// Markdown as plain text: what a review says without its markup.
public enum MarkdownText {
  /// Removes emphasis, headings, quotes, list bullets, code fences and link targets (keeping the
  /// link's words); `\r\n` becomes `\n`; runs of blank lines become one.
  public static func plain(_ markdown: String) -> String {
    var lines: [String] = []
    let rows = markdown.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for raw in rows {
      var line = Substring(raw).drop { $0 == " " || $0 == "\t" }
      if line.hasPrefix("```") { continue }
      while let first = line.first, first == "#" || first == ">" { line = line.dropFirst().drop { $0 == " " } }
      if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") { line = "• " + line.dropFirst(2) }
      if line == "---" || line == "***" || line == "___" { line = "" }
      let text = inline(String(line))
      if text.isEmpty, lines.last?.isEmpty ?? true { continue }
      lines.append(text)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// One line's inline markup removed: `**bold**`, `_em_`, `` `code` ``, `[words](url)`, `![alt](url)`, `<tags>`.
  static func inline(_ line: String) -> String {
    var out = ""
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == "!" || character == "[", let (words, end) = link(in: line, at: index) {
        out += words
        index = end
        continue
      }
      if character == "<", let close = line[index...].firstIndex(of: ">"),
        line[line.index(after: index)..<close].allSatisfy({
          $0.isLetter || $0 == "/" || $0 == " " || $0 == "=" || $0 == "\""
        })
      {
        index = line.index(after: close)
        continue
      }
      if character == "*" || character == "`" || (character == "_" && isEdge(line, index)) || character == "~" {
        index = line.index(after: index)
        continue
      }
      out.append(character)
      index = line.index(after: index)
    }
    return out
  }

  /// Whether an underscore is at a word's edge (emphasis), not inside a word (`snake_case`).
  private static func isEdge(_ line: String, _ index: String.Index) -> Bool {
    let before = index > line.startIndex ? line[line.index(before: index)] : " "
    let afterIndex = line.index(after: index)
    let after = afterIndex < line.endIndex ? line[afterIndex] : " "
    return !(before.isLetter || before.isNumber) || !(after.isLetter || after.isNumber)
  }

  /// `[words](target)` or `![words](target)` at an index: the words and where the link ends.
  private static func link(in line: String, at start: String.Index) -> (String, String.Index)? {
    var open = start
    if line[open] == "!" {
      open = line.index(after: open)
      guard open < line.endIndex, line[open] == "[" else { return nil }
    }
    guard let close = line[open...].firstIndex(of: "]") else { return nil }
    let paren = line.index(after: close)
    guard paren < line.endIndex, line[paren] == "(", let end = line[paren...].firstIndex(of: ")") else { return nil }
    return (inline(String(line[line.index(after: open)..<close])), line.index(after: end))
  }
}

/// A web address from the network, kept only when it is `http` or `https` with a host and nothing unsafe.
public enum WebAddress {
  /// The address when it is a plain http(s) URL, else nil.
  public static func validated(_ text: String) -> String? {
    let lower = text.lowercased()
    guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), text.utf8.count <= 500,
      text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" })
    else { return nil }
    let rest = text.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
    guard rest.count >= 3, !rest[2].isEmpty else { return nil }
    return text
  }
}
