import AmodbKit
import FoundationEssentials
import Localization

/// A title on a list, with when it was put there.
public struct ListedTitle: Equatable, Sendable {
  /// The title.
  public var title: TitleInfo
  /// When it was added, `YYYY-MM-DD`.
  public var added: String
  /// Its place in the list, from 1.
  public var position: Int
}

/// A named list and how many titles it holds.
public struct ListSummary: Equatable, Sendable {
  /// Its name.
  public var name: String
  /// How many titles.
  public var count: Int
}

/// The `lists` and `list_items` tables.
enum Lists {
  /// Puts a title back where it stood on a list (the titles from that place on moved one down),
  /// unless it is there; true when it was put.
  static func insert(_ connection: SQLiteConnection, _ media: MediaID, list: Int64, at place: ListPlace)
    throws(SQLiteFailure) -> Bool
  {
    let what: [SQLValue] = [.integer(list), .text(media.kind.rawValue), .integer(Int64(media.id))]
    let there = "SELECT 1 FROM list_items WHERE list_id = ?1 AND kind = ?2 AND title_id = ?3"
    guard try connection.scalar(there, what) == nil else { return false }
    // The titles from that place on move down only when another title holds it.
    try connection.rows(
      """
      UPDATE list_items SET position = position + 1 WHERE list_id = ?1 AND position >= ?2
        AND EXISTS (SELECT 1 FROM list_items WHERE list_id = ?1 AND position = ?2)
      """, [.integer(list), .integer(Int64(place.position))])
    try connection.rows(
      "INSERT INTO list_items (list_id, kind, title_id, position, added) VALUES (?1, ?2, ?3, ?4, ?5)",
      what + [.integer(Int64(place.position)), .text(place.added)])
    return true
  }

  /// Puts a title at the end of a list (left where it is when it is there).
  static func insert(_ connection: SQLiteConnection, _ media: MediaID, list: Int64, day: String) throws(SQLiteFailure) {
    try connection.rows(
      """
      INSERT OR IGNORE INTO list_items (list_id, kind, title_id, position, added)
      VALUES (?1, ?2, ?3, (SELECT coalesce(max(position), 0) + 1 FROM list_items WHERE list_id = ?1), ?4)
      """,
      [.integer(list), .text(media.kind.rawValue), .integer(Int64(media.id)), .text(day)])
  }

  /// The name a list of the user's own takes in an import: one named as the watchlist is (a
  /// Letterboxd or Trakt list called "Watchlist") gets a name of its own, so it does not join it.
  static func ownName(_ name: String, from service: String) -> String {
    name.lowercased() == Schema.watchlistName ? "\(name) (\(service))" : name
  }

  /// Deletes the list `name` (as the library spells it) when it holds nothing; never the watchlist.
  static func dropIfEmpty(_ connection: SQLiteConnection, _ name: SQLValue) throws(SQLiteFailure) {
    try connection.rows(
      """
      DELETE FROM lists WHERE name = ?1 AND id <> 1
        AND NOT EXISTS (SELECT 1 FROM list_items i JOIN lists l ON l.id = i.list_id WHERE l.name = ?1)
      """, [name])
  }

  /// Deletes the list `name` (as the library spells it) once it holds nothing, when the sync
  /// folder's stamps say its name went elsewhere (a rename): a list kept under it for what another
  /// machine added meanwhile goes with its last title, here and on every machine. One still kept is
  /// made when its first title was added, as the machine that renamed it makes it again from them.
  /// Never in a library that does not sync.
  static func dropIfNameGone(_ connection: SQLiteConnection, _ name: SQLValue) throws(SQLiteFailure) {
    guard try SyncStamp.stampOf(connection, "lists", [SyncTable.lowered(name)])?.deleted == true else { return }
    try dropIfEmpty(connection, name)
    try connection.rows(
      """
      UPDATE lists SET created = (SELECT min(added) FROM list_items WHERE list_id = lists.id)
      WHERE name = ? AND EXISTS (SELECT 1 FROM list_items WHERE list_id = lists.id)
      """, [name])
  }

  /// The name of the list `name` means, as the library spells it: names match whatever their
  /// case in any script ("ñoño" is "Ñoño"; SQLite's NOCASE folds ASCII only); `name` itself when
  /// no list has it.
  static func spelling(_ connection: SQLiteConnection, _ name: String) throws(SQLiteFailure) -> String {
    // Compared scalar by scalar, as the sync keys (`SyncTable.lowered`) and SQLite compare them:
    // "é" written as one scalar or as e and a combining accent are two names everywhere alike.
    // The list's own index first (NOCASE folds ASCII, so what it finds matches here too); every
    // name is read only for a name it cannot tell ("été" for "Été"), not once a sync record.
    if let same = try connection.scalar("SELECT name FROM lists WHERE name = ?", [.text(name)])?.string { return same }
    let wanted = Array(name.lowercased().unicodeScalars)
    return try connection.rows("SELECT name FROM lists").compactMap { $0["name"].string }
      .first { Array($0.lowercased().unicodeScalars) == wanted } ?? name
  }
}

extension Library {
  /// The largest name a list may have, in characters.
  public static let longestListName = 100

  /// Whether `name` is a name the library takes for a list: 1 to `longestListName` characters of
  /// text with no control character, no space at either end and none doubled.
  public static func isListName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= longestListName && TextSanitizer.clean(name, limit: longestListName) == name
  }

  /// Every list, the watchlist first, then by name, with how many titles each holds.
  public func lists() throws(LibraryError) -> [ListSummary] {
    try read {
      try connection.rows(
        """
        SELECT l.name, count(i.title_id) AS titles FROM lists l LEFT JOIN list_items i ON i.list_id = l.id
        GROUP BY l.id ORDER BY l.id <> 1, l.name COLLATE NOCASE
        """
      ).map { ListSummary(name: $0["name"].string ?? "", count: $0["titles"].int ?? 0) }
    }
  }

  /// A list's name as the library spells it (names match regardless of case), nil when there is none.
  public func listName(_ name: String) throws(LibraryError) -> String? {
    try read {
      try connection.scalar("SELECT name FROM lists WHERE name = ?", [.text(Lists.spelling(connection, name))])?.string
    }
  }

  /// Each title on the watchlist and its place there: a title added later has a higher one.
  public func watchlistOrder() throws(LibraryError) -> [MediaID: Int] {
    try read {
      var order: [MediaID: Int] = [:]
      try connection.each("SELECT kind, title_id, position FROM list_items WHERE list_id = 1") { row in
        guard let kind = row["kind"].string.flatMap(MediaKind.init(rawValue:)), let id = row["title_id"].int else {
          return
        }
        order[MediaID(kind, id)] = row["position"].int ?? 0
      }
      return order
    }
  }

  /// The titles on a list in its order (the watchlist: newest added first); nil when there is no such list.
  public func list(_ name: String) throws(LibraryError) -> [ListedTitle]? {
    try read {
      let name = try Lists.spelling(connection, name)
      guard let id = try connection.scalar("SELECT id FROM lists WHERE name = ?", [.text(name)])?.int else {
        return nil
      }
      // Two titles at one place (a merge of two machines' adds) keep one order everywhere.
      let order =
        id == 1 ? "i.added DESC, i.position DESC, i.kind, i.title_id" : "i.position, i.added, i.kind, i.title_id"
      return try connection.rows(
        """
        SELECT \(Titles.columns), i.added, i.position FROM list_items i
        JOIN titles t ON t.kind = i.kind AND t.id = i.title_id WHERE i.list_id = ? ORDER BY \(order)
        """, [.integer(Int64(id))]
      ).compactMap { row in
        Titles.info(from: row).map {
          ListedTitle(title: $0, added: row["added"].string ?? "", position: row["position"].int ?? 0)
        }
      }
    }
  }

  /// Adds a title to a list (made when missing), keeping what is known of it; false when it was there.
  /// `place`: where it stood before it was taken off (an undo), else it goes at the end, added `day`.
  @discardableResult
  public func add(_ info: TitleInfo, to name: String, day: String, at place: ListPlace? = nil) throws(LibraryError)
    -> Bool
  {
    try write {
      try Titles.upsert(connection, info, day: day)
      let name = try Lists.spelling(connection, name)
      try connection.rows(
        "INSERT OR IGNORE INTO lists (name, created) VALUES (?, ?)", [.text(name), .text(day)])
      guard let list = try connection.scalar("SELECT id FROM lists WHERE name = ?", [.text(name)])?.int else {
        return false
      }
      if let place { return try Lists.insert(connection, info.media, list: Int64(list), at: place) }
      try Lists.insert(connection, info.media, list: Int64(list), day: day)
      return connection.changes > 0
    }
  }

  /// Where a title stands on a list, nil when it is not on it.
  public func place(of media: MediaID, on name: String) throws(LibraryError) -> ListPlace? {
    try read {
      let name = try Lists.spelling(connection, name)
      return try connection.rows(
        """
        SELECT i.added, i.position FROM list_items i JOIN lists l ON l.id = i.list_id
        WHERE l.name = ? AND i.kind = ? AND i.title_id = ?
        """, [.text(name), .text(media.kind.rawValue), .integer(Int64(media.id))]
      ).first.flatMap { row in
        row["added"].string.flatMap { added in row["position"].int.map { ListPlace(added: added, position: $0) } }
      }
    }
  }

  /// Takes a title off a list; false when it was not on it. `droppingEmpty`: the list goes too when
  /// it holds nothing after (an undo of the add that made it; never the watchlist), in one write.
  @discardableResult
  public func remove(_ media: MediaID, from name: String, droppingEmpty: Bool = false) throws(LibraryError) -> Bool {
    try write {
      let name = try Lists.spelling(connection, name)
      try connection.rows(
        """
        DELETE FROM list_items WHERE list_id = (SELECT id FROM lists WHERE name = ?) AND kind = ? AND title_id = ?
        """, [.text(name), .text(media.kind.rawValue), .integer(Int64(media.id))])
      let removed = connection.changes > 0
      // A list kept under a name renamed away elsewhere (what another machine added meanwhile) goes
      // once empty, as it does on the machines that take this removal in.
      if droppingEmpty {
        try Lists.dropIfEmpty(connection, .text(name))
      } else {
        try Lists.dropIfNameGone(connection, .text(name))
      }
      return removed
    }
  }

  /// Deletes a named list and what it holds (the watchlist stays); false when there was none.
  @discardableResult
  public func deleteList(_ name: String) throws(LibraryError) -> Bool {
    try write {
      let name = try Lists.spelling(connection, name)
      try connection.rows(
        "DELETE FROM list_items WHERE list_id = (SELECT id FROM lists WHERE name = ? AND id <> 1)", [.text(name)])
      try connection.rows("DELETE FROM lists WHERE name = ? AND id <> 1", [.text(name)])
      return connection.changes > 0
    }
  }

  /// Gives a named list another name, its titles kept in their order with their days: false when
  /// there was no list `name` (or it is the watchlist); refused when `newName` is another list's.
  @discardableResult
  public func renameList(_ name: String, to newName: String) throws(LibraryError) -> Bool {
    try write {
      let old = try Lists.spelling(connection, name)
      guard let id = try connection.scalar("SELECT id FROM lists WHERE name = ? AND id <> 1", [.text(old)])?.int
      else { return false }
      let taken = try Lists.spelling(connection, newName)
      if let other = try connection.scalar("SELECT id FROM lists WHERE name = ?", [.text(taken)])?.int, other != id {
        throw LibraryError(.other, tr("There is a list named %s already.", taken))
      }
      // One row changed: the sync stamps take the old name as deleted and carry its titles under
      // the new one (`SyncStamp`), so every machine ends with the list renamed.
      try connection.rows("UPDATE lists SET name = ? WHERE id = ?", [.text(newName), .integer(Int64(id))])
      return true
    }
  }

  /// The watchlist and seen marks as the browser and `trending watchlist` show them: every title on
  /// the watchlist or seen as a whole, with the day of its latest watch.
  /// `media`: only that title's mark.
  public func marks(of media: MediaID? = nil) throws(LibraryError) -> [MediaID: Mark] {
    // The titles' own watches are read from their partial index, not from the index of every
    // episode's (SQLite's planner takes the wider one, which reads 50,000 entries at start-up for a
    // lifetime's library: about 5 ms on the marks thread at start-up, against under one).
    try read {
      var marks: [MediaID: Mark] = [:]
      let only = media == nil ? "" : " AND kind = ? AND title_id = ?"
      let key: [SQLValue] = media.map { [.text($0.kind.rawValue), .integer(Int64($0.id))] } ?? []
      try connection.each(
        """
        SELECT \(Titles.columns), k.added, (SELECT max(watched) FROM watch_events x
          WHERE x.kind = k.kind AND x.title_id = k.title_id AND x.season IS NULL) AS seen
        FROM (SELECT kind, title_id, max(added) AS added FROM (
            SELECT kind, title_id, added FROM list_items WHERE list_id = 1\(only)
            UNION ALL SELECT kind, title_id, NULL FROM watch_events INDEXED BY watch_events_of_titles
              WHERE season IS NULL\(only))
          GROUP BY kind, title_id) k
        JOIN titles t ON t.kind = k.kind AND t.id = k.title_id
        """, key + key
      ) { row in
        guard let info = Titles.info(from: row) else { return }
        let added = row["added"].string
        marks[info.media] = Mark(
          id: info.media.id, kind: info.media.kind, title: info.title, year: info.year, onWatchlist: added != nil,
          added: added ?? row["seen"].string ?? "", seen: row["seen"].string,
          summary: info.posterPath == nil && info.voteCount == 0 && info.genreIDs.isEmpty ? nil : info.summary)
      }
      return marks
    }
  }
}
