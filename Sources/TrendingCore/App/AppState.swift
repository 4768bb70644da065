import AmodbKit
import FoundationEssentials
import Localization

/// The whole app as a value: a stack of screens (a tab's list at the bottom, the screen showing on
/// top), the tabs not showing, the search line and the help over them, and what the screens share.
public struct AppState: Equatable, Sendable {
  /// The most screens kept on the stack; past it the oldest above the list are dropped.
  public static let stackLimit = 50
  /// The most films, and apart the most people, kept decoded between visits.
  public static let keptDetailsLimit = 24

  /// The screens, the tab's list first and the one showing last.
  public private(set) var stack: [Route]
  /// The tabs not showing, each as the user left it.
  public var tabs: [ListKind: ListScreen] = [:]
  /// The search line, while it is open.
  public var search: SearchBox?
  /// The help overlay, while it is open.
  public var help: HelpScreen?
  /// The command palette, while it is open.
  public var palette: PaletteBox?
  /// The line typed on the status line (a rating, a note, a list's name), while it is open.
  public var prompt: Prompt?
  /// What the screens share.
  public var shared: Shared

  /// Makes the state of an app that has not loaded anything yet: the list alone on the stack.
  public init(
    window: TimeWindow = .week, language: String, region: String? = nil, sourceLabel: String? = nil, size: Size,
    now: Date, keys: KeyTable = .standard
  ) {
    stack = [.list(ListScreen(window: window))]
    shared = Shared(language: language, region: region, sourceLabel: sourceLabel, size: size, now: now, keys: keys)
  }

  // MARK: The stack

  /// The screen showing.
  public var top: any ScreenFeature { stack[stack.count - 1].screen }

  /// Changes the screen showing through its feature, with what the screens share.
  public mutating func updateTop<Result>(_ body: (inout any ScreenFeature, inout Shared) -> Result) -> Result {
    var screen = stack[stack.count - 1].screen
    defer { stack[stack.count - 1] = screen.route }
    return body(&screen, &shared)
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

  /// The tab's list at the bottom of the stack.
  public var rootList: ListScreen {
    get { stack[0].list ?? ListScreen(window: .week) }
    set { stack[0] = .list(newValue) }
  }

  /// The tab showing at the bottom of the stack.
  public var activeTab: ListKind { rootList.source.tab ?? .trending }

  /// The index of the top-most list on the stack: the list showing, or under the screens showing.
  var topListIndex: Int { stack.lastIndex { $0.list != nil } ?? 0 }

  /// Changes the top-most list on the stack.
  mutating func updateTopList<Result>(_ body: (inout ListScreen, inout Shared) -> Result) -> Result {
    let index = topListIndex
    var list = stack[index].list ?? ListScreen(window: .week)
    defer { stack[index] = .list(list) }
    return body(&list, &shared)
  }

  /// Shows another tab, as the user left it (a new one empty); the screens above the list are closed.
  public mutating func switchTab(to kind: ListKind) {
    guard kind != activeTab || stack.count > 1 else { return }
    tabs[activeTab] = rootList
    while stack.count > 1 { stack.removeLast() }
    rootList = tabs.removeValue(forKey: kind) ?? ListScreen(kind: kind, window: rootList.window)
  }

  /// Applies `body` to every list showing `source`, on the stack, among the tabs left and in the
  /// search line (an answer for a list not showing updates it, as it was left), and returns the
  /// effects they ask for.
  mutating func updateLists(
    _ matches: (ListScreen) -> Bool, _ body: (inout ListScreen, Shared) -> [Effect]
  ) -> [Effect] {
    var effects: [Effect] = []
    for index in stack.indices {
      guard var screen = stack[index].list, matches(screen) else { continue }
      effects += body(&screen, shared)
      stack[index] = .list(screen)
    }
    // Each tab changed in its place: a loop over `tabs` itself holds its storage, so the first tab
    // written back copies the whole table, and each is copied out and in (this runs every mark).
    var index = tabs.values.startIndex
    while index != tabs.values.endIndex {
      if matches(tabs.values[index]) { effects += body(&tabs.values[index], shared) }
      tabs.values.formIndex(after: &index)
    }
    if var results = search?.results, matches(results) {
      effects += body(&results, shared)
      search?.results = results
    }
    return effects
  }

  /// Lets go of the films and, apart, the other details (series, seasons, people) no screen on the
  /// stack shows, once `keptDetailsLimit` of either are kept: opened again, they come back from the
  /// client's caches. Tables (genres, services) and lists are never let go here: tabs need them.
  public mutating func forgetUnshownDetails() {
    let shown = Set(stack.flatMap { $0.screen.shows(shared) })
    for isFilm in [true, false] {
      let kind = shared.answers.keys.filter { $0.isFilm == isFilm && $0.isDetails }
      guard kind.count >= Self.keptDetailsLimit else { continue }
      for request in kind where !shown.contains(request) && shared.answers[request]?.isLoading != true {
        shared.answers[request] = nil
      }
    }
  }

  /// The help's notes below the keys: how posters are drawn (no internal ids: a user has no use for them).
  public var helpNotes: [String] { [shared.imagesNote].compactMap { $0 } }

  /// The keys of a typed line, which the key table does not hold (`LineEditor`).
  var typingNote: String {
    let ascii = shared.asciiKeys
    let names = { (keys: [Key]) in keys.map { $0.label(ascii: ascii) }.joined(separator: " ") }
    return tr(
      "On a line being typed (%1$s): %2$s move the cursor; %3$s delete.", "/ \\ : R N L P",
      names([.left, .right, .home, .end, .control("a"), .control("e")]),
      names([.backspace, .delete, .control("u"), .control("k"), .control("w")]))
  }

  /// Where keys are looked up now.
  public var keyContext: KeyContext { palette != nil ? .palette : search != nil ? .search : top.keyContext }

  /// Whether a line is being typed: a prompt, the palette, the search line or a list's filter.
  public var isTypingALine: Bool { prompt != nil || keyContext.isALine }

  /// The top-most list on the stack: the list showing, or under the screens showing.
  public var topList: ListScreen { stack[topListIndex].list ?? rootList }

  /// The list on screen: the search line's results while it is open, else the top-most list.
  public var shownList: ListScreen { search?.results ?? topList }

  /// Whether any request is in flight (the spinner turns while it is).
  public var isBusy: Bool {
    let list = stack[topListIndex].list
    return list?.list.isLoading == true || list?.isLoadingMore == true || shared.isLoadingAnswers
      || search?.results?.list.isLoading == true
  }
}

extension APIRequest {
  /// Whether it asks for a film (else a person or a list).
  var isFilm: Bool {
    if case .movie = self { return true }
    return false
  }

  /// Whether it asks for a page of a list.
  var isList: Bool { page != nil }

  /// Whether it asks for one title's or person's details (what a screen shows, let go when unshown).
  var isDetails: Bool { page == nil && freshness == detailsFreshness }
}
