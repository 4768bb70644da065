/// What an entry is: a film, a series or a person; the word TMDB's `media_type` and paths use.
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
  case film = "movie"
  case series = "tv"
  case person

  /// The kind named by a `media_type` value, when it is one.
  public init?(mediaType: String) {
    self.init(rawValue: mediaType)
  }
}

/// A film's or a series' identity: TMDB numbers films and series apart, so an id needs its kind.
public struct MediaID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Film or series.
  public var kind: MediaKind
  /// The TMDB id within its kind.
  public var id: Int

  /// Makes an identity.
  public init(_ kind: MediaKind, _ id: Int) {
    self.kind = kind
    self.id = id
  }

  /// A film's identity.
  public static func film(_ id: Int) -> MediaID { MediaID(.film, id) }

  /// A series' identity.
  public static func series(_ id: Int) -> MediaID { MediaID(.series, id) }

  /// How the status file writes it (and the old watchlist file wrote it): `550` for a film, `tv/1668` for a series.
  public var description: String { kind == .film ? String(id) : "\(kind.rawValue)/\(id)" }

  /// Reads `550` or `tv/1668`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    let kind = parts.count == 2 ? MediaKind(rawValue: String(parts[0])) : .film
    guard let kind, kind != .person, parts.count <= 2, let number = parts.last.flatMap({ Int($0) }), number > 0,
      parts.last?.allSatisfy(\.isASCII) == true
    else { return nil }
    self.init(kind, number)
  }

  public static func < (left: MediaID, right: MediaID) -> Bool {
    (left.kind == .film ? 0 : 1, left.id) < (right.kind == .film ? 0 : 1, right.id)
  }
}
