import AmodbKit
import FoundationEssentials

/// The seasons a series in progress has aired but the library does not hold whole, asked of amodb
/// (the kept answer first), so "seen of aired" and the next episode count seasons never marked.
public enum EpisodeRefresh {
  /// A season's episodes as amodb gave them, to be stored.
  public struct Season: Sendable {
    /// The series.
    public var series: TitleInfo
    /// The season's episodes.
    public var episodes: [EpisodeInfo]
  }

  /// The most series one refresh looks at, kept answers included: a library of thousands of
  /// series costs a bounded read (`Library.recentSeries(atMost:)`).
  public static let seriesAtMost = 200

  /// How many answers one refresh waits for at once.
  static let together = 4

  /// What one refresh found, and whether another would look further.
  public struct Found: Sendable {
    /// The seasons to store, in the order of the series.
    public var seasons: [Season]
    /// The series whose details and every missing season were asked, answered or not: another
    /// refresh of the same read leaves them out, so it goes further even where nothing is kept.
    public var lookedAt: Set<Int>
    /// The series of `lookedAt` one of whose asks had no answer (a failure, not a "not found"):
    /// worth asking again later.
    public var unanswered: Set<Int>
    /// True when the refresh stopped at its most asks with answers from the network ("not found"
    /// is one): the series it did not look at wait for another refresh. False when it looked at
    /// every series, or the network answered none of the asks (offline, refused, failing).
    public var goesOn: Bool
    /// Why the first ask of `unanswered` had no answer.
    public var problem: AmodbError?
  }

  /// Looks at the series the user watched most recently first (`recent`, as
  /// `Library.recentSeries(atMost:)` reads them, as many as the caller reads), and asks for their details and the
  /// seasons the library does not hold whole: at most `asksAtMost` answers from the network (kept
  /// answers are free), `together` at a time (never more at once than the asks left, so the most
  /// holds however many answers were kept); a series or season that cannot be read is left out.
  /// The seasons come in the order of `recent`, each series' by number. `background`: the asks wait
  /// behind the user's own in the rate budget (the browser's refresh, behind the screen).
  public static func missing(
    _ recent: [SeriesSeasons], client: AmodbClient, today: String, asksAtMost: Int, background: Bool = false
  ) async -> Found {
    let language = client.configuration.language
    let date = ReleaseDate(today) ?? ReleaseDate(localDay: Date())
    var asked = 0
    var answered = 0
    var found: [Season] = []
    var lookedAt: Set<Int> = []
    var unanswered: Set<Int> = []
    var problem: AmodbError?
    var waiting = recent[...]
    while !waiting.isEmpty, asked < asksAtMost {
      let batch = waiting.prefix(min(together, asksAtMost - asked))
      waiting = waiting.dropFirst(batch.count)
      let details = await answers(
        batch.map { APIRequest.series(SeriesRequest(id: $0.series, language: language)) }, client: client,
        background: background)
      asked += details.filter(\.fromNetwork).count
      answered += details.filter(\.answered).count
      // The seasons aired that the library does not hold whole, in the batch's order.
      var seasons: [(id: Int, series: SeriesDetails, request: APIRequest)] = []
      for (held, answer) in zip(batch, details) {
        let numbers = answer.value?.series.map { unheld(held, of: $0, airedBy: date) } ?? []
        guard let series = answer.value?.series, !numbers.isEmpty else {
          lookedAt.insert(held.series)
          if answer.unanswered { unanswered.insert(held.series) }
          problem = problem ?? answer.failure
          continue
        }
        for number in numbers {
          let request = SeasonRequest(seriesID: held.series, number: number, language: language)
          seasons.append((held.series, series, .season(request)))
        }
      }
      var next = seasons[...]
      while !next.isEmpty, asked < asksAtMost {
        let asking = next.prefix(min(together, asksAtMost - asked))
        next = next.dropFirst(asking.count)
        let seasonAnswers = await answers(asking.map(\.request), client: client, background: background)
        asked += seasonAnswers.filter(\.fromNetwork).count
        answered += seasonAnswers.filter(\.answered).count
        for (season, answer) in zip(asking, seasonAnswers) {
          // A series is looked at once its last missing season was asked.
          if next.allSatisfy({ $0.id != season.id }) { lookedAt.insert(season.id) }
          guard let episodes = answer.value?.season?.episodes else {
            if answer.unanswered { unanswered.insert(season.id) }
            problem = problem ?? answer.failure
            continue
          }
          found.append(Season(series: TitleInfo(season.series), episodes: episodes.map(EpisodeInfo.init)))
        }
      }
    }
    return Found(
      seasons: found, lookedAt: lookedAt, unanswered: unanswered, goesOn: asked >= asksAtMost && answered > 0,
      problem: problem)
  }

  /// The seasons of `series` aired by `date` that the library does not hold whole (`held`), and
  /// the first season still to come when it has a day (a caught-up viewer's next episode is its
  /// premiere: Up next and the calendar say it), by number.
  static func unheld(_ held: SeriesSeasons, of series: SeriesDetails, airedBy date: ReleaseDate) -> [Int] {
    let numbered = series.seasons.filter { $0.number > 0 }
    let coming = numbered.filter { $0.airDate.map { $0 > date } == true }.min { $0.number < $1.number }
    return numbered.filter { season in
      (season.airDate.map { $0 <= date } == true || season.number == coming?.number)
        && (held.episodes[season.number] ?? 0) < (season.episodeCount ?? 1)
    }
    .map(\.number)
  }

  /// One request's answer: its value when it has one, whether it came from the network, and
  /// whether amodb said there is no such thing (an answer too: asking again finds nothing more).
  private struct Asked: Sendable {
    var value: APIAnswer?
    var fromNetwork = false
    var notFound = false
    /// Why there was no answer (not a "not found").
    var failure: AmodbError?

    /// The network answered: a value or a definite "not found", not a failure to ask.
    var answered: Bool { fromNetwork && (value != nil || notFound) }
    /// Worth asking again later: neither a value nor a definite "not found".
    var unanswered: Bool { value == nil && !notFound }
  }

  /// The answers to `requests`, asked at once (the kept answer first), in their order.
  private static func answers(_ requests: [APIRequest], client: AmodbClient, background: Bool) async -> [Asked] {
    await client.answers(requests, background: background).map { answer in
      switch answer {
      case .success(let fetched): Asked(value: fetched.value, fromNetwork: !fetched.fromCache)
      case .failure(.notFound): Asked(fromNetwork: true, notFound: true)
      case .failure(let error): Asked(fromNetwork: true, failure: error)
      }
    }
  }
}

extension Library {
  /// Stores the seasons `EpisodeRefresh.missing` found, each in its own transaction.
  public func store(_ seasons: [EpisodeRefresh.Season], day: String) throws(LibraryError) {
    for season in seasons { try store(series: season.series, episodes: season.episodes, day: day) }
  }
}
