import Localization
import TrendingCore

/// The hint bar: the keys that do something now, read from the key table, shortened to fit.
enum KeyHints {
  /// One hint: the command it stands for and its words, e.g. "⏎ open".
  struct Item: Equatable {
    let command: Command
    let text: String
  }

  /// What is dropped first when the bar is too narrow, first to last.
  static let dropOrder: [Command] = [
    .toggleWindow, .sort, .nextTab, .search, .moveDown, .refresh, .open, .help, .quit, .back,
  ]

  /// The hints for the state's screen, in table order, only for commands available now.
  static func items(for state: AppState) -> [Item] {
    let context = state.keyContext
    let table = state.shared.keys
    var items: [Item] = []
    if Reducer.isAvailable(.moveDown, in: state), let up = table.firstKey(for: .moveUp, in: context),
      let down = table.firstKey(for: .moveDown, in: context)
    {
      let verb = context == .search || state.top.selectsLines ? tr("move") : tr("scroll")
      let keys = state.shared.asciiKeys ? "\(up.asciiLabel)/\(down.asciiLabel)" : "\(up.label)\(down.label)"
      items.append(Item(command: .moveDown, text: "\(keys) \(verb)"))
    }
    var seen: Set<Command> = []
    for binding in table.bindings(in: context) {
      guard let hint = binding.hint, let key = binding.keys.first, !seen.contains(binding.command) else { continue }
      seen.insert(binding.command)
      if Reducer.isAvailable(binding.command, in: state) {
        items.append(Item(command: binding.command, text: key.label(ascii: state.shared.asciiKeys) + " " + tr(hint)))
      }
    }
    // Quit is always offered: in the film's context the table's first quit key is ^C.
    if !seen.contains(.quit), let key = table.firstKey(for: .quit, in: context) {
      items.append(Item(command: .quit, text: key.label(ascii: state.shared.asciiKeys) + " " + tr("quit")))
    }
    return items
  }

  /// The bar's text at a width: whole hints, dropping the least needed until they fit.
  static func line(for state: AppState, width: Int) -> String {
    var items = items(for: state)
    let render = { (items: [Item]) in items.map(\.text).joined(separator: "  ") }
    for command in dropOrder where TextWidth.width(of: render(items)) + 2 > width {
      items.removeAll { $0.command == command }
    }
    return render(items)
  }
}
