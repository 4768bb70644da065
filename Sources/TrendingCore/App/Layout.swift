import FoundationEssentials

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

  /// The chrome of a screen of `size`; for a screen reader the status line is the last row and the
  /// key hints stand above it (decision *screen-reader-cursor*).
  public init(_ size: Size, screenReader: Bool = false) {
    header = Rect(row: 0, column: 0, width: size.width, height: 1)
    body = Rect(row: 1, column: 0, width: size.width, height: max(1, size.height - 3))
    let (statusRow, hintsRow) = screenReader ? (size.height - 1, size.height - 2) : (size.height - 2, size.height - 1)
    status = Rect(row: statusRow, column: 0, width: size.width, height: 1)
    hints = Rect(row: hintsRow, column: 0, width: size.width, height: 1)
  }

  /// The chrome of the screen `shared` describes: its size, and whether a screen reader reads it.
  public init(_ shared: Shared) {
    self.init(shared.size, screenReader: shared.screenReader)
  }
}

/// The list screen's layout inside the body, shared by the reducer and the views.
public enum ListLayout {
  /// Rows of the body above the films: the tab bar and the column titles.
  public static let columnTitleRows = 2
  /// The smallest terminal the app draws in.
  public static let minimumSize = Size(width: 30, height: 8)

  /// Whether `size` is one the app draws in (else only "Terminal too small" shows).
  public static func isUsable(_ size: Size) -> Bool {
    size.width >= minimumSize.width && size.height >= minimumSize.height
  }

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
  /// From `factsMinimumWidth` the table is only as wide as its longest title needs, and the pane
  /// takes the rest, up to the width a poster as tall as the rows allows. A split list's pane is
  /// at least `splitPaneMinimum` wide: this is that width, and the view widens it by what the
  /// table leaves.
  public static func listPaneWidth(for size: Size, longestTitle: Int? = nil) -> Int? {
    guard size.width >= listPaneMinimumWidth else { return nil }
    if size.width >= splitMinimumWidth { return splitPaneMinimum(for: size) }
    let standard = min(48, size.width * 30 / 100)
    guard size.width >= factsMinimumWidth, let longestTitle else { return standard }
    let rows = ListLayout.visibleRows(for: size)
    let tallest = max(0, rows - factsRows) * 4 / 3 + 2
    return max(standard, min(size.width - tableWidth(longestTitle: longestTitle), tallest, largestPane))
  }

  /// The widest terminals also show the selected film's facts under the poster.
  public static let factsMinimumWidth = 160
  /// From here a list splits in two, as btop's panes do: the table, as wide as its rows need, and
  /// a pane of the selected title with its poster, facts, ratings, overview, where to watch and
  /// cast; a detail screen adds a second text column.
  public static let splitMinimumWidth = 180
  /// The widest poster in a split list's pane while the pane is too narrow for text beside it.
  public static let splitPosterWidth = 40
  /// The narrowest pane that puts its text beside the poster (else under it).
  public static let paneBesideMinimumWidth = 100
  /// The fewest columns the text beside a split pane's poster keeps.
  public static let besideTextMinimum = 48
  /// The columns between a pane's poster and the text beside it.
  public static let besideGap = 2
  /// The widest a list's poster pane gets: past it a poster only costs memory and bytes.
  static let largestPane = 80
  /// The rows left under the poster for them.
  static let factsRows = 8

  /// The widest table a split list gets: room for titles and genres each run 37 columns past their
  /// narrowest (decision *columns-by-rows*) and a title running on over both.
  public static let splitTableMaximum = 130

  /// The narrowest pane of a split list at `size`: what the widest table leaves, 64 columns at
  /// least; the table takes what its rows need, the pane all that the table leaves.
  public static func splitPaneMinimum(for size: Size) -> Int {
    max(64, size.width - splitTableMaximum)
  }

  /// The narrowest table that shows genres and vote counts.
  public static let wideTableMinimum = 110

  /// The width a wide list's table needs for titles this wide: rank and mark, the title whole,
  /// genres, year, votes and score; never narrower than a table with genres and votes.
  public static func tableWidth(longestTitle: Int) -> Int {
    max(wideTableMinimum, 6 + longestTitle + 2 + 34 + 2 + 6 + 7 + 5)
  }

  /// The list's poster box, or nil when there is no pane; on the widest terminals a poster's
  /// height for its width, with rows below for the selected film's facts. A split list's poster
  /// goes by the size alone (its pane is never narrower than `splitPaneMinimum`): it grows with
  /// the height, two thirds of the rows, as wide as that is tall while the text beside it keeps
  /// `besideTextMinimum` columns, or 40 columns over the text in a narrower pane.
  public static func listBox(for size: Size, longestTitle: Int? = nil) -> Size? {
    guard let pane = listPaneWidth(for: size, longestTitle: longestTitle) else { return nil }
    let rows = ListLayout.visibleRows(for: size)
    if size.width >= splitMinimumWidth {
      // A poster's shape in cells is about 4 wide for 3 tall.
      if pane >= paneBesideMinimumWidth {
        // The pane's area is 2 columns inside its width; the text keeps its columns past the gap.
        let width = max(3, min(rows * 2 / 3 * 4 / 3, pane - 2 - besideGap - besideTextMinimum))
        return Size(width: width, height: max(3, min(rows, width * 3 / 4)))
      }
      let width = min(splitPosterWidth, pane - 2)
      return Size(width: width, height: max(3, min(rows - factsRows, width * 3 / 4)))
    }
    guard size.width >= factsMinimumWidth, rows >= 20 else { return Size(width: pane - 2, height: rows) }
    return Size(width: pane - 2, height: min(rows - factsRows, (pane - 2) * 3 / 4))
  }

  /// The detail screen's poster box and whether it stands beside the text (else above), or nil.
  public static func detailBox(for size: Size) -> (box: Size, beside: Bool)? {
    let rows = Chrome(size).body.height
    if size.width >= besideMinimumWidth {
      // Wide screens give the poster more room: the text keeps to a readable measure anyway.
      let width = size.width >= factsMinimumWidth ? min(64, size.width * 30 / 100) : min(40, size.width * 30 / 100)
      return (Size(width: width, height: rows), true)
    }
    // Above the text only when it still leaves most of the screen to the text.
    guard size.height >= 32 else { return nil }
    return (Size(width: size.width - 2, height: min(14, rows / 3)), false)
  }
}

/// The search line's layout: the line itself under the header, then the results.
public enum SearchLayout {
  /// Rows of the body above the results: the search line and the column titles.
  public static let headerRows = 2

  /// How many result rows fit at `size`.
  public static func visibleRows(for size: Size) -> Int {
    max(1, Chrome(size).body.height - headerRows)
  }
}
