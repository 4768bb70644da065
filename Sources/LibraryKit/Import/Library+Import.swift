import AmodbKit
import FoundationEssentials

extension Library {
  /// Dates each row whose entry an earlier import took (`ImportRow.dayFact`, a Trakt play's or a TV
  /// Time watch's) on the day it was taken as; returns the days of the entries taken first now, for
  /// `apply(days:)`.
  public func keepDays(of rows: inout ImportRows) throws(LibraryError) -> [String: String] {
    guard rows.rows.contains(where: { $0.dayFact != nil }) else { return [:] }
    var kept: [String: String] = [:]
    for prefix in [TraktExport.dayPrefix, TVTimeExport.dayPrefix] {
      for (name, day) in try facts(prefixed: prefix) { kept[prefix + name] = day }
    }
    rows.keepDays(kept)
    return rows.days.filter { kept[$0.key] == nil }
  }

  /// Applies an import's changes in one transaction: all of them, or on any failure none; a dry
  /// run makes them, counts them, and rolls them back, so it counts exactly what a real run would.
  /// `days`: the facts keeping the days entries were taken as, recorded in the same transaction.
  public func apply(
    _ changes: [PlannedChange], dryRun: Bool, recorded: String, days: [String: String] = [:],
    progress: (Int) -> Void = { _ in }
  ) throws(LibraryError) -> ImportOutcome {
    try transaction(commit: !dryRun) {
      for (name, day) in days.sorted(by: { $0.key < $1.key }) {
        // The first day taken wins: one another machine's sync brought meanwhile stays.
        try connection.rows("INSERT OR IGNORE INTO facts (name, value) VALUES (?, ?)", [.text(name), .text(day)])
      }
      var outcome = ImportOutcome()
      var seenBy = SeenByWatches()
      var logged = LoggedWatches()
      for (done, change) in changes.enumerated() {
        switch try apply(change, recorded: recorded, seenBy: &seenBy, logged: &logged) {
        case .made: outcome.added.append(change)
        case .there: outcome.already += 1
        case .newerKept: outcome.keptNewer += 1
        case .takenAway: outcome.takenAway += 1
        }
        if done % 256 == 255 { progress(done + 1) }
      }
      progress(changes.count)
      return outcome
    }
  }

  /// The change log's name of an export's import (Letterboxd's, a media server's…): a copy of the
  /// past, which a library joining a sync folder dates no later than the folder's own changes.
  static let importKind = "import"

  /// Runs `body` in one write transaction, kept when `commit`, else rolled back; the change log
  /// names it `kind`.
  func transaction<T>(commit: Bool, kind: String = importKind, _ body: () throws -> T) throws(LibraryError) -> T {
    guard !isReadOnly else {
      // Only a real change needs the file writable; it refuses as every change does.
      return try write { try body() }
    }
    // A dry run is rolled back: nothing to log, and no session holding every row it touched.
    guard commit else { return try read { try connection.transaction(commit: false, body) } }
    return try read { try connection.transaction { try recordingChanges(kind, body) } }
  }

  /// What one planned change came to.
  private enum Applied {
    /// Made.
    case made
    /// There already.
    case there
    /// A rating not taken: the library's, of another value, was given the same day or later.
    case newerKept
    /// A watch the sync folder says was taken away (`unseen` here or on a synced machine): an
    /// export imported again never brings it back.
    case takenAway
  }

  /// Stores the target's title, unless only the file names it and the library has a name for it.
  private func store(_ target: ImportTarget, day: String) throws {
    let media = target.info.media
    if target.asWritten,
      let known = try connection.scalar(
        "SELECT title FROM titles WHERE kind = ? AND id = ?", [.text(media.kind.rawValue), .integer(Int64(media.id))]
      )?.string, !known.isEmpty
    {
      return
    }
    try Titles.upsert(connection, target.info, day: day)
  }

  /// Makes one change unless it is there.
  private func apply(
    _ change: PlannedChange, recorded: String, seenBy: inout SeenByWatches, logged: inout LoggedWatches
  ) throws -> Applied {
    let target = change.target
    let media = target.info.media
    let titleKey: [SQLValue] = [
      .text(media.kind.rawValue), .integer(Int64(media.id)), Titles.optional(target.episode?.season),
      Titles.optional(target.episode?.number),
    ]
    switch change.action {
    case .watch(let day):
      // A watch known only to be by a later day (a rating's) was this one: the dated watch replaces it.
      let replaced = try seenBy.remove(connection, titleKey, onOrAfter: day)
      guard try connection.scalar(Events.sameDay, titleKey + [.text(day)]) == nil else {
        return replaced ? .made : .there
      }
      if try Events.takenAway(connection, titleKey + [.text(day)], count: 1) { return .takenAway }
      try store(target, day: recorded)
      try Events.insert(
        connection, media, episode: target.episode, day: day, recorded: recorded, identity: .derived(ordinal: 0),
        replacingSeenBy: false)
    case .loggedWatch(let day):
      let replaced = try seenBy.remove(connection, titleKey, onOrAfter: day)
      let held = logged.count(titleKey + [.text(day)])
      let there = try connection.scalar(Events.countOfDay, titleKey + [.text(day)])?.int ?? 0
      guard there < held else { return replaced ? .made : .there }
      if try Events.takenAway(connection, titleKey + [.text(day)], count: held) { return .takenAway }
      try store(target, day: recorded)
      try Events.insert(
        connection, media, episode: target.episode, day: day, recorded: recorded, identity: .derived(ordinal: held - 1),
        replacingSeenBy: false)
    case .watchUnlessSeen(let day):
      guard try connection.scalar(Events.any, titleKey) == nil else { return .there }
      try store(target, day: recorded)
      try Events.insert(connection, media, episode: target.episode, day: day, recorded: recorded, identity: .seenBy)
      seenBy.forget(titleKey)
    case .rate(let rating, let day):
      let key = target.subject.key
      let known = try connection.rows(
        "SELECT rating, rated FROM ratings WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?", key
      ).first
      // A rating of the same day or later stays: an export of older ratings, imported again after
      // the user rated anew, never takes the new rating back.
      if let known, known["rating"].int == rating { return .there }
      if let known, (known["rated"].string ?? "") >= day { return .newerKept }
      try store(target, day: recorded)
      try connection.rows(
        "INSERT OR REPLACE INTO ratings (kind, title_id, season, episode, rating, rated) VALUES (?, ?, ?, ?, ?, ?)",
        key + [.integer(Int64(min(max(rating, 1), 10))), .text(day)])
    case .note(let text, let day):
      let clean = TextSanitizer.clean(text, keepNewlines: true, limit: Self.longestNote)
      guard !clean.isEmpty else { return .there }
      let key = target.subject.key
      let known = try connection.scalar(
        "SELECT text FROM notes WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?", key)?.string
      if let known, known.contains(clean) { return .there }
      let joined = known.map { $0 + "\n\n" + clean } ?? clean
      guard joined.count <= Self.longestNote else { return .there }
      try store(target, day: recorded)
      try connection.rows(
        "INSERT OR REPLACE INTO notes (kind, title_id, season, episode, text, noted) VALUES (?, ?, ?, ?, ?, ?)",
        key + [.text(joined), .text(day)])
    case .list(let name, let day):
      let name = try Lists.spelling(connection, name)
      try connection.rows("INSERT OR IGNORE INTO lists (name, created) VALUES (?, ?)", [.text(name), .text(day)])
      guard let list = try connection.scalar("SELECT id FROM lists WHERE name = ?", [.text(name)])?.integer else {
        return .there
      }
      guard
        try connection.scalar(
          "SELECT 1 FROM list_items WHERE list_id = ? AND kind = ? AND title_id = ?",
          [.integer(list), .text(media.kind.rawValue), .integer(Int64(media.id))]) == nil
      else { return .there }
      try store(target, day: recorded)
      try Lists.insert(connection, media, list: list, day: day)
    }
    return .made
  }
}

/// How many entries of each title's or episode's day an import's diary or history has held so far.
struct LoggedWatches {
  private var held: [[SQLValue]: Int] = [:]

  /// Counts one more entry of `day` (kind, title id, season, episode, day); how many so far.
  mutating func count(_ day: [SQLValue]) -> Int {
    held[day, default: 0] += 1
    return held[day, default: 0]
  }
}

/// The watches known only to be by a day of each title or episode an import touches.
///
/// Read once a title: an import of many rewatches of one title asks for them once, not once a watch.
struct SeenByWatches {
  private var known: [[SQLValue]: [(id: SQLValue, watched: String)]] = [:]

  /// Removes the watches of `key` known only to be by a day on or after `day`; true when there was one.
  ///
  /// The dated watch being imported is them.
  mutating func remove(_ connection: SQLiteConnection, _ key: [SQLValue], onOrAfter day: String)
    throws(SQLiteFailure) -> Bool
  {
    let all: [(id: SQLValue, watched: String)]
    if let held = known[key] { all = held } else { all = try Events.seenBy(connection, key) }
    let taken = try Events.takeAway(connection, all, onOrAfter: day)
    known[key] = taken.left
    return taken.latest != nil
  }

  /// Reads `key`'s again when next asked: one was added.
  mutating func forget(_ key: [SQLValue]) { known[key] = nil }
}
