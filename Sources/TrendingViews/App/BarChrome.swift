import TrendingCore

/// The browser's header and key bar for a screen drawn outside it (the import's chooser), so it
/// looks as the browser does: the header bar bold, each key strong in the hint bar, its words muted.
public enum BarChrome {
  /// A hint of the key bar: the key as written ("⏎", "s") and what it does.
  public struct Hint: Equatable, Sendable {
    /// The key.
    public var keys: String
    /// What it does.
    public var label: String

    /// Makes a hint.
    public init(_ keys: String, _ label: String) {
      self.keys = keys
      self.label = label
    }
  }

  /// The header across `row`: the first of `lefts` (longest first) that fits beside a right text.
  public static func header(_ lefts: [String], rights: [String] = [], row: Int, into screen: inout Screen) {
    Renderer.bar(lefts, rights: rights, row: row, into: &screen)
  }

  /// The key bar across `row`: the hints in order, the last dropped first until they fit.
  public static func keys(_ hints: [Hint], row: Int, into screen: inout Screen) {
    screen.fill(row: row, style: Style(.barMuted))
    var shown = hints
    let width = { (hints: [Hint]) in
      hints.reduce(0) { $0 + TextWidth.width(of: $1.keys + " " + $1.label) } + 2 * max(0, hints.count - 1) + 2
    }
    while shown.count > 1, width(shown) > screen.width { shown.removeLast() }
    var column = 1
    for (index, hint) in shown.enumerated() {
      if index > 0 { column += screen.put("  ", row: row, column: column, style: Style(.barMuted)) }
      column += screen.put(hint.keys, row: row, column: column, style: Style(.bar, bold: true))
      column += screen.put(" " + hint.label, row: row, column: column, style: Style(.barMuted))
    }
  }
}

extension BarChrome {
  /// A line being typed, as the browser's search line shows it: the prompt strong, a block where typing goes.
  public static func typedLine(
    prompt: String, text: String, cursor: Int? = nil, selected: Bool = false, row: Int, into screen: inout Screen
  ) {
    TypedLine.draw(prompt: prompt, text: text, cursor: cursor, selected: selected, row: row, into: &screen)
  }
}
