import AmodbKit
import FoundationEssentials
import TrendingViews

/// What `trending collection` prints.
extension Output {
  /// A film of a collection in `trending collection --json`.
  struct PartEntry: Encodable {
    let id: Int
    let title: String
    let originalTitle: String?
    let year: Int?
    let releaseDate: String?
    let score: Double?
    let votes: Int
    let posterURL: String?

    enum CodingKeys: String, CodingKey {
      case id, title, year, score, votes
      case originalTitle = "original_title"
      case releaseDate = "release_date"
      case posterURL = "poster_url"
    }
  }

  /// `trending collection --json`.
  struct CollectionEntry: Encodable {
    let id: Int
    let name: String
    let years: String?
    let overview: String?
    let posterURL: String?
    let parts: [PartEntry]

    enum CodingKeys: String, CodingKey {
      case id, name, years, overview, parts
      case posterURL = "poster_url"
    }
  }

  /// A collection as a JSON object, its films oldest first.
  public static func json(_ collection: CollectionDetails, configuration: ClientConfiguration) -> String {
    let poster = { (path: String?) in
      path.flatMap { configuration.posterURL(path: $0, size: "w500")?.absoluteString }
    }
    return encode(
      CollectionEntry(
        id: collection.id, name: collection.name, years: collection.years, overview: collection.overview,
        posterURL: poster(collection.posterPath),
        parts: collection.parts.map {
          PartEntry(
            id: $0.id, title: $0.title, originalTitle: $0.originalTitle, year: $0.year,
            releaseDate: $0.releaseDate?.description, score: $0.score.map(rounded), votes: $0.voteCount,
            posterURL: poster($0.posterPath))
        }))
  }

  /// A collection as text for people: the screen's document.
  public static func text(_ collection: CollectionDetails, width: Int = 80) -> String {
    CollectionDocument.document(name: nil, details: collection, width: width).plainText
  }
}
