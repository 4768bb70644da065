/// The help overlay over the screen showing: how far it is scrolled, on terminals too short for all of it.
public struct HelpScreen: Equatable, Sendable {
  /// How far it is scrolled, in rows.
  public var scroll = 0

  /// Makes the overlay at its top.
  public init() {}

  /// The overlay's lines for the state: the keys of its context, then its notes.
  static func lines(_ state: AppState) -> [KeyTable.HelpLine] {
    state.shared.keys.helpLines(in: state.keyContext, ascii: state.shared.asciiKeys, notes: state.helpNotes)
  }

  /// How many rows the overlay has at the state's size, in as many columns as fit.
  static func rowCount(_ state: AppState) -> Int {
    HelpLayout(lines(state), width: state.shared.size.width).rows
  }

  /// What a command does while the overlay shows: moves scroll it, ^C quits, anything else closes it.
  enum Outcome: Equatable {
    case stays, closes, quits
  }

  /// Answers a command; the overlay scrolls, closes, or the app quits.
  mutating func perform(_ command: Command?, key: Key, rows: Int, height: Int) -> Outcome {
    if command == .quit, key == .control("c") { return .quits }
    let last = KeyTable.helpMaxScroll(lineCount: rows, height: height)
    let page = max(1, height - 3)
    switch command?.screenCommand {
    case .moveDown: scroll += 1
    case .moveUp: scroll -= 1
    case .pageDown: scroll += page
    case .pageUp: scroll -= page
    case .halfPageDown: scroll += max(1, page / 2)
    case .halfPageUp: scroll -= max(1, page / 2)
    case .first: scroll = 0
    case .last: scroll = last
    default: return .closes
    }
    scroll = min(max(scroll, 0), last)
    return .stays
  }

  /// Answers the mouse: the wheel scrolls, a click closes.
  mutating func mouse(_ event: MouseEvent, rows: Int, height: Int) -> Outcome {
    switch event.kind {
    case .wheelDown: return perform(.moveDown, key: .down, rows: rows, height: height)
    case .wheelUp: return perform(.moveUp, key: .up, rows: rows, height: height)
    case .press: return .closes
    }
  }
}

/// The help's lines in columns: as many as the width holds (up to three), split between groups
/// so each column reads down, balanced to the fewest rows.
public struct HelpLayout: Equatable, Sendable {
  /// The columns, left to right.
  public let columns: [[KeyTable.HelpLine]]
  /// The widest keys of any binding line, so meanings line up.
  public let keyWidth: Int
  /// The width of a column, keys and meaning.
  public let columnWidth: Int

  /// How many rows the tallest column takes.
  public var rows: Int { columns.map(\.count).max() ?? 0 }

  /// Lays the lines out for a screen `width` wide.
  public init(_ lines: [KeyTable.HelpLine], width: Int) {
    let keyWidth =
      lines.map { line -> Int in
        if case .binding(let keys, _) = line { return TextWidth.width(of: keys) }
        return 0
      }.max() ?? 0
    let widest =
      lines.map { line -> Int in
        switch line {
        case .group(let name): return TextWidth.width(of: name)
        case .binding(_, let meaning): return keyWidth + 1 + TextWidth.width(of: meaning)
        // Notes whole: the data's credits are not cut.
        case .note(let text): return TextWidth.width(of: text)
        }
      }.max() ?? 0
    let columnWidth = min(widest, max(1, width - 4))
    let fit = max(1, min(3, (width - 4 + 3) / (columnWidth + 3)))
    self.keyWidth = keyWidth
    self.columnWidth = columnWidth
    columns = Self.split(lines, into: fit)
  }

  /// Splits the lines into `count` columns at group starts, the tallest as short as it can be.
  static func split(_ lines: [KeyTable.HelpLine], into count: Int) -> [[KeyTable.HelpLine]] {
    guard count > 1 else { return [lines] }
    let starts = lines.indices.filter { if case .group = lines[$0] { return true } else { return false } }
    var best: [[KeyTable.HelpLine]] = [lines]
    var bestRows = lines.count
    // Each column ends where a group starts; try every way of choosing the cuts (few groups).
    func search(_ from: Int, _ left: Int, _ columns: [[KeyTable.HelpLine]]) {
      if left == 1 {
        let all = columns + [Array(lines[from...])]
        let rows = all.map(\.count).max() ?? 0
        if rows < bestRows { (best, bestRows) = (all, rows) }
        return
      }
      for cut in starts where cut > from {
        search(cut, left - 1, columns + [Array(lines[from..<cut])])
      }
    }
    search(0, count, [])
    return best
  }
}
