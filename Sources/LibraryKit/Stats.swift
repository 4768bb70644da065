import AmodbKit
import FoundationEssentials

/// What the library says of a year (or of all time): counts, hours, months, genres and ratings.
public struct LibraryStats: Equatable, Sendable {
  /// Films seen at least once.
  public var films: Int
  /// Watches of films, rewatches included.
  public var filmWatches: Int
  /// Series seen, as a whole or by an episode.
  public var series: Int
  /// Episodes seen at least once.
  public var episodes: Int
  /// Watches of episodes, rewatches included.
  public var episodeWatches: Int
  /// Minutes watched, where runtimes are known: a series seen as a whole counts the episodes the
  /// library holds of it (its seasons but the specials), none when it holds none.
  public var minutes: Int
  /// Watches whose length is not known (a film never opened, a series with no episode held), not
  /// in `minutes`.
  public var unmeasured: Int
  /// Watches by month, `YYYY-MM`, oldest first.
  public var byMonth: [(month: String, count: Int)]
  /// The genres of the titles seen, most first (at most five).
  public var topGenres: [(genre: String, count: Int)]
  /// How many ratings of each value, 1 to 10.
  public var ratings: [Int]

  public static func == (left: LibraryStats, right: LibraryStats) -> Bool {
    (left.films, left.filmWatches, left.series, left.episodes, left.episodeWatches)
      == (right.films, right.filmWatches, right.series, right.episodes, right.episodeWatches)
      && (left.minutes, left.unmeasured) == (right.minutes, right.unmeasured)
      && left.ratings == right.ratings
      && left.byMonth.map(\.month) == right.byMonth.map(\.month)
      && left.byMonth.map(\.count) == right.byMonth.map(\.count)
      && left.topGenres.map(\.genre) == right.topGenres.map(\.genre)
      && left.topGenres.map(\.count) == right.topGenres.map(\.count)
  }
}

extension Library {
  /// The first and last day of a year as `watched BETWEEN ? AND ?` takes them (every day when nil).
  static func watchedIn(_ year: Int?) -> [SQLValue] {
    [.text(year.map { "\($0)-01-01" } ?? "0000-00-00"), .text(year.map { "\($0)-12-31" } ?? "9999-12-31")]
  }

  /// A title's genres in the interface's language, by their ids (a list's row and the details both
  /// carry them), else as its details named them: the names are in the language the details were
  /// asked in, and one genre counted by two names would be split.
  static func genreNames(_ row: SQLRow) -> [String] {
    let ids = (row["genre_ids"].string ?? "").split(separator: ",").compactMap { Int($0) }
    let byID = ids.compactMap(row["kind"].string == MediaKind.series.rawValue ? Genres.seriesName : Genres.name)
    let named = (row["genres"].string ?? "").split(separator: "|").map(String.init)
    // A genre the table does not know (a new one) keeps the name its details gave.
    return !byID.isEmpty && (byID.count == ids.count || named.isEmpty) ? byID : named
  }

  /// The films watched in a year (or ever) whose runtime the library does not know, the most
  /// watched first: `trending stats` asks for them so its hours count them (an episode's runtime
  /// comes with its season, which Up next and `progress` ask for).
  public func filmsWithoutRuntime(year: Int?, atMost: Int) throws(LibraryError) -> [Int] {
    try read {
      try connection.rows(
        """
        SELECT t.id FROM titles t JOIN watch_events e ON e.kind = t.kind AND e.title_id = t.id
        WHERE t.kind = 'movie' AND t.runtime IS NULL AND e.watched BETWEEN ? AND ?
        GROUP BY t.id ORDER BY count(*) DESC, t.id LIMIT ?
        """, Self.watchedIn(year) + [.integer(Int64(atMost))]
      ).compactMap { $0["id"].int }
    }
  }

  /// The statistics of the watches in a year, or of all of them when nil.
  public func stats(year: Int? = nil) throws(LibraryError) -> LibraryStats {
    let span = Self.watchedIn(year)
    return try read {
      let counts =
        try connection.rows(
          """
          SELECT count(DISTINCT CASE WHEN kind = 'movie' THEN title_id END) AS films,
            count(CASE WHEN kind = 'movie' THEN 1 END) AS film_watches,
            count(DISTINCT CASE WHEN kind = 'tv' THEN title_id END) AS series,
            count(DISTINCT CASE WHEN season IS NOT NULL THEN title_id || ' ' || season || ' ' || episode END)
              AS episodes,
            count(season) AS episode_watches,
            coalesce(sum(minutes), 0) AS minutes, count(*) - count(minutes) AS unmeasured
          FROM (
            SELECT e.kind, e.title_id, e.season, e.episode, CASE
              WHEN e.kind = 'movie' THEN t.runtime
              WHEN e.season IS NULL THEN (
                SELECT sum(coalesce(w.runtime, t.runtime)) FROM episodes w WHERE w.series_id = e.title_id AND w.season > 0)
              ELSE coalesce(ep.runtime, t.runtime) END AS minutes
            FROM watch_events e JOIN titles t ON t.kind = e.kind AND t.id = e.title_id
            LEFT JOIN episodes ep ON ep.series_id = e.title_id AND ep.season = e.season AND ep.episode = e.episode
              AND e.kind = 'tv'
            WHERE e.watched BETWEEN ? AND ?
          )
          """, span
        ).first
      let months = try connection.rows(
        """
        SELECT substr(watched, 1, 7) AS month, count(*) AS watches FROM watch_events WHERE watched BETWEEN ? AND ?
        GROUP BY 1 ORDER BY 1
        """, span
      ).map { (month: $0["month"].string ?? "", count: $0["watches"].int ?? 0) }
      var genres: [String: Int] = [:]
      try connection.each(
        """
        SELECT t.kind, t.genres, t.genre_ids FROM titles t WHERE EXISTS (SELECT 1 FROM watch_events e
          WHERE e.kind = t.kind AND e.title_id = t.id AND e.watched BETWEEN ? AND ?)
        """, span
      ) { row in
        for genre in Self.genreNames(row) { genres[genre, default: 0] += 1 }
      }
      var ratings = [Int](repeating: 0, count: 10)
      try connection.each(
        "SELECT rating, count(*) AS ratings FROM ratings WHERE rated BETWEEN ? AND ? GROUP BY rating", span
      ) { row in
        if let value = row["rating"].int, (1...10).contains(value) { ratings[value - 1] = row["ratings"].int ?? 0 }
      }
      let top = genres.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map {
        (genre: $0.key, count: $0.value)
      }
      return LibraryStats(
        films: counts?["films"].int ?? 0, filmWatches: counts?["film_watches"].int ?? 0,
        series: counts?["series"].int ?? 0, episodes: counts?["episodes"].int ?? 0,
        episodeWatches: counts?["episode_watches"].int ?? 0,
        minutes: counts?["minutes"].int ?? 0, unmeasured: counts?["unmeasured"].int ?? 0, byMonth: months,
        topGenres: Array(top), ratings: ratings)
    }
  }
}
