import AmodbKit
import Localization

/// The app's own commands, answered once above every screen: help, quitting, the terminal, the
/// search line and the palette, the marks and links of what the screen is about, and the tabs.
enum AppCommands {
  /// The episode the selected row of the list showing is about, when its rows can be episodes.
  private static func rowEpisode(_ state: AppState) -> EpisodeKey? {
    guard let list = state.stack.last?.list, let row = list.selectedMovie else { return nil }
    return list.feed.episode(of: row, state.shared)
  }

  /// Runs an app command.
  static func perform(_ command: AppCommand, _ state: inout AppState) -> [Effect] {
    switch command {
    case .help:
      state.help = HelpScreen()
      return []
    case .quit: return BusyLibrary.quit(&state)
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    case .search:
      state.search = SearchBox()
      return []
    case .palette:
      state.palette = PaletteBox()
      // The user's lists, read again each time, for the palette to offer by name.
      return [.readLocal(.listNames)]
    default: break
    }
    // The search line's results are not a screen's: marks, links and tabs wait until it closes.
    guard state.search == nil else { return [] }
    switch command {
    case .toggleSeen where state.stack.last?.list?.feed.localQuery == .upNext:
      // On Up next, `m` marks the episode the row names, not the whole series.
      guard let series = state.top.subject(state.shared), let entry = state.shared.upNext[series.id] else { return [] }
      return EpisodeMarkLogic.markNext(entry, &state.shared)
    case .toggleSeen where state.top.markedSeason(state.shared) != nil:
      // On a season's row of the series page, `m` is the season's, not the whole series'.
      return state.top.markedSeason(state.shared).map { EpisodeMarkLogic.toggleSeason($0, &state.shared) } ?? []
    case .toggleSeen where state.top.markedEpisode(state.shared) != nil:
      guard let ref = state.top.markedEpisode(state.shared) else { return [] }
      // A series page's link names an episode whose season may not be loaded.
      if case .series? = state.stack.last { return EpisodeMarkLogic.toggleLinked(ref, &state.shared) }
      return EpisodeMarkLogic.toggle(ref, &state.shared)
    case .toggleSeen where rowEpisode(state) != nil:
      // A row of one episode (Recently rated) marks on the episode's own screen, which knows its season.
      let keys = state.shared.keys
      let open = keys.firstKey(for: .open, in: .list)?.label(ascii: state.shared.asciiKeys) ?? "⏎"
      let mark = keys.firstKey(for: .app(command), in: .episode)?.label(ascii: state.shared.asciiKeys) ?? "m"
      state.shared.say(tr("%1$s opens %2$s, where %3$s marks it.", open, rowEpisode(state)?.code ?? "", mark), .message)
      return []
    case .markUpToHere:
      return state.top.markedEpisode(state.shared).map { EpisodeMarkLogic.upToHere($0, &state.shared) } ?? []
    case .toggleWatchlist, .toggleSeen:
      // A season's or an episode's screen: the watchlist is its series'; `m` stays the episode's.
      let series = command == .toggleWatchlist ? state.top.series(state.shared) : nil
      guard let film = state.top.subject(state.shared) ?? series else { return [] }
      let effects = MarkLogic.toggle(command, film: film, &state.shared)
      // A row is hidden by "not interested", and by its seen mark only while seen titles are
      // hidden: a watchlist mark hides none, so the lists are not all looked over for it.
      guard command == .toggleSeen, state.shared.hideSeen else { return effects }
      return effects + ListLogic.rehide(&state)
    case .notInterested:
      guard let film = state.top.subject(state.shared) ?? state.top.series(state.shared), let media = film.media
      else { return [] }
      let hiding = state.shared.marks[media]?.hidden != true
      let effects = MarkLogic.record(.hidden(hiding), film: film, &state.shared) + ListLogic.rehide(&state)
      // Gone from the list, its row cannot take x again: the line says where it still is.
      if hiding, state.stack.last?.list?.hiding(state.shared).contains(media) == true {
        let name = Prompt.name(of: film, episode: nil)
        state.shared.say(
          tr("Not interested in %s: hidden (/ finds it, x there undoes).", name),
          .confirmation)
      }
      return effects
    case .rate, .note, .addToList:
      let purpose: Prompt.Purpose = command == .rate ? .rate : command == .note ? .note : .addToList
      // On an episode (its screen, or its row of a season) a rating or note is the episode's own.
      if purpose != .addToList, let episode = state.top.markedEpisode(state.shared) {
        let series = EpisodeMarkLogic.series(episode.seriesID, state.shared)
        state.prompt = Prompt(purpose, film: series, episode: episode.key, state.shared)
        return []
      }
      let series = purpose == .addToList ? state.top.series(state.shared) : nil
      guard let film = state.top.subject(state.shared) ?? series, film.media != nil else { return [] }
      // A row of one episode (Recently rated): its rating and note are the episode's own.
      state.prompt = Prompt(purpose, film: film, episode: rowEpisode(state), state.shared)
      // The list names, for Tab to complete one.
      return purpose == .addToList ? [.readLocal(.listNames)] : []
    case .removeFromList:
      guard let film = state.top.subject(state.shared), let media = film.media, let list = state.stack.last?.list
      else { return [] }
      let kind: LibraryChange.Kind
      switch list.feed.localQuery {
      case .list(let name)?: kind = .unlist(name)
      case .watchlist? where state.shared.marks[media]?.onWatchlist == true: kind = .watchlist(false)
      case .watchlist?: return []
      default:
        let key = state.shared.keys.firstKey(for: .app(.removeFromList), in: state.keyContext)
        state.shared.say(
          tr(
            "%s takes a title off your watchlist or one of your lists; this list is neither.",
            key?.label(ascii: state.shared.asciiKeys) ?? "d"), .message)
        return []
      }
      let effects = MarkLogic.record(kind, film: film, &state.shared)
      return effects + ListLogic.rehide(&state)
    case .undo: return UndoLogic.undo(&state)
    case .hideSeen:
      state.shared.hideSeen.toggle()
      let effects = ListLogic.rehide(&state)
      // The seen titles among the rows hidden (the others are hidden as not interested).
      let hidden = state.topList.hidden.filter { state.shared.marks[$0]?.seen != nil }.count
      state.shared.say(
        state.shared.hideSeen
          ? trn("Seen titles hidden: %s here.", "Seen titles hidden: %s here.", hidden)
          : tr("Seen titles shown."), .message)
      return effects
    case .upNext:
      guard state.stack.last?.list != nil else { return [] }
      state.shared.browsing = .series
      return Reducer.apply(Reaction(go: .showTab(.upNext)), &state)
    case .openInBrowser where LinkChooser.offered(state) != nil:
      let chooser = LinkChooser.offered(state) ?? LinkChooser(pages: [])
      return Reducer.apply(Reaction(go: .push(.chooser(chooser))), &state)
    case .openInBrowser, .copyLink, .copyTitle:
      return link(command, &state.shared, page: state.top.page(state.shared))
    case .playFile:
      PlayLogic.ask(&state)
      return []
    case .playTrailer:
      guard let trailer = state.top.trailer(state.shared) else {
        // Once the page's details are in and name none: said, rather than the key doing nothing.
        let shown = state.top.shows(state.shared)
        if !shown.isEmpty, shown.allSatisfy({ state.shared.answers[$0]?.value != nil }) {
          let title = state.top.title(state.shared)
          if case .film(let film) = state.top.route {
            // The page's Trailers line links the film's videos: said here too, as a link.
            let videos = WebPage.filmVideos(film.id).url
            state.shared.say(tr("No trailer is known for %s; its videos: %s", title, videos), .link)
          } else {
            state.shared.say(tr("No trailer is known for %s.", title), .message)
          }
        }
        return []
      }
      state.shared.say(tr("Playing the trailer: %s", trailer.url), .link)
      return [.playTrailer(trailer.url)]
    case .nextTab, .previousTab, .tab:
      guard let list = state.stack.last?.list,
        let target = state.shared.tabs.target(
          of: command, from: list.source.tab ?? .trending, media: state.shared.browsing)
      else { return [] }
      return Reducer.apply(Reaction(go: .showTab(target)), &state)
    case .forYou:
      guard state.stack.last?.list != nil else { return [] }
      return Reducer.apply(Reaction(go: .showTab(.forYou)), &state)
    case .openList(let name):
      return Reducer.apply(Reaction(go: .push(.list(ListScreen(source: .list(name))))), &state)
    case .toggleMedia:
      guard let list = state.stack.last?.list else { return [] }
      let tab = list.source.tab ?? .trending
      let other: MediaKind = state.shared.browsing == .film ? .series : .film
      state.shared.browsing = other
      // `t` twice comes back to the tab it left, whatever the other kind showed for it.
      let back = state.shared.lastToggle.flatMap { $0.to == tab ? $0.from : nil }
      let target = back ?? state.shared.tabs.counterpart(of: tab, in: other)
      state.shared.lastToggle = TabToggle(from: tab, to: target)
      return Reducer.apply(Reaction(go: .showTab(target)), &state)
    case .help, .quit, .suspend, .redraw, .search, .palette: return []
    }
  }

  /// Whether an app command would do something on the screen showing, as `offer` has it.
  static func isAvailable(_ command: AppCommand, in state: AppState, offer: inout Offer) -> Bool {
    let shared = state.shared
    switch command {
    case .help, .quit, .redraw, .suspend, .palette: return true
    // Search asks amodb: not offered where the list says no key of this process can.
    case .search: return state.stack.last?.list?.list.error?.needsAnotherKey != true
    // A row of one episode (Recently rated) is marked on the episode's screen: `m` says so, and is
    // offered neither on the key bar nor in the palette.
    case .toggleSeen where offer.episode(shared) == nil && rowEpisode(state) != nil: return false
    case .toggleSeen where offer.episode(shared) != nil, .markUpToHere:
      return offer.episode(shared).map { EpisodeMarkLogic.canMark($0, shared) } ?? false
    case .rate where offer.episode(shared) != nil, .note where offer.episode(shared) != nil:
      return true
    case .toggleWatchlist, .notInterested, .addToList:
      return (offer.subject(shared) ?? offer.top.series(shared))?.media != nil
    case .toggleSeen, .rate, .note:
      return offer.subject(shared)?.media != nil
    case .hideSeen, .upNext: return state.stack.last?.list != nil
    case .undo: return !shared.undo.isEmpty
    case .removeFromList:
      switch state.stack.last?.list?.feed.localQuery {
      case .list, .watchlist: return offer.subject(shared)?.media != nil
      default: return false
      }
    case .openInBrowser, .copyLink, .copyTitle: return offer.hasPage(shared)
    case .playTrailer: return offer.top.trailer(shared) != nil
    case .playFile: return offer.episode(shared) != nil || offer.subject(shared)?.media?.kind == .film
    // Tabs switch from a list; a list opened on top (kept search results) has no set to switch.
    case .nextTab, .previousTab, .tab, .forYou: return state.stack.last?.list != nil
    case .toggleMedia: return state.stack.last?.list?.source.tab != nil
    case .openList: return true
    }
  }

  /// What the screen showing offers the app's commands, each asked of it once however many
  /// commands are weighed (the hint bar weighs a dozen a frame, and a list's subject and page each
  /// look up its selected row).
  struct Offer {
    /// The screen showing (`state.top`).
    let top: any ScreenFeature
    private var subject: MediaSummary??
    private var page: Bool?
    private var episode: EpisodeRef??

    /// Makes an offer of the screen showing, nothing asked yet.
    init(_ top: any ScreenFeature) { self.top = top }

    /// The film or series `a` and `m` mark.
    mutating func subject(_ shared: Shared) -> MediaSummary? {
      if let known = subject { return known }
      let asked = top.subject(shared)
      subject = .some(asked)
      return asked
    }

    /// Whether there is a page `o` opens.
    mutating func hasPage(_ shared: Shared) -> Bool {
      if let known = page { return known }
      let asked = top.page(shared) != nil
      page = asked
      return asked
    }

    /// The episode `m` marks.
    mutating func episode(_ shared: Shared) -> EpisodeRef? {
      if let known = episode { return known }
      let asked = top.markedEpisode(shared)
      episode = .some(asked)
      return asked
    }
  }

  /// Opens the page in the browser, or copies its link or its title.
  private static func link(_ command: AppCommand, _ shared: inout Shared, page: LinkedPage?) -> [Effect] {
    guard let page else { return [] }
    let url = page.page.url
    switch command {
    case .openInBrowser:
      shared.say(tr("Opening %s", url), .link)
      return [.openURL(url)]
    case .copyLink:
      shared.say(tr("Copied %s", url), .link)
      return [.copy(url)]
    default:
      guard !page.title.isEmpty else { return [] }
      shared.say(tr("Copied “%s”", page.title), .link)
      return [.copy(page.title)]
    }
  }
}
