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

/// A series' seen episodes in the library: read, and changed one `EpisodeChange` at a time (each one
/// transaction), on a connection of the calling thread's own.
enum LibraryEpisodes {
  /// The series' seen episodes.
  static func load(_ series: Int, _ path: URL) -> Result<Set<EpisodeKey>, LibraryError> {
    do {
      return .success(keys(try Library(path: path).seenEpisodes(series)))
    } catch {
      return .failure(error)
    }
  }

  /// Stores a change: a watch of each episode on its day (what the season said of them kept), or
  /// the latest watch of each taken away; the series' seen episodes after it.
  static func save(_ change: EpisodeChange, in path: URL) -> Result<Set<EpisodeKey>, LibraryError> {
    do {
      let library = try Library(path: path)
      let series = change.series
      if change.seen {
        let info = TitleInfo(
          media: .series(series.id), title: series.title, year: series.year, posterPath: series.posterPath,
          voteAverage: series.voteCount > 0 ? series.voteAverage : nil, voteCount: series.voteCount,
          genreIDs: series.genreIDs)
        let episodes = change.episodes.map {
          EpisodeInfo(
            number: EpisodeNumber(season: $0.key.season, episode: $0.key.number), name: $0.name ?? "",
            airDate: $0.airDate, runtime: $0.runtime)
        }
        try library.watch(series: info, episodes: episodes, on: change.day, recorded: change.day)
      } else {
        try library.unwatch(
          .series(series.id),
          episodes: change.episodes.map { EpisodeNumber(season: $0.key.season, episode: $0.key.number) })
      }
      return .success(keys(try library.seenEpisodes(series.id)))
    } catch {
      return .failure(error)
    }
  }

  private static func keys(_ numbers: Set<EpisodeNumber>) -> Set<EpisodeKey> {
    Set(numbers.map { EpisodeKey(season: $0.season, number: $0.episode) })
  }
}
