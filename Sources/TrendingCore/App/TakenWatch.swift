import AmodbKit
import Localization

/// The watches `m` took away, each with its day: a title's own, or episodes' of a series.
public struct TakenWatch: Equatable, Sendable {
  /// The title.
  public var media: MediaID
  /// Each watch's day, `YYYY-MM-DD`, by the episode it was of (nil: the title's own watch).
  public var days: [EpisodeKey?: String]
}

extension MarkLogic {
  /// `m` on a film or series: its latest watch taken away when it is seen (`seen`, that watch's
  /// day), else a watch of today; but `m` again just after `m` took a watch away puts that watch
  /// back, on its own day (a title seen twice is still seen then, by its earlier watch).
  static func toggleSeen(_ film: MediaSummary, media: MediaID, seen: String?, _ shared: inout Shared) -> [Effect] {
    let restored = shared.takenAway.flatMap { $0.media == media ? $0.days[nil] : nil }
    let effects = record(.seen(restored != nil || seen == nil), film: film, day: restored, &shared)
    let name = Prompt.name(of: film, episode: nil)
    if restored == nil, let day = seen {
      shared.takenAway = TakenWatch(media: media, days: [nil: day])
      shared.say(
        tr("Marked %1$s not seen: its watch of %2$s taken away (m again puts it back).", name, day), .confirmation)
    } else if let restored {
      shared.say(tr("Marked %1$s seen on %2$s again.", name, restored), .confirmation)
    }
    return effects
  }
}

extension EpisodeMarkLogic {
  /// `m` on one episode: `m` again just after `m` took its watch away puts that watch back on its
  /// own day; else its latest watch taken away when it is seen (kept for that), or a watch of today.
  static func flip(_ seriesID: Int, _ episode: MarkedEpisode, _ shared: inout Shared) -> [Effect] {
    let code = episode.key.code
    if let days = takenDays(seriesID, [episode], shared), let day = days[episode.key] {
      shared.say(tr("Marked %1$s seen on %2$s again.", code, day), .confirmation)
      return putBack(seriesID, [episode], days: days, &shared)
    }
    if let day = shared.seenEpisodes[seriesID]?.days[episode.key] {
      shared.say(
        tr("Marked %1$s not seen: its watch of %2$s taken away (m again puts it back).", code, day), .confirmation)
      return takeAway(seriesID, [episode], &shared)
    }
    shared.say(tr("Marked %s seen.", code), .confirmation)
    return change(seriesID, [episode], seen: true, &shared)
  }

  /// Episodes' latest watches taken away, their days kept for `m` again just after.
  static func takeAway(_ seriesID: Int, _ episodes: [MarkedEpisode], _ shared: inout Shared) -> [Effect] {
    let days = shared.seenEpisodes[seriesID]?.days ?? [:]
    let effects = change(seriesID, episodes, seen: false, &shared)
    var taken: [EpisodeKey?: String] = [:]
    for episode in episodes { taken[episode.key] = days[episode.key] }
    shared.takenAway = TakenWatch(media: .series(seriesID), days: taken)
    return effects
  }

  /// The days `m` just took these episodes' watches away on, when it took every one's.
  static func takenDays(_ seriesID: Int, _ episodes: [MarkedEpisode], _ shared: Shared) -> [EpisodeKey: String]? {
    guard let taken = shared.takenAway, taken.media == .series(seriesID), !episodes.isEmpty else { return nil }
    var days: [EpisodeKey: String] = [:]
    for episode in episodes {
      guard let day = taken.days[episode.key] else { return nil }
      days[episode.key] = day
    }
    return days
  }

  /// Episodes seen again on the days their watches were taken away on: one change a day.
  static func putBack(
    _ seriesID: Int, _ episodes: [MarkedEpisode], days: [EpisodeKey: String], _ shared: inout Shared
  ) -> [Effect] {
    let byDay = Dictionary(grouping: episodes) { days[$0.key] ?? shared.today.description }
    return byDay.keys.sorted().flatMap { day in change(seriesID, byDay[day] ?? [], seen: true, day: day, &shared) }
  }
}
