import AmodbKit
import Localization
import TrendingCore

/// The hint bar: the keys that do something now, read from the key table, shortened to fit.
enum KeyHints {
  /// One hint: the command it stands for, its keys and its words, e.g. "⏎" and "open".
  struct Item: Equatable, Sendable {
    let command: Command
    let keys: String
    let label: String

    /// The hint as one text, e.g. "⏎ open".
    var text: String { keys + " " + label }
  }

  /// What stays longest as the bar narrows, first to last: the ways in, out and around come
  /// before the rest, help (which names every key) before search; a hint not named here goes first.
  static let priority: [Command] = [
    .quit, .back, .open, .help, .search, .moveDown, .nextEpisode, .previousEpisode, .toggleMedia, .refresh,
    .toggleWatchlist, .toggleSeen, .markUpToHere, .undo,
    .openInBrowser, .playTrailer, .nextTab, .sort, .toggleWindow, .rate, .note,
  ]

  /// The same where marking is the screen's job (a season, an episode, Up next): marking seen, and
  /// rating and noting the episode, come right after the ways around, before refresh and the watchlist.
  static let markingPriority: [Command] = {
    let marking: [Command] = [.toggleSeen, .markUpToHere, .rate, .note]
    var order = priority.filter { !marking.contains($0) }
    order.insert(contentsOf: marking, at: (order.firstIndex(of: .toggleMedia) ?? 0) + 1)
    return order
  }()

  /// A hint the bar may show in a context: its item, measured and ranked once.
  struct Candidate: Equatable, Sendable {
    let item: Item
    /// Its columns.
    let width: Int
    /// Its place in `priority` (the bar drops the highest first).
    let rank: Int
    /// Shown whether or not its command is available (quit, where the table has no hint for it).
    let always: Bool
  }

  /// What a context's candidates depend on: the key table, the context, ASCII keys, films or
  /// series (`t`'s words), whether the arrows move or scroll, and the language.
  struct CandidatesKey: Equatable, Sendable {
    let table: KeyTable
    let context: KeyContext
    let ascii: Bool
    let browsing: MediaKind
    let selectsLines: Bool
    let catalogue: Catalogue
    /// Whether marking seen is the screen's job (`markingPriority`).
    var marksFirst = false
  }

  /// A context's candidates and their commands (what availability is asked of), kept together.
  struct Candidates: Sendable {
    let all: [Candidate]
    let commands: [Command]

    /// Those to offer, given which commands are available (in `commands`' order).
    func offered(_ available: [Bool]) -> [Candidate] {
      all.indices.filter { all[$0].always || available[$0] }.map { all[$0] }
    }
  }

  /// The candidates last worked out.
  static let kept = Memo<CandidatesKey, Candidates>()

  /// The hints for the state's screen, in table order, only for commands available now.
  static func items(for state: AppState) -> [Item] {
    let (_, candidates, available) = now(state)
    return candidates.offered(available).map(\.item)
  }

  /// The state's candidates, labelled and measured once a change of what they depend on, and which
  /// of them are available now: only that is asked each frame (the screen on top taken from the
  /// stack once for every hint, not once a hint).
  static func now(_ state: AppState) -> (key: CandidatesKey, candidates: Candidates, available: [Bool]) {
    let context = state.keyContext
    let key = CandidatesKey(
      table: state.shared.keys, context: context, ascii: state.shared.asciiKeys, browsing: state.shared.browsing,
      selectsLines: context == .search || state.top.selectsLines, catalogue: Translator.current,
      marksFirst: context == .season || context == .episode || state.stack.last?.list?.feed.localQuery == .upNext)
    let candidates = kept.value(for: key) {
      let all = Self.candidates(key)
      return Candidates(all: all, commands: all.map(\.item.command))
    }
    return (key, candidates, Reducer.availability(of: candidates.commands, in: state))
  }

  /// Every hint a context may show, in table order, each labelled, measured and ranked.
  static func candidates(_ key: CandidatesKey) -> [Candidate] {
    let (table, context, ascii) = (key.table, key.context, key.ascii)
    var items: [(Item, always: Bool)] = []
    if let up = table.firstKey(for: .moveUp, in: context), let down = table.firstKey(for: .moveDown, in: context) {
      let verb = key.selectsLines ? tr("move") : tr("scroll")
      let keys = ascii ? "\(up.asciiLabel)/\(down.asciiLabel)" : "\(up.label)\(down.label)"
      items.append((Item(command: .moveDown, keys: keys, label: verb), false))
    }
    var seen: Set<Command> = []
    for binding in table.bindings(in: context) {
      guard let hint = binding.hint, let first = binding.keys.first, !seen.contains(binding.command) else { continue }
      seen.insert(binding.command)
      // `t` names where it goes: the other set of tabs.
      let label = binding.command == .toggleMedia ? (key.browsing == .film ? tr("series") : tr("films")) : tr(hint)
      items.append((Item(command: binding.command, keys: first.label(ascii: ascii), label: label), false))
    }
    // Quit is always offered (in the film's context the table's first quit key is ^C), but on a
    // line being typed, where ^C drops the line.
    if !seen.contains(.quit), !context.isALine,
      let quit = table.firstKey(for: .quit, in: context)
    {
      items.append((Item(command: .quit, keys: quit.label(ascii: ascii), label: tr("quit")), true))
    }
    return items.map { item, always in
      Candidate(
        item: item, width: TextWidth.width(of: item.text),
        rank: (key.marksFirst ? markingPriority : priority).firstIndex(of: item.command) ?? Int.max,
        always: always)
    }
  }

  /// What a bar depends on: its candidates, which are available, and its width.
  struct BarKey: Equatable, Sendable {
    let candidates: CandidatesKey
    let available: [Bool]
    let width: Int
  }

  /// A bar as drawn: its hints, and their pieces (keys strong, words muted) in order.
  struct Bar: Sendable {
    let items: [Item]
    let pieces: [(text: String, isKey: Bool)]
  }

  /// The bar last fitted.
  static let bars = Memo<BarKey, Bar>()

  /// The bar's hints at a width: whole hints, dropping the least needed until they fit; fitted once
  /// a change of the hints available or the width, not once a frame.
  static func fitting(_ state: AppState, width: Int) -> [Item] { bar(state, width: width).items }

  /// The bar at a width, fitted and cut into pieces once a change.
  static func bar(_ state: AppState, width: Int) -> Bar {
    let (key, kept, available) = now(state)
    return bars.value(for: BarKey(candidates: key, available: available, width: width)) {
      var candidates = kept.offered(available)
      // Two spaces between hints, and a margin of two.
      var total = candidates.reduce(0) { $0 + $1.width } + 2 * max(0, candidates.count - 1)
      while candidates.count > 1, total + 2 > width,
        let least = candidates.indices.max(by: { candidates[$0].rank < candidates[$1].rank })
      {
        total -= candidates[least].width + 2
        candidates.remove(at: least)
      }
      let items = candidates.map(\.item)
      let pieces = items.enumerated().flatMap { index, item in
        (index > 0 ? [("  ", false)] : []) + [(item.keys, true), (" " + item.label, false)]
      }
      return Bar(items: items, pieces: pieces)
    }
  }

  /// The bar under a prompt on the status line: what Enter does, Esc, and Tab where it completes,
  /// as many as fit `width` (the browsing keys do nothing while the line takes every key, and ^C
  /// drops the line as Esc does).
  static func promptPieces(_ prompt: Prompt, ascii: Bool, width: Int) -> [(text: String, isKey: Bool)] {
    var hints: [(Key, String)] = [
      (.enter, prompt.purpose == .playFile ? tr("play") : tr("save")), (.escape, tr("cancel")),
    ]
    if prompt.purpose == .addToList || prompt.purpose == .playFile { hints.append((.tab, tr("complete"))) }
    var pieces: [(text: String, isKey: Bool)] = []
    var used = 2
    for (key, word) in hints {
      let keys = key.label(ascii: ascii)
      let room = (pieces.isEmpty ? 0 : 2) + TextWidth.width(of: keys + " " + word)
      guard used + room <= width else { break }
      used += room
      pieces += (pieces.isEmpty ? [] : [("  ", false)]) + [(keys, true), (" " + word, false)]
    }
    return pieces
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
    let pieces = state.prompt.map { promptPieces($0, ascii: state.shared.asciiKeys, width: area.width) }
    for piece in pieces ?? bar(state, width: area.width).pieces {
      column += screen.put(
        piece.text, row: area.row, column: column, style: piece.isKey ? Style(.bar, bold: true) : Style(.barMuted))
    }
  }
}
