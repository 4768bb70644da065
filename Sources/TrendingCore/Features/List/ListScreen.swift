import AmodbKit
import FoundationEssentials
import Localization

/// Where a list's films come from: one of the tabs, one of the user's lists, a search, or a discover filter.
public enum ListSource: Hashable, Sendable {
  case tab(ListKind)
  /// One of the user's lists, by name, opened over the screen shown (from the palette).
  case list(String)
  case search(SearchQuery)
  /// Titles matching a filter (`f`, a keyword or studio, `trending discover`).
  case discover(DiscoverFilter)

  /// The filter, when the list is a discover list.
  public var discover: DiscoverFilter? {
    if case .discover(let filter) = self { return filter }
    return nil
  }

  /// The tab, when the list is one.
  public var tab: ListKind? {
    if case .tab(let kind) = self { return kind }
    return nil
  }

  /// How the header names the list: "On my services" by the services the region knows.
  public func title(_ shared: Shared) -> String {
    guard let saved = tab?.saved, saved.name == .services else { return title }
    return saved.heading(shared.providerTable(saved.filter.media))
  }

  /// How headers and breadcrumbs name the list.
  public var title: String {
    switch self {
    case .tab(let kind): return kind.heading
    case .list(let name): return name
    case .search(let query): return tr("Search “%s”", query.typed)
    case .discover(let filter): return filter.summary
    }
  }

  /// The request for a page of the list: the one place a list's endpoint is chosen (by its feed),
  /// for the browser and the command line alike; nil for a list read locally or made from other
  /// answers. A saved tab's services are named by id with the region's provider table
  /// (`providers`); until they are, it has no request.
  public func request(
    window: TimeWindow, page: Int, language: String, region: String?, providers: Loadable<APIAnswer>? = nil
  ) -> APIRequest? {
    feed.request(page: page, window: window, language: language, region: region, providers: providers)
  }
}

/// A list screen's own state: which list, what is loaded, where the user is.
public struct ListScreen: Equatable, Sendable {
  /// Which list.
  public var source: ListSource
  /// Today or this week (trending only).
  public var window: TimeWindow

  /// Whether the list is a tab of trending films or series, the lists `w` switches.
  public var isTrending: Bool {
    if case .trending = source.tab?.feed { return true }
    return false
  }
  /// The films, as loaded.
  public var list = Loadable<Listing>()
  /// Whether the next page is being fetched.
  public var isLoadingMore = false
  /// Why the next page could not be fetched, until the next refresh.
  public var moreError: AmodbError?
  /// Whether what it shows changed while its read was on the way: read again once that answers.
  public var readOwed = false
  /// Its first page's reads that failed in a row: a tab tries again by itself, later after each
  /// (`retryDue`).
  public var failures = 0
  /// When the last of them failed.
  public var failedAt: Date?
  /// The selected row, an index into the listing.
  public var selection = 0
  /// The title selected before a refresh whose first page did not hold it, and the row the
  /// selection fell back to: selected again when a later page brings it while the selection is
  /// still on that row (a move elsewhere keeps the user's row).
  public var reselect: Reselection?

  /// A title to select again once a page brings it, while the selection stays on `from`.
  public struct Reselection: Equatable, Sendable {
    /// The title.
    public var title: MediaID
    /// The row selected instead, until it comes.
    public var from: Int
  }
  /// The first row shown.
  public var top = 0
  /// The order the films are shown in.
  public var sort = ListSort.rank
  /// The filter narrowing the films shown, when one is typed or applied.
  public var filter: ListFilter?
  /// The loaded titles left out: "not interested", and seen ones while "hide seen" is on.
  public var hidden: Set<MediaID> = []
  /// The one kind a tab of both kinds shows while that kind is browsed (For you: films under the
  /// films' tabs, series under the series'); nil shows every row.
  public var only: MediaKind?

  /// Makes an empty tab.
  public init(kind: ListKind = .trending, window: TimeWindow) {
    self.init(source: .tab(kind), window: window)
  }

  /// Makes an empty list from any source.
  public init(source: ListSource, window: TimeWindow = .week) {
    self.source = source
    self.window = window
  }

  /// The films loaded so far, in the order chosen, narrowed by the filter: worked out once a change
  /// of what they depend on, not each time a frame, a hint or a command asks for them.
  public var movies: [MediaSummary] {
    let loaded = list.value?.movies ?? []
    let text = filter.flatMap { $0.text.isEmpty ? nil : $0.text }
    // As loaded, the usual list, costs nothing to show.
    guard sort != .rank || !hidden.isEmpty || text != nil || only != nil else { return loaded }
    let key = ShownRowsKey(loaded: loaded, sort: sort, hidden: hidden, filter: text, only: only)
    return Self.shownRows.value(for: key) {
      var sorted = sort.apply(loaded)
      if let only { sorted.removeAll { $0.kind != only } }
      if !hidden.isEmpty { sorted.removeAll { $0.media.map(hidden.contains) == true } }
      guard let filter, text != nil else { return sorted }
      return sorted.filter(filter.matcher())
    }
  }

  /// What the rows shown depend on: the rows loaded, the order, the titles left out and the filter's text.
  struct ShownRowsKey: Equatable, Sendable {
    let loaded: [MediaSummary]
    let sort: ListSort
    let hidden: Set<MediaID>
    let filter: String?
    let only: MediaKind?
  }

  /// The rows last shown, sorted, narrowed and filtered.
  static let shownRows = Memo<ShownRowsKey, [MediaSummary]>()

  /// Each shown row's rank in the list as loaded (of the one kind shown, on a tab of both), while
  /// the list is in its own order and some rows are left out, filtered away or could not be read:
  /// those do not renumber the rest (#4 stays 4 once #3 is hidden, or when the service's #3 could
  /// not be read). Nil when every row shows as served or in another order, where a row's number
  /// is its place.
  public var ranks: [Int]? {
    let all = list.value?.movies ?? []
    let served = list.value?.ranks ?? []
    // The service's ranks rise one by one unless an entry could not be read.
    let gaps = served.count == all.count && served.last.map { $0 != all.count } == true
    guard sort == .rank, gaps || !hidden.isEmpty || filter != nil || only != nil else { return nil }
    let shown = movies
    let ranks = Self.shownRanks.value(for: RanksKey(loaded: all, served: served, only: only, shown: shown)) {
      let loaded = only.map { kind in all.filter { $0.kind == kind } } ?? all
      // Of one kind, its place among that kind; of every kind, the service's rank.
      let numbers = only == nil && gaps ? served : Array(loaded.indices.map { $0 + 1 })
      guard shown.count != loaded.count || numbers.last != loaded.count else { return [] }
      // The shown rows are the loaded ones in the same order, some left out: one walk finds each.
      var ranks: [Int] = []
      var next = loaded.startIndex
      for row in shown {
        while next < loaded.endIndex, loaded[next].id != row.id || loaded[next].kind != row.kind { next += 1 }
        ranks.append(next < numbers.endIndex ? numbers[next] : next + 1)
        next += 1
      }
      return ranks
    }
    return ranks.isEmpty ? nil : ranks
  }

  /// What the ranks depend on: the rows loaded and their service ranks, the one kind shown, and
  /// the rows shown.
  struct RanksKey: Equatable, Sendable {
    let loaded: [MediaSummary]
    let served: [Int]
    let only: MediaKind?
    let shown: [MediaSummary]
  }

  /// The ranks last worked out.
  static let shownRanks = Memo<RanksKey, [Int]>()

  /// The titles it leaves out of what is loaded, from the marks: those the user is not interested
  /// in (but on the watchlist, which the user chose; Up next reads none of them), and seen ones
  /// while "hide seen" is on; a search hides nothing (it was asked for by name).
  public func hiding(_ shared: Shared) -> Set<MediaID> {
    if case .search = source { return [] }
    guard let rows = list.value?.movies else { return [] }
    let chosen = source.tab == .watchlist
    var hidden: Set<MediaID> = []
    // Rows by index, not each row copied out; a list the user chose shows its "not interested"
    // titles, so unless seen ones are hidden nothing of its rows is looked up (this runs for every
    // list after every mark).
    if !chosen || shared.hideSeen {
      for index in rows.indices {
        guard let media = rows[index].media, let mark = shared.marks[media] else { continue }
        if (mark.hidden && !chosen) || (shared.hideSeen && mark.seen != nil) { hidden.insert(media) }
      }
    }
    // A title being taken off this named list is gone from it at once, before its save answers.
    // The feed is made only then: making it looks its tab up, for every list after every mark.
    if shared.unsaved.contains(where: \.unlists), case .list(let name) = feed.localQuery {
      for change in shared.unsaved where change.kind == .unlist(name) { hidden.insert(change.media) }
    }
    return hidden
  }

  /// The selected film, when there is one.
  public var selectedMovie: MediaSummary? {
    let movies = movies
    return movies.indices.contains(selection) ? movies[selection] : nil
  }

  /// The request for a page of this list, in the shared language and region.
  public func request(page: Int, _ shared: Shared) -> APIRequest? {
    source.request(
      window: window, page: page, language: shared.language, region: shared.region,
      providers: shared.providerTable(source.tab?.saved?.filter.media ?? .film))
  }

  /// Where its rows come from.
  public var feed: any Feed { source.feed }

  /// Why it cannot ask for its rows yet (a saved tab's services are not known by id), if so.
  public func unresolved(_ shared: Shared) -> ServiceResolution? { feed.unresolved(shared) }

  /// The page of this list a request asks for, when it asks for one.
  func page(answering request: APIRequest, _ shared: Shared) -> Int? {
    guard let page = request.page, self.request(page: page, shared) == request else { return nil }
    return page
  }

  /// The work that fetches a page: the kept answer first unless `force`; a feed that is not pages
  /// loads its own way (a local read, the answers it is made from).
  func fetch(page: Int, force: Bool, _ shared: Shared) -> [Effect] {
    guard let request = request(page: page, shared) else { return page == 1 ? feed.loads(force: force, shared) : [] }
    return [.fetch(request, keptFirst: !force)]
  }

  /// Loads the list again from its first page, unless it is loading.
  mutating func refresh(force: Bool, _ shared: Shared) -> [Effect] {
    guard !list.isLoading else { return [] }
    return load(force: force, shared)
  }

  /// Reads the list again because what it shows changed (the library). While a read is on its
  /// way, which may have read before the change, it is owed and asked once that one answers:
  /// never cancelled (a read may be long, and changes from another process come every second).
  mutating func readAgain(_ shared: Shared) -> [Effect] {
    guard !list.isLoading else {
      readOwed = true
      return []
    }
    readOwed = false
    // A made feed's rows are made again from what is held; its requests are not asked again.
    return load(force: !feed.isMade, shared)
  }

  /// Loads the list from its first page.
  private mutating func load(force: Bool, _ shared: Shared) -> [Effect] {
    // A saved tab waits for the provider table (asked once for every tab) before it asks for films.
    if unresolved(shared) != nil { return [] }
    list.begin()
    moreError = nil
    let effects = fetch(page: 1, force: force, shared)
    // A made feed with everything loaded already: its rows at once.
    if effects.isEmpty, feed.isMade, let page = feed.rows(shared) {
      return ListLogic.loaded(&self, page: 1, page, rows: shared.visibleRows, shared)
    }
    return effects
  }

  /// Whether a tab whose read failed (offline, a timeout, a 5xx: what waiting may mend) is due to
  /// try again by itself: 30 seconds after the first failure, twice as long after each next, at
  /// most 15 minutes, so a brief outage never leaves a list stale for the day.
  public func retryDue(at now: Date) -> Bool {
    guard retriesByItself, let failedAt else { return false }
    let wait = min(900, 30 << max(0, min(failures, 10) - 1))
    return now.timeIntervalSince(failedAt) >= TimeInterval(wait)
  }

  /// Whether the list is a tab that tries again by itself after its failure (`retryDue`): not
  /// after a refusal, an unreadable answer or a rate limit (which says its own wait).
  public var retriesByItself: Bool {
    guard source.tab != nil, case .failed(let error) = list.phase else { return false }
    if case .server(let status, _) = error { return status >= 500 }
    return error.isUnreachable
  }

  /// Whether the list is a tab left long enough to be refreshed.
  func isStale(at now: Date) -> Bool {
    guard source.tab != nil, list.phase == .done, let fetchedAt = list.fetchedAt else { return false }
    return Reducer.isStale(fetchedAt, freshFor: listFreshness, now: now)
  }
}
