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

/// A series' seen episodes, each with the day of its latest watch (`YYYY-MM-DD`).
public struct SeenEpisodes: Equatable, Sendable {
  /// The day of each seen episode's latest watch.
  public private(set) var days: [EpisodeKey: String]
  /// The episodes seen (the days' keys, kept so a frame that counts them builds no set).
  public private(set) var keys: Set<EpisodeKey>

  /// Makes one.
  public init(days: [EpisodeKey: String] = [:]) {
    self.days = days
    keys = Set(days.keys)
  }

  /// Whether the episode has a watch.
  public func contains(_ key: EpisodeKey) -> Bool { keys.contains(key) }

  /// How many episodes are seen.
  public var count: Int { keys.count }

  /// The episode seen on a day (its latest watch, when it had one later).
  public mutating func insert(_ key: EpisodeKey, day: String) {
    days[key] = max(days[key] ?? day, day)
    keys.insert(key)
  }

  /// The episode not seen.
  public mutating func remove(_ key: EpisodeKey) {
    days[key] = nil
    keys.remove(key)
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

extension EpisodeMarkLogic {
  /// `m` on a season's row of the series page: every aired episode of the season seen, or, when
  /// all of them were, none; a season whose episodes or seen marks are not read yet is asked for,
  /// and marked once they are (`seasonMarkWanted`).
  static func toggleSeason(_ ref: SeasonRef, _ shared: inout Shared) -> [Effect] {
    let (seriesID, number) = (ref.seriesID, ref.number)
    let name = SeasonScreen(seriesID: seriesID, number: number).name(shared)
    guard let season = shared.season(seriesID, number).value, let seen = shared.seenEpisodes[seriesID] else {
      shared.seasonMarkWanted = ref
      shared.say(tr("Reading the episodes of %s…", name), .message)
      let marks: [Effect] = shared.seenEpisodes[seriesID] == nil ? [.loadEpisodeMarks(seriesID)] : []
      return shared.load(shared.seasonRequest(seriesID, number)) + marks
    }
    shared.seasonMarkWanted = nil
    let aired = season.episodes.filter { $0.hasAired(by: shared.today) }
    guard !aired.isEmpty else {
      shared.say(tr("No episode of %s has aired yet.", name), .message)
      return []
    }
    // `m` again just after `m` took the season's watches away puts them back, each on its day.
    let all = aired.map(MarkedEpisode.init)
    let taken = takenDays(seriesID, shared)
    if all.allSatisfy({ taken[$0.key] != nil }) {
      shared.say(
        trn(
          "Marked %2$s seen again: %1$s episode, on the day it was seen.",
          "Marked %2$s seen again: %1$s episodes, each on the day it was seen.", all.count,
          String(all.count), name), .confirmation)
      return putBack(seriesID, all, days: taken, &shared)
    }
    let unseen = all.filter { !seen.contains($0.key) }
    guard !unseen.isEmpty else {
      shared.say(
        trn(
          "Marked %2$s not seen: %1$s watch taken away (m again puts it back).",
          "Marked %2$s not seen: %1$s watches taken away (m again puts them back).", aired.count,
          String(aired.count), name), .confirmation)
      return takeAway(seriesID, all, &shared)
    }
    shared.say(
      trn(
        "Marked %2$s seen: %1$s episode.", "Marked %2$s seen: %1$s episodes.", unseen.count, String(unseen.count),
        name), .confirmation)
    // An episode whose watch `m` just took away is seen again on its own day; the rest today.
    return putBack(seriesID, unseen, days: taken, &shared)
  }

  /// Whether `m` on the season's row would take its watches away: its episodes and marks read, and
  /// every aired episode seen.
  static func isSeen(_ ref: SeasonRef, _ shared: Shared) -> Bool {
    guard let episodes = shared.season(ref.seriesID, ref.number).value?.episodes,
      let seen = shared.seenEpisodes[ref.seriesID]
    else { return false }
    let aired = episodes.filter { $0.hasAired(by: shared.today) }
    return !aired.isEmpty && aired.allSatisfy { seen.contains($0.key) }
  }

  /// The season an earlier `m` asked for, marked now that what it waited for is read; a season
  /// whose episodes could not be read is not marked, and the line says so and why at once.
  static func markWanted(_ shared: inout Shared) -> [Effect] {
    guard let wanted = shared.seasonMarkWanted else { return [] }
    let answer = shared.season(wanted.seriesID, wanted.number)
    if let error = answer.error, answer.value == nil {
      shared.seasonMarkWanted = nil
      let name = SeasonScreen(seriesID: wanted.seriesID, number: wanted.number).name(shared)
      shared.say(
        tr("%1$s was not marked: its episodes could not be read (%2$s).", name, error.summary), .problem)
      return []
    }
    guard answer.value != nil, shared.seenEpisodes[wanted.seriesID] != nil else { return [] }
    return toggleSeason(wanted, &shared)
  }
}
