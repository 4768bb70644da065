import AmodbKit
import FoundationEssentials
import Localization

/// The app's pure update: state and action in, new state and effects out. It routes each action
/// once: to the search line or the help when they are open, else to the screen showing; what
/// every screen shares it handles itself.
public enum Reducer {
  /// Applies `action` to `state` and returns the work the runtime must do.
  public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    let place = NoticePlace(state)
    let notice = state.shared.notice
    let effects = apply(&state, action)
    UndoLogic.settle(&state.shared)
    NoticePlace.settle(before: place, notice: notice, &state)
    return effects
      + PosterLogic.reconcile(wanted: wantedPoster(state), ahead: postersAhead(state), &state.shared)
      + PaneFacts.reconcile(&state) + ServiceRows.reconcile(&state)
  }

  /// The poster to fetch now, if any (none while the help covers the screen).
  public static func wantedPoster(_ state: AppState) -> PosterRequest? {
    state.help != nil ? nil : posterInView(state)
  }

  /// The posters to decode ahead: the rows either side of a list's selection, when the list is the
  /// screen and nothing covers it.
  static func postersAhead(_ state: AppState) -> [PosterRequest] {
    guard state.help == nil, state.search == nil, state.shared.imagesEnabled,
      case .list(let list) = state.stack[state.stack.count - 1]
    else { return [] }
    return list.postersAhead(state.shared)
  }

  /// The poster the screen shows, help or not (the views draw it behind the overlay).
  public static func posterInView(_ state: AppState) -> PosterRequest? {
    guard state.shared.imagesEnabled else { return nil }
    if let search = state.search { return search.poster(state.shared) }
    // A form or a chooser drawn over a screen keeps that screen's poster.
    switch state.stack[state.stack.count - 1] {
    case .discoverForm: return state.topList.poster(state.shared)
    case .chooser where state.stack.count > 1: return state.stack[state.stack.count - 2].screen.poster(state.shared)
    default: return state.top.poster(state.shared)
    }
  }

  private static func apply(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .waiting(let id, let seconds):
      state.shared.waits[id] = state.shared.now.addingTimeInterval(TimeInterval(seconds))
      return []
    case .posterDue(let request):
      return PosterLogic.due(request, state.shared)
    case .paneFactsDue(let request):
      return PaneFacts.due(request, &state.shared)
    case .readAheadDue:
      return FeedLogic.readAheadDue(&state)
    case .graphicsReady(let request, let art, let transmit):
      return PosterLogic.graphics(request, art, transmit: transmit, &state.shared)
    case .pixelsReady(let request, let poster, let transmit):
      return PosterLogic.pixels(request, poster, transmit: transmit, &state.shared)
    case .posterLoaded(let request, let art):
      PosterLogic.loaded(request, art, &state.shared)
      return []
    case .start:
      // The provider table is asked once for every tab that names services (kept a week).
      let providers = state.shared.savedTabProviders.flatMap { state.shared.load($0) }
      return [.loadMarks] + providers + state.rootList.refresh(force: false, state.shared)
    case .marksLoaded(let marks, let problem):
      return MarkLogic.stored(marks, problem: problem, &state) + FeedLogic.update(&state)
    case .changeSaved(let after, let problem):
      return MarkLogic.saved(after, problem: problem, &state) + UndoLogic.wantedOnceSaved(&state)
    case .episodeMarksLoaded(let id, let seen):
      EpisodeMarkLogic.loaded(id, seen, &state.shared)
      return EpisodeMarkLogic.markWanted(&state.shared)
    case .synced(let report):
      return SyncLogic.synced(report, &state) ? apply(&state, .libraryChanged) : []
    case .libraryChanged:
      // What changed it may have changed anything of the user's: the marks are read again, and the
      // lists of the user's own data (the watchlist, Up next): now when showing, else behind it.
      for (kind, list) in state.tabs where list.feed.localQuery != nil { state.tabs[kind] = nil }
      // The tabs read ahead are read again once the marks are back (`MarkLogic.stored`); the seen
      // episodes of every series held are read again, so an open season ticks what was marked
      // elsewhere; and every list of the user's open (a list of theirs over the screen too).
      let episodes = state.shared.seenEpisodes.keys.sorted().map(Effect.loadEpisodeMarks)
      return [.loadMarks] + episodes
        + state.updateLists({ $0.feed.localQuery != nil }) { screen, shared in screen.readAgain(shared) }
    case .notice(let text, let warning):
      state.shared.say(text, warning ? .failure : .message)
      return []
    case .libraryBusy:
      BusyLibrary.heard(&state)
      return []
    case .mouse(let event):
      return MouseLogic.handle(event, &state)
    case .terminalReplied(let reply):
      let heard = state.shared.terminal.heard(reply)
      return heard.effects + (heard.note.map { PosterLogic.redrawAll(note: $0, &state.shared) } ?? [])
    case .windowMeasured(let cell):
      let measured = state.shared.terminal.measured(cell)
      return measured.effects + (measured.note.map { PosterLogic.redrawAll(note: $0, &state.shared) } ?? [])
    case .resize(let size):
      state.shared.size = size
      return state.updateTopList { list, shared in
        ListLogic.scrollIntoView(&list, rows: shared.visibleRows)
        return ListLogic.loadMoreIfNeeded(&list, rows: shared.visibleRows, shared)
      }
    case .tick(let now, let utcOffset):
      let day = state.shared.today
      state.shared.now = now
      state.shared.utcOffset = utcOffset
      // A list left open goes stale after 30 minutes, or, when it turns with the day (the
      // calendar's weeks start today), at midnight; one whose read failed tries again by itself
      // (`retryDue`). Refreshed behind the rows, once.
      let newDay = state.shared.today != day
      return state.updateTopList { list, shared in
        // At the day's turn the kept answer is of yesterday, however young: asked of the network.
        if newDay, list.source.tab?.turnsWithTheDay == true { return list.refresh(force: true, shared) }
        return list.isStale(at: now) || list.retryDue(at: now) ? list.refresh(force: false, shared) : []
      }
    case .fetched(let request, let result):
      state.shared.waits[.fetch(request)] = nil
      // A spent rate limit's wait is kept, so what says it counts down to when to try again.
      state.shared.retryAt[.fetch(request)] = nil
      if case .failure(.rateLimited(let seconds)) = result {
        state.shared.retryAt[.fetch(request)] = state.shared.now.addingTimeInterval(TimeInterval(seconds))
      }
      if case .success(let fetched) = result { state.shared.rateLimit = fetched.rateLimit ?? state.shared.rateLimit }
      // Details, tables and the pages a made feed reads are the screens' shared answers; lists that
      // waited for one (a saved tab for its services) ask now.
      guard request.isList, !FeedLogic.isRead(request, state) else {
        let effects =
          state.shared.settle(request, result) + FeedLogic.update(&state) + EpisodeMarkLogic.markWanted(&state.shared)
        // A misspelt service is said once its table comes; the tab goes on with the others.
        if case .providers = request, let notice = state.shared.misspeltServices.first {
          state.shared.say(notice, .failure)
        }
        return request.isList ? effects : effects + FeedLogic.retryWaiting(&state)
      }
      let page = result.map { fetched in fetched.map { $0.page ?? MediaPage(page: 1, totalPages: 1, results: []) } }
      let shared = state.shared
      let effects = state.updateLists({ $0.page(answering: request, shared) != nil }) { list, shared in
        ListLogic.loaded(&list, page: request.page ?? 1, page, rows: shared.visibleRows, shared)
      }
      return effects + FeedLogic.readAhead(&state)
    case .localRead(let query, let result):
      return FeedLogic.localRead(query, result, &state)
    case .searchDue(let query):
      guard var search = state.search else { return [] }
      defer { state.search = search }
      return search.due(query, state.shared)
    case .documentLayout(let layout):
      state.updateTop { screen, _ in screen.laidOut(layout) }
      return []
    case .key(let key):
      state.shared.quitAskedLast = false
      return keyPressed(&state, key)
    case .pathCompleted(let typed, let text, let matches):
      PlayLogic.completed(typed: typed, text: text, matches: matches, &state)
      return []
    case .filePlayed(let file, let outcome):
      return PlayLogic.played(file, outcome, &state)
    case .paste(let text):
      if state.prompt != nil {
        PromptLogic.paste(text, &state)
        return []
      }
      if var palette = state.palette {
        palette.line.paste(text)
        palette.selection = 0
        palette.browsing = false
        state.palette = palette
        return []
      }
      if var search = state.search {
        defer { state.search = search }
        return search.paste(text, state.shared)
      }
      // The filter being typed takes a paste as the keys it holds, each narrowing the list.
      guard state.keyContext == .filter else { return [] }
      return LineEditor.oneLine(text, limit: ListFilter.limit).flatMap { keyPressed(&state, .character($0)) }
    }
  }

  private static func keyPressed(_ state: inout AppState, _ key: Key) -> [Effect] {
    // Below the smallest size only the size shows: no key acts on what cannot be seen but q and
    // the app's own (^C, ^Z, ^L). A line being typed is kept, q a letter of it, until the terminal
    // is large enough to show it again; ^C drops it, as on any line, and then q quits.
    if !ListLayout.isUsable(state.shared.size) {
      let command = state.shared.keys.command(for: key, in: state.keyContext)
      if key == .character("q"), !state.isTypingALine { return BusyLibrary.quit(&state) }
      switch command {
      case .quit? where state.isTypingALine:
        // ^C drops the line; any other key bound to quit (q) is a letter of it, kept.
        guard case .control = key else { return [] }
        return keyPressedInView(&state, .escape)
      case .quit?: return BusyLibrary.quit(&state)
      case .suspend?: return [.suspend]
      case .redraw?: return [.redraw]
      default: return []
      }
    }
    return keyPressedInView(&state, key)
  }

  /// A key at a size the app draws in: to the line being typed, the overlay, or the screen.
  private static func keyPressedInView(_ state: inout AppState, _ key: Key) -> [Effect] {
    // The quit key on a line being typed drops the line, as a shell's ^C does; the next one quits.
    if case .control = key, state.isTypingALine, state.shared.keys.command(for: key, in: state.keyContext) == .quit {
      return keyPressed(&state, .escape)
    }
    if state.prompt != nil { return PromptLogic.key(key, &state) }
    if state.palette != nil { return PaletteLogic.key(key, &state) }
    if var search = state.search, let effects = search.edit(key, state.shared) {
      state.search = search
      return effects
    }
    // The link chooser's numbers open a page at once.
    if state.search == nil, state.help == nil, case .chooser(let chooser)? = state.stack.last,
      let index = chooser.index(typed: key)
    {
      return apply(chooser.opened(index, &state.shared), &state)
    }
    if state.search == nil, state.help == nil,
      let effects = state.updateTop({ screen, shared in screen.type(key, &shared) })
    {
      return effects
    }
    let context = state.keyContext
    let command = state.shared.keys.command(for: key, in: context)
    if var help = state.help {
      let rows = HelpScreen.rowCount(state)
      switch help.perform(command, key: key, rows: rows, height: state.shared.size.height) {
      case .stays: state.help = help
      case .closes: state.help = nil
      case .quits: return BusyLibrary.quit(&state)
      }
      return []
    }
    guard let command else {
      unbound(key, &state)
      return []
    }
    return perform(command, &state)
  }

  /// Says that a printable key does nothing on this screen, and where the keys are listed.
  private static func unbound(_ key: Key, _ state: inout AppState) {
    guard case .character(let typed) = key, typed != " " else { return }
    let help = state.shared.keys.firstKey(for: .app(.help), in: state.keyContext)?.label(ascii: state.shared.asciiKeys)
    state.shared.say(tr("%1$s does nothing here; %2$s lists the keys.", String(typed), help ?? "?"), .message)
  }

  /// Runs a command from the key table: the app's own once, here; a screen's on the search line
  /// when it is open, else on the screen showing.
  static func perform(_ command: Command, _ state: inout AppState) -> [Effect] {
    // `r` also syncs the library's folder, when it has one.
    let syncing: [Effect] = command == .screen(.refresh) && state.shared.sync != nil ? [.syncLibrary] : []
    return syncing + performed(command, &state)
  }

  /// `perform`'s work for one command.
  private static func performed(_ command: Command, _ state: inout AppState) -> [Effect] {
    switch command {
    case .app(let command): return AppCommands.perform(command, &state)
    case .screen(let command):
      if var search = state.search {
        let outcome = search.perform(command, state.shared)
        state.search = search
        return apply(outcome, &state)
      }
      let reaction = state.updateTop { screen, shared in screen.perform(command, &shared) }
      return apply(reaction ?? .nothing, &state)
    }
  }

  /// Carries out a screen's reaction: its effects, then where it goes.
  static func apply(_ reaction: Reaction, _ state: inout AppState) -> [Effect] {
    guard let navigation = reaction.navigation else { return reaction.effects }
    switch navigation {
    case .push(let route):
      state.push(route)
      state.forgetUnshownDetails()
      return reaction.effects + state.updateTop { screen, shared in screen.appear(&shared) }
    case .replace(let route, let popping):
      for _ in 0..<max(0, popping) { state.pop() }
      var effects = reaction.effects
      // The screen under the new one follows it (a season under an episode stepped to with n or p):
      // changed in place when it is the same screen, else opened anew.
      if let following = state.top.following(route) {
        if following.screen.statusName == state.top.statusName {
          state.updateTop { screen, _ in screen = following.screen }
        } else {
          state.pop()
          effects = apply(Reaction(effects, go: .push(following)), &state)
        }
      }
      // The screen under and the new one may ask for the same (a series' marks): once.
      let opened = apply(Reaction(go: .push(route)), &state)
      return effects + opened.filter { !effects.contains($0) }
    case .pop:
      state.pop()
      state.updateTopList { list, shared in ListLogic.scrollIntoView(&list, rows: shared.visibleRows) }
      return reaction.effects
    case .showTab(let kind):
      state.shared.browsing = kind.media ?? state.shared.browsing
      state.switchTab(to: kind)
      state.rootList.showOnly(kind.feed == .forYou ? state.shared.browsing : nil, rows: state.shared.visibleRows)
      let list = state.rootList.list
      let stale = list.fetchedAt.map { isStale($0, freshFor: listFreshness, now: state.shared.now) } ?? true
      // A made feed shown again asks for what it lacks (the details of a title followed since).
      let made = state.rootList.feed.isMade ? FeedLogic.update(&state) : []
      guard list.value == nil || stale else { return reaction.effects + made }
      return reaction.effects + state.rootList.refresh(force: false, state.shared) + made
    }
  }

  /// Carries out what a command on the search line leads to.
  static func apply(_ outcome: SearchBox.Outcome, _ state: inout AppState) -> [Effect] {
    if outcome.closes { state.search = nil }
    if let kept = outcome.keeps { state.push(.list(kept)) }
    return outcome.effects
  }

  /// Whether a command would do something now: the hint bar offers only those.
  public static func isAvailable(_ command: Command, in state: AppState) -> Bool {
    var offer = AppCommands.Offer(state.top)
    return isAvailable(command, in: state, offer: &offer)
  }

  /// Whether each of `commands` is available, as `isAvailable` says, with the screen on top taken
  /// from the stack, and asked what it offers, once for all of them rather than once a command
  /// (the hint bar asks a dozen a frame).
  public static func availability(of commands: [Command], in state: AppState) -> [Bool] {
    var offer = AppCommands.Offer(state.top)
    return commands.map { isAvailable($0, in: state, offer: &offer) }
  }

  /// `isAvailable` with what the screen on top offers asked at most once.
  private static func isAvailable(_ command: Command, in state: AppState, offer: inout AppCommands.Offer) -> Bool {
    if state.palette != nil { return PaletteLogic.isAvailable(command, in: state) }
    if let search = state.search { return search.isAvailable(command) }
    switch command {
    case .app(let command): return AppCommands.isAvailable(command, in: state, offer: &offer)
    case .screen(let command): return offer.top.isAvailable(command, state.shared)
    }
  }

  /// Whether an answer fetched at `date` is stale at `now` (the state's clock, the only one used).
  static func isStale(_ date: Date, freshFor seconds: TimeInterval, now: Date) -> Bool {
    now.timeIntervalSince(date) >= seconds
  }
}
