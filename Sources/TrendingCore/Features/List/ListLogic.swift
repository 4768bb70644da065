import AmodbKit
import FoundationEssentials

/// The list screen's moves and answers, on one list's state: the same for tabs, search results
/// kept as a list, and the search line's live results.
enum ListLogic {
  /// How close to the end of the list the selection gets before the next page is fetched.
  static let prefetchDistance = 5

  /// Moves the selection as a command says, fetching the next page as the end nears.
  static func move(_ list: inout ListScreen, _ command: ScreenCommand, rows: Int, _ shared: Shared) -> [Effect] {
    let page = max(1, rows - 1)
    let target: Int
    switch command {
    case .moveDown: target = list.selection + 1
    case .moveUp: target = list.selection - 1
    case .pageDown: target = list.selection + page
    case .pageUp: target = list.selection - page
    case .halfPageDown: target = list.selection + max(1, page / 2)
    case .halfPageUp: target = list.selection - max(1, page / 2)
    case .first: target = 0
    case .last: target = list.movies.count - 1
    default: return []
    }
    let count = list.movies.count
    list.selection = count == 0 ? 0 : min(max(target, 0), count - 1)
    scrollIntoView(&list, rows: rows)
    // A page that could not load is asked again by a move down at the end (the status says so).
    if list.moreError != nil, list.filter == nil, target >= count - 1,
      [.moveDown, .pageDown, .halfPageDown, .last].contains(command)
    {
      list.moreError = nil
    }
    return loadMoreIfNeeded(&list, rows: rows, shared)
  }

  /// Keeps the selection inside the visible rows and the top row inside the list.
  static func scrollIntoView(_ list: inout ListScreen, rows: Int) {
    let visible = max(1, rows)
    let count = list.movies.count
    list.selection = count == 0 ? 0 : min(max(list.selection, 0), count - 1)
    if list.selection < list.top { list.top = list.selection }
    if list.selection >= list.top + visible { list.top = list.selection - visible + 1 }
    list.top = max(0, min(list.top, max(0, count - visible)))
  }

  /// Fetches the next page when the selection nears the end, or when the rows are not yet filled
  /// (a tall terminal loads enough pages to fill its rows).
  static func loadMoreIfNeeded(_ list: inout ListScreen, rows: Int, _ shared: Shared) -> [Effect] {
    // A filtered list is narrowed locally: it asks for nothing more.
    guard let listing = list.list.value, listing.hasMore, !list.isLoadingMore, list.moreError == nil,
      !list.list.isLoading, list.filter == nil,
      list.selection >= list.movies.count - prefetchDistance || list.movies.count < rows
    else { return [] }
    list.isLoadingMore = true
    return list.fetch(page: listing.pagesLoaded + 1, force: false, shared)
  }

  /// Records a page's answer in a list.
  static func loaded(
    _ list: inout ListScreen, page: Int, _ result: Result<Fetched<MediaPage>, AmodbError>, rows: Int, _ shared: Shared
  ) -> [Effect] {
    if page > 1 {
      list.isLoadingMore = false
      switch result {
      case .success(let fetched):
        if fetched.fromCache, list.list.error == nil, let first = list.list.fetchedAt, fetched.fetchedAt < first {
          // A kept page older than the first is asked anew: no old rows under new ones. Not when
          // the first's refresh failed (offline): then the kept pages are all there is.
          list.isLoadingMore = true
          return list.fetch(page: page, force: true, shared)
        }
        list.list.value?.append(fetched.value, number: page)
        list.hidden = list.hiding(shared)
        if let wanted = list.reselect, list.selection == wanted.from,
          let index = list.movies.firstIndex(where: { $0.media == wanted.title })
        {
          list.selection = index
          list.reselect = nil
          scrollIntoView(&list, rows: rows)
        }
        return loadMoreIfNeeded(&list, rows: rows, shared)
      case .failure(let error):
        list.moreError = error
      }
      return []
    }
    switch result {
    case .success(let fetched):
      let selected = list.selectedMovie?.media ?? list.reselect?.title
      list.list.succeed(Listing(firstPage: fetched.value), at: fetched.fetchedAt)
      list.hidden = list.hiding(shared)
      // A kept answer is no sign the network is back: only a fresh one ends the failures.
      if !fetched.fromCache { (list.failures, list.failedAt) = (0, nil) }
      var effects: [Effect] = []
      if fetched.fromCache, Reducer.isStale(fetched.fetchedAt, freshFor: listFreshness, now: shared.now) {
        // Painted from the cache at once; the refresh runs behind it.
        list.list.begin()
        effects += list.fetch(page: 1, force: true, shared)
      }
      list.isLoadingMore = false
      list.reselect = nil
      if let selected, let index = list.movies.firstIndex(where: { $0.media == selected }) {
        list.selection = index
      }
      scrollIntoView(&list, rows: rows)
      // A title further down than the first page is selected again when its page comes back.
      if let selected, list.selectedMovie?.media != selected {
        list.reselect = ListScreen.Reselection(title: selected, from: list.selection)
      }
      // A change came while this read was on its way: the read it is owed.
      if list.readOwed, !list.list.isLoading { effects += list.readAgain(shared) }
      return effects + loadMoreIfNeeded(&list, rows: rows, shared)
    case .failure(let error):
      // A read that was asked and failed counts (a made feed's rows made again from the same
      // failed answer do not).
      if list.list.isLoading || list.failedAt == nil {
        list.failures += 1
        list.failedAt = shared.now
      }
      list.list.fail(error)
      list.readOwed = false
      return []
    }
  }

  /// After the marks or "hide seen" change: every list leaves out what it now hides, its selection
  /// kept on the same title where it still shows.
  /// A list left with fewer rows than its screen holds asks for its next page, as a short one does.
  static func rehide(_ state: inout AppState) -> [Effect] {
    let rows = state.shared.visibleRows
    return state.updateLists({ _ in true }) { list, shared in
      // Worked out once a list; a list whose hidden rows stay is left as it is.
      let hidden = list.hiding(shared)
      guard hidden != list.hidden else { return [] }
      let selected = list.selectedMovie?.media
      list.hidden = hidden
      if let selected, let index = list.movies.firstIndex(where: { $0.media == selected }) { list.selection = index }
      list.selection = max(0, min(list.selection, list.movies.count - 1))
      scrollIntoView(&list, rows: rows)
      return loadMoreIfNeeded(&list, rows: rows, shared)
    }
  }

  /// The watchlist as a list page, newest first (by day, then by place: a title added a moment ago,
  /// not yet read back, first): each film or series as the cache knows it, else as its mark
  /// remembers it (poster, score, genres as last shown), so the tab opens offline.
  static func watchlistPage(_ snapshot: WatchlistSnapshot) -> MediaPage {
    let place = { (mark: Mark) in snapshot.order[mark.media] ?? .max }
    let marks = snapshot.marks.values.filter(\.onWatchlist).sorted {
      ($0.added, place($0), $0.media) > ($1.added, place($1), $1.media)
    }
    let films = marks.map { mark in snapshot.known[mark.media] ?? mark.entry }
    return MediaPage(page: 1, totalPages: 1, results: films)
  }
}
