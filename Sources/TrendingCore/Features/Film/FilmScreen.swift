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
  /// Whether the first review shows in full.
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
    shared.film(id).value?.title ?? known?.title ?? tr("Film")
  }

  public mutating func appear(_ shared: inout Shared) -> [Effect] { shared.load(shared.filmRequest(id)) }

  public mutating func perform(_ command: Command, _ shared: inout Shared) -> Reaction {
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
      cursor.move(command, visible: DocumentCursor.page(shared.size))
      return .none
    case .back: return Reaction(go: .pop)
    case .refresh: return Reaction(shared.reload(shared.filmRequest(id)))
    case .open:
      switch cursor.selectedTarget {
      case .expand:
        reviewExpanded.toggle()
        return .none
      case .web(let page):
        shared.say(tr("Opening %s", page.url), .link)
        return Reaction([.openURL(page.url)])
      case .film, .series, .season, .episode, .person, .discover, nil: break
      }
      let related = shared.film(id).value.map { $0.recommendations + $0.similar } ?? []
      return Reaction(go: cursor.selectedTarget?.navigation { media in related.first { $0.media == media } })
    case .sort, .toggleWindow, .help, .redraw, .suspend, .quit, .nextTab, .previousTab, .tab, .search,
      .toggleWatchlist, .toggleSeen, .openInBrowser, .copyLink, .copyTitle, .palette, .filter, .toggleMedia, .discover:
      return .none
    }
  }

  public func isAvailable(_ command: Command, _ shared: Shared) -> Bool {
    isAvailableAsDocument(command, loading: shared.film(id).isLoading)
  }

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
}
