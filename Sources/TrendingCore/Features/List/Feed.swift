import AmodbKit
import FoundationEssentials
import Localization

/// Where a list's rows come from, and what the list says without them: a request a page
/// (trending, amodb's lists, a search, discover, a saved tab), or rows made from what the screens
/// share (the watchlist from a local read, the calendar from several answers). A new list is a new
/// feed: the list screen, its view and the reducer name none.
public protocol Feed: Sendable {
  /// The request for a page, for a feed of pages (nil for a made feed, or one still waiting).
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  /// The work that loads a made feed's first page; `force` asks the network again.
  func loads(force: Bool, _ shared: Shared) -> [Effect]
  /// A made feed's rows from what the screens share, once it can make them; nil for a feed of pages.
  func rows(_ shared: Shared) -> Result<Fetched<MediaPage>, AmodbError>?
  /// The answers a made feed makes its rows from: kept in `Shared.answers`, pages or not.
  func reads(_ shared: Shared) -> [APIRequest]
  /// Why it cannot ask yet (a saved tab's services before the provider table), if so.
  func unresolved(_ shared: Shared) -> ServiceResolution?
  /// What the list says with no rows, and what to do next.
  func empty(_ shared: Shared) -> (text: String, next: String)
  /// What it says while it loads, and when it could not.
  var loadingTexts: (loading: String, failed: String) { get }
  /// How its rows are drawn.
  var rowsStyle: FeedRowsStyle { get }
  /// Whether its rows follow the titles' marks (read again when one changes).
  var followsMarks: Bool { get }
  /// Whether its rows follow the episodes seen (read again when one is marked).
  var followsEpisodes: Bool { get }
  /// Whether its rows are made from what the screens share rather than asked a page at a time.
  var isMade: Bool { get }
  /// The orders `s` cycles through, its own first: only those of what its rows show.
  var sorts: [ListSort] { get }
  /// Whether it may wait for a table before it can ask (then it asks when an answer comes).
  var waits: Bool { get }
  /// The local read that gives its rows (the user's own data), for a local feed.
  var localQuery: LocalQuery? { get }
  /// Whether its tab is read behind the screen, before it is shown, so it opens at once: the user's
  /// own lists, which only the user's changes (which the app hears of) make stale.
  var readsAhead: Bool { get }
  /// A local feed's page from what its read found.
  func page(from answer: LocalAnswer) -> MediaPage?
  /// Keeps what a local read found beyond its rows, for the rows' view and for opening them.
  func received(_ answer: LocalAnswer, _ shared: inout Shared)
  /// The screen a row opens, when the feed's rows open something other than their title.
  func opening(_ entry: MediaSummary, _ shared: Shared) -> Route?
  /// The episode a row is about, when its rows can be a series' episodes (a rating, a note).
  func episode(of row: MediaSummary, _ shared: Shared) -> EpisodeKey?
  /// After any answer, what a made feed asks for next and says (`showing`: its tab is on screen).
  func advance(_ shared: inout Shared, showing: Bool) -> [Effect]
}

/// How a list's rows are drawn: a name the list view draws by. A struct, as `ListKind` is, so a feed
/// that draws its rows its own way names its style in its own folder, not as a case here.
public struct FeedRowsStyle: RawRepresentable, Hashable, Sendable {
  /// The style's name.
  public let rawValue: String

  /// The style of that name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A table of titles: year, title, score.
  public static let titles = FeedRowsStyle(rawValue: "titles")
  /// Events by week (the calendar).
  public static let byWeek = FeedRowsStyle(rawValue: "byWeek")
  /// Series with their next episode (Up next).
  public static let upNext = FeedRowsStyle(rawValue: "upNext")
}

extension Feed {
  public func loads(force: Bool, _ shared: Shared) -> [Effect] { [] }
  public func rows(_ shared: Shared) -> Result<Fetched<MediaPage>, AmodbError>? { nil }
  public func reads(_ shared: Shared) -> [APIRequest] { [] }
  public func unresolved(_ shared: Shared) -> ServiceResolution? { nil }
  public var rowsStyle: FeedRowsStyle { .titles }
  public var followsMarks: Bool { false }
  public var followsEpisodes: Bool { false }
  public var isMade: Bool { false }
  public var sorts: [ListSort] { ListSort.allCases }
  public var waits: Bool { false }
  public var localQuery: LocalQuery? { nil }
  public var readsAhead: Bool { false }
  public func page(from answer: LocalAnswer) -> MediaPage? { nil }
  public func received(_ answer: LocalAnswer, _ shared: inout Shared) {}
  public func opening(_ entry: MediaSummary, _ shared: Shared) -> Route? { nil }
  public func episode(of row: MediaSummary, _ shared: Shared) -> EpisodeKey? { nil }
  public func advance(_ shared: inout Shared, showing: Bool) -> [Effect] { [] }
}

/// This week's or today's trending films or series.
struct TrendingFeed: Feed {
  let media: MediaKind
  /// The tab, named only when the list speaks (not on every request compared or frame drawn).
  let kind: ListKind

  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  {
    .trending(TrendingRequest(media: media, window: window, page: page, language: language))
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("Nothing in %s right now.", kind.heading), tr("Press r to refresh."))
  }

  var loadingTexts: (loading: String, failed: String) {
    media == .film
      ? (tr("Loading the trending films…"), tr("Could not load the trending films."))
      : (tr("Loading “%s”…", kind.title), tr("Could not load “%s”.", kind.title))
  }
}

/// One of amodb's lists of films or series.
struct CatalogueFeed: Feed {
  let media: MediaKind
  let list: CatalogueList
  /// The tab, named only when the list speaks.
  let kind: ListKind

  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  {
    .catalogue(CatalogueRequest(media: media, list: list, page: page, language: language, region: region))
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("Nothing in %s right now.", kind.heading), tr("Press r to refresh."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", kind.title), tr("Could not load “%s”.", kind.title))
  }
}

/// A search's results.
struct SearchFeed: Feed {
  let query: SearchQuery

  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  {
    .search(SearchRequest(scope: query.scope, query: query.text, page: page, language: language, year: query.year))
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("Nothing matches “%s”.", query.typed), tr("Try other words."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Searching…"), tr("Could not load the search results."))
  }
}

/// Titles matching a filter (`f`, a keyword or studio, `trending discover`).
struct DiscoverFeed: Feed {
  let filter: DiscoverFilter

  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  {
    .discover(DiscoverRequest(filter: filter, page: page, language: language, region: region))
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (Self.empty(filter, shared), tr("Press f to change the filter."))
  }

  var loadingTexts: (loading: String, failed: String) {
    filter.media == .series
      ? (tr("Finding series…"), tr("Could not load the series that match."))
      : (tr("Finding films…"), tr("Could not load the films that match."))
  }

  /// What an empty discover list says: a region without streaming data is named.
  static func empty(_ filter: DiscoverFilter, _ shared: Shared) -> String {
    let series = filter.media == .series
    guard !filter.services.isEmpty, let region = shared.region else {
      return series ? tr("No series match this filter.") : tr("No films match this filter.")
    }
    let table = shared.providerTable(filter.media)?.value?.providers
    if table?.providers.isEmpty == true {
      return series
        ? tr("amodb has no streaming data for series in %s.", region)
        : tr("amodb has no streaming data for films in %s.", region)
    }
    return series
      ? tr("No series match this filter on these services in %s.", region)
      : tr("No films match this filter on these services in %s.", region)
  }
}

/// A saved discover list ("On my services", a `tab` line): discover once its services are known by id.
struct SavedTabFeed: Feed {
  let saved: SavedTab

  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  {
    guard let filter = saved.resolve(providers, region: region).filter else { return nil }
    return .discover(DiscoverRequest(filter: filter, page: page, language: language, region: region))
  }

  var waits: Bool { true }

  func unresolved(_ shared: Shared) -> ServiceResolution? {
    let resolution = shared.services(of: saved)
    return resolution.filter == nil ? resolution : nil
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    let filter = shared.services(of: saved).filter
    return (
      filter.map { DiscoverFeed.empty($0, shared) } ?? tr("Nothing in %s right now.", saved.title),
      tr("Press f to change the filter.")
    )
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", saved.title), tr("Could not load “%s”.", saved.title))
  }
}

extension ListSource {
  /// Where the list's rows come from.
  public var feed: any Feed {
    switch self {
    case .tab(let kind): return kind.feed.feed(of: kind)
    case .list(let name): return NamedListFeed(name: name, title: name)
    case .search(let query): return SearchFeed(query: query)
    case .discover(let filter): return DiscoverFeed(filter: filter)
    }
  }
}

/// How answers reach the made feeds: after any answer or local read, every list whose rows are made
/// from what the screens share makes them again, when they changed.
enum FeedLogic {
  /// Lets every made feed ask for what it needs next, then makes its rows again.
  static func update(_ state: inout AppState) -> [Effect] {
    var effects: [Effect] = []
    for (index, route) in state.stack.enumerated() {
      guard let list = route.list, list.feed.isMade else { continue }
      effects += list.feed.advance(&state.shared, showing: index == 0 && state.stack.count == 1)
    }
    for list in state.tabs.values where list.feed.isMade {
      effects += list.feed.advance(&state.shared, showing: false)
    }
    return effects + rows(&state)
  }

  /// Makes every made feed's rows again, when they changed.
  private static func rows(_ state: inout AppState) -> [Effect] {
    state.updateLists({ $0.feed.isMade }) { list, shared in
      guard let page = list.feed.rows(shared) else { return [] }
      if case .success(let fetched) = page, !list.list.isLoading, list.list.value?.movies == fetched.value.results {
        return []
      }
      return ListLogic.loaded(&list, page: 1, page, rows: shared.visibleRows, shared)
    }
  }

  /// Whether a list answer is one a made feed reads (then it is kept in `Shared.answers`).
  static func isRead(_ request: APIRequest, _ state: AppState) -> Bool {
    var lists = state.stack.compactMap(\.list) + Array(state.tabs.values)
    if let results = state.search?.results { lists.append(results) }
    return lists.contains { $0.feed.isMade && $0.feed.reads(state.shared).contains(request) }
  }

  /// The lists that waited for an answer (a saved tab for its services) and can ask now.
  static func retryWaiting(_ state: inout AppState) -> [Effect] {
    state.updateLists({ $0.list.value == nil && $0.list.phase == .idle && $0.feed.waits }) {
      list, shared in list.refresh(force: false, shared)
    }
  }

  /// A local read's answer, to every list whose feed it is for (as pages go to the lists that asked).
  static func localRead(_ query: LocalQuery, _ result: Result<LocalAnswer, AmodbError>, _ state: inout AppState)
    -> [Effect]
  {
    if query == .following {
      guard case .success(.following(let ids)) = result, ids != state.shared.following else { return [] }
      state.shared.following = ids
      return CalendarTab.nextDetails(&state.shared)
    }
    if query == .listNames {
      guard case .success(.listNames(let names)) = result else { return [] }
      state.shared.listNames = names
      if state.prompt?.purpose == .addToList { state.prompt?.names = names }
      return []
    }
    let feeds = (state.stack.compactMap(\.list) + Array(state.tabs.values)).map(\.feed)
    if case .success(let answer) = result, let feed = feeds.first(where: { $0.localQuery == query }) {
      feed.received(answer, &state.shared)
    }
    return state.updateLists({ $0.feed.localQuery == query }) { list, shared in
      let feed = list.feed
      let page = result.map { answer in
        Fetched(value: feed.page(from: answer) ?? MediaPage(page: 1, totalPages: 1, results: []), fetchedAt: shared.now)
      }
      return ListLogic.loaded(&list, page: 1, page, rows: shared.visibleRows, shared)
    }
  }

  /// After the marks change: lists that follow them are read again, the tab showing now (under the
  /// screens opened from it too, so going back finds it current), the tabs read ahead behind it,
  /// the others when next shown.
  /// `changed`: whether titles' marks, episodes seen or both changed (Up next follows only
  /// episodes, and reading it again is the library's longest read).
  static func marksChanged(_ state: inout AppState, changed: OwedReads = OwedReads(marks: true)) -> [Effect] {
    let follows = { (feed: any Feed) in
      changed.episodes && feed.followsEpisodes || changed.marks && feed.followsMarks
    }
    for (kind, list) in state.tabs where follows(list.feed) { state.tabs[kind] = nil }
    let ahead = readAhead(&state)
    let rootFollows = follows(state.rootList.feed)
    // The tab showing, and a list opened over it (one of the user's own, from the palette): what
    // they show is never older than the change (a title taken off stays off once saved).
    let read = state.updateLists({ follows($0.feed) }) { list, shared in list.readAgain(shared) }
    guard rootFollows else { return ahead + read }
    // A made feed (the calendar) asks for what a title newly followed needs (its details).
    return read + ahead + (state.rootList.feed.isMade ? FeedLogic.update(&state) : [])
  }

  /// How long the screen rests before the user's own tabs are read behind it: past the frame that
  /// showed the answer, and one read for a burst of changes.
  static let readAheadDelay = Duration.milliseconds(150)

  /// Schedules reading ahead the tabs whose feeds read ahead (the watchlist, Up next, named lists)
  /// once the marks are in and the list showing has had its answer, when one is not kept.
  static func readAhead(_ state: inout AppState) -> [Effect] {
    let list = state.rootList.list
    guard state.shared.marksRead, !list.isLoading, list.value != nil || list.error != nil,
      !tabsToReadAhead(state).isEmpty
    else { return [] }
    return [.after(readAheadDelay, .readAheadDue, id: .readAhead)]
  }

  /// Reads the tabs to read ahead into the tabs left, so that switching to one shows it at once; a
  /// tab kept meanwhile is left as it is.
  static func readAheadDue(_ state: inout AppState) -> [Effect] {
    var effects: [Effect] = []
    for kind in tabsToReadAhead(state) {
      var ahead = ListScreen(kind: kind, window: state.rootList.window)
      effects += ahead.refresh(force: false, state.shared)
      state.tabs[kind] = ahead
    }
    return effects
  }

  /// The tabs of either set whose feeds read ahead, neither showing nor kept.
  private static func tabsToReadAhead(_ state: AppState) -> [ListKind] {
    var kinds: [ListKind] = []
    for kind in state.shared.tabs.shown(.film) + state.shared.tabs.shown(.series)
    where kind != state.activeTab && state.tabs[kind] == nil && !kinds.contains(kind) {
      if kind.feed.feed(of: kind).readsAhead { kinds.append(kind) }
    }
    return kinds
  }
}

/// The lists a burst of saved changes owes a read from the file: those that follow titles' marks,
/// those that follow episodes seen.
public struct OwedReads: Equatable, Sendable {
  /// A title's marks were saved.
  public var marks = false
  /// A series' episodes were saved.
  public var episodes = false

  /// Owes the reads named.
  public init(marks: Bool = false, episodes: Bool = false) {
    self.marks = marks
    self.episodes = episodes
  }
}
