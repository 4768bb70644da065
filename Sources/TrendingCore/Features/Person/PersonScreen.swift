import AmodbKit
import Localization

/// A person's screen: who, where the user is, how the films are sorted, and the biography's state.
public struct PersonScreen: Equatable, Sendable {
  /// The person's id.
  public var id: Int
  /// Scroll and selection.
  public var cursor = DocumentCursor()
  /// Films by score (else newest first).
  public var byScore = false
  /// Whether the whole biography shows.
  public var expanded = false

  /// Makes the screen of a person, at its top.
  public init(id: Int) {
    self.id = id
  }
}

/// The person screen as a feature: scrolling, their films, sorting them and the biography.
extension PersonScreen: DocumentScreen {
  public var route: Route { .person(self) }
  public var statusName: String { "person:\(id)" }
  public var keyContext: KeyContext { .person }
  public func shows(_ shared: Shared) -> [APIRequest] { [shared.personRequest(id)] }

  public func title(_ shared: Shared) -> String { shared.person(id).value?.name ?? tr("Person") }

  public mutating func appear(_ shared: inout Shared) -> [Effect] { shared.load(shared.personRequest(id)) }

  public mutating func perform(_ command: Command, _ shared: inout Shared) -> Reaction {
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
      cursor.move(command, visible: DocumentCursor.page(shared.size))
      return .none
    case .back: return Reaction(go: .pop)
    case .refresh: return Reaction(shared.reload(shared.personRequest(id)))
    case .sort:
      byScore.toggle()
      cursor = DocumentCursor()
      return .none
    case .open:
      if cursor.selectedTarget == .expand {
        expanded.toggle()
        return .none
      }
      let credits = shared.person(id).value?.credits ?? []
      return Reaction(
        go: cursor.selectedTarget?.navigation { media in credits.first { $0.media.media == media }?.media })
    case .toggleWindow, .help, .redraw, .suspend, .quit, .nextTab, .previousTab, .tab, .search, .toggleWatchlist,
      .toggleSeen, .openInBrowser, .copyLink, .copyTitle, .palette, .filter, .toggleMedia, .discover:
      return .none
    }
  }

  public func isAvailable(_ command: Command, _ shared: Shared) -> Bool {
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last: return cursor.canMove
    case .open: return cursor.selectedTarget != nil
    case .back: return true
    case .refresh: return !shared.person(id).isLoading
    case .sort: return shared.person(id).value?.credits.isEmpty == false
    case .toggleWindow, .nextTab, .previousTab, .tab, .filter, .toggleMedia, .discover: return false
    // The app's own commands, answered above every screen.
    case .help, .redraw, .suspend, .quit, .search, .toggleWatchlist, .toggleSeen, .openInBrowser, .copyLink,
      .copyTitle, .palette:
      return false
    }
  }

  public func subject(_ shared: Shared) -> MediaSummary? { nil }

  public func page(_ shared: Shared) -> LinkedPage? {
    LinkedPage(.person(id), title: shared.person(id).value?.name ?? "")
  }

  public func poster(_ shared: Shared) -> PosterRequest? { picture(shared.person(id).value?.profilePath, shared) }
}
