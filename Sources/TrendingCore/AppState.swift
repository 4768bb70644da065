import AmodbKit
import FoundationEssentials
import Localization
import PosterKit

/// Where a list's films come from: one of the tabs, or a search.
public enum ListSource: Hashable, Sendable {
  case tab(ListKind)
  case search(SearchQuery)

  /// The tab, when the list is one.
  public var tab: ListKind? {
    if case .tab(let kind) = self { return kind }
    return nil
  }

  /// How headers and breadcrumbs name the list.
  public var title: String {
    switch self {
    case .tab(let kind): return tr("%s films", kind.title)
    case .search(let query): return tr("Search “%s”", query.typed)
    }
  }
}

/// A list screen's own state: which list, what is loaded, where the user is.
public struct ListScreen: Equatable, Sendable {
  /// Which list.
  public var source: ListSource
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
  /// The order the films are shown in.
  public var sort = ListSort.rank

  /// Makes an empty tab.
  public init(kind: ListKind = .trending, window: TimeWindow) {
    self.init(source: .tab(kind), window: window)
  }

  /// Makes an empty list from any source.
  public init(source: ListSource, window: TimeWindow = .week) {
    self.source = source
    self.window = window
  }

  /// The films loaded so far, in the order chosen.
  public var movies: [MovieSummary] { sort.apply(list.value?.movies ?? []) }

  /// The selected film, when there is one.
  public var selectedMovie: MovieSummary? {
    let movies = movies
    return movies.indices.contains(selection) ? movies[selection] : nil
  }

  /// The request for a page of this list.
  public func request(page: Int, force: Bool = false) -> ListRequest {
    ListRequest(source: source, window: window, page: page, forceRefresh: force)
  }
}

/// The orders a list can be shown in: the list's own (rank), by score, by year, by title.
public enum ListSort: String, Sendable, CaseIterable {
  case rank, score, year, title

  /// How the header names the order: "by score".
  public var label: String {
    switch self {
    case .rank: return tr("by rank")
    case .score: return tr("by score")
    case .year: return tr("by year")
    case .title: return tr("by title")
    }
  }

  /// The next order, as `s` cycles them.
  public var next: ListSort {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }

  /// The films in this order; ties keep the list's own order.
  public func apply(_ movies: [MovieSummary]) -> [MovieSummary] {
    switch self {
    case .rank: return movies
    case .score: return stable(movies) { ($0.score ?? -1) > ($1.score ?? -1) }
    case .year:
      return stable(movies) { left, right in
        guard let leftDate = left.releaseDate else { return false }
        guard let rightDate = right.releaseDate else { return true }
        return leftDate > rightDate
      }
    case .title: return stable(movies) { $0.title.lowercased() < $1.title.lowercased() }
    }
  }

  private func stable(_ movies: [MovieSummary], by before: (MovieSummary, MovieSummary) -> Bool) -> [MovieSummary] {
    movies.enumerated().sorted {
      before($0.element, $1.element) || (!before($1.element, $0.element) && $0.offset < $1.offset)
    }
    .map(\.element)
  }
}

/// What a selectable line of a document opens.
public enum LinkTarget: Hashable, Sendable {
  /// A film's screen.
  case film(Int)
  /// A person's screen.
  case person(Int)
  /// The rest of a clamped text, in place.
  case expand
}

/// A selectable line of a drawn document.
public struct DocumentLink: Equatable, Sendable {
  /// The line, from the document's top.
  public var line: Int
  /// What it opens.
  public var target: LinkTarget

  /// Makes a link.
  public init(line: Int, target: LinkTarget) {
    self.line = line
    self.target = target
  }
}

/// What drawing a document learned: how far it scrolls and where its links are.
public struct DocumentLayout: Equatable, Sendable {
  /// The most the document can scroll.
  public var maxScroll: Int
  /// Its selectable lines, top to bottom.
  public var links: [DocumentLink]

  /// Makes a layout.
  public init(maxScroll: Int, links: [DocumentLink] = []) {
    self.maxScroll = maxScroll
    self.links = links
  }
}

/// Where a document screen is: its scroll, its links as last drawn, and the selected one.
public struct DocumentCursor: Equatable, Sendable {
  /// How far the screen is scrolled, in lines.
  public var scroll = 0
  /// The layout as last drawn.
  public var layout = DocumentLayout(maxScroll: 0)
  /// The selected link, an index into the layout's links.
  public var selected: Int?

  /// Makes a cursor at the top, nothing selected.
  public init() {}

  /// The selected link's target, when one is selected.
  public var selectedTarget: LinkTarget? {
    selected.flatMap { layout.links.indices.contains($0) ? layout.links[$0].target : nil }
  }
}

/// A film screen's own state: which film, and where the user is on it.
public struct FilmScreen: Equatable, Sendable {
  /// The film's id.
  public var id: Int
  /// Scroll and selection.
  public var cursor = DocumentCursor()

  /// Makes the screen of a film, at its top.
  public init(id: Int) {
    self.id = id
  }
}

/// A person's screen: who, where the user is, how the films are sorted, and the biography's state.
public struct PersonScreen: Equatable, Sendable {
  /// The person's id.
  public var id: Int
  /// Scroll and selection.
  public var cursor = DocumentCursor()
  /// Films by score (else newest first).
  public var byScore = false
  /// Whether the whole biography shows.
  public var expanded = false

  /// Makes the screen of a person, at its top.
  public init(id: Int) {
    self.id = id
  }
}

/// One screen on the navigation stack, with its own state.
public enum Route: Equatable, Sendable {
  case list(ListScreen)
  case film(FilmScreen)
  case person(PersonScreen)

  /// The document cursor of a film or person screen.
  var cursor: DocumentCursor? {
    get {
      switch self {
      case .list: return nil
      case .film(let film): return film.cursor
      case .person(let person): return person.cursor
      }
    }
    set {
      guard let newValue else { return }
      switch self {
      case .list: return
      case .film(var film):
        film.cursor = newValue
        self = .film(film)
      case .person(var person):
        person.cursor = newValue
        self = .person(person)
      }
    }
  }
}

/// A short message on the status line for a while: what was copied, a settings problem, no browser.
public struct Notice: Equatable, Sendable {
  /// How the message reads.
  public enum Kind: Equatable, Sendable {
    case info, warning
  }

  /// The message.
  public var text: String
  /// Information or a warning.
  public var tone: Kind
  /// When it goes away.
  public var until: Date

  /// Makes a notice.
  public init(text: String, tone: Kind = .info, until: Date) {
    self.text = text
    self.tone = tone
    self.until = until
  }
}

/// The search line: what is typed, and the results of the last query asked, live.
public struct SearchBox: Equatable, Sendable {
  /// The text typed.
  public var text = ""
  /// The results of the query last asked, as a list (nil before the first answer is asked for).
  public var results: ListScreen?

  /// Makes an empty search line.
  public init() {}

  /// The query the text asks for, or nil when there is nothing to search for yet.
  public var query: SearchQuery? {
    let query = SearchQuery(parsing: text)
    return query.text.isEmpty ? nil : query
  }
}

/// The whole app as a value: a stack of screens (the list at the bottom, the screen showing on
/// top) and what the screens share: answers, posters, waits, the budget, the clock, the keys.
public struct AppState: Equatable, Sendable {
  /// Which kind of screen is showing.
  public enum Screen: Equatable, Sendable {
    /// A list of films.
    case list
    /// One film's details.
    case detail(id: Int)
    /// One person.
    case person(id: Int)
  }

  /// The most screens kept on the stack; past it the oldest above the list are dropped.
  public static let stackLimit = 50

  /// The screens, the list first and the one showing last.
  public private(set) var stack: [Route]
  /// The language tag requests use.
  public var language: String
  /// The country for certifications and where to watch, when known.
  public var region: String?
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
  /// People by id, shared by every person screen.
  public var people: [Int: Loadable<PersonDetails>]
  /// The search line, while it is open.
  public var search: SearchBox?
  /// The status line's message, while it lasts.
  public var notice: Notice?
  /// The watchlist and seen marks, by film id: as stored, with the unsaved changes over them.
  public var marks: [Int: Mark]
  /// Mark changes on screen whose saves have not answered yet, oldest first.
  public var unsavedMarks: [MarkChange] = []
  /// Whether keys are named in ASCII ("Enter", "Up") for a terminal that shows nothing else.
  public var asciiKeys = false
  /// How posters are drawn and why, for the help's About lines.
  public var imagesNote: String?
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
  public init(
    window: TimeWindow = .week, language: String, region: String? = nil, sourceLabel: String? = nil, size: Size,
    now: Date
  ) {
    stack = [.list(ListScreen(window: window))]
    tabs = [:]
    self.language = language
    self.region = region
    self.sourceLabel = sourceLabel
    self.size = size
    self.now = now
    details = [:]
    people = [:]
    search = nil
    notice = nil
    marks = [:]
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

  /// The most films, and apart the most people, kept decoded between visits.
  public static let keptDetailsLimit = 24

  /// Lets go of the films and people no screen on the stack shows, once `keptDetailsLimit` of
  /// either are kept: opened again, they come back from the client's caches.
  public mutating func forgetUnshownDetails() {
    if details.count >= Self.keptDetailsLimit {
      let shown = Set(stack.compactMap { route -> Int? in if case .film(let film) = route { film.id } else { nil } })
      details = details.filter { shown.contains($0.key) || $0.value.isLoading }
    }
    if people.count >= Self.keptDetailsLimit {
      let shown = Set(
        stack.compactMap { route -> Int? in if case .person(let person) = route { person.id } else { nil } })
      people = people.filter { shown.contains($0.key) || $0.value.isLoading }
    }
  }

  /// Opens a screen on top; past the limit the oldest screens above the list are dropped.
  public mutating func push(_ route: Route) {
    stack.append(route)
    if stack.count > Self.stackLimit { stack.remove(at: 1) }
  }

  /// Goes back to the screen below, exactly as it was; the list itself is never popped.
  public mutating func pop() {
    if stack.count > 1 { stack.removeLast() }
  }

  /// The tab showing at the bottom of the stack.
  public var activeTab: ListKind { rootList.source.tab ?? .trending }

  /// Shows another tab, as the user left it (a new one empty); the screens above the list are closed.
  public mutating func switchTab(to kind: ListKind) {
    guard kind != activeTab || stack.count > 1 else { return }
    tabs[activeTab] = rootList
    while stack.count > 1 { stack.removeLast() }
    rootList = tabs.removeValue(forKey: kind) ?? ListScreen(kind: kind, window: window)
  }

  /// Applies `body` to every list showing `source`, on the stack, among the tabs left and in the
  /// search line (an answer for a list not showing updates it, as it was left), and returns the
  /// effects they ask for.
  public mutating func updateLists(_ source: ListSource, _ body: (inout ListScreen) -> [Effect]) -> [Effect] {
    var effects: [Effect] = []
    for index in stack.indices {
      guard case .list(var screen) = stack[index], screen.source == source else { continue }
      effects += body(&screen)
      stack[index] = .list(screen)
    }
    if let kind = source.tab, var screen = tabs[kind] {
      effects += body(&screen)
      tabs[kind] = screen
    }
    if var results = search?.results, results.source == source {
      effects += body(&results)
      search?.results = results
    }
    return effects
  }

  /// The kind of screen showing.
  public var screen: Screen {
    switch stack.last {
    case .film(let film): return .detail(id: film.id)
    case .person(let person): return .person(id: person.id)
    case .list, nil: return .list
    }
  }

  /// The tab's list at the bottom of the stack.
  public var rootList: ListScreen {
    get {
      if case .list(let screen) = stack.first { return screen }
      return ListScreen(window: .week)
    }
    set { stack[0] = .list(newValue) }
  }

  /// The list showing, or under the screens showing: the top-most list on the stack.
  public var listScreen: ListScreen {
    get {
      for route in stack.reversed() {
        if case .list(let screen) = route { return screen }
      }
      return rootList
    }
    set {
      guard let index = stack.lastIndex(where: { if case .list = $0 { return true } else { return false } }) else {
        return
      }
      stack[index] = .list(newValue)
    }
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

  /// The person screen showing, when one is.
  public var personScreen: PersonScreen? {
    get {
      if case .person(let person) = stack.last { return person }
      return nil
    }
    set {
      guard let newValue, case .person = stack.last else { return }
      stack[stack.count - 1] = .person(newValue)
    }
  }

  /// The cursor of the film or person screen showing.
  public var cursor: DocumentCursor? {
    get { stack.last?.cursor }
    set { stack[stack.count - 1].cursor = newValue }
  }

  // MARK: The list's state, by name

  /// Today or this week, on the trending tab.
  public var window: TimeWindow {
    get { rootList.window }
    set { rootList.window = newValue }
  }
  /// The list showing.
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

  /// How far the film or person showing is scrolled (0 when none is).
  public var detailScroll: Int {
    get { cursor?.scroll ?? 0 }
    set { cursor?.scroll = newValue }
  }
  /// The most the film or person showing can scroll, as last drawn.
  public var detailMaxScroll: Int {
    get { cursor?.layout.maxScroll ?? 0 }
    set { cursor?.layout.maxScroll = newValue }
  }

  /// The films of the list showing.
  public var movies: [MovieSummary] { listScreen.movies }

  /// The selected film, when there is one.
  public var selectedMovie: MovieSummary? { listScreen.selectedMovie }

  /// What is known of a film before its details arrive: its entry in any list loaded.
  public func summary(of id: Int) -> MovieSummary? {
    for route in stack.reversed() {
      if case .list(let screen) = route, let movie = screen.movies.first(where: { $0.id == id }) { return movie }
    }
    for route in stack.reversed() {
      switch route {
      case .film(let film):
        if let movie = details[film.id]?.value.flatMap({ related in
          (related.recommendations + related.similar).first { $0.id == id }
        }) {
          return movie
        }
      case .person(let person):
        if let movie = people[person.id]?.value?.credits.first(where: { $0.movie.id == id })?.movie { return movie }
      case .list: continue
      }
    }
    return search?.results?.movies.first { $0.id == id }
  }

  /// Where keys are looked up now.
  public var keyContext: KeyContext {
    if search != nil { return .search }
    switch screen {
    case .list: return .list
    case .detail: return .film
    case .person: return .person
    }
  }

  /// The notice showing now, if one is and has not run out.
  public var currentNotice: Notice? {
    notice.flatMap { $0.until > now ? $0 : nil }
  }

  /// Until when the work under `id` waits for the rate limit, while it does.
  public func waitUntil(_ id: EffectID) -> Date? {
    waits[id].flatMap { $0 > now ? $0 : nil }
  }

  /// Whether any request is in flight (the spinner turns while it is).
  public var isBusy: Bool {
    list.isLoading || isLoadingMore || details.values.contains { $0.isLoading }
      || people.values.contains { $0.isLoading } || search?.results?.list.isLoading == true
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

  /// The widest terminals also show the selected film's facts under the poster.
  public static let factsMinimumWidth = 160

  /// The list's poster box, or nil when there is no pane; on the widest terminals it leaves
  /// rows below for the selected film's facts.
  public static func listBox(for size: Size) -> Size? {
    guard let pane = listPaneWidth(for: size) else { return nil }
    let rows = ListLayout.visibleRows(for: size)
    let height = size.width >= factsMinimumWidth && rows >= 20 ? rows - 8 : rows
    return Size(width: pane - 2, height: height)
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
