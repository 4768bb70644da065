import AmodbKit
import Localization

/// A film screen's own state: which film, what was known of it when opened, and where the user is.
public struct FilmScreen: Equatable, Sendable {
  /// The film's id.
  public var id: Int
  /// What the list it was opened from knew of it, shown until its details arrive.
  public var known: MediaSummary?
  /// Scroll and selection.
  public var cursor = DocumentCursor()
  /// Whether the first review and the user's note show in full.
  public var reviewExpanded = false

  /// Makes the screen of a film, at its top.
  public init(id: Int, known: MediaSummary? = nil) {
    self.id = id
    self.known = known
  }
}

/// The film screen as a feature: scrolling, its links, refreshing, and the film it is about.
extension FilmScreen: DocumentScreen {
  public var route: Route { .film(self) }
  public var statusName: String { "detail:\(id)" }
  public var keyContext: KeyContext { .film }
  public func shows(_ shared: Shared) -> [APIRequest] { [shared.filmRequest(id)] }

  /// The film's details as loaded.
  public func details(_ shared: Shared) -> Loadable<MovieDetails> { shared.film(id) }

  public func title(_ shared: Shared) -> String {
    shared.film(id).value?.title ?? known?.shownTitle ?? tr("Film")
  }

  public mutating func appear(_ shared: inout Shared) -> [Effect] { shared.load(shared.filmRequest(id)) }

  public func reloadRequest(_ shared: Shared) -> APIRequest { shared.filmRequest(id) }

  public mutating func toggleExpanded() { reviewExpanded.toggle() }

  public func subject(_ shared: Shared) -> MediaSummary? {
    if let details = shared.film(id).value {
      // What `a` keeps with the mark: the poster, score and genres the screen shows.
      return MediaSummary(
        id: id, title: details.title, releaseDate: details.releaseDate, posterPath: details.posterPath,
        voteAverage: details.voteAverage, voteCount: details.voteCount, genreIDs: known?.genreIDs ?? [])
    }
    return known ?? MediaSummary(id: id, title: "")
  }

  public func page(_ shared: Shared) -> LinkedPage? {
    subject(shared).map { LinkedPage(.film(id), title: $0.title + ($0.year.map { " (\($0))" } ?? "")) }
  }

  public func poster(_ shared: Shared) -> PosterRequest? {
    picture(shared.film(id).value?.posterPath ?? known?.posterPath, shared)
  }

  public func trailer(_ shared: Shared) -> Video? { shared.film(id).value?.trailer }
}

extension LinkTarget {
  /// The link to a film's screen, starting from what the linking screen knows of it.
  public static func film(_ id: Int, known: MediaSummary? = nil) -> LinkTarget {
    .open(.film(FilmScreen(id: id, known: known)))
  }

  /// The link to a film's or series' screen, starting from what the linking screen knows of it.
  public static func media(_ media: MediaID, known: MediaSummary? = nil) -> LinkTarget {
    media.kind == .series ? .series(media.id, known: known) : .film(media.id, known: known)
  }
}

extension Shared {
  // The requests and answers of films: the feature's own, kept in its folder.

  /// The request for a film's details.
  public func filmRequest(_ id: Int) -> APIRequest { .movie(MovieDetailsRequest(id: id, language: language)) }

  /// A film's details as loaded.
  public func film(_ id: Int) -> Loadable<MovieDetails> { (answers[filmRequest(id)] ?? Loadable()).map(\.movie) }
}
