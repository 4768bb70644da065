import AmodbKit
import FoundationEssentials
import Localization
import PosterKit

/// The app's pure update: state and action in, new state and effects out.
public enum Reducer {
  /// How close to the end of the list the selection gets before the next page is fetched.
  static let prefetchDistance = 5

  /// The most posters kept drawn in the state: as many as the details kept. A 34×26-cell poster
  /// takes 21 KB and one on a 200-column screen 65 KB; one let go is drawn again from the disk cache
  /// in a few milliseconds.
  static let posterCapacity = 24

  /// How long the selection rests on a film before its poster is fetched, so that holding `j`
  /// starts (almost) no downloads.
  public static let posterDelay = Duration.milliseconds(120)

  /// How long typing rests before the search line's query is asked: a typed title costs a
  /// handful of requests, not one a key.
  public static let searchDelay = Duration.milliseconds(300)

  /// The longest search line kept.
  static let searchLimit = 100

  /// Applies `action` to `state` and returns the work the runtime must do.
  public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    let effects = apply(&state, action)
    return effects + reconcilePosters(&state)
  }

  /// The poster to fetch now, if any (none while the help covers the screen).
  public static func wantedPoster(_ state: AppState) -> PosterRequest? {
    state.showsHelp ? nil : posterInView(state)
  }

  /// The poster the screen shows, help or not (the views draw it behind the overlay).
  public static func posterInView(_ state: AppState) -> PosterRequest? {
    guard state.imagesEnabled else { return nil }
    switch state.screen {
    case .list:
      guard let box = PosterLayout.listBox(for: state.size), let path = shownList(state).selectedMovie?.posterPath
      else {
        return nil
      }
      return PosterRequest(path: path, columns: box.width, rows: box.height)
    case .detail(let id):
      let path = state.details[id]?.value?.posterPath ?? state.summary(of: id)?.posterPath
      guard let layout = PosterLayout.detailBox(for: state.size), let path else { return nil }
      return PosterRequest(path: path, columns: layout.box.width, rows: layout.box.height)
    case .person(let id):
      guard let layout = PosterLayout.detailBox(for: state.size), let path = state.people[id]?.value?.profilePath
      else { return nil }
      return PosterRequest(path: path, columns: layout.box.width, rows: layout.box.height)
    }
  }

  /// The list on screen: the search line's results while it is open, else the list showing.
  public static func shownList(_ state: AppState) -> ListScreen {
    state.search?.results ?? state.listScreen
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
    case .graphicsReady(let request, let art, let transmit):
      guard state.posters[request] == .loading else { return [] }
      // The id is used again: a poster still showing the old image under it is let go.
      if let id = art.cells.first.flatMap(KittyGraphics.id) {
        state.posters = state.posters.filter { entry in
          guard case .loaded(let old) = entry.value else { return true }
          return old.cells.first.flatMap(KittyGraphics.id) != id
        }
      }
      state.posters[request] = .loaded(art)
      if state.posterInFlight == request { state.posterInFlight = nil }
      return [.writeTerminal(transmit)]
    case .pixelsReady(let request, let poster, let transmit):
      guard state.posters[request] == .loading else { return [] }
      // An id used again (kitty): the poster still holding it is let go.
      if let erase = poster.erase {
        state.posters = state.posters.filter { entry in
          guard case .pixels(let old) = entry.value else { return true }
          return old.erase != erase
        }
      }
      state.posters[request] = .pixels(poster)
      if state.posterInFlight == request { state.posterInFlight = nil }
      return transmit.map { [.writeTerminal($0)] } ?? []
    case .posterLoaded(let request, let art):
      guard state.posters[request] == .loading else { return [] }
      state.posters[request] = art.map(PosterSlot.loaded) ?? .unavailable
      if state.posterInFlight == request { state.posterInFlight = nil }
      return []
    case .start:
      return [.loadMarks] + refreshList(&state.rootList, force: false)
    case .marksLoaded(let marks, let problem):
      return stored(marks, problem: problem, &state)
    case .markSaved(let marks, let problem):
      if !state.unsavedMarks.isEmpty { state.unsavedMarks.removeFirst() }
      guard let marks else {
        // Not stored: what the file holds is read again, with the later changes over it.
        if let problem { state.notice = Notice(text: problem, tone: .warning, until: state.now.addingTimeInterval(15)) }
        return [.loadMarks]
      }
      return stored(marks, problem: problem, &state)
    case .notice(let text, let warning):
      state.notice = Notice(text: text, tone: warning ? .warning : .info, until: state.now.addingTimeInterval(8))
      return []
    case .mouse(let event):
      return MouseLogic.handle(event, &state)
    case .imagesChanged(let note):
      state.imagesNote = note
      var effects: [Effect] = []
      if state.posterInFlight != nil { effects.append(.cancel(.poster)) }
      state.posters = [:]
      state.posterInFlight = nil
      return effects
    case .resize(let size):
      state.size = size
      let rows = state.visibleRows
      var effects = ListLogic.scrollIntoView(&state.listScreen, rows: rows)
      effects += ListLogic.loadMoreIfNeeded(&state.listScreen, rows: rows)
      return effects
    case .tick(let now):
      state.now = now
      // A list left open goes stale after 30 minutes; refresh it behind the rows, once.
      let list = state.listScreen
      guard list.source.tab != nil, list.list.phase == .done, let fetchedAt = list.list.fetchedAt,
        now.timeIntervalSince(fetchedAt) >= listFreshness
      else { return [] }
      return refreshList(&state.listScreen, force: false)
    case .listLoaded(let request, let result):
      state.waits[.listPage(request.page, request.source)] = nil
      if case .success(let fetched) = result { state.rateLimit = fetched.rateLimit ?? state.rateLimit }
      let rows = state.visibleRows
      let now = state.now
      return state.updateLists(request.source) { ListLogic.loaded(&$0, request, result, rows: rows, now: now) }
    case .detailsLoaded(let id, let result):
      state.waits[.details(id)] = nil
      var entry = state.details[id] ?? Loadable()
      let effects = settle(&entry, result, freshFor: detailsFreshness, rateLimit: &state.rateLimit, now: state.now)
      state.details[id] = entry
      return effects.isEmpty ? [] : [.fetchDetails(id: id, forceRefresh: true)]
    case .personLoaded(let id, let result):
      state.waits[.person(id)] = nil
      var entry = state.people[id] ?? Loadable()
      let effects = settle(&entry, result, freshFor: detailsFreshness, rateLimit: &state.rateLimit, now: state.now)
      state.people[id] = entry
      return effects.isEmpty ? [] : [.fetchPerson(id: id, forceRefresh: true)]
    case .searchDue(let query):
      return askSearch(query, &state)
    case .documentLayout(let layout):
      guard var cursor = state.cursor else { return [] }
      DocumentLogic.relayout(&cursor, layout)
      state.cursor = cursor
      return []
    case .key(let key):
      return keyPressed(&state, key)
    case .paste(let text):
      return pasted(&state, text)
    }
  }

  /// Records a film's or person's answer; returns a refresh to run when it came stale from the cache.
  private static func settle<Value>(
    _ entry: inout Loadable<Value>, _ result: Result<Fetched<Value>, AmodbError>, freshFor: TimeInterval,
    rateLimit: inout RateLimitStatus?, now: Date
  ) -> [Bool] {
    switch result {
    case .success(let fetched):
      entry.succeed(fetched.value, at: fetched.fetchedAt)
      rateLimit = fetched.rateLimit ?? rateLimit
      if fetched.fromCache, isStale(fetched.fetchedAt, freshFor: freshFor, now: now) {
        // Shown from the cache while the network is asked: the one decision, on the one clock.
        entry.begin()
        return [true]
      }
    case .failure(let error):
      entry.fail(error)
    }
    return []
  }

  private static func keyPressed(_ state: inout AppState, _ key: Key) -> [Effect] {
    if state.search != nil, let effects = edit(&state, key) { return effects }
    let context = state.keyContext
    let command = state.keys.command(for: key, in: context)
    if state.showsHelp {
      switch command {
      case .moveDown:
        let lines = state.keys.helpLines(in: context, notes: state.imagesNote.map { [$0] } ?? []).count
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
  static func perform(_ command: Command, _ state: inout AppState) -> [Effect] {
    switch command {
    case .help:
      state.showsHelp = true
      state.helpScroll = 0
      return []
    case .quit: return [.quit]
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    case .search:
      state.search = SearchBox()
      return []
    default: break
    }
    if state.search != nil { return searchCommand(command, &state) }
    switch command {
    case .toggleWatchlist, .toggleSeen: return mark(command, &state)
    case .openInBrowser, .copyLink, .copyTitle: return link(command, &state)
    default: break
    }
    switch state.screen {
    case .list: return listCommand(command, &state)
    case .detail(let id): return documentCommand(command, &state, refresh: refreshFilm(id))
    case .person(let id): return documentCommand(command, &state, refresh: refreshPerson(id))
    }
  }

  // MARK: Lists

  private static func listCommand(_ command: Command, _ state: inout AppState) -> [Effect] {
    let rows = state.visibleRows
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
      return ListLogic.move(&state.listScreen, command, rows: rows)
    case .open:
      guard let movie = state.selectedMovie else { return [] }
      return openFilm(&state, id: movie.id)
    case .back:
      state.pop()
      return []
    case .refresh:
      return refreshList(&state.listScreen, force: true)
    case .nextTab, .previousTab, .tab1, .tab2, .tab3, .tab4, .tab5, .tab6:
      let all = ListKind.allCases
      let index = all.firstIndex(of: state.activeTab) ?? 0
      let target =
        command.tab
        ?? all[(index + (command == .nextTab ? 1 : all.count - 1)) % all.count]
      return showTab(target, &state)
    case .toggleWindow:
      guard state.activeTab == .trending, state.stack.count == 1 else { return [] }
      var list = ListScreen(window: state.window == .week ? .day : .week)
      let effects = refreshList(&list, force: false)
      state.rootList = list
      return effects
    case .sort:
      let selected = state.selectedMovie?.id
      state.listScreen.sort = state.listScreen.sort.next
      if let selected, let index = state.movies.firstIndex(where: { $0.id == selected }) { state.selection = index }
      return ListLogic.scrollIntoView(&state.listScreen, rows: state.visibleRows)
    case .help, .redraw, .suspend, .quit, .search, .toggleWatchlist, .toggleSeen, .openInBrowser, .copyLink,
      .copyTitle:
      return []
    }
  }

  // MARK: Marks and links

  /// The film the screen is about: the selected row, or the film showing.
  static func subjectFilm(_ state: AppState) -> MovieSummary? {
    switch state.screen {
    case .list: return shownList(state).selectedMovie
    case .detail(let id):
      if let details = state.details[id]?.value {
        return MovieSummary(
          id: id, title: details.title, releaseDate: details.releaseDate, posterPath: details.posterPath)
      }
      return state.summary(of: id) ?? MovieSummary(id: id, title: "")
    case .person: return nil
    }
  }

  /// Shows the marks as stored, with the changes still being saved over them (saves answer in
  /// order, so none is lost from the screen while an older save answers).
  private static func stored(_ marks: [Int: Mark], problem: String?, _ state: inout AppState) -> [Effect] {
    state.marks = marks
    for change in state.unsavedMarks { change.apply(to: &state.marks) }
    if let problem { state.notice = Notice(text: problem, tone: .warning, until: state.now.addingTimeInterval(15)) }
    // The watchlist tab follows its marks: reloaded when showing, else when next shown.
    state.tabs[.watchlist] = nil
    guard state.rootList.source == .tab(.watchlist), state.stack.count == 1 else { return [] }
    return refreshList(&state.rootList, force: true)
  }

  /// Adds or removes the film from the watchlist, or marks it seen or not: at once on screen, then stored.
  private static func mark(_ command: Command, _ state: inout AppState) -> [Effect] {
    guard let film = subjectFilm(state) else { return [] }
    let current = state.marks[film.id]
    let kind: MarkChange.Kind =
      command == .toggleWatchlist ? .watchlist(!(current?.onWatchlist ?? false)) : .seen(current?.seen == nil)
    let change = MarkChange(
      id: film.id, title: film.title, year: film.year, kind: kind, day: WatchlistFormat.day(state.now))
    change.apply(to: &state.marks)
    state.unsavedMarks.append(change)
    let name = film.title.isEmpty ? tr("the film") : film.title
    let text: String
    switch kind {
    case .watchlist(true): text = tr("Added %s to the watchlist.", name)
    case .watchlist(false): text = tr("Removed %s from the watchlist.", name)
    case .seen(true): text = tr("Marked %s seen.", name)
    case .seen(false): text = tr("Marked %s not seen.", name)
    }
    state.notice = Notice(text: text, until: state.now.addingTimeInterval(5))
    return [.saveMark(change)]
  }

  /// The web page of the film or person the screen is about, with what to copy as its title.
  static func page(_ state: AppState) -> (url: String, title: String)? {
    if case .person(let id) = state.screen {
      return ("https://www.themoviedb.org/person/\(id)", state.people[id]?.value?.name ?? "")
    }
    guard let film = subjectFilm(state) else { return nil }
    let title = film.title + (film.year.map { " (\($0))" } ?? "")
    return ("https://www.themoviedb.org/movie/\(film.id)", title)
  }

  /// Opens the page in the browser, or copies its link or its title.
  private static func link(_ command: Command, _ state: inout AppState) -> [Effect] {
    guard let page = page(state) else { return [] }
    let until = state.now.addingTimeInterval(6)
    switch command {
    case .openInBrowser:
      state.notice = Notice(text: tr("Opening %s", page.url), until: until)
      return [.openURL(page.url)]
    case .copyLink:
      state.notice = Notice(text: tr("Copied %s", page.url), until: until)
      return [.copy(page.url)]
    default:
      guard !page.title.isEmpty else { return [] }
      state.notice = Notice(text: tr("Copied “%s”", page.title), until: until)
      return [.copy(page.title)]
    }
  }

  /// Shows a tab as the user left it, loading it the first time and refreshing it when stale.
  private static func showTab(_ kind: ListKind, _ state: inout AppState) -> [Effect] {
    state.switchTab(to: kind)
    let list = state.rootList.list
    let stale = list.fetchedAt.map { isStale($0, freshFor: listFreshness, now: state.now) } ?? true
    guard list.value == nil || stale else { return [] }
    return refreshList(&state.rootList, force: false)
  }

  private static func refreshList(_ list: inout ListScreen, force: Bool) -> [Effect] {
    guard !list.list.isLoading else { return [] }
    list.list.begin()
    list.moreError = nil
    return [.fetchList(list.request(page: 1, force: force))]
  }

  // MARK: Films and people

  private static func refreshFilm(_ id: Int) -> (inout AppState) -> [Effect] {
    { state in
      var entry = state.details[id] ?? Loadable()
      guard !entry.isLoading else { return [] }
      entry.begin()
      state.details[id] = entry
      return [.fetchDetails(id: id, forceRefresh: true)]
    }
  }

  private static func refreshPerson(_ id: Int) -> (inout AppState) -> [Effect] {
    { state in
      var entry = state.people[id] ?? Loadable()
      guard !entry.isLoading else { return [] }
      entry.begin()
      state.people[id] = entry
      return [.fetchPerson(id: id, forceRefresh: true)]
    }
  }

  /// A command on a film's or person's screen: scrolling, links, back, refresh and sort.
  private static func documentCommand(
    _ command: Command, _ state: inout AppState, refresh: (inout AppState) -> [Effect]
  ) -> [Effect] {
    let page = max(1, Chrome(state.size).body.height)
    guard var cursor = state.cursor else { return [] }
    switch command {
    case .back:
      state.pop()
      let rows = state.visibleRows
      return ListLogic.scrollIntoView(&state.listScreen, rows: rows)
    case .moveDown: DocumentLogic.step(&cursor, down: true, visible: page)
    case .moveUp: DocumentLogic.step(&cursor, down: false, visible: page)
    case .pageDown: DocumentLogic.scroll(&cursor, by: page, visible: page)
    case .pageUp: DocumentLogic.scroll(&cursor, by: -page, visible: page)
    case .halfPageDown: DocumentLogic.scroll(&cursor, by: max(1, page / 2), visible: page)
    case .halfPageUp: DocumentLogic.scroll(&cursor, by: -max(1, page / 2), visible: page)
    case .first: DocumentLogic.scroll(&cursor, by: -cursor.scroll, visible: page)
    case .last: DocumentLogic.scroll(&cursor, by: cursor.layout.maxScroll - cursor.scroll, visible: page)
    case .refresh: return refresh(&state)
    case .sort:
      guard var person = state.personScreen else { return [] }
      person.byScore.toggle()
      person.cursor = DocumentCursor()
      state.personScreen = person
      return []
    case .open:
      switch cursor.selectedTarget {
      case .film(let id): return openFilm(&state, id: id)
      case .person(let id): return openPerson(&state, id: id)
      case .expand:
        guard var person = state.personScreen else { return [] }
        person.expanded.toggle()
        state.personScreen = person
        return []
      case nil: return []
      }
    case .toggleWindow, .help, .redraw, .suspend, .quit, .nextTab, .previousTab, .tab1, .tab2, .tab3, .tab4, .tab5,
      .tab6, .search, .toggleWatchlist, .toggleSeen, .openInBrowser, .copyLink, .copyTitle:
      return []
    }
    state.cursor = cursor
    return []
  }

  private static func openFilm(_ state: inout AppState, id: Int) -> [Effect] {
    state.push(.film(FilmScreen(id: id)))
    state.forgetUnshownDetails()
    var entry = state.details[id] ?? Loadable()
    guard entry.value == nil, !entry.isLoading else { return [] }
    entry.begin()
    state.details[id] = entry
    return [.fetchDetails(id: id, forceRefresh: false)]
  }

  private static func openPerson(_ state: inout AppState, id: Int) -> [Effect] {
    state.push(.person(PersonScreen(id: id)))
    state.forgetUnshownDetails()
    var entry = state.people[id] ?? Loadable()
    guard entry.value == nil, !entry.isLoading else { return [] }
    entry.begin()
    state.people[id] = entry
    return [.fetchPerson(id: id, forceRefresh: false)]
  }

  // MARK: Search

  /// Edits the search line with a key that types or deletes; nil when the key is not an edit.
  private static func edit(_ state: inout AppState, _ key: Key) -> [Effect]? {
    guard var box = state.search else { return nil }
    switch key {
    case .character(let character):
      guard box.text.count < searchLimit else { return [] }
      box.text.append(character)
    case .backspace:
      guard !box.text.isEmpty else { return [] }
      box.text.removeLast()
    case .control("u"):
      box.text = ""
    case .control("w"):
      while box.text.last == " " { box.text.removeLast() }
      while let last = box.text.last, last != " " { box.text.removeLast() }
    default:
      return nil
    }
    return searchEdited(&state, box)
  }

  /// Types pasted text into the search line, on one line and clean; nothing when it is closed.
  private static func pasted(_ state: inout AppState, _ text: String) -> [Effect] {
    guard var box = state.search else { return [] }
    let line = TextSanitizer.clean(String(text.prefix(4 * searchLimit)), keepNewlines: true)
      .split(whereSeparator: \.isNewline).joined(separator: " ")
    box.text += line.prefix(max(0, searchLimit - box.text.count))
    return searchEdited(&state, box)
  }

  /// Keeps an edited search line and asks its query once typing rests.
  private static func searchEdited(_ state: inout AppState, _ box: SearchBox) -> [Effect] {
    let before = state.search?.query
    state.search = box
    guard box.query != before else { return [] }
    guard let query = box.query else {
      // Nothing left to search for: nothing is asked, and an answer on its way is not shown.
      var effects: [Effect] = [.cancel(.searchDebounce)]
      if let asked = box.results?.source, case .search = asked { effects.append(.cancel(.listPage(1, asked))) }
      state.search?.results = nil
      return effects
    }
    return [.after(searchDelay, .searchDue(query), id: .searchDebounce)]
  }

  /// Asks the search line's query, when it is still the one typed; an answer to an older query is
  /// never shown (its request is cancelled).
  private static func askSearch(_ query: SearchQuery, _ state: inout AppState) -> [Effect] {
    guard let box = state.search, box.query == query else { return [] }
    if let results = box.results, results.source == .search(query) { return [] }
    var effects: [Effect] = []
    if let asked = box.results?.source, asked != .search(query), box.results?.list.isLoading == true {
      effects.append(.cancel(.listPage(1, asked)))
    }
    var results = ListScreen(source: .search(query))
    effects += refreshList(&results, force: false)
    state.search?.results = results
    return effects
  }

  /// A command while the search line is open: move in the results, keep them, or close the line.
  private static func searchCommand(_ command: Command, _ state: inout AppState) -> [Effect] {
    guard let box = state.search else { return [] }
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
      guard var results = box.results else { return [] }
      let effects = ListLogic.move(&results, command, rows: SearchLayout.visibleRows(for: state.size))
      state.search?.results = results
      return effects
    case .open:
      guard let results = box.results, results.list.value != nil || results.list.isLoading else { return [] }
      state.search = nil
      var kept = results
      _ = ListLogic.scrollIntoView(&kept, rows: state.visibleRows)
      state.push(.list(kept))
      return [.cancel(.searchDebounce)]
    case .back:
      state.search = nil
      var effects: [Effect] = [.cancel(.searchDebounce)]
      if let source = box.results?.source, box.results?.list.isLoading == true {
        effects.append(.cancel(.listPage(1, source)))
      }
      return effects
    default:
      return []
    }
  }

  // MARK: Availability

  /// Whether a command would do something now: the hint bar offers only those.
  public static func isAvailable(_ command: Command, in state: AppState) -> Bool {
    if state.search != nil {
      switch command {
      case .back, .quit, .redraw, .suspend: return true
      case .open: return state.search?.results != nil
      case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last: return (state.search?.results?.movies.count ?? 0) > 1
      default: return false
      }
    }
    switch command {
    case .toggleWatchlist, .toggleSeen: return subjectFilm(state) != nil
    case .openInBrowser, .copyLink, .copyTitle: return page(state) != nil
    default: break
    }
    switch (state.screen, command) {
    case (_, .help), (_, .quit), (_, .redraw), (_, .suspend), (_, .search): return true
    case (.list, .moveDown), (.list, .moveUp), (.list, .pageDown), (.list, .pageUp), (.list, .halfPageDown),
      (.list, .halfPageUp), (.list, .first), (.list, .last):
      return state.movies.count > 1
    case (.list, .open): return state.selectedMovie != nil
    case (.list, .refresh): return !state.list.isLoading
    case (.list, .toggleWindow): return state.activeTab == .trending && state.stack.count == 1
    case (.list, .nextTab), (.list, .previousTab), (.list, .tab1), (.list, .tab2), (.list, .tab3), (.list, .tab4),
      (.list, .tab5), (.list, .tab6):
      return true
    case (.list, .back): return state.stack.count > 1
    case (.list, .sort): return state.movies.count > 1
    case (_, .nextTab), (_, .previousTab), (_, .tab1), (_, .tab2), (_, .tab3), (_, .tab4), (_, .tab5), (_, .tab6),
      (_, .toggleWindow):
      return false
    case (_, .back): return true
    case (.detail(let id), .refresh): return state.details[id]?.isLoading != true
    case (.person(let id), .refresh): return state.people[id]?.isLoading != true
    case (.person(let id), .sort): return state.people[id]?.value?.credits.isEmpty == false
    case (_, .sort): return false
    case (_, .open): return state.cursor?.selectedTarget != nil
    case (_, _): return state.detailMaxScroll > 0 || state.cursor?.layout.links.isEmpty == false
    }
  }

  /// Keeps the selection of the list showing inside the visible rows and the top row inside the list.
  public static func scrollSelectionIntoView(_ state: inout AppState) {
    let rows = state.visibleRows
    _ = ListLogic.scrollIntoView(&state.listScreen, rows: rows)
  }

  /// Whether an answer fetched at `date` is stale at `now` (the state's clock, the only one used).
  static func isStale(_ date: Date, freshFor seconds: TimeInterval, now: Date) -> Bool {
    now.timeIntervalSince(date) >= seconds
  }
}

/// The list screen's moves and answers, on one list's state: the same for tabs, search results
/// kept as a list, and the search line's live results.
enum ListLogic {
  /// Moves the selection as a command says, fetching the next page as the end nears.
  static func move(_ list: inout ListScreen, _ command: Command, rows: Int) -> [Effect] {
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
    return scrollIntoView(&list, rows: rows) + loadMoreIfNeeded(&list, rows: rows)
  }

  /// Keeps the selection inside the visible rows and the top row inside the list.
  static func scrollIntoView(_ list: inout ListScreen, rows: Int) -> [Effect] {
    let visible = max(1, rows)
    let count = list.movies.count
    list.selection = count == 0 ? 0 : min(max(list.selection, 0), count - 1)
    if list.selection < list.top { list.top = list.selection }
    if list.selection >= list.top + visible { list.top = list.selection - visible + 1 }
    list.top = max(0, min(list.top, max(0, count - visible)))
    return []
  }

  /// Fetches the next page when the selection nears the end, or when the rows are not yet filled
  /// (a tall terminal loads enough pages to fill its rows).
  static func loadMoreIfNeeded(_ list: inout ListScreen, rows: Int) -> [Effect] {
    guard let listing = list.list.value, listing.hasMore, !list.isLoadingMore, list.moreError == nil,
      !list.list.isLoading,
      list.selection >= listing.movies.count - Reducer.prefetchDistance || listing.movies.count < rows
    else { return [] }
    list.isLoadingMore = true
    return [.fetchList(list.request(page: listing.pagesLoaded + 1))]
  }

  /// Records a page's answer in a list.
  static func loaded(
    _ list: inout ListScreen, _ request: ListRequest, _ result: Result<Fetched<MoviePage>, AmodbError>, rows: Int,
    now: Date
  ) -> [Effect] {
    guard request.source.tab != .trending || request.window == list.window else { return [] }
    if request.page > 1 {
      list.isLoadingMore = false
      switch result {
      case .success(let fetched):
        list.list.value?.append(fetched.value)
        return loadMoreIfNeeded(&list, rows: rows)
      case .failure(let error):
        list.moreError = error
      }
      return []
    }
    switch result {
    case .success(let fetched):
      let selectedID = list.selectedMovie?.id
      list.list.succeed(Listing(firstPage: fetched.value), at: fetched.fetchedAt)
      var effects: [Effect] = []
      if fetched.fromCache, Reducer.isStale(fetched.fetchedAt, freshFor: listFreshness, now: now) {
        // Painted from the cache at once; the refresh runs behind it.
        list.list.begin()
        effects.append(.fetchList(list.request(page: 1, force: true)))
      }
      list.isLoadingMore = false
      if let selectedID, let index = list.movies.firstIndex(where: { $0.id == selectedID }) {
        list.selection = index
      }
      return effects + scrollIntoView(&list, rows: rows) + loadMoreIfNeeded(&list, rows: rows)
    case .failure(let error):
      list.list.fail(error)
      return []
    }
  }
}

/// The film and person screens' moves: lines scroll, and `j`/`k` stop at each link on the way, as
/// text browsers do.
enum DocumentLogic {
  /// Moves to the next (or previous) link when it is on screen or just past its edge; else
  /// scrolls a line.
  static func step(_ cursor: inout DocumentCursor, down: Bool, visible: Int) {
    let links = cursor.layout.links
    let current = cursor.selected.flatMap { links.indices.contains($0) ? links[$0].line : nil }
    let candidate: Int?
    if down {
      candidate = links.indices.first { links[$0].line > (current ?? cursor.scroll - 1) }
    } else {
      candidate = links.indices.last { links[$0].line < (current ?? cursor.scroll + visible) }
    }
    if let candidate, links[candidate].line >= cursor.scroll - 1, links[candidate].line <= cursor.scroll + visible {
      cursor.selected = candidate
      let line = links[candidate].line
      cursor.scroll = min(max(cursor.scroll, line - visible + 1), line)
      cursor.scroll = min(max(cursor.scroll, 0), cursor.layout.maxScroll)
      return
    }
    scroll(&cursor, by: down ? 1 : -1, visible: visible)
  }

  /// Scrolls by `delta` lines; a selected link scrolled off the screen is let go.
  static func scroll(_ cursor: inout DocumentCursor, by delta: Int, visible: Int) {
    cursor.scroll = min(max(cursor.scroll + delta, 0), cursor.layout.maxScroll)
    keepSelectionVisible(&cursor, visible: visible)
  }

  /// Takes a new layout (after a draw), keeping the scroll and selection inside it.
  static func relayout(_ cursor: inout DocumentCursor, _ layout: DocumentLayout) {
    let target = cursor.selectedTarget
    cursor.layout = layout
    cursor.scroll = min(cursor.scroll, layout.maxScroll)
    if let target {
      cursor.selected = layout.links.firstIndex { $0.target == target }
    } else {
      cursor.selected = nil
    }
  }

  private static func keepSelectionVisible(_ cursor: inout DocumentCursor, visible: Int) {
    guard let selected = cursor.selected, cursor.layout.links.indices.contains(selected) else {
      cursor.selected = nil
      return
    }
    let line = cursor.layout.links[selected].line
    if line < cursor.scroll || line >= cursor.scroll + visible { cursor.selected = nil }
  }
}

/// The search line's layout: the line itself under the header, then the results.
public enum SearchLayout {
  /// Rows of the body above the results: the search line and the column titles.
  public static let headerRows = 2

  /// How many result rows fit at `size`.
  public static func visibleRows(for size: Size) -> Int {
    max(1, Chrome(size).body.height - headerRows)
  }
}
