import AmodbKit
import FoundationEssentials

/// The app's pure update: state and action in, new state and effects out.
public enum Reducer {
  /// How close to the end of the list the selection gets before the next page is fetched.
  static let prefetchDistance = 5

  /// The most posters kept drawn in the state.
  static let posterCapacity = 60

  /// How long the selection rests on a film before its poster is fetched, so that holding `j`
  /// starts (almost) no downloads.
  public static let posterDelay = Duration.milliseconds(120)

  /// Applies `action` to `state` and returns the work the runtime must do.
  public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    let effects = apply(&state, action)
    return effects + reconcilePosters(&state)
  }

  /// The poster the screen shows now, if any.
  public static func wantedPoster(_ state: AppState) -> PosterRequest? {
    guard state.imagesEnabled, !state.showsHelp else { return nil }
    switch state.screen {
    case .list:
      guard let box = PosterLayout.listBox(for: state.size), let path = state.selectedMovie?.posterPath else {
        return nil
      }
      return PosterRequest(path: path, columns: box.width, rows: box.height)
    case .detail(let id):
      let path = state.details[id]?.value?.posterPath ?? state.movies.first { $0.id == id }?.posterPath
      guard let layout = PosterLayout.detailBox(for: state.size), let path else { return nil }
      return PosterRequest(path: path, columns: layout.box.width, rows: layout.box.height)
    }
  }

  /// Schedules the wanted poster (after a short rest) and cancels the one no longer wanted: one
  /// download at a time, under the one identity `.poster`.
  private static func reconcilePosters(_ state: inout AppState) -> [Effect] {
    let wanted = wantedPoster(state)
    var effects: [Effect] = []
    if let inFlight = state.posterInFlight, inFlight != wanted {
      effects.append(.cancel(.poster))
      state.posters[inFlight] = nil
      state.posterInFlight = nil
    }
    if let wanted, state.posters[wanted] == nil {
      if state.posters.count >= posterCapacity {
        state.posters = state.posters.filter { $0.value == .loading }
      }
      state.posters[wanted] = .loading
      state.posterInFlight = wanted
      effects.append(.after(posterDelay, .posterDue(wanted), id: .poster))
    }
    return effects
  }

  private static func apply(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .waiting(let id, let seconds):
      state.waits[id] = state.now.addingTimeInterval(TimeInterval(seconds))
      return []
    case .posterDue(let request):
      // Still the one wanted: fetch it now (the same identity, so the wait is replaced).
      guard state.posterInFlight == request else { return [] }
      return [.fetchPoster(request)]
    case .posterLoaded(let request, let art):
      guard state.posters[request] == .loading else { return [] }
      state.posters[request] = art.map(PosterSlot.loaded) ?? .unavailable
      if state.posterInFlight == request { state.posterInFlight = nil }
      return []
    case .start:
      return refreshList(&state, force: false)
    case .resize(let size):
      state.size = size
      scrollSelectionIntoView(&state)
      return []
    case .tick(let now):
      state.now = now
      // A list left open goes stale after 30 minutes; refresh it behind the rows, once.
      guard state.list.phase == .done, let fetchedAt = state.list.fetchedAt,
        now.timeIntervalSince(fetchedAt) >= listFreshness
      else { return [] }
      return refreshList(&state, force: false)
    case .listLoaded(let request, let result):
      // An answer for a tab not showing updates that tab, as it was left.
      return state.onTab(request.kind, otherwise: []) { listLoaded(&$0, request, result) }
    case .detailsLoaded(let id, let result):
      state.waits[.details(id)] = nil
      var entry = state.details[id] ?? Loadable()
      switch result {
      case .success(let fetched):
        entry.succeed(fetched.value, at: fetched.fetchedAt)
        state.rateLimit = fetched.rateLimit ?? state.rateLimit
        if fetched.fromCache, isStale(fetched.fetchedAt, freshFor: detailsFreshness, now: state.now) {
          // Shown from the cache while the network is asked: the one decision, on the one clock.
          entry.begin()
          state.details[id] = entry
          return [.fetchDetails(id: id, forceRefresh: true)]
        }
      case .failure(let error):
        entry.fail(error)
      }
      state.details[id] = entry
      return []
    case .detailLayout(let maxScroll):
      state.detailMaxScroll = max(0, maxScroll)
      state.detailScroll = min(state.detailScroll, state.detailMaxScroll)
      return []
    case .key(let key):
      return keyPressed(&state, key)
    }
  }

  private static func keyPressed(_ state: inout AppState, _ key: Key) -> [Effect] {
    let context = state.keyContext
    let command = state.keys.command(for: key, in: context)
    if state.showsHelp {
      switch command {
      case .moveDown:
        let lines = state.keys.helpLines(in: context).count
        state.helpScroll = min(
          state.helpScroll + 1, KeyTable.helpMaxScroll(lineCount: lines, height: state.size.height))
      case .moveUp: state.helpScroll = max(0, state.helpScroll - 1)
      case .quit where key == .control("c"): return [.quit]
      default:
        state.showsHelp = false
        state.helpScroll = 0
      }
      return []
    }
    guard let command else { return [] }
    return perform(command, &state)
  }

  /// Runs a command from the key table on the screen showing.
  private static func perform(_ command: Command, _ state: inout AppState) -> [Effect] {
    switch command {
    case .help:
      state.showsHelp = true
      state.helpScroll = 0
      return []
    case .quit: return [.quit]
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    default: break
    }
    switch state.screen {
    case .list: return listCommand(command, &state)
    case .detail(let id): return filmCommand(command, &state, id: id)
    }
  }

  private static func listCommand(_ command: Command, _ state: inout AppState) -> [Effect] {
    let page = max(1, state.visibleRows - 1)
    switch command {
    case .moveDown: return move(&state, by: 1)
    case .moveUp: return move(&state, by: -1)
    case .pageDown: return move(&state, by: page)
    case .pageUp: return move(&state, by: -page)
    case .halfPageDown: return move(&state, by: max(1, page / 2))
    case .halfPageUp: return move(&state, by: -max(1, page / 2))
    case .first: return move(&state, to: 0)
    case .last: return move(&state, to: state.movies.count - 1)
    case .open:
      guard let movie = state.selectedMovie else { return [] }
      return openDetail(&state, id: movie.id)
    case .refresh:
      return refreshList(&state, force: true)
    case .nextTab, .previousTab, .tab1, .tab2, .tab3, .tab4, .tab5:
      let all = ListKind.allCases
      let index = all.firstIndex(of: state.activeTab) ?? 0
      let target =
        command.tab
        ?? all[(index + (command == .nextTab ? 1 : all.count - 1)) % all.count]
      return showTab(target, &state)
    case .toggleWindow:
      guard state.activeTab == .trending else { return [] }
      state.window = state.window == .week ? .day : .week
      state.list = Loadable()
      state.isLoadingMore = false
      state.moreError = nil
      state.selection = 0
      state.listTop = 0
      return refreshList(&state, force: false)
    case .back, .help, .redraw, .suspend, .quit:
      return []
    }
  }

  private static func filmCommand(_ command: Command, _ state: inout AppState, id: Int) -> [Effect] {
    let page = max(1, Chrome(state.size).body.height)
    switch command {
    case .back:
      state.pop()
      scrollSelectionIntoView(&state)
    case .moveDown: scrollDetail(&state, by: 1)
    case .moveUp: scrollDetail(&state, by: -1)
    case .pageDown: scrollDetail(&state, by: page)
    case .pageUp: scrollDetail(&state, by: -page)
    case .halfPageDown: scrollDetail(&state, by: max(1, page / 2))
    case .halfPageUp: scrollDetail(&state, by: -max(1, page / 2))
    case .first: state.detailScroll = 0
    case .last: state.detailScroll = state.detailMaxScroll
    case .refresh:
      var entry = state.details[id] ?? Loadable()
      guard !entry.isLoading else { return [] }
      entry.begin()
      state.details[id] = entry
      return [.fetchDetails(id: id, forceRefresh: true)]
    case .open, .toggleWindow, .help, .redraw, .suspend, .quit, .nextTab, .previousTab, .tab1, .tab2, .tab3, .tab4,
      .tab5:
      break
    }
    return []
  }

  /// Shows a tab as the user left it, loading it the first time and refreshing it when stale.
  private static func showTab(_ kind: ListKind, _ state: inout AppState) -> [Effect] {
    state.switchTab(to: kind)
    let stale = state.list.fetchedAt.map { isStale($0, freshFor: listFreshness, now: state.now) } ?? true
    guard state.list.value == nil || stale else { return [] }
    return refreshList(&state, force: false)
  }

  /// Whether a command would do something now: the hint bar offers only those.
  public static func isAvailable(_ command: Command, in state: AppState) -> Bool {
    switch (state.screen, command) {
    case (_, .help), (_, .quit), (_, .redraw), (_, .suspend): return true
    case (.list, .moveDown), (.list, .moveUp), (.list, .pageDown), (.list, .pageUp), (.list, .halfPageDown),
      (.list, .halfPageUp), (.list, .first), (.list, .last):
      return state.movies.count > 1
    case (.list, .open): return state.selectedMovie != nil
    case (.list, .refresh): return !state.list.isLoading
    case (.list, .toggleWindow): return state.activeTab == .trending
    case (.list, .nextTab), (.list, .previousTab), (.list, .tab1), (.list, .tab2), (.list, .tab3), (.list, .tab4),
      (.list, .tab5):
      return true
    case (.detail, .nextTab), (.detail, .previousTab), (.detail, .tab1), (.detail, .tab2), (.detail, .tab3),
      (.detail, .tab4), (.detail, .tab5):
      return false
    case (.list, .back): return false
    case (.detail, .back): return true
    case (.detail(let id), .refresh): return state.details[id]?.isLoading != true
    case (.detail, .open), (.detail, .toggleWindow): return false
    case (.detail, _): return state.detailMaxScroll > 0
    }
  }

  private static func scrollDetail(_ state: inout AppState, by delta: Int) {
    state.detailScroll = min(max(state.detailScroll + delta, 0), state.detailMaxScroll)
  }

  private static func openDetail(_ state: inout AppState, id: Int) -> [Effect] {
    state.push(.film(FilmScreen(id: id)))
    var entry = state.details[id] ?? Loadable()
    guard entry.value == nil, !entry.isLoading else { return [] }
    entry.begin()
    state.details[id] = entry
    return [.fetchDetails(id: id, forceRefresh: false)]
  }

  private static func refreshList(_ state: inout AppState, force: Bool) -> [Effect] {
    guard !state.list.isLoading else { return [] }
    state.list.begin()
    state.moreError = nil
    return [.fetchList(ListRequest(kind: state.activeTab, window: state.window, page: 1, forceRefresh: force))]
  }

  private static func move(_ state: inout AppState, by delta: Int) -> [Effect] {
    move(&state, to: state.selection + delta)
  }

  private static func move(_ state: inout AppState, to index: Int) -> [Effect] {
    let count = state.movies.count
    state.selection = count == 0 ? 0 : min(max(index, 0), count - 1)
    scrollSelectionIntoView(&state)
    return loadMoreIfNeeded(&state)
  }

  private static func loadMoreIfNeeded(_ state: inout AppState) -> [Effect] {
    guard let listing = state.list.value, listing.hasMore, !state.isLoadingMore, state.moreError == nil,
      !state.list.isLoading, state.selection >= listing.movies.count - prefetchDistance
    else { return [] }
    state.isLoadingMore = true
    return [.fetchList(ListRequest(kind: state.activeTab, window: state.window, page: listing.pagesLoaded + 1))]
  }

  /// Keeps the selection inside the visible rows and the top row inside the list.
  public static func scrollSelectionIntoView(_ state: inout AppState) {
    let visible = state.visibleRows
    let count = state.movies.count
    state.selection = count == 0 ? 0 : min(max(state.selection, 0), count - 1)
    if state.selection < state.listTop { state.listTop = state.selection }
    if state.selection >= state.listTop + visible { state.listTop = state.selection - visible + 1 }
    state.listTop = max(0, min(state.listTop, max(0, count - visible)))
  }

  private static func listLoaded(
    _ state: inout AppState, _ request: ListRequest, _ result: Result<Fetched<MoviePage>, AmodbError>
  ) -> [Effect] {
    guard request.kind != .trending || request.window == state.window else { return [] }
    state.waits[.listPage(request.page, request.kind)] = nil
    if request.page > 1 {
      state.isLoadingMore = false
      switch result {
      case .success(let fetched):
        state.list.value?.append(fetched.value)
        state.rateLimit = fetched.rateLimit ?? state.rateLimit
      case .failure(let error):
        state.moreError = error
      }
      return []
    }
    switch result {
    case .success(let fetched):
      let selectedID = state.selectedMovie?.id
      state.list.succeed(Listing(firstPage: fetched.value), at: fetched.fetchedAt)
      state.rateLimit = fetched.rateLimit ?? state.rateLimit
      var effects: [Effect] = []
      if fetched.fromCache, isStale(fetched.fetchedAt, freshFor: listFreshness, now: state.now) {
        // Painted from the cache at once; the refresh runs behind it.
        state.list.begin()
        effects.append(.fetchList(ListRequest(kind: request.kind, window: request.window, page: 1, forceRefresh: true)))
      }
      state.isLoadingMore = false
      if let selectedID, let index = state.movies.firstIndex(where: { $0.id == selectedID }) {
        state.selection = index
      }
      scrollSelectionIntoView(&state)
      return effects + loadMoreIfNeeded(&state)
    case .failure(let error):
      state.list.fail(error)
      return []
    }
  }

  /// Whether an answer fetched at `date` is stale at `now` (the state's clock, the only one used).
  static func isStale(_ date: Date, freshFor seconds: TimeInterval, now: Date) -> Bool {
    now.timeIntervalSince(date) >= seconds
  }
}
