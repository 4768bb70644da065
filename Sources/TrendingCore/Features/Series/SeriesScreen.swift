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
    shared.series(id).value?.name ?? known?.title ?? tr("Series")
  }

  public mutating func appear(_ shared: inout Shared) -> [Effect] { shared.load(shared.seriesRequest(id)) }

  public mutating func perform(_ command: Command, _ shared: inout Shared) -> Reaction {
    let related = shared.series(id).value.map { $0.recommendations + $0.similar } ?? []
    return reactAsDocument(command, reloading: shared.seriesRequest(id), &shared) { media in
      related.first { $0.media == media }
    }
  }

  public func isAvailable(_ command: Command, _ shared: Shared) -> Bool {
    isAvailableAsDocument(command, loading: shared.series(id).isLoading)
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
}
