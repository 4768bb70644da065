import FoundationEssentials

/// An episode's place in its series: season (0 is the specials) and number; the key its seen
/// mark, rating and note are kept under, here and in the library.
public struct EpisodeKey: Hashable, Comparable, Sendable, CustomStringConvertible {
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

  /// The code of this episode and the ones after it up to `last` in one file: "S01E02-E03".
  public func code(through last: Int?) -> String {
    code + (last.map { "-E" + ($0 < 10 ? "0" : "") + String($0) } ?? "")
  }

  /// `S01E02`, as `code`.
  public var description: String { code }

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
