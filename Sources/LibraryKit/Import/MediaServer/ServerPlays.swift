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
  /// The day each matched play was taken as, by `ServerPlay.key`.
  public var days: [String: String] = [:]
  /// The play each matched row was made of: its item and its key.
  private var madeOf: [RowPlace: PlayKeys] = [:]

  /// A play's item and its key, for what a row was made of.
  private struct PlayKeys: Equatable, Sendable {
    var item: String
    var key: String
  }

  /// Makes the rows of `plays` played at or after `since` (all of them when nil); `found` holds
  /// the titles `/find` gave for outside ids; `known` the days earlier imports took plays as (a
  /// play keeps its day in any time zone); a play dated after `now`'s day is skipped, as the
  /// library keeps no watch still to come.
  public init(
    _ plays: [ServerPlay], server: MediaServer, since: Date? = nil, found: [ExternalID: TitleInfo] = [:],
    known: [String: String] = [:], now: Date = Date()
  ) {
    rows.files = [server.name]
    // A play met twice (the same item at the same second: a page read again as entries moved) is
    // one play, never a rewatch.
    var met: Set<String> = []
    for (offset, play) in plays.enumerated() {
      let line = offset + 1
      // What an earlier run took or said is not said again (a cron job's run is quiet).
      if let since, let played = play.played, played < since { continue }
      if let problem = play.problem {
        // A problem with no date cannot be placed after the last run: said on the first run only.
        if play.played != nil || since == nil { rows.skip(server.name, line, problem) }
        continue
      }
      guard let played = play.played else {
        // Said on the first run; a play with no date is never "since" a run.
        if since == nil {
          rows.skip(server.name, line, tr("%s: the server does not say when it was played", play.label))
        }
        continue
      }
      let key = play.key ?? ""
      guard met.insert(key).inserted else { continue }
      let day = known[key] ?? WatchlistFormat.day(played)
      if let date = ReleaseDate(day), let problem = StoredValues.dayProblem(date, now: now) {
        rows.skip(server.name, line, play.label + ": " + StoredValues.dayMessage(server.playedField, date, problem))
        continue
      }
      let place = RowPlace(file: server.name, line: line)
      let year = play.episode == nil ? play.year : nil
      // Plex's history has every play: two of a day are a rewatch. Jellyfin keeps one day an item.
      let action: ImportAction = server == .plex ? .loggedWatch(day: day) : .watch(day: day)
      guard let info = Self.title(of: play, found: found) else {
        // Never searched: an id that names nothing is left for the user, not guessed by title.
        let row = ImportRow(
          place: place, reference: .search(title: play.label, year: year), title: play.label, year: year,
          action: action)
        rows.rows.append(row)
        continue
      }
      let reference = TitleReference.tmdb(info.media, episode: play.episode)
      rows.rows.append(
        ImportRow(place: place, reference: reference, title: play.label, year: year, action: action))
      // Named by the server's words (a TMDB id it keeps, its own name for it): a title the library
      // knows keeps amodb's name; `/find` answered amodb's own.
      targets[reference] =
        targets[reference] ?? ImportTarget(info: info, episode: play.episode, asWritten: play.ids.tmdb != nil)
      matched[play.item] = Self.label(play, info)
      days[key] = day
      madeOf[place] = PlayKeys(item: play.item, key: key)
    }
  }

  /// The series whose episodes the rows name, each once, in the order met: to be checked against
  /// amodb's seasons (`checkEpisodes`).
  public var episodeSeries: [Int] {
    var seen: Set<Int> = []
    return rows.rows.compactMap { row in
      guard let target = targets[row.reference], target.episode != nil,
        seen.insert(target.info.media.id).inserted
      else { return nil }
      return target.info.media.id
    }
  }

  /// Checks the episodes against what amodb says each series holds (`series` by id; one not in it
  /// is taken at the server's word, one in `missing` amodb has no longer): a row naming a season or
  /// an episode amodb does not list is skipped, saying so, and a series takes amodb's title.
  public mutating func checkEpisodes(_ series: [Int: SeriesDetails], missing: Set<Int>) {
    var kept: [ImportRow] = []
    for row in rows.rows {
      guard let target = targets[row.reference], let episode = target.episode else {
        kept.append(row)
        continue
      }
      let id = target.info.media.id
      let problem: String? =
        if missing.contains(id) {
          tr("%1$s: amodb has no series %2$s", row.title, String(id))
        } else if let details = series[id] {
          Self.absence(of: episode, in: details).map { row.title + ": " + $0 }
        } else {
          nil
        }
      let play = madeOf[row.place]
      if let problem {
        rows.skip(row.place.file, row.place.line, problem)
        if let play {
          matched[play.item] = nil
          days[play.key] = nil
        }
        continue
      }
      if let details = series[id] {
        let info = TitleInfo(details)
        targets[row.reference]?.info = info
        targets[row.reference]?.asWritten = false
        if let play { matched[play.item] = Self.label(info, episode: episode) }
      }
      kept.append(row)
    }
    rows.rows = kept
    let left = Set(kept.map(\.reference))
    targets = targets.filter { left.contains($0.key) }
  }

  /// The series (by id, in `series`) whose answer lacks an episode a row names: asked again anew
  /// before the rows are dropped, as a kept answer may be older than the episode.
  public func seriesLacking(_ series: [Int: SeriesDetails]) -> [Int] {
    var lacking: [Int] = []
    for row in rows.rows {
      guard let target = targets[row.reference], let episode = target.episode,
        let details = series[target.info.media.id], Self.absence(of: episode, in: details) != nil,
        !lacking.contains(target.info.media.id)
      else { continue }
      lacking.append(target.info.media.id)
    }
    return lacking
  }

  /// Why `episode` is not one of the series' (no such season, or past its last episode); nil when it is,
  /// or when amodb lists no seasons to tell.
  static func absence(of episode: EpisodeKey, in details: SeriesDetails) -> String? {
    guard !details.seasons.isEmpty else { return nil }
    let name = details.firstAirDate.map { "\(details.name) (\($0.year))" } ?? details.name
    guard let season = details.seasons.first(where: { $0.number == episode.season }) else {
      return EpisodeAbsence.noSeason(name, episode.season)
    }
    if let count = season.episodeCount, episode.number > count || episode.number < 1 {
      return EpisodeAbsence.noEpisode(name, episode)
    }
    return nil
  }

  /// The outside ids to look up for the plays at or after `since`: those of plays without a TMDB id,
  /// each once, in the order met.
  public static func lookups(_ plays: [ServerPlay], since: Date? = nil) -> [ExternalID] {
    var seen: Set<ExternalID> = []
    var ids: [ExternalID] = []
    for play in plays where play.ids.tmdb == nil && play.problem == nil {
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
    var named = info
    if named.title.isEmpty { named.title = play.title }
    return label(named, episode: play.episode)
  }

  /// `Dark (2017) S01E03`, `Fight Club (1999)`.
  static func label(_ info: TitleInfo, episode: EpisodeKey?) -> String {
    let named = info.year.map { "\(info.title) (\($0))" } ?? info.title
    return episode.map { named + " " + $0.code } ?? named
  }
}
