import AmodbKit

/// A film, series or episode the user rated, as the Recently rated tab lists it.
public struct RatedTitle: Equatable, Sendable {
  /// The film or series (an episode's series): title, year, poster and the public score as kept.
  public var title: TitleInfo
  /// The episode, when the rating is one's.
  public var episode: EpisodeKey?
  /// The episode's name, when the library knows it.
  public var episodeName: String?
  /// The user's score, 1–10.
  public var rating: Int
  /// The day it was rated, `YYYY-MM-DD` (the moment, where known, orders one day's ratings).
  public var day: String

  /// Makes one.
  public init(title: TitleInfo, episode: EpisodeKey? = nil, episodeName: String? = nil, rating: Int, day: String) {
    self.title = title
    self.episode = episode
    self.episodeName = episodeName
    self.rating = rating
    self.day = day
  }
}

extension Library {
  /// The films, series and episodes rated, newest first, all of them or at most `limit`: by day (`ratings.rated`),
  /// then by the moment (`rated_at`, kept since schema 6 for ratings made here); ratings of one day
  /// without a moment (imported, or made before) go by title, then season and episode.
  public func recentlyRated(limit: Int? = nil) throws(LibraryError) -> [RatedTitle] {
    try read {
      try connection.rows(
        """
        SELECT \(Titles.columns), r.season AS season, r.episode AS episode, r.rating AS rating, r.rated AS rated,
          e.name AS episode_name
        FROM ratings r
        JOIN titles t ON t.kind = r.kind AND t.id = r.title_id
        LEFT JOIN episodes e ON r.kind = 'tv' AND e.series_id = r.title_id AND e.season = r.season
          AND e.episode = r.episode
        ORDER BY r.rated DESC, r.rated_at DESC NULLS LAST, t.title COLLATE NOCASE, t.kind, t.id, r.season, r.episode
        LIMIT ?
        """, [.integer(limit.map { Int64(max($0, 0)) } ?? -1)]
      ).compactMap { row in
        guard let title = Titles.info(from: row), let rating = row["rating"].int, let day = row["rated"].string else {
          return nil
        }
        var episode: EpisodeKey?
        if let season = row["season"].int, season >= 0, let number = row["episode"].int, number >= 0 {
          episode = EpisodeKey(season: season, number: number)
        }
        let name = row["episode_name"].string.flatMap { $0.isEmpty ? nil : $0 }
        return RatedTitle(
          title: title, episode: episode, episodeName: episode == nil ? nil : name, rating: rating, day: day)
      }
    }
  }
}
