import AmodbKit
import Localization

/// An episode screen's own state: which episode, and where the user is. The episode comes from its
/// season's answer: opening it asks nothing new.
public struct EpisodeScreen: Equatable, Sendable {
  /// The series' id.
  public var seriesID: Int
  /// The season's number.
  public var season: Int
  /// The episode's number in the season.
  public var number: Int
  /// Scroll and selection.
  public var cursor = DocumentCursor()

  /// Makes the screen of an episode, at its top.
  public init(seriesID: Int, season: Int, number: Int) {
    self.seriesID = seriesID
    self.season = season
    self.number = number
  }

  /// The episode, once its season is loaded.
  public func episode(_ shared: Shared) -> Episode? {
    shared.season(seriesID, season).value?.episodes.first { $0.number == number }
  }
}

/// The episode screen as a feature: its text, and its guest stars and crew as links.
extension EpisodeScreen: DocumentScreen {
  public var route: Route { .episode(self) }
  public var statusName: String { "episode:\(seriesID)/\(season)/\(number)" }
  public var keyContext: KeyContext { .episode }
  public func shows(_ shared: Shared) -> [APIRequest] {
    [shared.seasonRequest(seriesID, season), shared.seriesRequest(seriesID)]
  }

  public func title(_ shared: Shared) -> String {
    let code = Episode(season: season, number: number).code
    return episode(shared)?.name.map { "\(code) \($0)" } ?? code
  }

  /// The season, and the series it names (kept when a season screen loaded it; asked for when the
  /// episode was opened straight from Up next).
  public mutating func appear(_ shared: inout Shared) -> [Effect] {
    shared.load(shared.seasonRequest(seriesID, season)) + shared.load(shared.seriesRequest(seriesID))
      + [.loadEpisodeMarks(seriesID)]
  }

  /// The episode shown.
  public func markedEpisode(_ shared: Shared) -> EpisodeRef? {
    EpisodeRef(seriesID: seriesID, season: season, number: number)
  }

  public func reloadRequest(_ shared: Shared) -> APIRequest { shared.seasonRequest(seriesID, season) }

  /// `n` and `p` step to the next or previous episode (across seasons); the rest is a document's.
  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    switch command {
    case .nextEpisode, .previousEpisode:
      guard let next = neighbour(forward: command == .nextEpisode, shared) else { return .nothing }
      return Reaction(go: .replace(.episode(next), popping: 1))
    default: return reactAsDocument(command, &shared)
    }
  }

  public func isAvailable(_ command: ScreenCommand, _ shared: Shared) -> Bool {
    switch command {
    case .nextEpisode: return neighbour(forward: true, shared) != nil
    case .previousEpisode: return neighbour(forward: false, shared) != nil
    default: return isAvailableAsDocument(command, shared)
    }
  }

  /// The episode after (or before) this one: in its season, else the first of the next numbered
  /// season or the last of the one before (its count from the series when it is not loaded).
  func neighbour(forward: Bool, _ shared: Shared) -> EpisodeScreen? {
    let numbers = shared.season(seriesID, season).value?.episodes.map(\.number) ?? []
    if forward, let next = numbers.filter({ $0 > number }).min() {
      return EpisodeScreen(seriesID: seriesID, season: season, number: next)
    }
    if !forward, let previous = numbers.filter({ $0 < number }).max() {
      return EpisodeScreen(seriesID: seriesID, season: season, number: previous)
    }
    guard season > 0, let seasons = shared.series(seriesID).value?.orderedSeasons.filter({ $0.number > 0 }) else {
      return nil
    }
    if forward {
      guard let after = seasons.filter({ $0.number > season }).map(\.number).min() else { return nil }
      return EpisodeScreen(seriesID: seriesID, season: after, number: 1)
    }
    guard let before = seasons.filter({ $0.number < season }).max(by: { $0.number < $1.number }) else { return nil }
    let last =
      shared.season(seriesID, before.number).value?.episodes.map(\.number).max() ?? before.episodeCount ?? 1
    return EpisodeScreen(seriesID: seriesID, season: before.number, number: max(1, last))
  }

  public func subject(_ shared: Shared) -> MediaSummary? { nil }

  public func series(_ shared: Shared) -> MediaSummary? { shared.series(seriesID).value?.summary }

  public func page(_ shared: Shared) -> LinkedPage? {
    let series = shared.series(seriesID).value?.name
    return LinkedPage(
      .episode(seriesID, season, number), title: [series, title(shared)].compactMap { $0 }.joined(separator: " · "))
  }

  public func poster(_ shared: Shared) -> PosterRequest? {
    picture(shared.season(seriesID, season).value?.posterPath ?? shared.series(seriesID).value?.posterPath, shared)
  }

  /// The series' trailer: amodb's episodes rarely have one of their own.
  public func trailer(_ shared: Shared) -> Video? { shared.series(seriesID).value?.trailer }
}
