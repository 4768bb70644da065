import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// The watchlist file of earlier versions (`$XDG_DATA_HOME/trending/watchlist`), moved into the
/// library once: every line in one transaction, then the file renamed, byte for byte, and never
/// read again (a fact in the library says it was done).
enum OldWatchlist {
  /// The fact that records the move.
  static let fact = "watchlist-moved-in"
  /// What the old file is renamed to.
  static let movedName = "watchlist.moved-to-library"

  /// Moves the old file in when it has not been; returns a line for the user when it did.
  static func moveIn(_ connection: SQLiteConnection, besides library: URL, now: Date) throws -> String? {
    // Read without the write lock first: once done, every later open costs one query.
    guard try connection.scalar("SELECT value FROM facts WHERE name = ?", [.text(fact)]) == nil else { return nil }
    let file = library.deletingLastPathComponent().appendingPathComponent("watchlist")
    var imported = 0
    var problem: String?
    let movedIn = try connection.transaction {
      try ChangeLog.recording(connection, "watchlist file") { () throws -> Bool in
        // Another process may have moved it in while this one waited for the lock.
        if try connection.scalar("SELECT value FROM facts WHERE name = ?", [.text(fact)]) != nil { return false }
        let store = WatchlistStore(path: file)
        let marks: [MediaID: Mark]
        switch store.load() {
        case .success(let loaded):
          marks = loaded.marks
          problem = loaded.problem
        case .failure(let error):
          throw LibraryError(
            .other,
            error.message + ". " + tr("Move it aside to start the library without it; nothing was changed."))
        }
        let day = WatchlistFormat.day(now)
        for mark in marks.values.sorted(by: { ($0.added, $0.media) < ($1.added, $1.media) }) {
          try Titles.upsert(connection, TitleInfo(mark: mark), day: day)
          if mark.onWatchlist { try Lists.insert(connection, mark.media, list: 1, day: mark.added) }
          if let seen = mark.seen { try Events.insert(connection, mark.media, episode: nil, day: seen, recorded: day) }
          imported += 1
        }
        try connection.rows("INSERT INTO facts (name, value) VALUES (?, ?)", [.text(fact), .text(day)])
        return true
      }
    }
    guard movedIn else { return nil }
    var info = stat()
    guard lstat(file.path, &info) == 0 else { return nil }
    let moved = file.deletingLastPathComponent().appendingPathComponent(movedName)
    let kept = rename(file.path, moved.path) == 0 ? moved : file
    var line = trn(
      "Moved %1$s title from the old watchlist file into the library; the file is kept as %2$s.",
      "Moved %1$s titles from the old watchlist file into the library; the file is kept as %2$s.", imported,
      String(imported), TextSanitizer.clean(kept.path, limit: 300))
    if let problem { line += " " + problem }
    return line
  }
}
