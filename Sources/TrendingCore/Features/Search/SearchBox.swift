import AmodbKit
import FoundationEssentials

/// The search line: what is typed, and the results of the last query asked, live.
public struct SearchBox: Equatable, Sendable {
  /// How long typing rests before the query is asked: a typed title costs a handful of requests,
  /// not one a key.
  public static let delay = Duration.milliseconds(300)
  /// The longest search line kept.
  static let limit = 100

  /// The line typed, and where typing goes in it.
  public internal(set) var line = LineEditor(limit: limit)
  /// The text typed (set: typing goes on at its end).
  public var text: String {
    get { line.text }
    set { line = LineEditor(newValue, limit: Self.limit) }
  }
  /// The results of the query last asked, as a list (nil before the first answer is asked for).
  public var results: ListScreen?
  /// Whether ↑↓ moved in the results since the line was last edited: a screen reader's cursor is
  /// on the selected result then, else on the line where typing goes.
  public internal(set) var browsing = false

  /// Makes an empty search line.
  public init() {}

  /// The query the text asks for, or nil when there is nothing to search for yet.
  public var query: SearchQuery? {
    let query = SearchQuery(parsing: text)
    return query.text.isEmpty ? nil : query
  }

  /// What a command on the search line leads to: its effects, and whether the line closes and
  /// its results are kept as a list opened on top.
  struct Outcome: Equatable {
    var effects: [Effect] = []
    var closes = false
    var keeps: ListScreen?
  }

  /// Edits the line with a key that types, deletes or moves in it; nil when the key is not an edit.
  mutating func edit(_ key: Key, _ shared: Shared) -> [Effect]? {
    var edited = line
    guard edited.edit(key) else { return nil }
    return typed(edited, shared)
  }

  /// Types pasted text into the line, on one line and clean.
  mutating func paste(_ pasted: String, _ shared: Shared) -> [Effect] {
    var edited = line
    edited.paste(pasted)
    return typed(edited, shared)
  }

  /// Keeps an edited line and asks its query once typing rests.
  private mutating func typed(_ edited: LineEditor, _ shared: Shared) -> [Effect] {
    let before = query
    line = edited
    browsing = false
    guard query != before else { return [] }
    guard let query else {
      // Nothing left to search for: nothing is asked, and an answer on its way is not shown.
      var effects: [Effect] = [.cancel(.searchDebounce)]
      if let asked = results, case .search = asked.source, let request = asked.request(page: 1, shared) {
        effects.append(.cancel(.fetch(request)))
      }
      results = nil
      return effects
    }
    return [.after(Self.delay, .searchDue(query), id: .searchDebounce)]
  }

  /// Asks the query, when it is still the one typed; an answer to an older query is never shown
  /// (its request is cancelled).
  mutating func due(_ query: SearchQuery, _ shared: Shared) -> [Effect] {
    guard self.query == query else { return [] }
    if let results, results.source == .search(query) { return [] }
    var effects: [Effect] = []
    if let asked = results, asked.source != .search(query), asked.list.isLoading,
      let request = asked.request(page: 1, shared)
    {
      effects.append(.cancel(.fetch(request)))
    }
    var fresh = ListScreen(source: .search(query))
    effects += fresh.refresh(force: false, shared)
    results = fresh
    return effects
  }

  /// A command while the line is open: move in the results, keep them, or close the line.
  mutating func perform(_ command: ScreenCommand, _ shared: Shared) -> Outcome {
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
      guard var list = results else { return Outcome() }
      if shared.movesOntoTheSelection(down: command == .moveDown, browsing: browsing) {
        browsing = true
        return Outcome()
      }
      let effects = ListLogic.move(&list, command, rows: SearchLayout.visibleRows(for: shared.size), shared)
      results = list
      browsing = true
      return Outcome(effects: effects)
    case .open:
      // Enter before typing has rested keeps what is typed: asked now, kept as it comes.
      var effects: [Effect] = [.cancel(.searchDebounce)]
      if let query, results?.source != .search(query) { effects += due(query, shared) }
      guard var kept = results, hasResultsToKeep else { return Outcome() }
      ListLogic.scrollIntoView(&kept, rows: shared.visibleRows)
      return Outcome(effects: effects, closes: true, keeps: kept)
    case .back:
      var effects: [Effect] = [.cancel(.searchDebounce)]
      if let results, results.list.isLoading, let request = results.request(page: 1, shared) {
        effects.append(.cancel(.fetch(request)))
      }
      return Outcome(effects: effects, closes: true)
    default: return Outcome()
    }
  }

  /// Whether Enter keeps something: results on the way (or a query typing has not rested on yet),
  /// or some that came (nothing matched is no list).
  var hasResultsToKeep: Bool {
    if let query, results?.source != .search(query) { return true }
    guard let results else { return false }
    return results.list.isLoading || (results.list.value != nil && !results.movies.isEmpty)
  }

  /// Whether a command does something while the line is open.
  func isAvailable(_ command: Command) -> Bool {
    switch command {
    case .back, .quit, .redraw, .suspend: return true
    case .open: return hasResultsToKeep
    case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last: return (results?.movies.count ?? 0) > 1
    default: return false
    }
  }

  /// The poster of the result selected, in the list's pane.
  func poster(_ shared: Shared) -> PosterRequest? {
    results?.poster(shared)
  }

  /// Answers a click or the wheel on the results: the wheel moves, a click selects, a click on the
  /// selection keeps the results.
  mutating func mouse(_ event: MouseEvent, _ shared: Shared) -> Outcome {
    switch event.kind {
    case .wheelUp, .wheelDown:
      var outcome = Outcome()
      for _ in 0..<MouseLogic.wheelStep {
        outcome.effects += perform(event.kind == .wheelDown ? .moveDown : .moveUp, shared).effects
      }
      return outcome
    case .press:
      guard let index = results?.row(at: event, shared) else { return Outcome() }
      if index == results?.selection { return perform(.open, shared) }
      results?.selection = index
      return Outcome()
    }
  }
}
