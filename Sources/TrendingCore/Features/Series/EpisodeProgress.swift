import AmodbKit

/// How far the user is in a series, from its seen marks and what the answers say has aired: a
/// season's "5/7 seen", and the next episode to watch.
public enum EpisodeProgress {
  /// How far the user is in a season: episodes seen of those aired, once the series' marks are read
  /// and one of its episodes is seen (nil otherwise, and for a season not begun airing: nothing is shown).
  public static func progress(_ seriesID: Int, season: SeasonSummary, _ shared: Shared) -> (seen: Int, aired: Int)? {
    guard let seen = shared.seenEpisodes[seriesID], !seen.isEmpty else { return nil }
    let inSeason = seen.filter { $0.season == season.number }.count
    let aired = max(inSeason, aired(seriesID, season: season, shared))
    return aired > 0 ? (inSeason, aired) : nil
  }

  /// How many episodes of a season have aired: from its answer when loaded, else from the series'
  /// last aired episode and the season's episode count.
  static func aired(_ seriesID: Int, season: SeasonSummary, _ shared: Shared) -> Int {
    if let episodes = shared.season(seriesID, season.number).value?.episodes {
      return episodes.filter { $0.hasAired(by: shared.today) }.count
    }
    let count = season.episodeCount ?? 0
    guard let last = shared.series(seriesID).value?.lastEpisode, season.number > 0 else {
      return (season.airDate.map { $0 <= shared.today } ?? false) ? count : 0
    }
    if season.number < last.season { return count }
    return season.number == last.season ? min(count, last.number) : 0
  }

  /// The user's next episode of a series begun: the one after the furthest seen, in its season or
  /// the first of the next, once it has aired (nil before any is seen, or with nothing aired left).
  public static func nextToWatch(_ seriesID: Int, _ shared: Shared) -> EpisodeKey? {
    guard let seen = shared.seenEpisodes[seriesID], let furthest = seen.filter({ $0.season > 0 }).max(),
      let details = shared.series(seriesID).value
    else { return nil }
    let seasons = details.seasons.filter { $0.number >= furthest.season }.sorted { $0.number < $1.number }
    for season in seasons {
      let first = season.number == furthest.season ? furthest.number + 1 : 1
      let count = season.episodeCount ?? 0
      guard first <= count else { continue }
      let key = EpisodeKey(season: season.number, number: first)
      return aired(seriesID, season: season, shared) >= first ? key : nil
    }
    return nil
  }
}
