import AmodbKit
import Localization

/// What the runner reads from the user's own data for a list.
public enum LocalQuery: Hashable, Sendable {
  /// The library's watchlist and what the cache knows of its titles.
  case watchlist
  /// The series in progress, each with its next episode.
  case upNext
  /// A named list of the library, in its order.
  case list(String)
  /// The recommendations from the library's ratings and watches (`ForYou`).
  case forYou
}

/// What a local read found.
public enum LocalAnswer: Equatable, Sendable {
  /// The watchlist as stored, with what the cache knows of its titles.
  case watchlist(WatchlistSnapshot)
  /// The series in progress, newest activity first.
  case upNext([UpNext])
  /// A named list's titles in order (nil: there is no list of that name).
  case list([MediaSummary]?)
  /// The recommendations, ranked, each with its reason.
  case forYou(MediaPage)
}

/// The Watchlist tab: the films and series on the watchlist, read locally, newest first.
struct WatchlistFeed: Feed {
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  var localQuery: LocalQuery? { .watchlist }
  var readsAhead: Bool { true }

  func loads(force: Bool, _ shared: Shared) -> [Effect] { [.readLocal(.watchlist)] }

  func page(from answer: LocalAnswer) -> MediaPage? {
    guard case .watchlist(let snapshot) = answer else { return nil }
    return ListLogic.watchlistPage(snapshot)
  }

  var followsMarks: Bool { true }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("Your watchlist is empty."), tr("Press a on a film or series to add it."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", ListKind.watchlist.title), tr("Could not load “%s”.", ListKind.watchlist.title))
  }
}

/// A tab of one of the library's named lists (`tab "Noir" list=Noir`): its titles in the list's order.
struct NamedListFeed: Feed {
  let name: String
  /// The tab, named only when the list speaks.
  let kind: ListKind

  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  var localQuery: LocalQuery? { .list(name) }
  var readsAhead: Bool { true }
  var followsMarks: Bool { true }

  func loads(force: Bool, _ shared: Shared) -> [Effect] { [.readLocal(.list(name))] }

  func page(from answer: LocalAnswer) -> MediaPage? {
    guard case .list(let titles) = answer else { return nil }
    return MediaPage(page: 1, totalPages: 1, results: titles ?? [])
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("The list %s is empty.", name), tr("Press L on a film or series and name the list to add it."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", kind.title), tr("Could not load “%s”.", kind.title))
  }
}
