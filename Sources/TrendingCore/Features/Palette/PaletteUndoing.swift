import AmodbKit
import Localization

extension PaletteLogic {
  /// The name of a command that now undoes what is so (a title seen: "Mark not seen"; on the
  /// watchlist: "Remove from the watchlist"), as its key would do; nil when the help's name says it.
  static func undoingName(_ command: Command, _ state: AppState) -> String? {
    guard case .app(let app) = command else { return nil }
    let shared = state.shared
    // Read only for the commands that ask: this runs for every entry at every key and frame.
    var mark: Mark? { (state.top.subject(shared) ?? state.top.series(shared))?.media.flatMap { shared.marks[$0] } }
    switch app {
    case .toggleSeen:
      return isSeen(state) ? tr("Mark not seen") : nil
    case .toggleWatchlist:
      return mark?.onWatchlist == true ? tr("Remove from the watchlist") : nil
    case .notInterested:
      return mark?.hidden == true ? tr("Interested again: shown in lists") : nil
    case .hideSeen:
      return shared.hideSeen ? tr("Show seen titles again") : nil
    default:
      return nil
    }
  }

  /// Whether `m` would take a watch away: the season's (every aired episode seen), the episode's or
  /// the title's. Up next's `m` only marks the next episode seen.
  private static func isSeen(_ state: AppState) -> Bool {
    let shared = state.shared
    if state.stack.last?.list?.feed.localQuery == .upNext { return false }
    if let season = state.top.markedSeason(shared) { return EpisodeMarkLogic.isSeen(season, shared) }
    if let episode = state.top.markedEpisode(shared) {
      return shared.seenEpisodes[episode.seriesID]?.contains(episode.key) == true
    }
    return state.top.subject(shared)?.media.flatMap { shared.marks[$0]?.seen } != nil
  }
}
