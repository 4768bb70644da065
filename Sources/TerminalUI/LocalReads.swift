import AmodbKit
import FoundationEssentials
import LibraryKit
import TrendingCore

/// The runner's reads for the lists of the user's own data (`Effect.readLocal`), each answered as
/// `Action.localRead`: one switch from a query to its read, so a new local list is a case here and
/// none in the runner.
enum LocalReads {
  /// What the reads of one runner keep between them.
  struct Memory: Sendable {
    /// The series Up next's reads filled in.
    let seriesFilledIn = AskedLately<Int>()
    /// The seasons of rated episodes amodb said it does not have.
    let seasonsNotFound = AskedLately<SeasonRequest>()
  }

  /// What `query` finds in the library (and the cache, for what the library does not keep). A read
  /// that shows the library's rows at once and then asks the network (Up next) hands each of its
  /// answers to `early` as it has it, and answers nil at its end.
  static func read(
    _ query: LocalQuery, client: AmodbClient, library: LibraryService?, memory: Memory,
    early: @escaping @Sendable (LocalAnswer) -> Void
  ) async -> Result<LocalAnswer, AmodbError>? {
    switch query {
    case .watchlist:
      return await readWatchlist(client: client, library).map(LocalAnswer.watchlist)
    case .list(let name):
      return await LibraryLists.read(name, library).map(LocalAnswer.list)
    case .upNext:
      return await LibraryUpNext.read(client: client, library, filled: memory.seriesFilledIn) { early(.upNext($0)) }?
        .map(
          LocalAnswer.upNext)
    case .forYou:
      return await LibraryForYou.read(client: client, library).map { LocalAnswer.forYou(ForYou.page($0.ranked)) }
    case .listNames:
      guard let library else { return .success(.listNames([])) }
      // The watchlist is `a`'s: Tab offers the user's own lists.
      return await library.perform { library throws(LibraryError) in
        try library.lists().map(\.name).filter { $0 != "watchlist" }
      }
      .map(LocalAnswer.listNames).mapError(\.feedError)
    case .following:
      guard let library else { return .success(.following([])) }
      let today = WatchlistFormat.day(Date())
      return await library.perform { library throws(LibraryError) in try library.seriesAhead(today: today) }
        .map(LocalAnswer.following).mapError(\.feedError)
    case .rated:
      return await readRated(client: client, library, notFound: memory.seasonsNotFound) { early(.rated($0)) }?.map(
        LocalAnswer.rated)
    }
  }

  /// The library's marks, and what the cached details say of the films on it (poster, score), so
  /// the tab opens offline; the reducer makes the page.
  private static func readWatchlist(
    client: AmodbClient, _ library: LibraryService?
  ) async -> Result<WatchlistSnapshot, AmodbError> {
    var stored: [MediaID: Mark] = [:]
    var order: [MediaID: Int] = [:]
    if let library {
      let read = await library.perform { library throws(LibraryError) in
        (try library.annotatedMarks(), try library.watchlistOrder())
      }
      switch read {
      case .success(let found): (stored, order) = found
      // A library that cannot be read is an error on the tab, never an empty watchlist.
      case .failure(let error): return .failure(error.feedError)
      }
    }
    var known: [MediaID: MediaSummary] = [:]
    let language = client.configuration.language
    // The library keeps what a list showed of each title (poster, score, genres): the disk cache is
    // read only for titles it knows nothing of, so a long watchlist opens without a lookup a title.
    for mark in stored.values where mark.onWatchlist && mark.summary == nil {
      switch mark.kind {
      case .series:
        guard let details = await client.cached(SeriesRequest(id: mark.id, language: language))?.value else { continue }
        known[mark.media] = details.summary
      case .film, .person:
        guard let details = await client.cached(MovieDetailsRequest(id: mark.id, language: language))?.value else {
          continue
        }
        known[mark.media] = details.summary
      }
    }
    return .success(WatchlistSnapshot(marks: stored, known: known, order: order))
  }

  /// The seasons of rated episodes one read of the Recently rated tab asks amodb for, at most.
  static let ratedSeasonsAtMost = 12

  /// The newest ratings whose episodes' seasons a read looks up in the disk cache: a library of
  /// thousands of episode ratings costs a bounded read (older rows show the rating alone).
  static let ratedSeasonsLookedUp = 500

  /// The ratings, newest first, each episode's name and public score from its season's kept answer.
  /// Rated episodes whose season is not kept (rated from the command line, imported) go to `early`
  /// first, then their seasons are asked (a few, behind the user's own asks; not those amodb lately
  /// said it does not have, `notFound`) and the list answered again with them; nil when none came.
  private static func readRated(
    client: AmodbClient, _ library: LibraryService?, notFound: AskedLately<SeasonRequest>,
    early: @Sendable (RatedList) -> Void
  ) async -> Result<RatedList, AmodbError>? {
    guard let library else { return .success(RatedList([])) }
    let rated: [RatedTitle]
    switch await library.perform({ library throws(LibraryError) in try library.recentlyRated() }) {
    case .success(let found): rated = found
    // A library that cannot be read is an error on the tab, never an empty list.
    case .failure(let error): return .failure(error.feedError)
    }
    let language = client.configuration.language
    let requests = rated.prefix(ratedSeasonsLookedUp).compactMap { item in
      item.episode.map { SeasonRequest(seriesID: item.title.media.id, number: $0.season, language: language) }
    }
    // Each season looked up once, however many of its episodes were rated.
    var seasons: [SeasonRequest: [Episode]] = [:]
    var missing: [SeasonRequest] = []
    var looked = notFound.fresh()
    for request in requests where looked.insert(request).inserted {
      if let kept = await client.cached(request)?.value.episodes {
        seasons[request] = kept
      } else {
        missing.append(request)
      }
    }
    missing = Array(missing.prefix(ratedSeasonsAtMost))
    guard !missing.isEmpty, client.configuration.missingKeyError == nil else {
      return .success(ratedList(rated, seasons, language: language))
    }
    early(ratedList(rated, seasons, language: language))
    var came = false
    for start in stride(from: 0, to: missing.count, by: 4) {
      let batch = Array(missing[start..<min(start + 4, missing.count)])
      for (request, answer) in zip(batch, await client.answers(batch.map(APIRequest.season), background: true)) {
        switch answer {
        case .success(let fetched):
          guard let episodes = fetched.value.season?.episodes else { continue }
          seasons[request] = episodes
          came = true
        case .failure(.notFound): notFound.insert([request])
        case .failure: continue
        }
      }
    }
    return came ? .success(ratedList(rated, seasons, language: language)) : nil
  }

  /// The tab's entries: each rating with its episode's name and public score where its season is known.
  private static func ratedList(
    _ rated: [RatedTitle], _ seasons: [SeasonRequest: [Episode]], language: String
  ) -> RatedList {
    RatedList(
      rated.map { item in
        guard let episode = item.episode else {
          return RatedEntry(title: item.title.entry, rating: item.rating, day: item.day)
        }
        let request = SeasonRequest(seriesID: item.title.media.id, number: episode.season, language: language)
        let known = seasons[request]?.first { $0.key == episode }
        return RatedEntry(
          title: item.title.entry, episode: episode, episodeName: item.episodeName ?? known?.name, rating: item.rating,
          day: item.day, publicScore: known?.voteAverage, publicVotes: known?.voteCount ?? 0)
      })
  }

}
