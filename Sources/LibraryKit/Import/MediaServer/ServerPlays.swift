import AmodbKit
import FoundationEssentials
import Localization

/// A media server's plays made into an import's rows and their targets: TMDB ids taken as they
/// are, IMDb and TVDB ids through what `/find` answered; pure, so it is tested without a network.
public struct ServerPlays: Equatable, Sendable {
  /// The rows, one a play (a watch on the day it was played), and the plays skipped.
  public var rows = ImportRows()
  /// What each row's reference is matched to; a row without one is unresolved.
  public var targets: [TitleReference: ImportTarget] = [:]
  /// The items whose rows were matched, with how the summary names them.
  public var matched: [String: String] = [:]

  /// Makes the rows of `plays` played at or after `since` (all of them when nil); `found` holds
  /// the titles `/find` gave for outside ids.
  public init(_ plays: [ServerPlay], server: MediaServer, since: Date? = nil, found: [ExternalID: TitleInfo] = [:]) {
    rows.files = [server.name]
    for (offset, play) in plays.enumerated() {
      let line = offset + 1
      guard let played = play.played else {
        rows.skip(server.name, line, tr("%s: the server does not say when it was played", play.label))
        continue
      }
      if let since, played < since { continue }
      let day = WatchlistFormat.day(played)
      let place = RowPlace(file: server.name, line: line)
      let year = play.episode == nil ? play.year : nil
      guard let info = Self.title(of: play, found: found) else {
        // Never searched: an id that names nothing is left for the user, not guessed by title.
        let row = ImportRow(
          place: place, reference: .search(title: play.label, year: year), title: play.label, year: year,
          action: .watch(day: day))
        rows.rows.append(row)
        continue
      }
      let reference = TitleReference.tmdb(info.media, episode: play.episode)
      rows.rows.append(
        ImportRow(place: place, reference: reference, title: play.label, year: year, action: .watch(day: day)))
      targets[reference] = targets[reference] ?? ImportTarget(info: info, episode: play.episode)
      matched[play.item] = Self.label(play, info)
    }
  }

  /// The outside ids to look up for the plays at or after `since`: those of plays without a TMDB id,
  /// each once, in the order met.
  public static func lookups(_ plays: [ServerPlay], since: Date? = nil) -> [ExternalID] {
    var seen: Set<ExternalID> = []
    var ids: [ExternalID] = []
    for play in plays where play.ids.tmdb == nil {
      guard let played = play.played, since.map({ played >= $0 }) ?? true else { continue }
      for id in play.ids.external(play.kind) where seen.insert(id).inserted { ids.append(id) }
    }
    return ids
  }

  /// The film or series a play is: by its TMDB id, else the first of its IMDb and TVDB ids `/find` knew.
  static func title(of play: ServerPlay, found: [ExternalID: TitleInfo]) -> TitleInfo? {
    if let tmdb = play.ids.tmdb {
      return TitleInfo(media: MediaID(play.kind, tmdb), title: play.title, year: play.year)
    }
    return play.ids.external(play.kind).lazy.compactMap { found[$0] }.first
  }

  /// How the summary names a matched play: the title as amodb has it, else as the server does.
  static func label(_ play: ServerPlay, _ info: TitleInfo) -> String {
    let title = info.title.isEmpty ? play.title : info.title
    let named = info.year.map { "\(title) (\($0))" } ?? title
    return play.episode.map { named + " " + $0.code } ?? named
  }
}
