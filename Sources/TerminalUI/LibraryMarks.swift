import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

/// The browser's changes to the library: each `LibraryChange` one transaction, on the library
/// service's connection, answered with what the library holds after it.
enum LibraryChanges {
  /// Stores a change in one transaction, what it answers read inside it (no other write between);
  /// the title's mark after a title's change, the series' seen episodes after an episode's.
  static func store(_ change: LibraryChange, in library: Library) throws(LibraryError) -> StoredAfter {
    try library.change { () throws(LibraryError) -> StoredAfter in try stored(change, in: library) }
  }

  /// What `store` runs inside the change's transaction.
  private static func stored(_ change: LibraryChange, in library: Library) throws(LibraryError) -> StoredAfter {
    let info = TitleInfo(
      media: change.media, title: change.title, year: change.year, posterPath: change.summary?.posterPath,
      voteAverage: change.summary?.voteAverage, voteCount: change.summary?.voteCount ?? 0,
      genreIDs: change.summary?.genreIDs ?? [])
    let subject = Subject(change.media, episode: change.episode)
    let stored = { (episode: MarkedEpisode) in
      EpisodeInfo(number: episode.key, name: episode.name ?? "", airDate: episode.airDate, runtime: episode.runtime)
    }
    switch change.kind {
    case .seen(true) where change.once:
      _ = try library.watchOnce(info, episode: nil, on: change.day, recorded: change.day)
    case .episodes(let episodes, true) where change.once:
      // A played file: a watch of each episode unless that day has one (one file, one episode).
      let known = Set(change.seasons.map(\.key))
      let season = change.seasons.map(stored) + episodes.filter { !known.contains($0.key) }.map(stored)
      for episode in episodes {
        _ = try library.watchOnce(info, episode: episode.key, on: change.day, recorded: change.day, season: season)
      }
      return .episodes(series: change.id, SeenEpisodes(days: try library.episodeDays(change.id)))
    case .watchlist(true):
      // On it already (another shell, a moment before the screen knew): nothing for `u` to take off.
      let added = try library.add(info, to: "watchlist", day: change.day, at: change.place)
      if !added { return try replaced(change.media, Replaced(unchanged: true), library) }
    case .watchlist(false): return try unlist(change.media, from: "watchlist", library)
    case .seen(true): try library.watch(info, on: change.day, recorded: change.day)
    case .seen(false): try library.unwatch(change.media, episodes: [nil], on: change.exact ? change.day : nil)
    case .rating(let rating):
      let day = try library.annotationDays(subject).rated
      try library.rate(subject, rating, title: info, day: change.day, episodes: change.seasons.map(stored))
      return try replaced(change.media, Replaced(day: day), library)
    case .note(let note):
      let day = try library.annotationDays(subject).noted
      try library.note(subject, note, title: info, day: change.day, episodes: change.seasons.map(stored))
      return try replaced(change.media, Replaced(day: day), library)
    case .hidden(let hidden):
      let changed = try library.hide(info, hidden, day: change.day)
      if !changed { return try replaced(change.media, Replaced(unchanged: true), library) }
    case .list(let name):
      let existed = try library.listName(name) != nil
      // An undo puts a title back where it stood: on a list deleted since, elsewhere, it makes none.
      if change.place != nil, !existed {
        throw LibraryError(
          .notFound, tr("the list %1$s was deleted elsewhere; %2$s is not put back.", name, change.title))
      }
      guard try library.add(info, to: name, day: change.day, at: change.place) else {
        return .listedAlready(change.media, try library.annotatedMarks(of: change.media)[change.media])
      }
      if !existed { return try replaced(change.media, Replaced(madeList: true), library) }
    // The undo of an `L` that made the list (a typo) takes the list away again once empty.
    case .unlist(let name): return try unlist(change.media, from: name, library, droppingEmpty: change.dropsEmptyList)
    case .episodes(let episodes, let seen):
      if seen {
        try library.watch(
          series: info, episodes: episodes.map(stored), on: change.day, recorded: change.day,
          seasons: change.seasons.map(stored), unlessSeen: !change.exact)
      } else {
        try library.unwatch(change.media, episodes: episodes.map(\.key), on: change.exact ? change.day : nil)
      }
      return .episodes(series: change.id, SeenEpisodes(days: try library.episodeDays(change.id)))
    }
    return .mark(change.media, try library.annotatedMarks(of: change.media)[change.media])
  }

  /// Takes a title off a list, answering where it stood (for an undo) and its mark after.
  private static func unlist(
    _ media: MediaID, from name: String, _ library: Library, droppingEmpty: Bool = false
  ) throws(LibraryError) -> StoredAfter {
    let place = try library.place(of: media, on: name)
    try library.remove(media, from: name, droppingEmpty: droppingEmpty)
    return try replaced(media, Replaced(place: place), library)
  }

  /// The title's mark after a change, with what the change replaced.
  private static func replaced(_ media: MediaID, _ replaced: Replaced, _ library: Library) throws(LibraryError)
    -> StoredAfter
  {
    .replaced(media, try library.annotatedMarks(of: media)[media], replaced)
  }
}

/// The series in progress for the Up next tab: each series' next episode from the library at once,
/// then the seasons aired but not held whole asked for (the kept answers first), a few at a time,
/// and the tab's rows again after each few that changed them, 200 series at a time (watched last
/// first, those looked at lately left out), until every series was looked at, or a round had no answer.
enum LibraryUpNext {
  /// The most answers one round asks amodb's network for, before the rows are read again.
  static let asksAtMost = 12

  /// The most rounds one read goes on for: a library imported with many series in progress
  /// fills in behind the screen, and a read never asks without end.
  static let roundsAtMost = 20

  /// The series in progress, newest activity first (none without a library). The library's rows go
  /// to `answer` before the network is asked, then the rows again after each round of asks that
  /// changed them (none before the network when it has none); nil once those are answered (a dead
  /// or slow network never holds the tab back), the rows when none were sent, or the failure when
  /// none is shown because amodb could not tell of the series.
  /// `filled`: the series earlier reads of this process filled in, left out while fresh.
  /// `batch`: the most series one read of the library hands to the network's asks.
  static func read(
    client: AmodbClient, _ library: LibraryService?, filled: AskedLately<Int>,
    batch: Int = EpisodeRefresh.seriesAtMost, answer: @Sendable ([UpNext]) -> Void
  ) async -> Result<[UpNext], AmodbError>? {
    guard let library else { return .success([]) }
    let today = WatchlistFormat.day(Date())
    let held = await rows(library, today: today)
    guard client.configuration.missingKeyError == nil, case .success(var shown) = held else { return held }
    // No rows of its own is no answer yet: the tab says "loading" while amodb is asked, not "no
    // series in progress".
    var answered = !shown.isEmpty
    if answered { answer(shown) }
    var lookedAt = filled.fresh()
    var recent: [SeriesSeasons]?
    // Whether the library holds series past the batch read: once it is looked at, the next follows.
    var more = false
    // Why amodb could not tell of a series, for a tab that would otherwise say none is in progress.
    var problem: AmodbError?
    for _ in 0..<roundsAtMost where !Task.isCancelled {
      // The library is read again after a round that stored seasons (they are held now), and for
      // the next batch once one is looked at: the series past the first 200 are not left out.
      if recent == nil {
        let skipped = lookedAt
        guard
          case .success(let read) = await library.perform({ library throws(LibraryError) in
            try library.recentSeries(atMost: batch + skipped.count)
          })
        else { break }
        more = read.count == batch + skipped.count
        recent = Array(read.filter { !skipped.contains($0.series) }.prefix(batch))
      }
      let waiting = (recent ?? []).filter { !lookedAt.contains($0.series) }
      guard !waiting.isEmpty else {
        guard more else { break }
        recent = nil
        continue
      }
      let found = await EpisodeRefresh.missing(
        waiting, client: client, today: today, asksAtMost: asksAtMost, background: true)
      lookedAt.formUnion(found.lookedAt)
      if !found.unanswered.isEmpty { problem = problem ?? found.problem }
      // The episodes are what amodb says of the seasons: a library that cannot take them (read-only,
      // a full disk) still shows what it holds, and ends the read (a later one asks again).
      if !found.seasons.isEmpty {
        let stored = await library.perform { library throws(LibraryError) in
          try library.store(found.seasons, day: today)
        }
        guard case .success = stored else { break }
        recent = nil
        if case .success(let now) = await rows(library, today: today), now != shown || !answered {
          shown = now
          answer(shown)
          answered = true
        }
      }
      filled.insert(found.lookedAt.subtracting(found.unanswered))
      // A batch looked at whole, with answers, goes on to the next; no answer ends the read.
      let batchDone = waiting.allSatisfy { found.lookedAt.contains($0.series) }
      let heard = found.unanswered.count < found.lookedAt.count
      guard found.goesOn || (more && batchDone && heard) else { break }
      if batchDone { recent = nil }
    }
    if shown.isEmpty, let problem { return .failure(problem) }
    return answered ? nil : .success(shown)
  }

  /// Each series' next episode as the library holds it.
  private static func rows(_ library: LibraryService, today: String) async -> Result<[UpNext], AmodbError> {
    await library.perform { library throws(LibraryError) in try library.progress(today: today) }
      .map { $0.compactMap(upNext) }.mapError(\.feedError)
  }

  /// A series' progress as the tab shows it, when it has a next episode.
  static func upNext(_ progress: SeriesProgress) -> UpNext? {
    guard let next = progress.next else { return nil }
    return UpNext(
      series: progress.title.entry, seen: progress.seen, aired: progress.aired,
      next: MarkedEpisode(
        key: next.number, name: next.name,
        airDate: next.airDate, runtime: next.runtime),
      lastWatched: progress.lastWatched, airedUndated: next.airDate == nil && progress.nextAired)
  }
}

/// A named list of the library for its tab: its titles in order, nil when there is no such list.
enum LibraryLists {
  /// The list's titles as rows.
  static func read(_ name: String, _ library: LibraryService?) async -> Result<[MediaSummary]?, AmodbError> {
    guard let library else { return .success(nil) }
    return await library.perform { library throws(LibraryError) in try library.list(name)?.map(\.title.entry) }
      .mapError(\.feedError)
  }
}

/// The For you tab's recommendations: the library's taste, each seed's details, ranked by `ForYou`.
enum LibraryForYou {
  /// The recommendations of both kinds (none seeded without a library); a library that cannot be
  /// opened, or every seed's details failing, is an error.
  static func read(client: AmodbClient, _ library: LibraryService?) async -> Result<ForYou.Found, AmodbError> {
    var taste = Taste(seeds: [], excluded: [])
    if let library {
      switch await library.perform({ library throws(LibraryError) in try library.taste() }) {
      case .success(let read): taste = read
      case .failure(let error): return .failure(error.feedError)
      }
    }
    return await ForYou.recommend(seeds: taste.seeds, excluding: taste.excluded, kind: nil) {
      await client.recommendations(of: $0)
    }
  }
}
