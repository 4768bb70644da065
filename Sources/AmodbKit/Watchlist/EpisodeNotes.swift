import FoundationEssentials

/// An episode's place in its series, as its seen mark is kept: season (0 is the specials) and number.
public struct EpisodeKey: Hashable, Comparable, Sendable {
  /// The season.
  public var season: Int
  /// The episode in the season.
  public var number: Int

  /// Makes one.
  public init(season: Int, number: Int) {
    self.season = season
    self.number = number
  }

  /// `S01E02`.
  public var code: String { Episode(season: season, number: number).code }

  public static func < (left: EpisodeKey, right: EpisodeKey) -> Bool {
    (left.season, left.number) < (right.season, right.number)
  }
}

/// The user's own rating and note on one episode.
public struct EpisodeNotes: Equatable, Sendable, Hashable {
  /// The rating, 1–10, when rated.
  public var rating: Int?
  /// The note, when written.
  public var note: String?

  /// Makes one.
  public init(rating: Int? = nil, note: String? = nil) {
    self.rating = rating
    self.note = note
  }

  /// Whether it still says anything (else it is dropped).
  public var isEmpty: Bool { rating == nil && note == nil }
}
