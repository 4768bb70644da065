import AmodbKit
import LibraryKit
import Localization
import TrendingCore
import TrendingViews

/// A title an import searched and did not match, the rows that name it, and the films found.
struct UnresolvedTitle: Equatable, Sendable {
  /// How the rows name it.
  var reference: TitleReference
  /// The rows, in the file's order.
  var places: [RowPlace]
  /// The title as the file writes it.
  var title: String
  /// The year as the file writes it.
  var year: Int?
  /// The films the search found.
  var candidates: [MediaSummary]
  /// Each candidate's directors, by its id, when the cached details know them.
  var directors: [Int: String] = [:]

  /// The most candidates shown for one title.
  static let mostCandidates = 20
}

/// The `--resolve` chooser's state: the title in hand and the candidate selected; pure, so it is
/// tested without a terminal.
struct ResolveChooser {
  /// The titles to resolve, in order.
  let titles: [UnresolvedTitle]
  /// The title in hand; `titles.count` when all are done.
  private(set) var current = 0
  /// The candidate selected.
  private(set) var selected = 0

  /// What a key asks for.
  enum Step: Equatable {
    /// Nothing to save.
    case stay
    /// Take this film for this title.
    case take(MediaSummary, for: UnresolvedTitle)
    /// Leave the title unresolved.
    case skip
    /// Stop, keeping what was saved.
    case quit
  }

  /// Whether every title has had its turn.
  var isDone: Bool { current >= titles.count }

  /// Moves, takes, skips or quits as `key` says.
  mutating func press(_ key: Key) -> Step {
    guard !isDone else { return .quit }
    let title = titles[current]
    switch key {
    case .down, .character("j"):
      selected = min(selected + 1, max(title.candidates.count - 1, 0))
    case .up, .character("k"):
      selected = max(selected - 1, 0)
    case .enter:
      guard title.candidates.indices.contains(selected) else { return .stay }
      let film = title.candidates[selected]
      next()
      return .take(film, for: title)
    case .character("s"):
      next()
      return .skip
    case .character("q"), .escape, .control("c"):
      return .quit
    default: break
    }
    return .stay
  }

  private mutating func next() {
    current += 1
    selected = 0
  }

  /// The frame: the title in hand with its rows, its candidates, and the keys.
  func screen(_ size: Size) -> Screen {
    var screen = Screen(width: size.width, height: size.height)
    guard !isDone, size.height >= 4 else { return screen }
    let title = titles[current]
    let heading = tr("Not matched %1$s of %2$s:", String(current + 1), String(titles.count))
    let named = Self.clean(title.title) + (title.year.map { " (\($0))" } ?? "")
    screen.put(heading + " " + named, row: 0, column: 0, style: Style(.title, bold: true))
    let places = title.places.map(\.description).joined(separator: ", ")
    screen.put(Self.clean(places), row: 1, column: 0, style: Style(.muted))
    let keys = tr("↑↓ choose, Enter takes it, s skips, q quits (what was taken is saved)")
    screen.put(keys, row: size.height - 1, column: 0, style: Style(.muted))
    guard !title.candidates.isEmpty else {
      screen.put(tr("The search found no film: s skips it."), row: 3, column: 2)
      return screen
    }
    let room = size.height - 4
    let first = max(0, min(selected - room + 1, title.candidates.count - room))
    for (offset, film) in title.candidates.dropFirst(first).prefix(room).enumerated() {
      let index = first + offset
      let isSelected = index == selected
      var line = (isSelected ? "> " : "  ") + Self.clean(film.title) + (film.year.map { " (\($0))" } ?? "")
      if let original = film.originalTitle.map(Self.clean), original != Self.clean(film.title) {
        line += "  " + original
      }
      if let director = title.directors[film.id] { line += "  " + tr("by %s", Self.clean(director)) }
      line += "  tmdb \(film.id)"
      let row = 3 + offset
      if isSelected { screen.fill(row: row, style: Style(selected: true)) }
      screen.put(line, row: row, column: 0, style: Style(selected: isSelected))
    }
    return screen
  }

  /// Text from the network or the file, with no control characters and a bounded length.
  private static func clean(_ text: String) -> String { TextSanitizer.clean(text, limit: 300) }
}
