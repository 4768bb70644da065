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

  /// Looks at the series the user watched most recently first (`recent`, as
  /// `Library.recentSeries(atMost: seriesAtMost)` reads them), and asks for their details and the
  /// seasons the library does not hold whole: at most `asksAtMost` answers from the network (kept
  /// answers are free); a series or season that cannot be read is left out.
  public static func missing(
    _ recent: [SeriesSeasons], client: AmodbClient, today: String, asksAtMost: Int
  ) async -> [Season] {
    let language = client.configuration.language
    let date = ReleaseDate(today) ?? ReleaseDate(day: Date())
    var asked = 0
    var found: [Season] = []
    for held in recent.prefix(seriesAtMost) {
      guard asked < asksAtMost else { break }
      let (series, counts) = (held.series, held.episodes)
      let request = APIRequest.series(SeriesRequest(id: series, language: language))
      let answer = await client.answer(request, keptFirst: true)
      if case .success(let fetched) = answer, fetched.fromCache {} else { asked += 1 }
      guard case .success(let fetched) = answer, let details = fetched.value.series else { continue }
      for season in details.seasons where season.number > 0 && season.airDate.map({ $0 <= date }) == true {
        guard (counts[season.number] ?? 0) < (season.episodeCount ?? 1), asked < asksAtMost else { continue }
        let seasonRequest = APIRequest.season(
          SeasonRequest(seriesID: series, number: season.number, language: language))
        let seasonAnswer = await client.answer(seasonRequest, keptFirst: true)
        if case .success(let fetched) = seasonAnswer, fetched.fromCache {} else { asked += 1 }
        guard case .success(let fetched) = seasonAnswer, let episodes = fetched.value.season?.episodes else {
          continue
        }
        found.append(Season(series: TitleInfo(details), episodes: episodes.map(EpisodeInfo.init)))
      }
    }
    return found
  }
}

extension Library {
  /// Stores the seasons `EpisodeRefresh.missing` found, each in its own transaction.
  public func store(_ seasons: [EpisodeRefresh.Season], day: String) throws(LibraryError) {
    for season in seasons { try store(series: season.series, episodes: season.episodes, day: day) }
  }
}
