import FoundationEssentials
import LibraryKit
import Localization

extension TrendingCommand {
  /// `trending rated`: the films, series and episodes rated, newest first, as the Recently rated
  /// tab lists them (all of them, not the tab's 500); nothing rated is said on standard error.
  static func rated(
    _ library: Library, format: WatchlistOutput, invocation: Invocation, environment: [String: String], today: String
  ) throws(LibraryError) -> Int32 {
    try fillNames(library, invocation: invocation, environment: environment, today: today)
    let rated = try library.recentlyRated(limit: Int(Int32.max))
    guard !rated.isEmpty || format != .text else {
      printError(tr("Nothing rated yet; 'trending rate ID N' rates a film, series or episode from 1 to 10."))
      return ExitCode.success.rawValue
    }
    return emit(Output.rated(rated, format: format))
  }
}

extension Output {
  /// One rating in `trending rated --json`: the public score beside the user's for a film or series.
  struct RatedItem: Encodable {
    let rated: String
    let id: Int
    let mediaType: String
    let title: String
    let year: Int?
    let season: Int?
    let episode: Int?
    let episodeName: String?
    let rating: Int
    let score: Double?

    enum CodingKeys: String, CodingKey {
      case rated, id, title, year, season, episode, rating, score
      case mediaType = "media_type"
      case episodeName = "episode_name"
    }
  }

  /// Every rating, newest first: a line each (tab-separated), JSON, or CSV with Letterboxd's `Rating10`.
  static func rated(_ rated: [RatedTitle], format: WatchlistOutput) -> String {
    switch format {
    case .json:
      return encode(
        rated.map {
          RatedItem(
            rated: $0.day, id: $0.title.media.id, mediaType: $0.title.media.kind.rawValue, title: $0.title.title,
            year: $0.title.year, season: $0.episode?.season, episode: $0.episode?.number, episodeName: $0.episodeName,
            rating: $0.rating, score: $0.episode == nil && $0.title.voteCount > 0 ? $0.title.voteAverage : nil)
        })
    case .csv:
      let rows = rated.map { item in
        (csvCells(item.day, item.title, item.episode, item.episodeName) + [String(item.rating)]).joined(separator: ",")
      }
      return ([csvHeader + ",Rating10"] + rows).joined(separator: "\n")
    case .text:
      return rated.map { item in
        (textCells(item.day, item.title, item.episode, item.episodeName) + [String(item.rating)])
          .joined(separator: "\t")
      }.joined(separator: "\n")
    }
  }
}
