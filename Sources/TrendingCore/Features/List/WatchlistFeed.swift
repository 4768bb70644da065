import AmodbKit
import Localization

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

/// One of the library's named lists, as a tab (`tab "Noir" list=Noir`) or opened from the palette:
/// its titles in the list's order.
struct NamedListFeed: Feed {
  let name: String
  /// How its loading lines name it: the tab's title, or the list's name opened from the palette.
  let title: String

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

  func received(_ answer: LocalAnswer, _ shared: inout Shared) {
    guard case .list(let titles) = answer else { return }
    if titles == nil { shared.missingLists.insert(name) } else { shared.missingLists.remove(name) }
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    guard shared.missingLists.contains(name) else {
      return (tr("The list %s is empty.", name), tr("Press L on a film or series and name the list to add it."))
    }
    return (tr("There is no list named %s.", name), tr("Press L on a film or series and name the list to make it."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", title), tr("Could not load “%s”.", title))
  }
}
