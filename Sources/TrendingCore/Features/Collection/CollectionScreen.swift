import AmodbKit
import Localization

/// A collection screen's own state: which collection, the name its film gave it, and where the user is.
public struct CollectionScreen: Equatable, Sendable {
  /// The collection's id.
  public var id: Int
  /// Its name as the film that links to it gave it, shown until its answer arrives.
  public var knownName: String?
  /// Scroll and selection.
  public var cursor = DocumentCursor()

  /// Makes the screen of a collection, at its top.
  public init(id: Int, knownName: String? = nil) {
    self.id = id
    self.knownName = knownName
  }
}

/// The collection screen as a feature: its films oldest first, each opening the film's screen.
extension CollectionScreen: DocumentScreen {
  public var route: Route { .collection(self) }
  public var statusName: String { "collection:\(id)" }
  public var keyContext: KeyContext { .collection }
  public func shows(_ shared: Shared) -> [APIRequest] { [shared.collectionRequest(id)] }

  public func title(_ shared: Shared) -> String {
    shared.collection(id).value?.name ?? knownName ?? tr("Collection")
  }

  public mutating func appear(_ shared: inout Shared) -> [Effect] { shared.load(shared.collectionRequest(id)) }

  public func reloadRequest(_ shared: Shared) -> APIRequest { shared.collectionRequest(id) }

  public func subject(_ shared: Shared) -> MediaSummary? { nil }

  public func page(_ shared: Shared) -> LinkedPage? {
    let years = shared.collection(id).value?.years
    return LinkedPage(.collection(id), title: title(shared) + (years.map { " (\($0))" } ?? ""))
  }

  public func poster(_ shared: Shared) -> PosterRequest? { picture(shared.collection(id).value?.posterPath, shared) }
}

extension LinkTarget {
  /// The link to a collection's screen, named as the linking film names it.
  public static func collection(_ reference: CollectionReference) -> LinkTarget {
    .open(.collection(CollectionScreen(id: reference.id, knownName: reference.name)))
  }
}

extension Shared {
  // The collection's request and answer: the feature's own, kept in its folder.

  /// The request for a collection and its films.
  public func collectionRequest(_ id: Int) -> APIRequest {
    .collection(CollectionRequest(id: id, language: language))
  }

  /// A collection as loaded.
  public func collection(_ id: Int) -> Loadable<CollectionDetails> {
    (answers[collectionRequest(id)] ?? Loadable()).map(\.collection)
  }
}
