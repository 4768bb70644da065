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
  /// The row of the series' latest watch on that day: of series last watched the same day, the one
  /// marked last comes first.
  public var latestWatch: Int
  /// Whether the next episode has aired: by its day, or, with none, by a later one that aired (as
  /// `aired` counts it).
  public var nextAired = false
}

extension Library {
  /// Every series with a seen episode and more to watch (aired or announced), newest activity first;
  /// not one the user is not interested in (dropped: `x`), which `unhide` brings back.
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
        ($0.lastWatched, $0.latestWatch, $0.title.media.id) > ($1.lastWatched, $1.latestWatch, $1.title.media.id)
      }
    }
  }

  /// The progress of the series `only` names (every series when nil), by series; a series with
  /// nothing left to watch is not in it. SQLite sums each series up (episodes seen, the furthest,
  /// episodes aired): what comes back is a row a series and the episodes after its furthest, never
  /// every episode the library knows.
  private func progress(today: String, of only: Set<Int>?) throws -> [Int: SeriesProgress] {
    let among = { (column: String) in
      only.map { " AND \(column) IN (\($0.map(String.init).joined(separator: ",")))" } ?? ""
    }
    let summaries = try seenSummaries(among: among("title_id"))
    guard !summaries.isEmpty else { return [:] }
    // A date the app wrote is `YYYY-MM-DD`, so text order is day order (a hand-edited odd date can
    // only move the count). An episode with no date aired before any later one that has aired
    // (amodb leaves some old seasons' dates out).
    var aired: [Int: Int] = [:]
    // The place (season * 100000 + episode) of each series' latest episode aired by its day.
    var lastAired: [Int: Int] = [:]
    try connection.each(
      """
      WITH last AS (SELECT series_id, max(season * 100000 + episode) AS place FROM episodes
        WHERE season > 0\(among("series_id")) AND air_date <= ? GROUP BY series_id)
      SELECT e.series_id, count(*) AS aired, max(l.place) AS last_aired FROM episodes e
        JOIN last l ON l.series_id = e.series_id
      WHERE e.season > 0 AND (e.air_date <= ? OR e.air_date IS NULL AND e.season * 100000 + e.episode < l.place)
      GROUP BY e.series_id
      """, [.text(today), .text(today)]
    ) { row in
      guard let series = row["series_id"].int else { return }
      aired[series] = row["aired"].int ?? 0
      lastAired[series] = row["last_aired"].int
    }
    // Whether an episode of a series has aired, as `aired` counts it.
    let hasAired = { (series: Int, episode: EpisodeInfo) in
      episode.airDate.map { $0 <= today }
        ?? (lastAired[series].map { episode.number.season * 100_000 + episode.number.number < $0 } ?? false)
    }
    var next = try episodesAhead(among: among("title_id"))
    // A series seen to its furthest known episode: its next is the first one skipped, if any.
    let finished = Set(summaries.keys).subtracting(next.keys)
    if !finished.isEmpty {
      for (series, episodes) in try episodesSkipped(of: finished) { next[series] = episodes }
    }
    // One whose next after the furthest is still to come, with an aired one skipped since the first
    // it watched (out of order): that one is next. Seasons before the first watched are not gaps
    // (a viewer who began at season 3 waits for its next episode, not season 1's first).
    let waiting = Set(next.compactMap { $0.value.first?.airDate.map { $0 > today } == true ? $0.key : nil })
    if !waiting.isEmpty {
      for (series, episodes) in try episodesSkipped(of: waiting, sinceTheFirstWatched: true) {
        guard let first = episodes.first, hasAired(series, first), let ahead = next[series]?.first,
          first.number < ahead.number
        else { continue }
        next[series] = episodes
      }
    }
    // Every series' title at once, not a query a series (by the ids summed up, not another scan of
    // the watches).
    var titles: [Int: TitleInfo] = [:]
    try connection.each(
      """
      SELECT \(Titles.columns) FROM titles t WHERE t.kind = 'tv'
        AND t.id IN (\(summaries.keys.map(String.init).joined(separator: ",")))
      """
    ) { row in
      if let info = Titles.info(from: row) { titles[info.media.id] = info }
    }
    var result: [Int: SeriesProgress] = [:]
    for (series, summary) in summaries {
      guard let upcoming = next[series], let first = upcoming.first, let title = titles[series] else { continue }
      result[series] = SeriesProgress(
        title: title, seen: summary.seen, aired: max(aired[series] ?? 0, summary.seen), next: first,
        after: upcoming.dropFirst().first, lastWatched: summary.lastWatched, latestWatch: summary.latestWatch,
        nextAired: hasAired(series, first))
    }
    return result
  }

  /// Each series with a seen episode (specials not counted): how many it has seen, the day of the
  /// latest watch and that watch's row, by series.
  private func seenSummaries(among: String) throws -> [Int: (seen: Int, lastWatched: String, latestWatch: Int)] {
    var summaries: [Int: (seen: Int, lastWatched: String, latestWatch: Int)] = [:]
    try connection.each(
      """
      SELECT title_id, count(DISTINCT season * 4294967296 + episode) AS seen, \(Self.latestWatch) AS latest
      FROM watch_events w WHERE kind = 'tv' AND season > 0\(among)
        AND NOT EXISTS (SELECT 1 FROM hidden h WHERE h.kind = 'tv' AND h.title_id = w.title_id) GROUP BY title_id
      """
    ) { row in
      guard let series = row["title_id"].int else { return }
      let latest = Self.latest(row["latest"].string)
      summaries[series] = (row["seen"].int ?? 0, latest.day, latest.row)
    }
    return summaries
  }

  /// A group's latest watch as one text that orders by day, then by row (the one recorded last):
  /// the day (`YYYY-MM-DD`, as the table's check holds it) and the row, zero-padded.
  static let latestWatch = "max(watched || printf('%019d', id))"

  /// The day and the row of a `latestWatch` text.
  static func latest(_ text: String?) -> (day: String, row: Int) {
    guard let text, text.utf8.count > 10 else { return (text ?? "", 0) }
    return (String(text.prefix(10)), Int(text.dropFirst(10)) ?? 0)
  }

  /// The first two episodes after each series' furthest seen one, by series; a series with none
  /// after it is not in it.
  private func episodesAhead(among: String) throws -> [Int: [EpisodeInfo]] {
    try firstTwoEpisodes(
      """
      WITH furthest AS (SELECT title_id, max(season * 4294967296 + episode) AS at FROM watch_events
        WHERE kind = 'tv' AND season > 0\(among) GROUP BY title_id)
      SELECT e.series_id, e.season, e.episode, e.name, e.air_date, e.runtime FROM furthest f
        JOIN episodes e ON e.series_id = f.title_id AND (e.season, e.episode) > (f.at >> 32, f.at & 4294967295)
      ORDER BY e.series_id, e.season, e.episode
      """)
  }

  /// The first two episodes each series of `series` has not seen, by series (none for a series
  /// seen whole); `sinceTheFirstWatched`: only those after the first episode it watched.
  private func episodesSkipped(of series: Set<Int>, sinceTheFirstWatched: Bool = false) throws -> [Int: [EpisodeInfo]] {
    let since =
      sinceTheFirstWatched
      ? """
       AND e.season * 4294967296 + e.episode > (SELECT min(w.season * 4294967296 + w.episode) FROM watch_events w
        WHERE w.kind = 'tv' AND w.title_id = e.series_id AND w.season > 0)
      """ : ""
    return try firstTwoEpisodes(
      """
      SELECT e.series_id, e.season, e.episode, e.name, e.air_date, e.runtime FROM episodes e
      WHERE e.season > 0 AND e.series_id IN (\(series.map(String.init).joined(separator: ",")))\(since)
        AND NOT EXISTS (SELECT 1 FROM watch_events w WHERE w.kind = 'tv' AND w.title_id = e.series_id
          AND w.season = e.season AND w.episode = e.episode)
      ORDER BY e.series_id, e.season, e.episode
      """)
  }

  /// The first two episodes of each series a query of episode rows (in series and episode order)
  /// answers, by series.
  private func firstTwoEpisodes(_ query: String) throws -> [Int: [EpisodeInfo]] {
    var found: [Int: [EpisodeInfo]] = [:]
    try connection.each(query) { row in
      guard let series = row["series_id"].int, found[series, default: []].count < 2, let episode = Self.episode(row)
      else { return }
      found[series, default: []].append(episode)
    }
    return found
  }

  /// The episode a row of `episodes` holds.
  private static func episode(_ row: SQLRow) -> EpisodeInfo? {
    guard let season = row["season"].int, let number = row["episode"].int else { return nil }
    return EpisodeInfo(
      stored: EpisodeKey(season: season, number: number), name: row["name"].string ?? "",
      airDate: row["air_date"].string, runtime: row["runtime"].int)
  }
}

/// A series with a seen episode, and how many episodes of each season the library holds of it.
public struct SeriesSeasons: Equatable, Sendable {
  /// The series.
  public var series: Int
  /// Episodes held, by season.
  public var episodes: [Int: Int]

  /// Makes one.
  public init(series: Int, episodes: [Int: Int]) {
    self.series = series
    self.episodes = episodes
  }
}

extension Library {
  /// The `atMost` series with a seen episode watched most recently, the latest first (not one the
  /// user dropped), each with the episodes the library holds of its seasons: one read, bounded
  /// however long the history.
  public func recentSeries(atMost: Int) throws(LibraryError) -> [SeriesSeasons] {
    try read {
      var recent: [SeriesSeasons] = []
      try connection.each(
        """
        WITH recent AS (SELECT title_id, \(Self.latestWatch) AS last_watched FROM watch_events w
          WHERE kind = 'tv' AND season IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM hidden h WHERE h.kind = 'tv' AND h.title_id = w.title_id)
          GROUP BY title_id ORDER BY last_watched DESC, title_id LIMIT ?)
        SELECT r.title_id, e.season, count(e.episode) AS episodes FROM recent r
          LEFT JOIN episodes e ON e.series_id = r.title_id
        GROUP BY r.title_id, e.season ORDER BY r.last_watched DESC, r.title_id
        """, [.integer(Int64(atMost))]
      ) { row in
        guard let series = row["title_id"].int else { return }
        if recent.last?.series != series { recent.append(SeriesSeasons(series: series, episodes: [:])) }
        if let season = row["season"].int { recent[recent.count - 1].episodes[season] = row["episodes"].int ?? 0 }
      }
      return recent
    }
  }
}
