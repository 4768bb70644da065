import AmodbKit
import Localization

/// A season of a series, as `m` on its row marks it.
public struct SeasonRef: Hashable, Sendable {
  /// The series' id.
  public var seriesID: Int
  /// The season's number.
  public var number: Int

  /// Makes one.
  public init(seriesID: Int, number: Int) {
    self.seriesID = seriesID
    self.number = number
  }
}

extension EpisodeMarkLogic {
  /// `m` on a season's row of the series page: every aired episode of the season seen, or, when
  /// all of them were, none; a season not read yet is asked for, and `m` again marks it.
  static func toggleSeason(_ ref: SeasonRef, _ shared: inout Shared) -> [Effect] {
    let (seriesID, number) = (ref.seriesID, ref.number)
    let name = SeasonScreen(seriesID: seriesID, number: number).name(shared)
    guard let season = shared.season(seriesID, number).value else {
      let asked = shared.load(shared.seasonRequest(seriesID, number))
      shared.say(tr("Reading the episodes of %s: m again marks them.", name), .message)
      return asked
    }
    guard let seen = shared.seenEpisodes[seriesID] else { return [] }
    let aired = season.episodes.filter { $0.hasAired(by: shared.today) }
    guard !aired.isEmpty else {
      shared.say(tr("No episode of %s has aired yet.", name), .message)
      return []
    }
    let unseen = aired.filter { !seen.contains($0.key) }
    guard !unseen.isEmpty else {
      shared.say(tr("Marked %s not seen.", name), .confirmation)
      return change(seriesID, aired.map(MarkedEpisode.init), seen: false, &shared)
    }
    shared.say(
      trn(
        "Marked %2$s seen: %1$s episode.", "Marked %2$s seen: %1$s episodes.", unseen.count, String(unseen.count),
        name), .confirmation)
    return change(seriesID, unseen.map(MarkedEpisode.init), seen: true, &shared)
  }
}
