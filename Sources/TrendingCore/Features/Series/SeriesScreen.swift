import AmodbKit
import Localization

/// A series screen's own state: which series, what was known of it when opened, and where the user is.
public struct SeriesScreen: Equatable, Sendable {
  /// The series' id.
  public var id: Int
  /// What the list it was opened from knew of it, shown until its details arrive.
  public var known: MediaSummary?
  /// Scroll and selection.
  public var cursor = DocumentCursor()
  /// Whether the user's note shows in full.
  public var noteExpanded = false

  /// Makes the screen of a series, at its top.
  public init(id: Int, known: MediaSummary? = nil) {
    self.id = id
    self.known = known
  }
}

/// The series screen as a feature: scrolling, its seasons, people and related series, refreshing.
extension SeriesScreen: DocumentScreen {
  public var route: Route { .series(self) }
  public var statusName: String { "series:\(id)" }
  public var keyContext: KeyContext { .series }
  public func shows(_ shared: Shared) -> [APIRequest] { [shared.seriesRequest(id)] }

  public func title(_ shared: Shared) -> String {
    shared.series(id).value?.name ?? known?.shownTitle ?? tr("Series")
  }

  public mutating func appear(_ shared: inout Shared) -> [Effect] {
    shared.load(shared.seriesRequest(id)) + [.loadEpisodeMarks(id)]
  }

  public func reloadRequest(_ shared: Shared) -> APIRequest { shared.seriesRequest(id) }

  public mutating func toggleExpanded() { noteExpanded.toggle() }

  /// The season whose row is selected, for `m`.
  public func markedSeason(_ shared: Shared) -> SeasonRef? {
    guard case .open(.season(let season)) = cursor.selectedTarget else { return nil }
    return SeasonRef(seriesID: id, number: season.number)
  }

  /// The episode whose link is selected ("Watch next"), for `m`: that episode, not the whole series.
  public func markedEpisode(_ shared: Shared) -> EpisodeRef? {
    guard case .open(.episode(let episode)) = cursor.selectedTarget else { return nil }
    return episode.markedEpisode(shared)
  }

  /// `r` asks the network for the series again and reads its episodes' seen marks again.
  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    var reaction = reactAsDocument(command, &shared)
    if command == .refresh { reaction?.effects.append(.loadEpisodeMarks(id)) }
    return reaction
  }

  public func subject(_ shared: Shared) -> MediaSummary? {
    // What `a` keeps with the mark: the poster, score and genres the screen shows.
    guard var summary = shared.series(id).value?.summary else {
      return known ?? MediaSummary(id: id, kind: .series, title: "")
    }
    summary.genreIDs = known?.genreIDs ?? []
    return summary
  }

  public func page(_ shared: Shared) -> LinkedPage? {
    let years = shared.series(id).value?.years ?? known?.year.map(String.init)
    let name = subject(shared)?.title ?? ""
    return LinkedPage(.series(id), title: name + (years.map { " (\($0))" } ?? ""))
  }

  public func poster(_ shared: Shared) -> PosterRequest? {
    picture(shared.series(id).value?.posterPath ?? known?.posterPath, shared)
  }

  public func trailer(_ shared: Shared) -> Video? { shared.series(id).value?.trailer }
}

extension LinkTarget {
  /// The link to a series' screen, starting from what the linking screen knows of it.
  public static func series(_ id: Int, known: MediaSummary? = nil) -> LinkTarget {
    .open(.series(SeriesScreen(id: id, known: known)))
  }

  /// The link to a season's episodes.
  public static func season(series: Int, number: Int) -> LinkTarget {
    .open(.season(SeasonScreen(seriesID: series, number: number)))
  }

  /// The link to an episode's screen.
  public static func episode(series: Int, season: Int, number: Int) -> LinkTarget {
    .open(.episode(EpisodeScreen(seriesID: series, season: season, number: number)))
  }
}

extension Shared {
  // The requests and answers of series and seasons: the feature's own, kept in its folder.

  /// The request for a series' details.
  public func seriesRequest(_ id: Int) -> APIRequest { .series(SeriesRequest(id: id, language: language)) }

  /// The request for a season's episodes.
  public func seasonRequest(_ seriesID: Int, _ number: Int) -> APIRequest {
    .season(SeasonRequest(seriesID: seriesID, number: number, language: language))
  }

  /// A series' details as loaded.
  public func series(_ id: Int) -> Loadable<SeriesDetails> {
    (answers[seriesRequest(id)] ?? Loadable()).map(\.series)
  }

  /// A season as loaded; its episodes with no date count as aired once a later season has begun.
  public func season(_ seriesID: Int, _ number: Int) -> Loadable<SeasonDetails> {
    let loaded = (answers[seasonRequest(seriesID, number)] ?? Loadable()).map(\.season)
    // Most seasons date every episode: only one that does not is looked at again (this runs per frame).
    guard loaded.value?.waitsForALaterSeason == true
    else { return loaded }
    let later = series(seriesID).value?.laterSeasonBegan(after: number)
    return loaded.map { $0.knowing(laterSeasonBegan: later) }
  }
}
