import AmodbKit
import FoundationEssentials

/// What the library keeps of an episode, from its season's answer.
public struct EpisodeInfo: Equatable, Sendable {
  /// Its place.
  public var number: EpisodeKey
  /// Its name.
  public var name: String
  /// When it aired or airs, `YYYY-MM-DD`.
  public var airDate: String?
  /// Its runtime in minutes.
  public var runtime: Int?

  /// Makes one, cleaning what came from outside.
  public init(number: EpisodeKey, name: String, airDate: String?, runtime: Int?) {
    self.number = number
    self.name = TextSanitizer.clean(name, limit: 200)
    self.airDate = airDate.flatMap { ReleaseDate($0)?.description }
    self.runtime = runtime.flatMap { (1...2_000).contains($0) ? $0 : nil }
  }

  /// One as the library stored it (written as `YYYY-MM-DD`): the date checked, not rewritten, so
  /// a hand-edited file still gives a well-formed date or none.
  init(stored number: EpisodeKey, name: String, airDate: String?, runtime: Int?) {
    self.number = number
    self.name = TextSanitizer.clean(name, limit: 200)
    self.airDate = airDate.flatMap { ReleaseDate($0) == nil ? nil : $0 }
    self.runtime = runtime.flatMap { (1...2_000).contains($0) ? $0 : nil }
  }

  /// An episode of a season's answer.
  public init(_ episode: Episode) {
    self.init(
      number: episode.key, name: episode.name ?? "",
      airDate: episode.airDate?.description, runtime: episode.runtime)
  }
}

/// One watch: a film or series as a whole, or an episode, on a day.
public struct HistoryEntry: Equatable, Sendable {
  /// The event's id in the library.
  public var id: Int64
  /// The day, `YYYY-MM-DD`.
  public var day: String
  /// The film or series.
  public var title: TitleInfo
  /// The episode, when it was one.
  public var episode: EpisodeKey?
  /// The episode's name, when known.
  public var episodeName: String?
  /// Whether an earlier watch of the same film, series or episode is in the library.
  public var rewatch: Bool
}

/// The `watch_events` table.
enum Events {
  /// Whether a watch of the title or episode (kind, title id, season, episode) on the day is there:
  /// one seek in `watch_events_by_day_of_title`, however many rewatches the title has.
  static let sameDay = """
    SELECT 1 FROM watch_events WHERE kind = ? AND title_id = ? AND season IS ? AND episode IS ? AND watched = ? LIMIT 1
    """

  /// How many watches of the title or episode (kind, title id, season, episode) are on the day.
  static let countOfDay = """
    SELECT count(*) FROM watch_events WHERE kind = ? AND title_id = ? AND season IS ? AND episode IS ? AND watched = ?
    """

  /// Whether any watch of the title or episode (kind, title id, season, episode) is there.
  static let any = """
    SELECT 1 FROM watch_events WHERE kind = ? AND title_id = ? AND season IS ? AND episode IS ? LIMIT 1
    """

  /// A new stable id for a watch: 128 random bits as 32 lowercase hex digits (as SQLite's
  /// `lower(hex(randomblob(16)))` makes them).
  static func newUID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// How a new watch's stable id is made.
  enum Identity {
    /// 128 random bits: a watch the user marks.
    case random
    /// The id every machine derives for the watch of its day at `ordinal` (0: the first), free in
    /// the library: an imported watch, so one export imported on two machines is one watch once
    /// they sync.
    case derived(ordinal: Int)
    /// The id every machine derives for a watch known only to be before its day (a rating's), which
    /// a dated watch of that day or earlier replaces (`SyncJoin.seenByID`).
    case seenBy
  }

  /// The derived id of `what`'s watch at `ordinal`, or at the next ordinal whose id the library
  /// does not hold (a watch of the day taken away, then imported again).
  private static func freeWatchID(_ connection: SQLiteConnection, _ what: [SQLValue], from ordinal: Int)
    throws(SQLiteFailure) -> String
  {
    var ordinal = ordinal
    while true {
      let uid = SyncJoin.watchID(what, ordinal: ordinal)
      guard try connection.scalar("SELECT 1 FROM watch_events WHERE uid = ?", [.text(uid)]) != nil else { return uid }
      ordinal += 1
    }
  }

  /// Whether one of the first `count` watches an import derives of `what` (kind, title id, season,
  /// episode, day), not held here, is one the sync folder's stamps say was taken away: whichever of
  /// a day's watches `unseen` took, the import would be bringing it back. Never in a library that
  /// does not sync (it has no stamps).
  static func takenAway(_ connection: SQLiteConnection, _ what: [SQLValue], count: Int) throws(SQLiteFailure) -> Bool {
    for ordinal in 0..<max(1, count) {
      let uid = SyncJoin.watchID(what, ordinal: ordinal)
      guard try connection.scalar("SELECT 1 FROM watch_events WHERE uid = ?", [.text(uid)]) == nil else { continue }
      if try SyncStamp.stampOf(connection, "watch_events", [.text(uid)])?.deleted == true { return true }
    }
    return false
  }

  /// Records one watch. A dated one takes the place of the watches of its title or episode known
  /// only to be by its day or later (an IMDb rating's, Letterboxd's "watched"): it is them, as every
  /// synced machine takes them away (`SyncJoin.replaceSeenBy`); returns the latest day taken away.
  /// `replacingSeenBy`: false for a caller that took them away itself (an import, from its cache).
  @discardableResult
  static func insert(
    _ connection: SQLiteConnection, _ media: MediaID, episode: EpisodeKey?, day: String, recorded: String,
    identity: Identity = .random, replacingSeenBy: Bool = true
  ) throws(SQLiteFailure) -> String? {
    let what: [SQLValue] = [
      .text(media.kind.rawValue), .integer(Int64(media.id)), Titles.optional(episode?.season),
      Titles.optional(episode?.number), .text(day),
    ]
    let dated = if case .seenBy = identity { false } else { true }
    var replaced: String?
    if dated, replacingSeenBy {
      replaced = try takeAway(connection, seenBy(connection, Array(what.dropLast())), onOrAfter: day).latest
    }
    let uid =
      switch identity {
      case .random: newUID()
      case .derived(let ordinal): try freeWatchID(connection, what, from: ordinal)
      case .seenBy: SyncJoin.seenByID(what)
      }
    try connection.rows(
      "INSERT INTO watch_events (kind, title_id, season, episode, watched, recorded, uid) VALUES (?, ?, ?, ?, ?, ?, ?)",
      what + [.text(recorded), .text(uid)])
    return replaced
  }

  /// The watches of a title or episode (kind, title id, season, episode) known only to be by a day
  /// (`Identity.seenBy`): their row ids and days.
  static func seenBy(_ connection: SQLiteConnection, _ key: [SQLValue]) throws(SQLiteFailure)
    -> [(id: SQLValue, watched: String)]
  {
    try connection.rows(
      "SELECT id, watched, uid FROM watch_events WHERE kind = ? AND title_id = ? AND season IS ? AND episode IS ?", key
    ).compactMap { row in
      guard let watched = row["watched"].string, row["uid"].string == SyncJoin.seenByID(key + [row["watched"]]) else {
        return nil
      }
      return (row["id"], watched)
    }
  }

  /// Takes away those of `watches` (a title's or episode's known only to be by their day) on or
  /// after `day`: a dated watch of that day or before is them. Returns the latest day taken away
  /// and the watches left.
  static func takeAway(
    _ connection: SQLiteConnection, _ watches: [(id: SQLValue, watched: String)], onOrAfter day: String
  ) throws(SQLiteFailure) -> (latest: String?, left: [(id: SQLValue, watched: String)]) {
    let gone = watches.filter { $0.watched >= day }
    for watch in gone { try connection.rows("DELETE FROM watch_events WHERE id = ?", [watch.id]) }
    return (gone.map(\.watched).max(), watches.filter { $0.watched < day })
  }

  /// Stores episodes as their season's answer gave them.
  static func store(_ connection: SQLiteConnection, series: Int, _ episodes: [EpisodeInfo]) throws(SQLiteFailure) {
    for episode in episodes {
      try connection.rows(
        """
        INSERT INTO episodes (series_id, season, episode, name, air_date, runtime) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (series_id, season, episode) DO UPDATE SET
          name = excluded.name, air_date = excluded.air_date, runtime = coalesce(excluded.runtime, runtime)
        """,
        [
          .integer(Int64(series)), .integer(Int64(episode.number.season)), .integer(Int64(episode.number.number)),
          .text(episode.name), episode.airDate.map(SQLValue.text) ?? .null, Titles.optional(episode.runtime),
        ])
    }
  }
}

extension Library {
  /// Records a watch of a film or series as a whole (again is a rewatch: a second event). A watch
  /// known only to be by `day` or later (an IMDb rating's, Letterboxd's "watched") was this one, and
  /// goes, as every synced machine takes it away (`SyncJoin.replaceSeenBy`); returns its day.
  @discardableResult
  public func watch(_ info: TitleInfo, on day: String, recorded: String) throws(LibraryError) -> String? {
    try write {
      try Titles.upsert(connection, info, day: recorded)
      return try Events.insert(connection, info.media, episode: nil, day: day, recorded: recorded)
    }
  }

  /// Records a watch of each episode, keeping what the season's answer said of them, and of every
  /// episode of `seasons` (so the library knows the next one to watch): one transaction.
  /// `unlessSeen`: an episode with a watch already gets none (the browser's `m` marks seen what it
  /// showed unseen; another shell may have marked it a moment before).
  public func watch(
    series info: TitleInfo, episodes: [EpisodeInfo], on day: String, recorded: String, seasons: [EpisodeInfo] = [],
    unlessSeen: Bool = false
  ) throws(LibraryError) {
    try write {
      try Titles.upsert(connection, info, day: recorded)
      if !seasons.isEmpty { try Events.store(connection, series: info.media.id, seasons) }
      try Events.store(connection, series: info.media.id, episodes)
      for episode in episodes {
        let what: [SQLValue] = [
          .text(info.media.kind.rawValue), .integer(Int64(info.media.id)), .integer(Int64(episode.number.season)),
          .integer(Int64(episode.number.number)),
        ]
        if unlessSeen, try connection.scalar(Events.any, what) != nil { continue }
        try Events.insert(connection, info.media, episode: episode.number, day: day, recorded: recorded)
      }
    }
  }

  /// Records a watch of a film, or of a series' episode, played to its end in a player, unless the
  /// library has one of it on that day (the import's same-day rule: a file scrobbled twice in a day
  /// is one watch). The watch's id is the one every machine derives, as an import's is. `season`:
  /// the episode's season as its answer gave it, kept in the same transaction. True when it was added.
  public func watchOnce(
    _ info: TitleInfo, episode: EpisodeKey?, on day: String, recorded: String, season: [EpisodeInfo] = []
  ) throws(LibraryError) -> Bool {
    try write {
      if !season.isEmpty { try Events.store(connection, series: info.media.id, season) }
      let what: [SQLValue] = [
        .text(info.media.kind.rawValue), .integer(Int64(info.media.id)), Titles.optional(episode?.season),
        Titles.optional(episode?.number), .text(day),
      ]
      guard try connection.scalar(Events.sameDay, what) == nil else { return false }
      try Titles.upsert(connection, info, day: recorded)
      try Events.insert(
        connection, info.media, episode: episode, day: day, recorded: recorded, identity: .derived(ordinal: 0))
      return true
    }
  }

  /// Stores a season's episodes (names, air dates, runtimes) without marking any.
  public func store(series info: TitleInfo, episodes: [EpisodeInfo], day: String) throws(LibraryError) {
    try write {
      try Titles.upsert(connection, info, day: day)
      try Events.store(connection, series: info.media.id, episodes)
    }
  }

  /// Removes the latest watch of a title, or of each episode given (`on` a day: the latest of that
  /// day, none when it has none); returns how many were removed.
  @discardableResult
  public func unwatch(_ media: MediaID, episodes: [EpisodeKey?], on day: String? = nil) throws(LibraryError) -> Int {
    try write {
      var removed = 0
      for episode in episodes {
        try connection.rows(
          """
          DELETE FROM watch_events WHERE id = (SELECT id FROM watch_events
            WHERE kind = ?1 AND title_id = ?2 AND season IS ?3 AND episode IS ?4 AND (?5 IS NULL OR watched = ?5)
            ORDER BY watched DESC, id DESC LIMIT 1)
          """,
          [
            .text(media.kind.rawValue), .integer(Int64(media.id)), Titles.optional(episode?.season),
            Titles.optional(episode?.number), day.map(SQLValue.text) ?? .null,
          ])
        removed += connection.changes
      }
      return removed
    }
  }

  /// The episodes of a series that have a watch.
  public func seenEpisodes(_ series: Int) throws(LibraryError) -> Set<EpisodeKey> {
    Set(try episodeDays(series).keys)
  }

  /// The episodes of a series that have a watch, each with the day of its latest.
  public func episodeDays(_ series: Int) throws(LibraryError) -> [EpisodeKey: String] {
    try read {
      var days: [EpisodeKey: String] = [:]
      let rows = try connection.rows(
        """
        SELECT season, episode, max(watched) AS day FROM watch_events
        WHERE kind = 'tv' AND title_id = ? AND season IS NOT NULL GROUP BY season, episode
        """,
        [.integer(Int64(series))])
      for row in rows {
        guard let season = row["season"].int, let number = row["episode"].int, let day = row["day"].string else {
          continue
        }
        days[EpisodeKey(season: season, number: number)] = day
      }
      return days
    }
  }

  /// Every watch since a day (all when nil), newest first.
  public func history(since: String? = nil) throws(LibraryError) -> [HistoryEntry] {
    try read {
      var entries: [HistoryEntry] = []
      try connection.each(
        """
        SELECT e.id AS event, e.watched AS watched, e.season AS season, e.episode AS episode,
          ep.name AS episode_name,
          EXISTS (SELECT 1 FROM watch_events p WHERE p.kind = e.kind AND p.title_id = e.title_id
            AND p.season IS e.season AND p.episode IS e.episode AND (p.watched < e.watched
            OR (p.watched = e.watched AND p.id < e.id))) AS rewatch,
          \(Titles.columns)
        FROM watch_events e JOIN titles t ON t.kind = e.kind AND t.id = e.title_id
        LEFT JOIN episodes ep ON e.kind = 'tv' AND ep.series_id = e.title_id AND ep.season = e.season
          AND ep.episode = e.episode
        WHERE e.watched >= ? ORDER BY e.watched DESC, e.id DESC
        """, [.text(since ?? "0000-00-00")]
      ) { row in
        guard let id = row["event"].integer, let title = Titles.info(from: row) else { return }
        let episode = row["season"].int.flatMap { season in
          row["episode"].int.map { EpisodeKey(season: season, number: $0) }
        }
        entries.append(
          HistoryEntry(
            id: id, day: row["watched"].string ?? "", title: title, episode: episode,
            episodeName: row["episode_name"].string.flatMap { $0.isEmpty ? nil : $0 },
            rewatch: row["rewatch"].int == 1))
      }
      return entries
    }
  }
}

extension SQLValue {
  /// The value as a 64-bit whole number, when it is one.
  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }
}
