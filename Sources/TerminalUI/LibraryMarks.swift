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
      return .success((try library.annotatedMarks(), library.notice))
    } catch {
      return .failure(error)
    }
  }

  /// Stores a change: on or off the watchlist, a watch recorded, or the latest watch taken away.
  static func save(_ change: MarkChange, in path: URL, patience: LibraryPatience = LibraryPatience()) -> Result<
    (marks: [MediaID: Mark], notice: String?), LibraryError
  > {
    do {
      let library = try Library(path: path, busyMilliseconds: patience.busyMilliseconds)
      let info = TitleInfo(
        media: change.media, title: change.title, year: change.year, posterPath: change.summary?.posterPath,
        voteAverage: change.summary?.voteAverage, voteCount: change.summary?.voteCount ?? 0,
        genreIDs: change.summary?.genreIDs ?? [])
      let subject = Subject(change.media, episode: change.episode)
      switch change.kind {
      case .watchlist(true): try library.add(info, to: "watchlist", day: change.day)
      case .watchlist(false): try library.remove(change.media, from: "watchlist")
      case .seen(true): try library.watch(info, on: change.day, recorded: change.day)
      case .seen(false): try library.unwatch(change.media, episodes: [nil])
      case .rating(let rating): try library.rate(subject, rating, title: info, day: change.day)
      case .note(let note): try library.note(subject, note, title: info, day: change.day)
      case .hidden(let hidden): try library.hide(info, hidden, day: change.day)
      case .list(let name): try library.add(info, to: name, day: change.day)
      }
      return .success((try library.annotatedMarks(), library.notice))
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
      return .success(try Library(path: path).seenEpisodes(series))
    } catch {
      return .failure(error)
    }
  }

  /// Stores a change: a watch of each episode on its day (what the season said of them kept), or
  /// the latest watch of each taken away; the series' seen episodes after it.
  static func save(
    _ change: EpisodeChange, in path: URL, patience: LibraryPatience = LibraryPatience()
  ) -> Result<Set<EpisodeKey>, LibraryError> {
    do {
      let library = try Library(path: path, busyMilliseconds: patience.busyMilliseconds)
      let series = change.series
      if change.seen {
        let title = TitleInfo(
          media: .series(series.id), title: series.title, year: series.year, posterPath: series.posterPath,
          voteAverage: series.voteCount > 0 ? series.voteAverage : nil, voteCount: series.voteCount,
          genreIDs: series.genreIDs)
        let info = { (episode: MarkedEpisode) in
          EpisodeInfo(number: episode.key, name: episode.name ?? "", airDate: episode.airDate, runtime: episode.runtime)
        }
        if !change.seasons.isEmpty {
          try library.store(series: title, episodes: change.seasons.map(info), day: change.day)
        }
        try library.watch(series: title, episodes: change.episodes.map(info), on: change.day, recorded: change.day)
      } else {
        try library.unwatch(.series(series.id), episodes: change.episodes.map(\.key))
      }
      return .success(try library.seenEpisodes(series.id))
    } catch {
      return .failure(error)
    }
  }
}

/// The series in progress for the Up next tab: the seasons aired but not held whole asked for
/// first (the kept answers first, a few a read), then each series' next episode from the library.
enum LibraryUpNext {
  /// The most answers one read asks amodb's network for; the rest come with the next reads.
  static let asksAtMost = 12

  /// The series in progress, newest activity first (none without a library).
  static func read(client: AmodbClient, _ path: URL?) async -> Result<[UpNext], AmodbError> {
    guard let path else { return .success([]) }
    let today = WatchlistFormat.day(Date())
    do {
      let library = try Library(path: path)
      let (known, order) = (try library.seriesWithEpisodes(), try library.seriesByActivity())
      if client.configuration.missingKeyError == nil {
        let seasons = await EpisodeRefresh.missing(
          known, byActivity: order, client: client, today: today, asksAtMost: asksAtMost)
        // The episodes are what amodb says of the seasons: a library that cannot take them (read-only,
        // a full disk) still shows what it holds.
        try? Library(path: path).store(seasons, day: today)
      }
      return .success(try Library(path: path).progress(today: today).compactMap(upNext))
    } catch {
      return .failure(.library(message: error.message))
    }
  }

  /// A series' progress as the tab shows it, when it has a next episode.
  static func upNext(_ progress: SeriesProgress) -> UpNext? {
    guard let next = progress.next else { return nil }
    return UpNext(
      series: progress.title.entry, seen: progress.seen, aired: progress.aired,
      next: MarkedEpisode(
        key: next.number, name: next.name,
        airDate: next.airDate, runtime: next.runtime),
      lastWatched: progress.lastWatched)
  }
}

/// A named list of the library for its tab: its titles in order, nil when there is no such list.
enum LibraryLists {
  /// The list's titles as rows.
  static func read(_ name: String, _ path: URL?) -> Result<[MediaSummary]?, AmodbError> {
    guard let path else { return .success(nil) }
    do {
      return .success(try Library(path: path).list(name)?.map(\.title.entry))
    } catch {
      return .failure(.library(message: error.message))
    }
  }
}

/// The For you tab's recommendations: the library's taste, each seed's details, ranked by `ForYou`.
enum LibraryForYou {
  /// The recommendations of both kinds (none seeded without a library); a library that cannot be
  /// opened, or every seed's details failing, is an error.
  static func read(client: AmodbClient, _ path: URL?) async -> Result<ForYou.Found, AmodbError> {
    var taste = Taste(seeds: [], excluded: [])
    if let path {
      do {
        taste = try Library(path: path).taste()
      } catch {
        return .failure(.library(message: error.message))
      }
    }
    return await ForYou.recommend(seeds: taste.seeds, excluding: taste.excluded, kind: nil) {
      await client.recommendations(of: $0)
    }
  }
}

/// How long the browser keeps trying to save a change while another process holds the library:
/// short waits on the lock with pauses between them, so no thread of the pool is held for long,
/// and a change is given up (and said so) only after all of them.
public struct LibraryPatience: Sendable {
  /// How long one try waits for another process's write, in milliseconds.
  public var busyMilliseconds: Int32
  /// The pause between tries, with no thread held.
  public var pause: Duration
  /// How many tries, the first included.
  public var tries: Int

  /// Half a second's wait and a second's pause, 240 times: six minutes of another process's lock.
  public init(busyMilliseconds: Int32 = 500, pause: Duration = .seconds(1), tries: Int = 240) {
    self.busyMilliseconds = busyMilliseconds
    self.pause = pause
    self.tries = max(tries, 1)
  }

  /// Runs `save` again while the library is busy, saying through `say` that the change is kept
  /// (on the first wait and every fifth after, so the notice stays on screen while it waits).
  func keepTrying<T>(
    _ say: () -> Void, _ save: () -> Result<T, LibraryError>
  ) async -> Result<T, LibraryError> {
    var result = save()
    var tried = 1
    while case .failure(let error) = result, error.kind == .busy, tried < tries, !Task.isCancelled {
      if tried % 5 == 1 { say() }
      try? await Task.sleep(for: pause)
      result = save()
      tried += 1
    }
    return result
  }
}
