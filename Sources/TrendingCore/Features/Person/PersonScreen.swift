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
  /// Their name as the screen that opened this one knew it, shown until their page arrives.
  public var known: String?

  /// Makes the screen of a person, at its top.
  public init(id: Int, known: String? = nil) {
    self.id = id
    self.known = known
  }
}

/// The person screen as a feature: scrolling, their films, sorting them and the biography.
extension PersonScreen: DocumentScreen {
  public var route: Route { .person(self) }
  public var statusName: String { "person:\(id)" }
  public var keyContext: KeyContext { .person }
  public func shows(_ shared: Shared) -> [APIRequest] { [shared.personRequest(id)] }

  public func title(_ shared: Shared) -> String { shared.person(id).value?.name ?? known ?? tr("Person") }

  public mutating func appear(_ shared: inout Shared) -> [Effect] { shared.load(shared.personRequest(id)) }

  public func reloadRequest(_ shared: Shared) -> APIRequest { shared.personRequest(id) }

  public mutating func toggleExpanded() { expanded.toggle() }

  /// A document's moves and links, and `s`, which sorts their work by score or by date.
  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    guard command == .sort else { return reactAsDocument(command, &shared) }
    byScore.toggle()
    cursor = DocumentCursor()
    return .nothing
  }

  public func isAvailable(_ command: ScreenCommand, _ shared: Shared) -> Bool {
    guard command == .sort else { return isAvailableAsDocument(command, shared) }
    return shared.person(id).value?.credits.isEmpty == false
  }

  public func subject(_ shared: Shared) -> MediaSummary? { nil }

  public func page(_ shared: Shared) -> LinkedPage? {
    LinkedPage(.person(id), title: shared.person(id).value?.name ?? known ?? "")
  }

  public func poster(_ shared: Shared) -> PosterRequest? { picture(shared.person(id).value?.profilePath, shared) }
}

extension LinkTarget {
  /// The link to a person's screen (`name` shown while it loads).
  public static func person(_ id: Int, name: String? = nil) -> LinkTarget {
    .open(.person(PersonScreen(id: id, known: name)))
  }
}

extension Shared {
  // The requests and answers of people: the feature's own, kept in its folder.

  /// The request for a person.
  public func personRequest(_ id: Int) -> APIRequest { .person(PersonRequest(id: id, language: language)) }

  /// A person as loaded.
  public func person(_ id: Int) -> Loadable<PersonDetails> {
    (answers[personRequest(id)] ?? Loadable()).map(\.person)
  }
}
