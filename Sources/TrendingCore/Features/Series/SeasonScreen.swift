import AmodbKit
import Localization

/// A season screen's own state: which season of which series, and where the user is.
public struct SeasonScreen: Equatable, Sendable {
  /// The series' id.
  public var seriesID: Int
  /// The season's number; 0 is the specials.
  public var number: Int
  /// Scroll and selection.
  public var cursor = DocumentCursor()
  /// Whether the first episode was selected once its rows were drawn (after that, the user's moves rule).
  public var openedOnFirstEpisode = false
  /// The episode selected once the rows are drawn, when not the first (a season reached by `n` or `p`).
  public var opensOn: Int?

  /// Makes the screen of a season, at its top.
  public init(seriesID: Int, number: Int) {
    self.seriesID = seriesID
    self.number = number
  }

  /// The season's name: as TMDB gives it, else "Season 3" or "Specials".
  public func name(_ shared: Shared) -> String {
    SeasonScreen.shownName(
      shared.season(seriesID, number).value?.name
        ?? shared.series(seriesID).value?.seasons.first { $0.number == number }?.name, number: number)
  }

  /// A season's name as shown: TMDB's English default ("Season 3", "Specials") or none in the
  /// interface's language, any other name as it came.
  public static func shownName(_ name: String?, number: Int) -> String {
    guard let name, name != Translator.$override.withValue(.english, operation: { defaultName(number) }) else {
      return defaultName(number)
    }
    return name
  }

  /// "Season 3", or "Specials" for season 0.
  public static func defaultName(_ number: Int) -> String {
    number == 0 ? tr("Specials") : tr("Season %s", String(number))
  }
}

/// The season screen as a feature: its episodes as rows, each opening the episode.
extension SeasonScreen: DocumentScreen {
  public var route: Route { .season(self) }
  public var statusName: String { "season:\(seriesID)/\(number)" }
  public var keyContext: KeyContext { .season }
  public func shows(_ shared: Shared) -> [APIRequest] {
    [shared.seasonRequest(seriesID, number), shared.seriesRequest(seriesID)]
  }

  public func title(_ shared: Shared) -> String { name(shared) }

  public mutating func appear(_ shared: inout Shared) -> [Effect] {
    shared.load(shared.seasonRequest(seriesID, number)) + shared.load(shared.seriesRequest(seriesID))
      + [.loadEpisodeMarks(seriesID)]
  }

  /// `r` asks the network for the season again and reads its seen marks again.
  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    var reaction = reactAsDocument(command, &shared)
    if command == .refresh { reaction?.effects.append(.loadEpisodeMarks(seriesID)) }
    return reaction
  }

  /// The selected episode row.
  public func markedEpisode(_ shared: Shared) -> EpisodeRef? {
    guard case .open(.episode(let episode)) = cursor.selectedTarget else { return nil }
    return EpisodeRef(seriesID: episode.seriesID, season: episode.season, number: episode.number)
  }

  public func reloadRequest(_ shared: Shared) -> APIRequest { shared.seasonRequest(seriesID, number) }

  /// Takes the drawn layout; the first time it has episodes, the first one is selected, so Enter opens it.
  public mutating func laidOut(_ layout: DocumentLayout) {
    DocumentLogic.relayout(&cursor, layout)
    guard !openedOnFirstEpisode, cursor.selected == nil else { return }
    let episodes = layout.links.indices.filter {
      if case .open(.episode) = layout.links[$0].target { return true }
      return false
    }
    guard let first = episodes.first else { return }
    openedOnFirstEpisode = true
    cursor.selected = episodes.first { link(layout.links[$0], is: opensOn) } ?? first
  }

  /// Under an episode of this series stepped to with `n` or `p`: the season it is in, on it.
  public func following(_ above: Route) -> Route? {
    guard case .episode(let episode) = above, episode.seriesID == seriesID else { return nil }
    return .season(under(episode))
  }

  /// The season under an episode reached by `n` or `p` from this one's: this one with that episode
  /// selected, or the episode's own season, to open on it (so Esc goes back to where it is).
  func under(_ episode: EpisodeScreen) -> SeasonScreen {
    guard episode.season == number else {
      var season = SeasonScreen(seriesID: seriesID, number: episode.season)
      season.opensOn = episode.number
      return season
    }
    var season = self
    if let index = cursor.layout.links.firstIndex(where: { link($0, is: episode.number) }) {
      season.cursor.selected = index
    }
    return season
  }

  /// Whether a link opens episode `number` of this season.
  private func link(_ link: DocumentLink, is number: Int?) -> Bool {
    guard case .open(.episode(let episode)) = link.target else { return false }
    return episode.seriesID == seriesID && episode.season == self.number && episode.number == number
  }

  public func subject(_ shared: Shared) -> MediaSummary? { nil }

  public func series(_ shared: Shared) -> MediaSummary? { shared.series(seriesID).value?.summary }

  public func page(_ shared: Shared) -> LinkedPage? {
    let series = shared.series(seriesID).value?.name
    return LinkedPage(
      .season(seriesID, number), title: [series, name(shared)].compactMap { $0 }.joined(separator: " · "))
  }

  public func poster(_ shared: Shared) -> PosterRequest? {
    picture(shared.season(seriesID, number).value?.posterPath ?? shared.series(seriesID).value?.posterPath, shared)
  }
}
