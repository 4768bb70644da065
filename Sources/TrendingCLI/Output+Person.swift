import AmodbKit
import TrendingViews

extension Output {
  /// A film in a person's filmography in `trending person --json`.
  struct CreditEntry: Encodable {
    let id: Int
    let mediaType: String
    let title: String
    let year: Int?
    let score: Double?
    let role: String?
    let asCast: Bool
    let episodes: Int?

    enum CodingKeys: String, CodingKey {
      case id, title, year, score, role, episodes
      case mediaType = "media_type"
      case asCast = "as_cast"
    }
  }

  /// `trending person --json`.
  struct PersonEntry: Encodable {
    let id: Int
    let name: String
    let knownFor: String?
    let birthday: String?
    let deathday: String?
    let placeOfBirth: String?
    let biography: String?
    let profileURL: String?
    let credits: [CreditEntry]

    enum CodingKeys: String, CodingKey {
      case id, name, birthday, deathday, biography, credits
      case knownFor = "known_for"
      case placeOfBirth = "place_of_birth"
      case profileURL = "profile_url"
    }
  }

  /// A person as a JSON object, their films and series newest first.
  public static func json(_ person: PersonDetails, configuration: ClientConfiguration) -> String {
    let entry = PersonEntry(
      id: person.id, name: person.name, knownFor: person.knownFor, birthday: person.birthday?.description,
      deathday: person.deathday?.description, placeOfBirth: person.placeOfBirth, biography: person.biography,
      profileURL: person.profilePath.flatMap { configuration.posterURL(path: $0, size: "w500")?.withoutSecrets },
      credits: person.works(byScore: false).map {
        CreditEntry(
          id: $0.media.id, mediaType: $0.media.kind.rawValue, title: $0.media.title, year: $0.media.year,
          score: $0.media.score.map(rounded), role: $0.role, asCast: $0.isCast, episodes: $0.episodeCount)
      })
    return encode(entry)
  }

  /// A person as text for people.
  public static func text(_ person: PersonDetails, width: Int = 80) -> String {
    PersonDocument.document(person, byScore: false, expanded: true, width: width).printedText
  }
}
