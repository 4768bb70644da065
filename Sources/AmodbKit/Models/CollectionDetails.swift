import FoundationEssentials
import Localization

/// `GET /collection/{id}`: a collection's name, overview, poster and films, in one request.
public struct CollectionRequest: Endpoint, Hashable {
  public typealias Response = CollectionDetails
  /// The collection's id.
  public var id: Int
  /// The language tag.
  public var language: String

  /// Makes the request.
  public init(id: Int, language: String) {
    self.id = id
    self.language = language
  }

  public var path: String { "/collection/\(id)" }
  public func mismatch(_ response: CollectionDetails) -> String? { AmodbKit.mismatch(asked: id, answered: response.id) }
  public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }
  public var freshness: TimeInterval { detailsFreshness }
  public var cacheKind: CacheKind? { .details }
}

/// A collection (a series of films, such as "The Matrix Collection"): its films in release order.
public struct CollectionDetails: Sendable, Hashable, Decodable {
  /// The collection's id.
  public var id: Int
  /// Its name, e.g. "The Matrix Collection".
  public var name: String
  /// What the films have in common.
  public var overview: String?
  /// Its poster's path on the image host.
  public var posterPath: String?
  /// Its films, oldest first; those without a date (not yet released) last.
  public var parts: [MediaSummary]

  /// The years its films came out: "1999–2021", or one year; nil when none is dated.
  public var years: String? {
    let years = parts.compactMap(\.year)
    guard let first = years.min(), let last = years.max() else { return nil }
    return first == last ? String(first) : "\(first)–\(last)"
  }

  /// Makes a collection from its parts; the films are put in release order.
  public init(id: Int, name: String, overview: String? = nil, posterPath: String? = nil, parts: [MediaSummary] = []) {
    self.id = id
    self.name = name
    self.overview = overview
    self.posterPath = posterPath
    self.parts = Self.inReleaseOrder(parts)
  }

  enum CodingKeys: String, CodingKey {
    case id, name, overview, parts
    case posterPath = "poster_path"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0 else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no usable id")
    }
    self.id = id
    name = container.text(.name, limit: 200) ?? tr("Collection #%s", String(id))
    overview = container.text(.overview, keepNewlines: true)
    posterPath = container.lenient(String.self, .posterPath).flatMap(ImagePath.validated)
    // At most 100 entries are read (the largest real collections hold a few dozen); only films
    // belong to one, so an entry of another kind, or a film listed twice, is left out.
    var seen = Set<Int>()
    let entries = container.lenient(CappedArray<MediaSummary>.self, .parts)?.values ?? []
    parts = Self.inReleaseOrder(entries.filter { $0.kind == .film && seen.insert($0.id).inserted })
  }

  /// The films oldest first (TMDB lists them in no order), undated ones last, ties as they came.
  static func inReleaseOrder(_ films: [MediaSummary]) -> [MediaSummary] {
    films.enumerated().sorted { left, right in
      switch (left.element.releaseDate, right.element.releaseDate) {
      case (let first?, let second?) where first != second: return first < second
      case (.some, nil): return true
      case (nil, .some): return false
      default: return left.offset < right.offset
      }
    }.map(\.element)
  }
}
