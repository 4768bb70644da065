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

  public mutating func appear(_ shared: inout Shared) -> [Effect] {
    shared.load(shared.seasonRequest(seriesID, season)) + [.loadEpisodeMarks(seriesID)]
  }

  /// The episode shown.
  public func markedEpisode(_ shared: Shared) -> EpisodeRef? {
    EpisodeRef(seriesID: seriesID, season: season, number: number)
  }

  public func reloadRequest(_ shared: Shared) -> APIRequest { shared.seasonRequest(seriesID, season) }

  public func subject(_ shared: Shared) -> MediaSummary? { nil }

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
