import AmodbKit
import FoundationEssentials
import Localization

/// What a rating or note is about: a title, or one of its episodes.
public struct Subject: Hashable, Sendable {
  /// The film or series.
  public var media: MediaID
  /// The episode, when it is one.
  public var episode: EpisodeKey?

  /// Makes one.
  public init(_ media: MediaID, episode: EpisodeKey? = nil) {
    self.media = media
    self.episode = episode
  }

  /// The key columns' values: kind, id, season and episode (-1 for the title itself).
  var key: [SQLValue] {
    [
      .text(media.kind.rawValue), .integer(Int64(media.id)), .integer(Int64(episode?.season ?? -1)),
      .integer(Int64(episode?.number ?? -1)),
    ]
  }
}

extension Library {
  /// The longest note kept, in characters.
  public static let longestNote = 10_000

  /// Rates a title or episode 1–10 (nil clears the rating); false when there was nothing to clear.
  /// `episodes`: an episode's name and air date as its season gave them, kept in the same write.
  @discardableResult
  public func rate(
    _ subject: Subject, _ rating: Int?, title: TitleInfo, day: String, episodes: [EpisodeInfo] = []
  ) throws(LibraryError) -> Bool {
    try write {
      try Titles.upsert(connection, title, day: day)
      // An episode's name and air date, when the caller knows them, kept for the lists that show it.
      if subject.episode != nil { try Events.store(connection, series: title.media.id, episodes) }
      // The moment, never behind the last rating's, the one replaced included (a rating taken in
      // from a machine whose clock runs ahead): ratings made in one millisecond keep their order,
      // and a new rating is never older than the one it replaces, here or wherever it syncs.
      let last = try connection.scalar("SELECT max(rated_at) FROM ratings")?.integer ?? 0
      try connection.rows(
        "DELETE FROM ratings WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?", subject.key)
      let cleared = connection.changes > 0
      guard let rating else { return cleared }
      let moment = max(SyncClock.milliseconds(Date()), last + 1)
      try connection.rows(
        "INSERT INTO ratings (kind, title_id, season, episode, rating, rated, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        subject.key + [.integer(Int64(min(max(rating, 1), 10))), .text(day), .integer(moment)])
      return true
    }
  }

  /// Why `text` is no note the library keeps (longer than `longestNote` characters, measured as
  /// stored), nil when it is one.
  public static func noteProblem(_ text: String) -> String? {
    let length = TextSanitizer.clean(text, keepNewlines: true, limit: Int.max).count
    guard length > longestNote else { return nil }
    return tr(
      "a note is at most %1$s characters and this one has %2$s: nothing was saved", String(longestNote), String(length))
  }

  /// Writes a note on a title or episode (nil clears it); false when there was nothing to clear.
  /// A note longer than `longestNote` characters is refused whole, nothing changed.
  @discardableResult
  public func note(
    _ subject: Subject, _ text: String?, title: TitleInfo, day: String, episodes: [EpisodeInfo] = []
  ) throws(LibraryError) -> Bool {
    if let text, let problem = Self.noteProblem(text) { throw LibraryError(.other, problem) }
    return try write {
      try Titles.upsert(connection, title, day: day)
      if subject.episode != nil { try Events.store(connection, series: title.media.id, episodes) }
      try connection.rows(
        "DELETE FROM notes WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?", subject.key)
      let cleared = connection.changes > 0
      guard let text else { return cleared }
      let clean = TextSanitizer.clean(text, keepNewlines: true, limit: Self.longestNote)
      guard !clean.isEmpty else { return cleared }
      try connection.rows(
        "INSERT INTO notes (kind, title_id, season, episode, text, noted) VALUES (?, ?, ?, ?, ?, ?)",
        subject.key + [.text(clean), .text(day)])
      return true
    }
  }

  /// Marks a title "not interested" (or takes the mark off); false when nothing changed.
  @discardableResult
  public func hide(_ info: TitleInfo, _ hidden: Bool, day: String) throws(LibraryError) -> Bool {
    try write {
      try Titles.upsert(connection, info, day: day)
      let key: [SQLValue] = [.text(info.media.kind.rawValue), .integer(Int64(info.media.id))]
      if hidden {
        try connection.rows(
          "INSERT OR IGNORE INTO hidden (kind, title_id, hidden) VALUES (?, ?, ?)", key + [.text(day)])
      } else {
        try connection.rows("DELETE FROM hidden WHERE kind = ? AND title_id = ?", key)
      }
      return connection.changes > 0
    }
  }

  /// The titles marked "not interested".
  public func hiddenTitles() throws(LibraryError) -> Set<MediaID> {
    try read {
      Set(
        try connection.rows("SELECT kind, title_id FROM hidden").compactMap { row in
          row["kind"].string.flatMap(MediaKind.init(rawValue:)).flatMap { kind in
            row["title_id"].int.map { MediaID(kind, $0) }
          }
        })
    }
  }

  /// A title's or episode's rating, if any.
  public func rating(_ subject: Subject) throws(LibraryError) -> Int? {
    try read {
      try connection.scalar(
        "SELECT rating FROM ratings WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?", subject.key)?.int
    }
  }

  /// A title's or episode's note, if any.
  public func note(_ subject: Subject) throws(LibraryError) -> String? {
    try read {
      try connection.scalar(
        "SELECT text FROM notes WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?", subject.key)?.string
    }
  }

  /// The days a title's or an episode's rating and note were given, nil where there is none.
  public func annotationDays(_ subject: Subject) throws(LibraryError) -> (rated: String?, noted: String?) {
    try read {
      let rated = "SELECT rated FROM ratings WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?"
      let noted = "SELECT noted FROM notes WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?"
      return (try connection.scalar(rated, subject.key)?.string, try connection.scalar(noted, subject.key)?.string)
    }
  }

  /// Fills in what is known of a title (what is not known now keeps what was known).
  public func update(_ info: TitleInfo, day: String) throws(LibraryError) {
    try write { try Titles.upsert(connection, info, day: day) }
  }

  /// The titles kept by their id alone ("Film #551": marked while amodb could not be asked), the
  /// last touched first, at most `atMost`.
  public func titlesWithoutName(atMost: Int) throws(LibraryError) -> [MediaID] {
    try read {
      try connection.rows(
        "SELECT kind, id FROM titles WHERE title = '' AND kind IN ('movie', 'tv') ORDER BY updated DESC, id LIMIT ?",
        [.integer(Int64(atMost))]
      ).compactMap { row in
        guard let kind = row["kind"].string.flatMap(MediaKind.init(rawValue:)), let id = row["id"].int else {
          return nil
        }
        return MediaID(kind, id)
      }
    }
  }

  /// What is known of a title, if it is in the library.
  public func title(_ media: MediaID) throws(LibraryError) -> TitleInfo? {
    try read {
      try connection.rows(
        "SELECT \(Titles.columns) FROM titles t WHERE t.kind = ? AND t.id = ?",
        [.text(media.kind.rawValue), .integer(Int64(media.id))]
      ).first.flatMap { Titles.info(from: $0) }
    }
  }
}

extension Library {
  /// The marks as the browser shows them: the watchlist and seen marks, with each title's own
  /// rating, note and "not interested", and its episodes' ratings and notes (a title with only
  /// those is a mark too).
  /// `media`: only that title's mark (what a save answers), not the whole library's.
  public func annotatedMarks(of media: MediaID? = nil) throws(LibraryError) -> [MediaID: Mark] {
    var marks = try self.marks(of: media)
    try read {
      let only = media == nil ? "" : " WHERE a.kind = ? AND a.title_id = ?"
      let values: [SQLValue] = media.map { [.text($0.kind.rawValue), .integer(Int64($0.id))] } ?? []
      let titles = "JOIN titles t ON t.kind = a.kind AND t.id = a.title_id"
      // A title's own rating or note has season -1; an episode's, its place.
      let queries = [
        "SELECT \(Titles.columns), a.rating AS rating, NULL AS note, 0 AS hidden, a.season AS season, "
          + "a.episode AS episode FROM ratings a \(titles)\(only)",
        "SELECT \(Titles.columns), NULL AS rating, a.text AS note, 0 AS hidden, a.season AS season, "
          + "a.episode AS episode FROM notes a \(titles)\(only)",
        "SELECT \(Titles.columns), NULL AS rating, NULL AS note, 1 AS hidden, -1 AS season, -1 AS episode "
          + "FROM hidden a \(titles)\(only)",
      ]
      for query in queries {
        try connection.each(query, values) { row in
          guard let info = Titles.info(from: row) else { return }
          var mark =
            marks[info.media]
            ?? Mark(
              id: info.media.id, kind: info.media.kind, title: info.title, year: info.year, onWatchlist: false,
              added: "", summary: info.posterPath == nil && info.voteCount == 0 ? nil : info.summary)
          if let season = row["season"].int, season >= 0, let number = row["episode"].int {
            let key = EpisodeKey(season: season, number: number)
            if let rating = row["rating"].int { mark.episodes[key, default: EpisodeNotes()].rating = rating }
            if let note = row["note"].string { mark.episodes[key, default: EpisodeNotes()].note = note }
          } else {
            if let rating = row["rating"].int { mark.rating = rating }
            if let note = row["note"].string { mark.note = note }
            if row["hidden"].int == 1 { mark.hidden = true }
          }
          marks[info.media] = mark
        }
      }
    }
    return marks
  }
}
