import AmodbKit

/// Narrows the list on screen by title, locally: no request is made.
public struct ListFilter: Equatable, Sendable {
  /// The longest filter kept.
  static let limit = 60

  /// The line typed, and where typing goes in it.
  public internal(set) var line: LineEditor
  /// The text typed (set: typing goes on at its end).
  public var text: String {
    get { line.text }
    set { line = LineEditor(newValue, limit: Self.limit) }
  }
  /// Whether keys type into it (else it stays applied, shown in the header).
  public var editing = true
  /// Whether ↑↓ moved in the rows since it was last edited: a screen reader's cursor is then on
  /// the selected row, not where typing goes.
  public var browsing = false

  /// Makes a filter being typed.
  public init(text: String = "", editing: Bool = true) {
    line = LineEditor(text, limit: Self.limit)
    self.editing = editing
  }

  /// Whether a title matches: every word typed appears in it, whatever the case and accents
  /// ("amelie" finds Amélie).
  public func matches(_ movie: MediaSummary) -> Bool {
    matcher()(movie)
  }

  /// `matches`, with the typed words folded once for a whole list.
  func matcher() -> (MediaSummary) -> Bool {
    let words = TextFold.folded(text).split(separator: " ")
    return { movie in
      guard !words.isEmpty else { return true }
      let title = TextFold.folded(movie.title + " " + (movie.originalTitle ?? ""))
      return words.allSatisfy { title.contains($0) }
    }
  }

  /// Edits the text with a key that types, deletes or moves in it; false when the key is not an edit.
  mutating func edit(_ key: Key) -> Bool {
    line.edit(key)
  }
}

extension ListScreen {
  /// How many films the list has before the filter.
  public var unfilteredCount: Int { list.value?.movies.count ?? 0 }

  /// Starts typing a filter, or types into the one applied.
  mutating func startFilter() {
    filter = ListFilter(text: filter?.text ?? "")
  }

  /// Types into the filter being typed: the selection stays on its film while it still shows,
  /// else goes to the first.
  mutating func editFilter(_ key: Key, rows: Int) -> Bool {
    guard var edited = filter, edited.editing else { return false }
    let selected = selectedMovie?.id
    guard edited.edit(key) else { return false }
    edited.browsing = false
    filter = edited
    selection = movies.firstIndex { $0.id == selected } ?? 0
    top = 0
    ListLogic.scrollIntoView(&self, rows: rows)
    return true
  }

  /// Keeps the filter applied (typing stops); an empty one goes.
  mutating func keepFilter() {
    filter?.editing = false
    if filter?.text.isEmpty == true { filter = nil }
  }

  /// Clears the filter: every film shows again, the selected one still selected.
  mutating func clearFilter(rows: Int) {
    let selected = selectedMovie?.id
    filter = nil
    selection = movies.firstIndex { $0.id == selected } ?? selection
    ListLogic.scrollIntoView(&self, rows: rows)
  }
}
