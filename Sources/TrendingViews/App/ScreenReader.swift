import AmodbKit
import Localization
import TrendingCore

/// What a frame does for a screen reader (decision *screen-reader-cursor*): where its cursor rests,
/// messages whole on the last row, and nothing that turns. The views ask it; the cursor is worked
/// out in every mode (a test reads it), and shown by the terminal only in the screen reader's.
enum ScreenReader {
  /// The most rows a message takes for a screen reader: its own and the key hints' (never the
  /// body's, where the focused row may be).
  static let messageRows = 2

  /// A message of work going on, after its spinner; alone for a screen reader, which would read
  /// each turn of the spinner as a change of the line.
  static func busy(_ text: String, _ shared: Shared) -> String {
    shared.screenReader ? text : Renderer.spinner(at: shared.now) + " " + text
  }

  /// Draws the status line's text at `row`, cut to `limit` columns; for a screen reader, or a
  /// message (`wraps`), whole: its words wrapped onto the key hints' row (below the status line,
  /// or above it for a screen reader) when one row does not hold them.
  static func status(
    _ text: String, tone: Tone, row: Int, limit: Int, wraps: Bool = false, _ shared: Shared,
    into screen: inout Screen
  ) {
    let style = Style(tone)
    guard let lines = wrapped(text, limit: limit, width: screen.width, wraps: wraps, shared) else {
      screen.put(TextLayout.truncate(text, to: limit), row: row, column: 0, style: style)
      return
    }
    for (offset, line) in lines.enumerated() {
      let at = shared.screenReader ? row - lines.count + 1 + offset : row + offset
      guard at < screen.height else { break }
      screen.fill(row: at, style: style)
      screen.put(" " + line, row: at, column: 0, style: style)
    }
  }

  /// The status line's text as `status` draws it over more than one row (at most `messageRows`),
  /// or nil when it takes one row, cut to `limit`.
  static func wrapped(_ text: String, limit: Int, width screenWidth: Int, wraps: Bool, _ shared: Shared) -> [String]? {
    guard shared.screenReader || wraps, TextWidth.width(of: text) > limit else { return nil }
    let words = String(text.drop { $0 == " " })
    let width = max(1, screenWidth - 1)
    let lines = Array(TextLayout.wrap(words, width: width).prefix(messageRows + 1))
    guard lines.count > messageRows else { return lines }
    // Longer than the rows it may take: what does not fit is cut, as on one row.
    return Array(lines.prefix(messageRows - 1)) + [
      TextLayout.truncate(lines[messageRows - 1] + " " + lines[messageRows], to: width)
    ]
  }

  /// Where a list's selected row starts, when it is drawn as one row an entry under the column
  /// titles (the calendar's rows, under week headings, say their own).
  static func selectedRow(_ shown: ListScreen, _ shared: Shared) -> Position? {
    guard shown.feed.rowsStyle != .byWeek, shown.list.value != nil, shown.movies.indices.contains(shown.selection)
    else { return nil }
    let rows = ListLayout.rows(for: shared.size)
    let offset = shown.selection - shown.top
    guard offset >= 0, offset < rows.height else { return nil }
    return Position(row: rows.row + offset, column: 0)
  }

  /// The search line's cursor: on the line typed, where typing goes, until ↑↓ move in the results
  /// for what it says; then on the selected result.
  static func searchCursor(_ search: SearchBox, _ shared: Shared) -> Position? {
    // While typing, the line keeps the cursor where typing goes; ↑↓ take it to the results.
    guard search.browsing, let results = search.results, let query = search.query, results.source == .search(query)
    else {
      return nil
    }
    return selectedRow(results, shared)
  }

  /// Where the cursor rests when nothing has focus: the first row of text under the list's column
  /// titles (a message such as "Loading…"), else the status line.
  static func resting(_ screen: Screen, _ shared: Shared) -> Position {
    let chrome = Chrome(shared)
    let first = ListLayout.rows(for: shared.size).row
    let last = min(screen.height, chrome.body.row + chrome.body.height)
    if first < last, let row = (first..<last).first(where: { !screen.line($0).allSatisfy { $0 == " " } }) {
      return Position(row: row, column: 0)
    }
    return Position(row: max(0, min(screen.height - 1, chrome.status.row)), column: 0)
  }
}
