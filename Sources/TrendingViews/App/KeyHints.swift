import Localization
import TrendingCore

/// The hint bar: the keys that do something now, read from the key table, shortened to fit.
enum KeyHints {
  /// One hint: the command it stands for, its keys and its words, e.g. "⏎" and "open".
  struct Item: Equatable {
    let command: Command
    let keys: String
    let label: String

    /// The hint as one text, e.g. "⏎ open".
    var text: String { keys + " " + label }
  }

  /// What stays longest as the bar narrows, first to last: the ways in, out and around come
  /// before the rest; a hint not named here goes first.
  static let priority: [Command] = [
    .quit, .back, .open, .search, .help, .moveDown, .toggleMedia, .refresh, .toggleWatchlist, .openInBrowser, .nextTab,
    .sort, .toggleWindow,
  ]

  /// The hints for the state's screen, in table order, only for commands available now.
  static func items(for state: AppState) -> [Item] {
    let context = state.keyContext
    let table = state.shared.keys
    let ascii = state.shared.asciiKeys
    var items: [Item] = []
    if Reducer.isAvailable(.moveDown, in: state), let up = table.firstKey(for: .moveUp, in: context),
      let down = table.firstKey(for: .moveDown, in: context)
    {
      let verb = context == .search || state.top.selectsLines ? tr("move") : tr("scroll")
      let keys = ascii ? "\(up.asciiLabel)/\(down.asciiLabel)" : "\(up.label)\(down.label)"
      items.append(Item(command: .moveDown, keys: keys, label: verb))
    }
    var seen: Set<Command> = []
    for binding in table.bindings(in: context) {
      guard let hint = binding.hint, let key = binding.keys.first, !seen.contains(binding.command) else { continue }
      seen.insert(binding.command)
      if Reducer.isAvailable(binding.command, in: state) {
        // `t` names where it goes: the other set of tabs.
        let label =
          binding.command == .toggleMedia ? (state.shared.browsing == .film ? tr("series") : tr("films")) : tr(hint)
        items.append(Item(command: binding.command, keys: key.label(ascii: ascii), label: label))
      }
    }
    // Quit is always offered: in the film's context the table's first quit key is ^C.
    if !seen.contains(.quit), let key = table.firstKey(for: .quit, in: context) {
      items.append(Item(command: .quit, keys: key.label(ascii: ascii), label: tr("quit")))
    }
    return items
  }

  /// The bar's hints at a width: whole hints, dropping the least needed until they fit.
  static func fitting(_ state: AppState, width: Int) -> [Item] {
    var items = items(for: state)
    // Each hint measured once; two spaces between hints, and a margin of two.
    var widths = items.map { TextWidth.width(of: $0.text) }
    var ranks = items.map { item in priority.firstIndex(of: item.command) ?? Int.max }
    var total = widths.reduce(0, +) + 2 * max(0, items.count - 1)
    while items.count > 1, total + 2 > width, let least = ranks.indices.max(by: { ranks[$0] < ranks[$1] }) {
      total -= widths[least] + 2
      items.remove(at: least)
      widths.remove(at: least)
      ranks.remove(at: least)
    }
    return items
  }

  /// The bar's text at a width.
  static func line(for state: AppState, width: Int) -> String {
    text(fitting(state, width: width))
  }

  /// Hints as the bar spells them, two spaces apart.
  static func text(_ items: [Item]) -> String {
    items.map(\.text).joined(separator: "  ")
  }

  /// Draws the bar: keys in the bar's strong colour, their words muted.
  static func draw(_ state: AppState, in area: Rect, into screen: inout Screen) {
    screen.fill(row: area.row, style: Style(.barMuted))
    var column = area.column + 1
    for (index, item) in fitting(state, width: area.width).enumerated() {
      if index > 0 { column += screen.put("  ", row: area.row, column: column, style: Style(.barMuted)) }
      column += screen.put(item.keys, row: area.row, column: column, style: Style(.bar, bold: true))
      column += screen.put(" " + item.label, row: area.row, column: column, style: Style(.barMuted))
    }
  }
}
