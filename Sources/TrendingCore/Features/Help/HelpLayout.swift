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

  /// The narrowest a meaning is wrapped to before a column is given up.
  static let narrowestMeaning = 26

  /// Lays the lines out for a screen `width` wide: as many columns as leave each meaning room
  /// (up to three), long meanings and notes wrapped within their column rather than widening it.
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
        case .note: return 0
        }
      }.max() ?? 0
    let room = max(1, width - 4)
    let wanted: Int = min(widest, keyWidth + 1 + Self.narrowestMeaning)
    let count: Int = [3, 2].first { (room - ($0 - 1) * 3) / $0 >= wanted } ?? 1
    let share: Int = (room - (count - 1) * 3) / count
    let columnWidth = max(1, min(max(widest, 1), share))
    self.keyWidth = keyWidth
    self.columnWidth = columnWidth
    let wrapped = lines.flatMap { Self.wrap($0, width: columnWidth, keyWidth: keyWidth) }
    columns = Self.split(wrapped, into: count)
  }

  /// A line wrapped to a column: a meaning goes on under its keys, a note on lines of its own.
  static func wrap(_ line: KeyTable.HelpLine, width: Int, keyWidth: Int) -> [KeyTable.HelpLine] {
    switch line {
    case .group: return [line]
    case .binding(let keys, let meaning):
      let parts = WordWrap.lines(meaning, width: max(1, width - keyWidth - 1))
      return parts.enumerated().map { index, part in .binding(keys: index == 0 ? keys : "", meaning: part) }
    case .note(let text): return WordWrap.lines(text, width: width).map(KeyTable.HelpLine.note)
    }
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

/// Plain word wrapping by display width, for the help's columns (a word wider than the line is cut).
enum WordWrap {
  /// The text's lines at most `width` wide.
  static func lines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      let joined = current.isEmpty ? word : current + " " + word
      if TextWidth.width(of: joined) <= width {
        current = joined
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = word
      while TextWidth.width(of: current) > width, width > 0 {
        var head = ""
        for character in current where TextWidth.width(of: head + String(character)) <= width {
          head.append(character)
        }
        guard !head.isEmpty else { break }
        lines.append(head)
        current = String(current.dropFirst(head.count))
      }
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }
}
