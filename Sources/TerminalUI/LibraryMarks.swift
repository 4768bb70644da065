import AmodbKit
import FoundationEssentials
import LibraryKit
import TrendingCore

/// The browser's marks in the library: read, and changed one `MarkChange` at a time, each change
/// one transaction, on a connection of the calling thread's own.
enum LibraryMarks {
  /// The marks, and the library's notice (read-only, the old watchlist moved in), if any.
  static func load(_ path: URL) -> Result<(marks: [MediaID: Mark], notice: String?), LibraryError> {
    do {
      let library = try Library(path: path)
      return .success((try library.marks(), library.notice))
    } catch {
      return .failure(error)
    }
  }

  /// Stores a change: on or off the watchlist, a watch recorded, or the latest watch taken away.
  static func save(_ change: MarkChange, in path: URL) -> Result<
    (marks: [MediaID: Mark], notice: String?), LibraryError
  > {
    do {
      let library = try Library(path: path)
      let info = TitleInfo(
        media: change.media, title: change.title, year: change.year, posterPath: change.summary?.posterPath,
        voteAverage: change.summary?.voteAverage, voteCount: change.summary?.voteCount ?? 0,
        genreIDs: change.summary?.genreIDs ?? [])
      switch change.kind {
      case .watchlist(true): try library.add(info, to: "watchlist", day: change.day)
      case .watchlist(false): try library.remove(change.media, from: "watchlist")
      case .seen(true): try library.watch(info, on: change.day, recorded: change.day)
      case .seen(false): try library.unwatch(change.media, episodes: [nil])
      }
      return .success((try library.marks(), library.notice))
    } catch {
      return .failure(error)
    }
  }
}
