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
    let rated = try library.recentlyRated()
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
    let fields: TitleFields
    let rating: Int
    let score: Double?

    enum CodingKeys: String, CodingKey {
      case rated, rating, score
    }

    /// The title's fields beside the rating's own, in one object.
    func encode(to encoder: any Encoder) throws {
      try fields.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(rated, forKey: .rated)
      try container.encode(rating, forKey: .rating)
      try container.encodeIfPresent(score, forKey: .score)
    }
  }

  /// Every rating, newest first: a line each (tab-separated), JSON, or CSV with Letterboxd's `Rating10`.
  static func rated(_ rated: [RatedTitle], format: WatchlistOutput) -> String {
    switch format {
    case .json:
      return encode(
        rated.map {
          RatedItem(
            rated: $0.day, fields: TitleFields($0.title, episode: $0.episode, episodeName: $0.episodeName),
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
