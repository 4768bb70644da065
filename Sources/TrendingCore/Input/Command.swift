import AmodbKit

/// What a key asks the app to do: one of the app's own commands, handled once above every screen,
/// or a screen's, which the screen showing takes or answers "not mine".
public enum Command: Hashable, Sendable {
  /// A command the app handles itself, whatever the screen.
  case app(AppCommand)
  /// A command for the screen showing (or the search line while it is open).
  case screen(ScreenCommand)

  /// Every command once, in the order the settings file lists them (the tabs last).
  public static var allCases: [Command] {
    [
      .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last, .open, .back, .refresh,
      .toggleWindow, .help, .redraw, .suspend, .quit, .search, .sort, .toggleWatchlist, .toggleSeen, .markUpToHere,
      .hideSeen, .notInterested, .rate, .note, .addToList, .removeFromList, .undo, .upNext, .openInBrowser,
      .copyLink, .copyTitle, .nextTab, .previousTab, .palette, .filter, .toggleMedia, .discover,
      .forYou, .pick, .playTrailer, .playFile,
      .nextEpisode, .previousEpisode,
    ] + (1...Tab.mostShown).map { .tab($0) }
  }

  /// The command's name in the settings file: `move-down`, `open`, `toggle-window`, `tab-3`. Names are
  /// written here, not made from Swift's, so renaming a case never breaks a user's file.
  public var name: String {
    switch self {
    case .app(let command): return command.name
    case .screen(let command): return command.rawValue
    }
  }

  /// The command with this settings-file name.
  public init?(name: String) {
    guard let command = Command.allCases.first(where: { $0.name == name }) else { return nil }
    self = command
  }

  /// The tab a `tab(N)` command shows among the tabs of films or series.
  public func tab(among media: MediaKind) -> ListKind? {
    if case .app(.tab(let number)) = self { return ListKind(number: number, media: media) }
    return nil
  }
}

/// The app's own commands: help, quitting, the terminal, search and the palette, marks, links,
/// copying and the tabs. The app answers them once; no screen sees them.
public enum AppCommand: Hashable, Sendable {
  case help, redraw, suspend, quit, search, palette
  case toggleWatchlist, toggleSeen, markUpToHere, openInBrowser, copyLink, copyTitle
  case hideSeen, notInterested, rate, note, addToList, upNext
  /// Takes the selected title off the list whose tab shows (a named list's, or the watchlist).
  case removeFromList
  /// Takes back the newest change to the library made in this session (`UndoLogic`).
  case undo
  case nextTab, previousTab, toggleMedia
  /// Shows the For you tab: the recommendations from the user's taste.
  case forYou
  /// Plays the trailer of the film, series or episode shown, in the user's player.
  case playTrailer
  /// Plays a file of the film or episode shown in mpv, asked for on the typed line, and marks it
  /// seen once watched.
  case playFile
  /// Shows the tab with this number, from 1, among the tabs shown (the tab table's order).
  case tab(Int)
  /// Opens one of the user's lists, by name, over the screen shown (the palette's entries; no key).
  case openList(String)

  /// Its stable name in the settings file.
  public var name: String {
    switch self {
    case .help: return "help"
    case .redraw: return "redraw"
    case .suspend: return "suspend"
    case .quit: return "quit"
    case .search: return "search"
    case .palette: return "palette"
    case .toggleWatchlist: return "toggle-watchlist"
    case .toggleSeen: return "toggle-seen"
    case .markUpToHere: return "mark-up-to-here"
    case .hideSeen: return "hide-seen"
    case .notInterested: return "not-interested"
    case .rate: return "rate"
    case .note: return "note"
    case .addToList: return "add-to-list"
    case .removeFromList: return "remove-from-list"
    case .undo: return "undo"
    case .upNext: return "up-next"
    case .openInBrowser: return "open-in-browser"
    case .copyLink: return "copy-link"
    case .copyTitle: return "copy-title"
    case .nextTab: return "next-tab"
    case .previousTab: return "previous-tab"
    case .toggleMedia: return "toggle-media"
    case .forYou: return "for-you"
    case .playTrailer: return "play-trailer"
    case .playFile: return "play-file"
    case .tab(let number): return "tab-\(number)"
    case .openList: return "open-list"
    }
  }
}

/// A screen's commands: a screen takes those it offers and answers nil ("not mine") for the rest.
/// The raw values are the names users write in the settings file, stable across renames.
public enum ScreenCommand: String, Hashable, Sendable, CaseIterable {
  case moveDown = "move-down"
  case moveUp = "move-up"
  case pageDown = "page-down"
  case pageUp = "page-up"
  case halfPageDown = "half-page-down"
  case halfPageUp = "half-page-up"
  case first, last, open, back, refresh
  case toggleWindow = "toggle-window"
  case sort, filter, discover
  /// Moves to a random row of the list, among those its filter shows.
  case pick
  case nextEpisode = "next-episode"
  case previousEpisode = "previous-episode"

  /// Whether it moves the selection or the scroll.
  public var isMove: Bool {
    switch self {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last: return true
    default: return false
    }
  }
}

extension Command {
  // The commands by their short names, so bindings, hints and tests read `.moveDown` and `.quit`.
  public static let moveDown = Command.screen(.moveDown)
  public static let moveUp = Command.screen(.moveUp)
  public static let pageDown = Command.screen(.pageDown)
  public static let pageUp = Command.screen(.pageUp)
  public static let halfPageDown = Command.screen(.halfPageDown)
  public static let halfPageUp = Command.screen(.halfPageUp)
  public static let first = Command.screen(.first)
  public static let last = Command.screen(.last)
  public static let open = Command.screen(.open)
  public static let back = Command.screen(.back)
  public static let refresh = Command.screen(.refresh)
  public static let toggleWindow = Command.screen(.toggleWindow)
  public static let sort = Command.screen(.sort)
  public static let filter = Command.screen(.filter)
  public static let discover = Command.screen(.discover)
  public static let pick = Command.screen(.pick)
  public static let forYou = Command.app(.forYou)
  public static let playTrailer = Command.app(.playTrailer)
  public static let playFile = Command.app(.playFile)
  public static let nextEpisode = Command.screen(.nextEpisode)
  public static let previousEpisode = Command.screen(.previousEpisode)
  public static let help = Command.app(.help)
  public static let redraw = Command.app(.redraw)
  public static let suspend = Command.app(.suspend)
  public static let quit = Command.app(.quit)
  public static let search = Command.app(.search)
  public static let palette = Command.app(.palette)
  public static let toggleWatchlist = Command.app(.toggleWatchlist)
  public static let toggleSeen = Command.app(.toggleSeen)
  public static let markUpToHere = Command.app(.markUpToHere)
  public static let hideSeen = Command.app(.hideSeen)
  public static let notInterested = Command.app(.notInterested)
  public static let rate = Command.app(.rate)
  public static let note = Command.app(.note)
  public static let addToList = Command.app(.addToList)
  public static let removeFromList = Command.app(.removeFromList)
  public static let undo = Command.app(.undo)
  public static let upNext = Command.app(.upNext)
  public static let openInBrowser = Command.app(.openInBrowser)
  public static let copyLink = Command.app(.copyLink)
  public static let copyTitle = Command.app(.copyTitle)
  public static let nextTab = Command.app(.nextTab)
  public static let previousTab = Command.app(.previousTab)
  public static let toggleMedia = Command.app(.toggleMedia)

  /// Shows the tab with this number among the tabs shown.
  public static func tab(_ number: Int) -> Command { .app(.tab(number)) }

  /// The screen command, when it is one.
  public var screenCommand: ScreenCommand? {
    if case .screen(let command) = self { return command }
    return nil
  }
}
