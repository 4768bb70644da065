import AmodbKit
import FoundationEssentials
import PosterKit

/// The list screen's own state: which list, what is loaded, where the user is.
public struct ListScreen: Equatable, Sendable {
  /// Which list: the tab.
  public var kind: ListKind
  /// Today or this week (trending only).
  public var window: TimeWindow
  /// The films, as loaded.
  public var list = Loadable<Listing>()
  /// Whether the next page is being fetched.
  public var isLoadingMore = false
  /// Why the next page could not be fetched, until the next refresh.
  public var moreError: AmodbError?
  /// The selected row, an index into the listing.
  public var selection = 0
  /// The first row shown.
  public var top = 0

  /// Makes an empty list screen.
  public init(kind: ListKind = .trending, window: TimeWindow) {
    self.kind = kind
    self.window = window
  }
}

/// A film screen's own state: which film, and how far it is scrolled.
public struct FilmScreen: Equatable, Sendable {
  /// The film's id.
  public var id: Int
  /// How far the screen is scrolled, in lines.
  public var scroll = 0
  /// The most it can scroll, as last drawn.
  public var maxScroll = 0

  /// Makes the screen of a film, at its top.
  public init(id: Int) {
    self.id = id
  }
}

/// One screen on the navigation stack, with its own state.
public enum Route: Equatable, Sendable {
  case list(ListScreen)
  case film(FilmScreen)
}

/// The whole app as a value: a stack of screens (the list at the bottom, the screen showing on
/// top) and what the screens share: answers, posters, waits, the budget, the clock, the keys.
public struct AppState: Equatable, Sendable {
  /// Which kind of screen is showing.
  public enum Screen: Equatable, Sendable {
    /// The trending list.
    case list
    /// One film's details.
    case detail(id: Int)
  }

  /// The most screens kept on the stack; past it the oldest above the list are dropped.
  public static let stackLimit = 50

  /// The screens, the list first and the one showing last.
  public private(set) var stack: [Route]
  /// The language tag requests use.
  public var language: String
  /// Where the data comes from, for the header, e.g. "demo".
  public var sourceLabel: String?
  /// The terminal size.
  public var size: Size
  /// The current time, advanced by ticks: the only clock the reducer reads.
  public var now: Date
  /// The tabs not showing, each as the user left it.
  public var tabs: [ListKind: ListScreen]
  /// Details by film id, shared by every film screen.
  public var details: [Int: Loadable<MovieDetails>]
  /// Whether the help overlay is showing.
  public var showsHelp: Bool
  /// How far the help overlay is scrolled, on terminals too short for all of it.
  public var helpScroll: Int
  /// Every key binding: the one table the reducer, the hint bar and the help read.
  public var keys: KeyTable
  /// The rate-limit budget last reported.
  public var rateLimit: RateLimitStatus?
  /// Work waiting for the rate limit, and until when: each screen shows its own request's wait.
  public var waits: [EffectID: Date]
  /// Whether posters are drawn (off with `--images off`, `NO_COLOR` or a colourless terminal).
  public var imagesEnabled: Bool
  /// Posters drawn or on their way, by image and box.
  public var posters: [PosterRequest: PosterSlot]
  /// The poster being fetched, at most one at a time.
  public var posterInFlight: PosterRequest?

  /// Makes the state of an app that has not loaded anything yet: the list alone on the stack.
  public init(window: TimeWindow = .week, language: String, sourceLabel: String? = nil, size: Size, now: Date) {
    stack = [.list(ListScreen(window: window))]
    tabs = [:]
    self.language = language
    self.sourceLabel = sourceLabel
    self.size = size
    self.now = now
    details = [:]
    showsHelp = false
    helpScroll = 0
    keys = .standard
    rateLimit = nil
    waits = [:]
    imagesEnabled = false
    posters = [:]
    posterInFlight = nil
  }

  // MARK: The stack

  /// Opens a screen on top; past the limit the oldest screens above the list are dropped.
  public mutating func push(_ route: Route) {
    stack.append(route)
    if stack.count > Self.stackLimit { stack.remove(at: 1) }
  }

  /// Goes back to the screen below, exactly as it was; the list itself is never popped.
  public mutating func pop() {
    if stack.count > 1 { stack.removeLast() }
  }

  /// The tab showing.
  public var activeTab: ListKind { listScreen.kind }

  /// Shows another tab, as the user left it (a new one empty); the stack above the list is left.
  public mutating func switchTab(to kind: ListKind) {
    guard kind != activeTab else { return }
    tabs[activeTab] = listScreen
    while stack.count > 1 { stack.removeLast() }
    listScreen = tabs.removeValue(forKey: kind) ?? ListScreen(kind: kind, window: window)
  }

  /// Runs `body` on the tab `kind` as if it showed (an answer for a tab not showing updates it);
  /// `otherwise` when there is no such tab.
  public mutating func onTab<T>(_ kind: ListKind, otherwise: T, _ body: (inout AppState) -> T) -> T {
    if kind == activeTab { return body(&self) }
    guard let screen = tabs[kind] else { return otherwise }
    let showing = listScreen
    listScreen = screen
    let result = body(&self)
    tabs[kind] = listScreen
    listScreen = showing
    return result
  }

  /// The kind of screen showing.
  public var screen: Screen {
    if case .film(let film) = stack.last { return .detail(id: film.id) }
    return .list
  }

  /// The list screen at the bottom of the stack.
  public var listScreen: ListScreen {
    get {
      if case .list(let screen) = stack.first { return screen }
      return ListScreen(window: .week)
    }
    set { stack[0] = .list(newValue) }
  }

  /// The film screen showing, when one is.
  public var filmScreen: FilmScreen? {
    get {
      if case .film(let film) = stack.last { return film }
      return nil
    }
    set {
      guard let newValue, case .film = stack.last else { return }
      stack[stack.count - 1] = .film(newValue)
    }
  }

  // MARK: The list screen's state, by name

  /// Today or this week.
  public var window: TimeWindow {
    get { listScreen.window }
    set { listScreen.window = newValue }
  }
  /// The trending list.
  public var list: Loadable<Listing> {
    get { listScreen.list }
    set { listScreen.list = newValue }
  }
  /// Whether the next page is being fetched.
  public var isLoadingMore: Bool {
    get { listScreen.isLoadingMore }
    set { listScreen.isLoadingMore = newValue }
  }
  /// Why the next page could not be fetched, until the next refresh.
  public var moreError: AmodbError? {
    get { listScreen.moreError }
    set { listScreen.moreError = newValue }
  }
  /// The selected row, an index into the listing.
  public var selection: Int {
    get { listScreen.selection }
    set { listScreen.selection = newValue }
  }
  /// The first row shown.
  public var listTop: Int {
    get { listScreen.top }
    set { listScreen.top = newValue }
  }

  // MARK: The film screen's state, by name

  /// How far the film showing is scrolled (0 when none is).
  public var detailScroll: Int {
    get { filmScreen?.scroll ?? 0 }
    set { filmScreen?.scroll = newValue }
  }
  /// The most the film showing can scroll, as last drawn.
  public var detailMaxScroll: Int {
    get { filmScreen?.maxScroll ?? 0 }
    set { filmScreen?.maxScroll = newValue }
  }

  /// The films loaded so far.
  public var movies: [MovieSummary] { list.value?.movies ?? [] }

  /// The selected film, when there is one.
  public var selectedMovie: MovieSummary? {
    movies.indices.contains(selection) ? movies[selection] : nil
  }

  /// Where keys are looked up now.
  public var keyContext: KeyContext {
    switch screen {
    case .list: return .list
    case .detail: return .film
    }
  }

  /// Until when the work under `id` waits for the rate limit, while it does.
  public func waitUntil(_ id: EffectID) -> Date? {
    waits[id].flatMap { $0 > now ? $0 : nil }
  }

  /// Whether any request is in flight (the spinner turns while it is).
  public var isBusy: Bool {
    list.isLoading || isLoadingMore || details.values.contains { $0.isLoading }
  }

  /// How many list rows fit on screen.
  public var visibleRows: Int { ListLayout.visibleRows(for: size) }
}

/// The films of a list, page by page.
public struct Listing: Equatable, Sendable {
  /// The films, in rank order, without repeats.
  public var movies: [MovieSummary]
  /// How many pages are loaded.
  public var pagesLoaded: Int
  /// How many pages the list has.
  public var totalPages: Int
  /// How many entries could not be read, over all loaded pages.
  public var skippedEntries: Int

  /// Makes a listing from its first page.
  public init(firstPage page: MoviePage) {
    movies = page.results
    pagesLoaded = 1
    totalPages = page.totalPages
    skippedEntries = page.skippedEntries
  }

  /// Whether more pages remain.
  public var hasMore: Bool { pagesLoaded < totalPages }

  /// Adds the next page, dropping films already listed (trending lists shift between pages).
  public mutating func append(_ page: MoviePage) {
    let known = Set(movies.map(\.id))
    movies += page.results.filter { !known.contains($0.id) }
    pagesLoaded = max(pagesLoaded, page.page)
    totalPages = max(page.totalPages, pagesLoaded)
    skippedEntries += page.skippedEntries
  }
}

/// A rectangle of cells: where a view draws.
public struct Rect: Equatable, Sendable {
  /// The top row.
  public var row: Int
  /// The left column.
  public var column: Int
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Makes a rectangle.
  public init(row: Int, column: Int, width: Int, height: Int) {
    self.row = row
    self.column = column
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The rows it covers.
  public var rows: Range<Int> { row..<(row + height) }

  /// The rectangle without its first `count` rows.
  public func droppingTop(_ count: Int) -> Rect {
    Rect(row: row + count, column: column, width: width, height: height - count)
  }
}

/// Every screen's named rows: the header bar, the body, the status line and the key hints.
public struct Chrome: Equatable, Sendable {
  /// The top bar: where you are, and the data's age.
  public let header: Rect
  /// Everything between the header and the status line.
  public let body: Rect
  /// The status line: position, loading, waits, errors.
  public let status: Rect
  /// The bottom bar: the keys that do something now.
  public let hints: Rect

  /// The chrome of a screen of `size`.
  public init(_ size: Size) {
    header = Rect(row: 0, column: 0, width: size.width, height: 1)
    body = Rect(row: 1, column: 0, width: size.width, height: max(1, size.height - 3))
    status = Rect(row: size.height - 2, column: 0, width: size.width, height: 1)
    hints = Rect(row: size.height - 1, column: 0, width: size.width, height: 1)
  }
}

/// The list screen's layout inside the body, shared by the reducer and the views.
public enum ListLayout {
  /// Rows of the body above the films: the tab bar and the column titles.
  public static let columnTitleRows = 2
  /// The smallest terminal the app draws in.
  public static let minimumSize = Size(width: 30, height: 8)

  /// Where the film rows go at `size`.
  public static func rows(for size: Size) -> Rect {
    Chrome(size).body.droppingTop(columnTitleRows)
  }

  /// How many film rows fit at `size`.
  public static func visibleRows(for size: Size) -> Int {
    max(1, rows(for: size).height)
  }
}

/// Where posters go: a side pane on wide lists, beside or above the text on the detail screen.
public enum PosterLayout {
  /// The narrowest list that gets a poster pane.
  public static let listPaneMinimumWidth = 100
  /// The narrowest detail screen that puts the poster beside the text.
  public static let besideMinimumWidth = 90

  /// The list's poster pane width (including its one-column gutter), or nil on narrow terminals.
  public static func listPaneWidth(for size: Size) -> Int? {
    size.width >= listPaneMinimumWidth ? min(48, size.width * 30 / 100) : nil
  }

  /// The list's poster box, or nil when there is no pane.
  public static func listBox(for size: Size) -> Size? {
    guard let pane = listPaneWidth(for: size) else { return nil }
    return Size(width: pane - 2, height: ListLayout.visibleRows(for: size))
  }

  /// The detail screen's poster box and whether it stands beside the text (else above), or nil.
  public static func detailBox(for size: Size) -> (box: Size, beside: Bool)? {
    let rows = Chrome(size).body.height
    if size.width >= besideMinimumWidth {
      return (Size(width: min(40, size.width * 30 / 100), height: rows), true)
    }
    // Above the text only when it still leaves most of the screen to the text.
    guard size.height >= 32 else { return nil }
    return (Size(width: size.width - 2, height: min(14, rows / 3)), false)
  }
}
