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
