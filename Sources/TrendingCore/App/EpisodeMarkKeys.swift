import AmodbKit
import Localization

/// The other ways `m` marks episodes: a series page's link, an Up next row, "mark up to here".
extension EpisodeMarkLogic {
  /// `m` on a series page's "Watch next" link: the episode seen or not; by its key alone when its
  /// season is not loaded (the link names only an episode that has aired).
  static func toggleLinked(_ ref: EpisodeRef, _ shared: inout Shared) -> [Effect] {
    if episode(ref, shared) != nil { return toggle(ref, &shared) }
    guard shared.seenEpisodes[ref.seriesID] != nil else { return [] }
    return flip(ref.seriesID, MarkedEpisode(key: ref.key, name: nil, airDate: nil, runtime: nil), &shared)
  }

  /// `m` on an Up next row: the episode the row names seen, from the row's own entry (the series'
  /// seasons need not be loaded); one that has not aired is not marked.
  static func markNext(_ entry: UpNext, _ shared: inout Shared) -> [Effect] {
    let name = Prompt.name(of: entry.series, episode: entry.next.key)
    // Pressed again before the row moves on (its save not yet read back): the same episode is not
    // watched twice.
    var seen = shared.seenEpisodes[entry.series.id] ?? SeenEpisodes()
    for change in shared.unsaved where change.id == entry.series.id { change.apply(toSeen: &seen) }
    guard !seen.contains(entry.next.key) else { return [] }
    guard !entry.isComing(today: shared.today.description) else {
      shared.say(tr("%s has not aired yet.", name), .message)
      return []
    }
    shared.say(tr("Marked %s seen.", name), .confirmation)
    return change(entry.series.id, [entry.next], seen: true, series: entry.series, &shared)
  }

  /// "Mark up to here": every aired episode of the season up to this one that is not seen yet, seen.
  static func upToHere(_ ref: EpisodeRef, _ shared: inout Shared) -> [Effect] {
    guard let seen = shared.seenEpisodes[ref.seriesID],
      let season = shared.season(ref.seriesID, ref.key.season).value
    else { return [] }
    let marked = season.episodes.filter { episode in
      episode.number <= ref.key.number && episode.hasAired(by: shared.today)
        && !seen.contains(episode.key)
    }
    guard let last = marked.last else {
      shared.say(tr("Every aired episode up to %s was already seen.", ref.key.code), .message)
      return []
    }
    // Up to the last one marked; those up to here still to air are said, not counted as marked.
    let coming = season.episodes.filter { $0.number <= ref.key.number && !$0.hasAired(by: shared.today) }.count
    var said = trn(
      "Marked %1$s episode seen, up to %2$s.", "Marked %1$s episodes seen, up to %2$s.", marked.count,
      String(marked.count), last.key.code)
    if coming > 0 {
      said += " " + trn("%s after it has not aired yet.", "%s after it have not aired yet.", coming, String(coming))
    }
    shared.say(said, .confirmation)
    return change(ref.seriesID, marked.map(MarkedEpisode.init), seen: true, &shared)
  }
}
