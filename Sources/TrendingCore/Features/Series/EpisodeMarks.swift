import AmodbKit
import Localization

/// The episode a screen is about (the season's selected row, the episode screen's own), for `m`.
public struct EpisodeRef: Hashable, Sendable {
  /// The series' id.
  public var seriesID: Int
  /// Its place.
  public var key: EpisodeKey

  /// Makes one.
  public init(seriesID: Int, season: Int, number: Int) {
    self.seriesID = seriesID
    self.key = EpisodeKey(season: season, number: number)
  }
}

/// What the library keeps of an episode it marks: its place, name, air date and runtime.
public struct MarkedEpisode: Equatable, Sendable {
  /// Its place.
  public var key: EpisodeKey
  /// Its name, when known.
  public var name: String?
  /// When it aired, `YYYY-MM-DD`.
  public var airDate: String?
  /// Its runtime in minutes.
  public var runtime: Int?

  /// Makes one.
  public init(key: EpisodeKey, name: String?, airDate: String?, runtime: Int?) {
    self.key = key
    self.name = name
    self.airDate = airDate
    self.runtime = runtime
  }

  /// An episode of a season's answer.
  public init(_ episode: Episode) {
    key = episode.key
    name = episode.name
    airDate = episode.airDate?.description
    runtime = episode.runtime
  }
}

/// Episodes' seen marks: read from the library when a series, season or episode screen appears,
/// toggled at once on screen, then stored in order; the stored marks shown with the changes still
/// being saved over them, as the titles' marks are (`MarkLogic`), in the one queue of `LibraryChange`s.
public enum EpisodeMarkLogic {
  /// `m` on an episode: seen, or not; an episode that has not aired is not marked.
  static func toggle(_ ref: EpisodeRef, _ shared: inout Shared) -> [Effect] {
    guard let seen = shared.seenEpisodes[ref.seriesID], let episode = episode(ref, shared) else { return [] }
    let isSeen = seen.contains(ref.key)
    guard isSeen || episode.hasAired(by: shared.today) else {
      shared.say(tr("%s has not aired yet.", ref.key.code), .message)
      return []
    }
    shared.say(isSeen ? tr("Marked %s not seen.", ref.key.code) : tr("Marked %s seen.", ref.key.code), .confirmation)
    return change(ref.seriesID, [MarkedEpisode(episode)], seen: !isSeen, &shared)
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
    guard !marked.isEmpty else {
      shared.say(tr("Every aired episode up to %s was already seen.", ref.key.code), .message)
      return []
    }
    shared.say(tr("Marked every aired episode up to %s seen.", ref.key.code), .confirmation)
    return change(ref.seriesID, marked.map(MarkedEpisode.init), seen: true, &shared)
  }

  /// Whether `m` or "mark up to here" can act: the series' marks are read and the episode is known.
  static func canMark(_ ref: EpisodeRef, _ shared: Shared) -> Bool {
    shared.seenEpisodes[ref.seriesID] != nil && episode(ref, shared) != nil
  }

  /// A series' seen episodes as stored, with the changes still being saved over them.
  static func loaded(_ seriesID: Int, _ stored: Set<EpisodeKey>?, _ shared: inout Shared) {
    guard var seen = stored else { return }
    for change in shared.unsaved where change.id == seriesID { change.apply(toSeen: &seen) }
    shared.seenEpisodes[seriesID] = seen
  }

  /// How far the user is in a season: episodes seen of those aired, once the series' marks are read
  /// and one of its episodes is seen (nil otherwise, and for a season not begun airing: nothing is shown).
  public static func progress(_ seriesID: Int, season: SeasonSummary, _ shared: Shared) -> (seen: Int, aired: Int)? {
    guard let seen = shared.seenEpisodes[seriesID], !seen.isEmpty else { return nil }
    let inSeason = seen.filter { $0.season == season.number }.count
    let aired = max(inSeason, aired(seriesID, season: season, shared))
    return aired > 0 ? (inSeason, aired) : nil
  }

  /// How many episodes of a season have aired: from its answer when loaded, else from the series'
  /// last aired episode and the season's episode count.
  static func aired(_ seriesID: Int, season: SeasonSummary, _ shared: Shared) -> Int {
    if let episodes = shared.season(seriesID, season.number).value?.episodes {
      return episodes.filter { $0.hasAired(by: shared.today) }.count
    }
    let count = season.episodeCount ?? 0
    guard let last = shared.series(seriesID).value?.lastEpisode, season.number > 0 else {
      return (season.airDate.map { $0 <= shared.today } ?? false) ? count : 0
    }
    if season.number < last.season { return count }
    return season.number == last.season ? min(count, last.number) : 0
  }

  /// The user's next episode of a series begun: the one after the furthest seen, in its season or
  /// the first of the next, once it has aired (nil before any is seen, or with nothing aired left).
  public static func nextToWatch(_ seriesID: Int, _ shared: Shared) -> EpisodeKey? {
    guard let seen = shared.seenEpisodes[seriesID], let furthest = seen.filter({ $0.season > 0 }).max(),
      let details = shared.series(seriesID).value
    else { return nil }
    let seasons = details.seasons.filter { $0.number >= furthest.season }.sorted { $0.number < $1.number }
    for season in seasons {
      let first = season.number == furthest.season ? furthest.number + 1 : 1
      let count = season.episodeCount ?? 0
      guard first <= count else { continue }
      let key = EpisodeKey(season: season.number, number: first)
      return aired(seriesID, season: season, shared) >= first ? key : nil
    }
    return nil
  }

  /// The episode of a season's answer, when it is loaded.
  static func episode(_ ref: EpisodeRef, _ shared: Shared) -> Episode? {
    shared.season(ref.seriesID, ref.key.season).value?.episodes.first { $0.number == ref.key.number }
  }

  /// The series as the screens know it, kept with a change to one of its episodes.
  static func series(_ seriesID: Int, _ shared: Shared) -> MediaSummary {
    shared.series(seriesID).value?.summary ?? MediaSummary(id: seriesID, kind: .series, title: "")
  }

  private static func change(_ seriesID: Int, _ episodes: [MarkedEpisode], seen: Bool, _ shared: inout Shared)
    -> [Effect]
  {
    let summary = series(seriesID, shared)
    let numbers = Set(episodes.map(\.key.season)).sorted()
    let seasons = numbers.flatMap { shared.season(seriesID, $0).value?.episodes.map(MarkedEpisode.init) ?? [] }
    let change = LibraryChange(
      series: summary, episodes: episodes, seen: seen, day: WatchlistFormat.day(shared.now), seasons: seasons)
    var marks = shared.seenEpisodes[seriesID] ?? []
    change.apply(toSeen: &marks)
    shared.seenEpisodes[seriesID] = marks
    shared.unsaved.append(change)
    return [.save(change)]
  }
}
