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

  /// Asks for at most `seasonsAtMost` seasons' answers, series by series in id order, for the series
  /// and the episodes a season the library knows of each (`Library.seriesWithEpisodes`); a series or
  /// season that cannot be read is left out.
  public static func missing(
    _ known: [Int: [Int: Int]], client: AmodbClient, today: String, seasonsAtMost: Int
  ) async -> [Season] {
    let language = client.configuration.language
    let date = ReleaseDate(today) ?? ReleaseDate(day: Date())
    var asked = 0
    var found: [Season] = []
    for (series, counts) in known.sorted(by: { $0.key < $1.key }) {
      guard asked < seasonsAtMost else { break }
      let request = APIRequest.series(SeriesRequest(id: series, language: language))
      guard case .success(let fetched) = await client.answer(request, keptFirst: true),
        let details = fetched.value.series
      else { continue }
      for season in details.seasons where season.number > 0 && season.airDate.map({ $0 <= date }) == true {
        guard (counts[season.number] ?? 0) < (season.episodeCount ?? 1), asked < seasonsAtMost else { continue }
        asked += 1
        let seasonRequest = APIRequest.season(
          SeasonRequest(seriesID: series, number: season.number, language: language))
        guard case .success(let answer) = await client.answer(seasonRequest, keptFirst: true),
          let episodes = answer.value.season?.episodes
        else { continue }
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
