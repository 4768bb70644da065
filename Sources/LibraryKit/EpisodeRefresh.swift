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
    /// True when the refresh stopped at its most asks with answers from the network: the series
    /// after it (and the seasons of those it looked at) wait for another refresh. False when every
    /// series was looked at, or the network answered none of the asks (offline, refused).
    public var goesOn: Bool
  }

  /// Looks at the series the user watched most recently first (`recent`, as
  /// `Library.recentSeries(atMost: seriesAtMost)` reads them), and asks for their details and the
  /// seasons the library does not hold whole: at most `asksAtMost` answers from the network (kept
  /// answers are free), `together` at a time (never more at once than the asks left, so the most
  /// holds however many answers were kept); a series or season that cannot be read is left out.
  /// The seasons come in the order of `recent`, each series' by number. `background`: the asks wait
  /// behind the user's own in the rate budget (the browser's refresh, behind the screen).
  public static func missing(
    _ recent: [SeriesSeasons], client: AmodbClient, today: String, asksAtMost: Int, background: Bool = false
  ) async -> Found {
    let language = client.configuration.language
    let date = ReleaseDate(today) ?? ReleaseDate(day: Date())
    var asked = 0
    var answered = 0
    var found: [Season] = []
    var waiting = recent.prefix(seriesAtMost)[...]
    while !waiting.isEmpty, asked < asksAtMost {
      let batch = waiting.prefix(min(together, asksAtMost - asked))
      waiting = waiting.dropFirst(batch.count)
      let details = await answers(
        batch.map { APIRequest.series(SeriesRequest(id: $0.series, language: language)) }, client: client,
        background: background)
      asked += details.filter(\.fromNetwork).count
      answered += details.filter { $0.fromNetwork && $0.value != nil }.count
      // The seasons aired that the library does not hold whole, in the batch's order.
      var seasons: [(series: SeriesDetails, request: APIRequest)] = []
      for (held, answer) in zip(batch, details) {
        guard let series = answer.value?.series else { continue }
        for season in series.seasons where season.number > 0 && season.airDate.map({ $0 <= date }) == true {
          guard (held.episodes[season.number] ?? 0) < (season.episodeCount ?? 1) else { continue }
          let request = SeasonRequest(seriesID: held.series, number: season.number, language: language)
          seasons.append((series, .season(request)))
        }
      }
      var next = seasons[...]
      while !next.isEmpty, asked < asksAtMost {
        let asking = next.prefix(min(together, asksAtMost - asked))
        next = next.dropFirst(asking.count)
        let seasonAnswers = await answers(asking.map(\.request), client: client, background: background)
        asked += seasonAnswers.filter(\.fromNetwork).count
        answered += seasonAnswers.filter { $0.fromNetwork && $0.value != nil }.count
        for (season, answer) in zip(asking, seasonAnswers) {
          guard let episodes = answer.value?.season?.episodes else { continue }
          found.append(Season(series: TitleInfo(season.series), episodes: episodes.map(EpisodeInfo.init)))
        }
      }
    }
    return Found(seasons: found, goesOn: asked >= asksAtMost && answered > 0)
  }

  /// The answers to `requests`, asked at once (the kept answer first), in their order: each its
  /// value when it has one, and whether it came from the network.
  private static func answers(_ requests: [APIRequest], client: AmodbClient, background: Bool) async -> [(
    value: APIAnswer?, fromNetwork: Bool
  )] {
    await withTaskGroup(of: (Int, APIAnswer?, Bool).self) { group in
      for (index, request) in requests.enumerated() {
        group.addTask {
          let answer = await client.answer(request, keptFirst: true, background: background)
          if case .success(let fetched) = answer { return (index, fetched.value, !fetched.fromCache) }
          return (index, nil, true)
        }
      }
      var answered = Array(repeating: (value: APIAnswer?.none, fromNetwork: false), count: requests.count)
      for await (index, value, fromNetwork) in group { answered[index] = (value, fromNetwork) }
      return answered
    }
  }
}

extension Library {
  /// Stores the seasons `EpisodeRefresh.missing` found, each in its own transaction.
  public func store(_ seasons: [EpisodeRefresh.Season], day: String) throws(LibraryError) {
    for season in seasons { try store(series: season.series, episodes: season.episodes, day: day) }
  }
}
