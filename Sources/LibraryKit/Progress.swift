import AmodbKit
import FoundationEssentials

/// A series in progress: how far the user is, and what to watch next.
public struct SeriesProgress: Equatable, Sendable {
  /// The series.
  public var title: TitleInfo
  /// Episodes seen (specials not counted).
  public var seen: Int
  /// Episodes aired by today, as far as the library knows the seasons.
  public var aired: Int
  /// The next episode to watch.
  public var next: EpisodeInfo?
  /// The one after it.
  public var after: EpisodeInfo?
  /// The day of the latest watch of the series.
  public var lastWatched: String
}

extension Library {
  /// Every series with a seen episode and more to watch (aired or announced), newest activity first.
  /// Read whole the first time; after that only the series this connection's own changes touched
  /// are read again (`ProgressCache`), and everything when another process wrote.
  public func progress(today: String) throws(LibraryError) -> [SeriesProgress] {
    try read {
      let version = try connection.scalar("PRAGMA data_version")?.int ?? 0
      let logged = try connection.scalar("SELECT max(seq) FROM changes")?.integer ?? 0
      var cache = progressCache.flatMap { $0.today == today && $0.dataVersion == version ? $0 : nil }
      if var kept = cache {
        if logged != kept.logged {
          let touched = try ProgressCache.seriesTouched(connection, after: kept.logged)
          if let touched {
            let read = try progress(today: today, of: touched)
            for series in touched { kept.bySeries[series] = read[series] }
            kept.logged = logged
            cache = kept
          } else {
            cache = nil
          }
        }
      }
      let current =
        try cache
        ?? ProgressCache(
          today: today, dataVersion: version, logged: logged, bySeries: progress(today: today, of: nil))
      progressCache = current
      return current.bySeries.values.sorted {
        ($0.lastWatched, $0.title.media.id) > ($1.lastWatched, $1.title.media.id)
      }
    }
  }

  /// The progress of the series `only` names (every series when nil), by series; a series with
  /// nothing left to watch is not in it.
  private func progress(today: String, of only: Set<Int>?) throws -> [Int: SeriesProgress] {
    let among = { (column: String) in
      only.map { " AND \(column) IN (\($0.map(String.init).joined(separator: ",")))" } ?? ""
    }
    var seen: [Int: Set<EpisodeKey>] = [:]
    var last: [Int: String] = [:]
    try connection.each(
      """
      SELECT title_id, season, episode, max(watched) AS last_watched FROM watch_events
      WHERE kind = 'tv' AND season IS NOT NULL AND season > 0\(among("title_id")) GROUP BY title_id, season, episode
      """
    ) { row in
      guard let series = row["title_id"].int, let season = row["season"].int, let episode = row["episode"].int
      else { return }
      seen[series, default: []].insert(EpisodeKey(season: season, number: episode))
      let day = row["last_watched"].string ?? ""
      if day > last[series, default: ""] { last[series] = day }
    }
    var known: [Int: [EpisodeInfo]] = [:]
    try connection.each(
      """
      SELECT e.series_id, e.season, e.episode, e.name, e.air_date, e.runtime FROM episodes e
      WHERE e.season > 0\(among("e.series_id")) AND EXISTS (SELECT 1 FROM watch_events w WHERE w.kind = 'tv'
        AND w.title_id = e.series_id AND w.season IS NOT NULL) ORDER BY e.series_id, e.season, e.episode
      """
    ) { row in
      guard let series = row["series_id"].int, let season = row["season"].int, let episode = row["episode"].int
      else { return }
      known[series, default: []].append(
        EpisodeInfo(
          stored: EpisodeKey(season: season, number: episode), name: row["name"].string ?? "",
          airDate: row["air_date"].string, runtime: row["runtime"].int))
    }
    // Every series' title at once, not a query a series.
    var titles: [Int: TitleInfo] = [:]
    try connection.each(
      """
      SELECT \(Titles.columns) FROM titles t WHERE t.kind = 'tv'\(among("t.id")) AND t.id IN
        (SELECT DISTINCT title_id FROM watch_events WHERE kind = 'tv' AND season IS NOT NULL)
      """
    ) { row in
      if let info = Titles.info(from: row) { titles[info.media.id] = info }
    }
    var result: [Int: SeriesProgress] = [:]
    for (series, watched) in seen {
      let episodes = known[series] ?? []
      let aired = episodes.filter { ($0.airDate ?? "9999") <= today }
      let furthest = watched.max()
      let unseen = episodes.filter { !watched.contains($0.number) }
      let ahead = unseen.filter { episode in furthest.map { episode.number > $0 } ?? true }
      guard let next = ahead.first ?? unseen.first else { continue }
      let after = episodes.first { $0.number > next.number && !watched.contains($0.number) }
      guard let title = titles[series] else { continue }
      result[series] = SeriesProgress(
        title: title, seen: watched.count, aired: max(aired.count, watched.count), next: next, after: after,
        lastWatched: last[series] ?? "")
    }
    return result
  }
}

extension Library {
  /// The series with a seen episode, the most recently watched first.
  public func seriesByActivity() throws(LibraryError) -> [Int] {
    try read {
      try connection.rows(
        """
        SELECT title_id FROM watch_events WHERE kind = 'tv' AND season IS NOT NULL
        GROUP BY title_id ORDER BY max(watched) DESC, title_id
        """
      ).compactMap { $0["title_id"].int }
    }
  }

  /// The series with a seen episode, and how many episodes of each season the library knows.
  public func seriesWithEpisodes() throws(LibraryError) -> [Int: [Int: Int]] {
    try read {
      var known: [Int: [Int: Int]] = [:]
      try connection.each(
        "SELECT DISTINCT title_id FROM watch_events WHERE kind = 'tv' AND season IS NOT NULL"
      ) { row in
        if let series = row["title_id"].int { known[series] = [:] }
      }
      try connection.each(
        "SELECT series_id, season, count(*) AS episodes FROM episodes GROUP BY series_id, season"
      ) { row in
        guard let series = row["series_id"].int, known[series] != nil, let season = row["season"].int else { return }
        known[series]?[season] = row["episodes"].int ?? 0
      }
      return known
    }
  }
}
