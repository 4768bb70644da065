import AmodbKit

/// How far the user is in a series, from its seen marks and what the answers say has aired: a
/// season's "5/7 seen", and the next episode to watch. The browser asks it of what `Shared` holds;
/// the command line, of what the library and one request hold (`Watched`).
public enum EpisodeProgress {
  /// What a series' progress is worked out from.
  public struct Watched {
    /// The episodes seen; nil before the series' marks are read.
    public var seen: Set<EpisodeKey>?
    /// The series' details, when answered.
    public var details: SeriesDetails?
    /// A season's episodes, when its answer is held.
    public var episodes: (Int) -> [Episode]?
    /// The day "aired" is counted to.
    public var today: ReleaseDate

    /// Makes one.
    public init(
      seen: Set<EpisodeKey>?, details: SeriesDetails?, today: ReleaseDate,
      episodes: @escaping (Int) -> [Episode]? = {
        _ in nil
      }
    ) {
      self.seen = seen
      self.details = details
      self.episodes = episodes
      self.today = today
    }

    /// What the browser holds of a series.
    public init(_ seriesID: Int, _ shared: Shared) {
      self.init(seen: shared.seenEpisodes[seriesID]?.keys, details: shared.series(seriesID).value, today: shared.today)
      {
        shared.season(seriesID, $0).value?.episodes
      }
    }
  }

  /// How far the user is in a season: episodes seen of those aired, once the series' marks are read
  /// and one of its episodes is seen (nil otherwise, and for a season not begun airing: nothing is shown).
  public static func progress(_ seriesID: Int, season: SeasonSummary, _ shared: Shared) -> (seen: Int, aired: Int)? {
    progress(season: season, Watched(seriesID, shared))
  }

  /// `progress` of what `watched` holds.
  public static func progress(season: SeasonSummary, _ watched: Watched) -> (seen: Int, aired: Int)? {
    guard let seen = watched.seen, !seen.isEmpty else { return nil }
    let inSeason = seen.filter { $0.season == season.number }.count
    let aired = max(inSeason, aired(season: season, watched))
    return aired > 0 ? (inSeason, aired) : nil
  }

  /// How many episodes of a season have aired: from its answer when held, else from the series'
  /// last aired episode and the season's episode count.
  static func aired(season: SeasonSummary, _ watched: Watched) -> Int {
    if let episodes = watched.episodes(season.number) {
      return episodes.filter { $0.hasAired(by: watched.today) }.count
    }
    let count = season.episodeCount ?? 0
    guard let last = watched.details?.lastEpisode, season.number > 0 else {
      return (season.airDate.map { $0 <= watched.today } ?? false) ? count : 0
    }
    if season.number < last.season { return count }
    return season.number == last.season ? min(count, last.number) : 0
  }

  /// The user's next episode of a series begun: the one after the furthest seen, in its season or
  /// the first of the next, once it has aired (nil before any is seen, or with nothing aired left).
  public static func nextToWatch(_ seriesID: Int, _ shared: Shared) -> EpisodeKey? {
    nextToWatch(Watched(seriesID, shared))
  }

  /// `nextToWatch` of what `watched` holds.
  public static func nextToWatch(_ watched: Watched) -> EpisodeKey? {
    guard let seen = watched.seen, let furthest = seen.filter({ $0.season > 0 }).max(), let details = watched.details
    else { return nil }
    let seasons = details.seasons.filter { $0.number >= furthest.season }.sorted { $0.number < $1.number }
    for season in seasons {
      let first = season.number == furthest.season ? furthest.number + 1 : 1
      let count = season.episodeCount ?? 0
      guard first <= count else { continue }
      let key = EpisodeKey(season: season.number, number: first)
      return aired(season: season, watched) >= first ? key : nil
    }
    return nil
  }
}
