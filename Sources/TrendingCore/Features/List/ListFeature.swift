import AmodbKit
import FoundationEssentials
import Localization

/// The list screen as a feature: moves, opening a film, tabs, the window, sorting and the mouse.
extension ListScreen: ScreenFeature {
  public var route: Route { .list(self) }
  public var statusName: String { "list" }
  public var keyContext: KeyContext { filter?.editing == true ? .filter : .list }
  public func shows(_ shared: Shared) -> [APIRequest] { [] }

  /// A discover list is "Films" or "Series" in the breadcrumb; the row under it reads its filter once.
  public func title(_ shared: Shared) -> String {
    guard let filter = source.discover else { return source.title }
    return filter.media == .series
      ? trc("discover's results, plural", "Series") : trc("discover's results, plural", "Films")
  }

  /// A list opened empty (a discover list) loads its first page.
  public mutating func appear(_ shared: inout Shared) -> [Effect] {
    list.phase == .idle && list.value == nil ? refresh(force: false, shared) : []
  }

  public mutating func type(_ key: Key, _ shared: inout Shared) -> [Effect]? {
    editFilter(key, rows: shared.visibleRows) ? [] : nil
  }

  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    let rows = shared.visibleRows
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
      if filter?.editing == true {
        let intoRows = shared.movesOntoTheSelection(down: command == .moveDown, browsing: filter?.browsing == true)
        filter?.browsing = true
        if intoRows { return .nothing }
      }
      return Reaction(ListLogic.move(&self, command, rows: rows, shared))
    case .open:
      if filter?.editing == true {
        keepFilter()
        return .nothing
      }
      guard let entry = selectedMovie else { return .nothing }
      return Reaction(go: .push(feed.opening(entry, shared) ?? .opening(entry)))
    case .back:
      // A filter goes first; then a list opened on top goes back.
      guard filter == nil else {
        clearFilter(rows: rows)
        return .nothing
      }
      return Reaction(go: .pop)
    case .filter:
      startFilter()
      return .nothing
    case .discover:
      // A saved tab's form starts from its filter; a new one from the services set (`set services`).
      let saved = source.tab?.saved.flatMap { shared.services(of: $0).filter }
      let fresh = shared.newFilter(source.tab?.media ?? .film)
      let form = DiscoverForm(filter: source.discover ?? saved ?? fresh, replaces: source.discover != nil)
      return Reaction(go: .push(.discoverForm(form)))
    case .refresh:
      return Reaction(refresh(force: true, shared))
    case .toggleWindow:
      guard isTrending, let kind = source.tab else { return .nothing }
      self = ListScreen(kind: kind, window: window == .week ? .day : .week)
      return Reaction(refresh(force: false, shared))
    case .sort:
      // The calendar is in date order, by week: it has no other.
      guard feed.rowsStyle != .byWeek else { return .nothing }
      let selected = selectedMovie?.id
      sort = sort.next(among: feed.sorts)
      if let selected, let index = movies.firstIndex(where: { $0.id == selected }) { selection = index }
      ListLogic.scrollIntoView(&self, rows: rows)
      return .nothing
    case .pick:
      pickRow(shared)
      // Said, so the move is seen (and heard, with a screen reader): which row, of how many.
      if let picked = selectedMovie, movies.count > 1 {
        let name = Prompt.name(of: picked, episode: feed.episode(of: picked, shared))
        shared.say(
          tr("Picked %1$s, row %2$s of %3$s.", name, String(selection + 1), String(movies.count)), .message)
      } else {
        shared.say(tr("Nothing to pick among: the list shows one row or none."), .message)
      }
      return .nothing
    case .nextEpisode, .previousEpisode: return nil
    }
  }

  /// Moves to a row chosen at random among those shown (the filter's), never the one selected
  /// when there are others; the choice is seeded by the app's clock, so the reducer stays a function.
  mutating func pickRow(_ shared: Shared) {
    let count = movies.count
    guard count > 1 else { return }
    let seed = UInt64(max(0, shared.now.timeIntervalSince1970 * 1000)) &+ UInt64(selection) &* 7919
    guard let offset = Pick.index(among: count - 1, seed: seed) else { return }
    selection = (selection + 1 + offset) % count
    ListLogic.scrollIntoView(&self, rows: shared.visibleRows)
  }

  public func isAvailable(_ command: ScreenCommand, _ shared: Shared) -> Bool {
    switch command {
    case .sort: return movies.count > 1 && feed.rowsStyle != .byWeek
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last, .pick:
      return movies.count > 1
    case .open: return filter?.editing == true || selectedMovie != nil
    case .filter: return unfilteredCount > 1
    // A key refused or missing is read at start: asking again, or for the other window, fails again.
    case .refresh: return !list.isLoading && list.error?.needsAnotherKey != true
    case .toggleWindow: return isTrending && list.error?.needsAnotherKey != true
    case .discover: return filter?.editing != true
    // A filter clears; only a list opened on top (kept search results) goes back: a tab is the bottom.
    case .back: return filter != nil || source.tab == nil
    case .nextEpisode, .previousEpisode: return false
    }
  }

  public func subject(_ shared: Shared) -> MediaSummary? { selectedMovie.flatMap { $0.kind == .person ? nil : $0 } }

  public func page(_ shared: Shared) -> LinkedPage? {
    selectedMovie.map { entry in
      let page: WebPage =
        switch entry.kind {
        case .film: .film(entry.id)
        case .series: .series(entry.id)
        case .person: .person(entry.id)
        }
      return LinkedPage(page, title: entry.title + (entry.year.map { " (\($0))" } ?? ""))
    }
  }

  public var selectsLines: Bool { true }

  public func poster(_ shared: Shared) -> PosterRequest? {
    // Only the widest layout sizes itself by the titles: measuring them costs a pass over the list.
    let longest = shared.size.width >= PosterLayout.factsMinimumWidth ? longestTitle : nil
    guard let box = PosterLayout.listBox(for: shared.size, longestTitle: longest),
      let path = selectedMovie?.posterPath
    else { return nil }
    return PosterRequest(path: path, columns: box.width, rows: box.height)
  }

  public mutating func mouse(_ event: MouseEvent, _ shared: inout Shared) -> Reaction {
    switch event.kind {
    case .wheelUp, .wheelDown:
      let command: ScreenCommand = event.kind == .wheelDown ? .moveDown : .moveUp
      var effects: [Effect] = []
      for _ in 0..<MouseLogic.wheelStep { effects += perform(command, &shared)?.effects ?? [] }
      return Reaction(effects)
    case .press:
      guard let index = row(at: event, shared) else { return .nothing }
      if index == selection { return perform(.open, &shared) ?? .nothing }
      selection = index
      return .nothing
    }
  }

  /// The width of the longest title loaded, which a wide layout sizes its table by.
  public var longestTitle: Int { measuredLongestTitle }

  /// The film row under a click, when there is one.
  func row(at event: MouseEvent, _ shared: Shared) -> Int? {
    let rows = ListLayout.rows(for: shared.size)
    guard rows.rows.contains(event.row) else { return nil }
    let index = top + event.row - rows.row
    return movies.indices.contains(index) ? index : nil
  }
}
