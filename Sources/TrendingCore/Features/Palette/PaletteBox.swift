import Localization

/// The command palette: what is typed, and which of the matching commands is selected.
public struct PaletteBox: Equatable, Sendable {
  /// The longest text kept.
  static let limit = 40

  /// The line typed, and where typing goes in it.
  public var line = LineEditor(limit: limit)
  /// The text typed (set: typing goes on at its end).
  public var text: String {
    get { line.text }
    set { line = LineEditor(newValue, limit: Self.limit) }
  }
  /// The selected entry, an index into the matches.
  public var selection = 0
  /// Whether ↑↓ moved to an entry since the last edit of the line: a screen reader's cursor is on
  /// the entry then, else on the line where typing goes.
  public var browsing = false

  /// Makes an empty palette.
  public init() {}
}

/// A command the palette offers: what it runs, its keys, its help and its short name.
public struct PaletteEntry: Equatable, Sendable {
  /// The command.
  public var command: Command
  /// Its keys on the screen below, as the help names them.
  public var keys: String
  /// Its help, in the interface's language.
  public var help: String
  /// The characters of `name` the typed text matched, by offset, for the view to highlight.
  public var matched: [Int] = []
  /// A name of its own, as it is written (one of the user's lists; what the command would now undo),
  /// rather than one made from the help.
  public var ownName: String?
  /// Another name it is found by: a tab's short name, as a narrow tab bar shows it ("Agenda"), or
  /// the help's name of a command named for what it would now undo ("Mark seen").
  public var shortName: String?

  /// Its short name: `ownName`, else the help before its aside, colon or alternative ("mark seen,
  /// or not" is "Mark seen", "copy the page's link (OSC 52)" "Copy the page's link"), capitalised.
  public var name: String { ownName ?? Self.shortName(help) }

  /// Where a help text's name ends: an aside, a colon, an alternative.
  static let nameEnds = [" (", "（", ": ", "：", "; ", ", or ", ", ou ", ", o ", ", או ", "，"]

  /// A help text's name: up to its first `nameEnds`, capitalised.
  static func shortName(_ help: String) -> String {
    let characters = Array(help)
    var length = characters.count
    for end in nameEnds.map(Array.init) where end.count < length {
      // The first place the end starts, past the first character.
      if let start = (1...(length - end.count)).first(where: { Array(characters[$0..<($0 + end.count)]) == end }) {
        length = start
      }
    }
    let text = String(characters[..<length])
    return text.prefix(1).uppercased() + text.dropFirst()
  }
}

/// The palette's behaviour: every command available on the screen below, from the key table, every
/// tab and every list of the user's by its name, fuzzy-matched as the user types; `Enter` runs the
/// selected one.
public enum PaletteLogic {
  /// The commands the palette offers now, best match first (table order when nothing is typed).
  public static func entries(_ state: AppState) -> [PaletteEntry] {
    var below = state
    below.palette = nil
    let context = below.keyContext
    var seen: Set<Command> = [.palette]
    var entries: [PaletteEntry] = []
    var tabsListed = false
    for binding in state.shared.keys.bindings(in: context) where !seen.contains(binding.command) {
      seen.insert(binding.command)
      // The tabs come where their keys are, once, each by its own name: a number key names two.
      if case .app(.tab) = binding.command {
        if !tabsListed { entries += tabEntries(below, context) }
        tabsListed = true
        continue
      }
      guard Reducer.isAvailable(binding.command, in: below) else { continue }
      let keys = state.shared.keys.bindings(in: context).filter { $0.command == binding.command }
        .flatMap(\.keys).map { $0.label(ascii: state.shared.asciiKeys) }
      var entry = PaletteEntry(command: binding.command, keys: keys.joined(separator: " "), help: binding.meaning)
      // A command that would now undo is named so, and still found by the words of its help.
      if let undoing = undoingName(binding.command, below) {
        entry.shortName = entry.name
        entry.ownName = undoing
      }
      entries.append(entry)
    }
    entries = merged(entries + listEntries(below))
    let typed = state.palette?.text ?? ""
    guard !typed.isEmpty else { return entries }
    let scored = entries.enumerated().compactMap { index, entry -> (Int, PaletteEntry, Int, Bool)? in
      // By its name, else by the short name a narrow tab bar shows (nothing of the name lit; after
      // every match by name).
      let byName = WordMatch.match(typed, in: entry.name)
      guard let match = byName ?? entry.shortName.flatMap({ WordMatch.match(typed, in: $0) }) else { return nil }
      var matched = entry
      matched.matched = byName?.positions ?? []
      return (index, matched, match.score, byName != nil)
    }
    guard scored.isEmpty else {
      return scored.sorted { ($0.3 ? 1 : 0, $0.2, -$0.0) > ($1.3 ? 1 : 0, $1.2, -$1.0) }.map(\.1)
    }
    // Nothing matches as typed: the entries a slip of the keys away ("watchlst", "popluar"), nearest first.
    let near = entries.enumerated().compactMap { index, entry -> (Int, PaletteEntry, Int, Int)? in
      let distances = [entry.name, entry.shortName].compactMap { $0.flatMap { CloseSpelling.distance(typed, $0) } }
      return distances.min { ($0.edits, $0.otherWords) < ($1.edits, $1.otherWords) }
        .map { (index, entry, $0.edits, $0.otherWords) }
    }
    return near.sorted { ($0.2, $0.3, $0.0) < ($1.2, $1.3, $1.0) }.map(\.1)
  }

  /// Entries of one name as one, with the keys of both (the For you tab's number and `F`): a tab's
  /// entry, among the tabs, is the one kept.
  static func merged(_ entries: [PaletteEntry]) -> [PaletteEntry] {
    var result: [PaletteEntry] = []
    // Each name worded once: `name` reads the help, and this runs at every key and frame.
    var places: [String: Int] = [:]
    for entry in entries {
      let name = entry.name.lowercased()
      guard let index = places[name] else {
        places[name] = result.count
        result.append(entry)
        continue
      }
      let earlier = result[index]
      var kept = isTab(entry) && !isTab(earlier) ? entry : earlier
      kept.keys = [kept.keys, (kept == entry ? earlier : entry).keys].filter { !$0.isEmpty }.joined(separator: " ")
      if kept == earlier {
        result[index] = kept
      } else {
        result.remove(at: index)
        result.append(kept)
        places = Dictionary(uniqueKeysWithValues: result.enumerated().map { ($1.name.lowercased(), $0) })
      }
    }
    return result
  }

  /// Whether an entry shows a tab.
  private static func isTab(_ entry: PaletteEntry) -> Bool {
    if case .app(.tab) = entry.command { return true }
    return false
  }

  /// An entry for each tab shown now (the saved ones too, and those past the number keys), named by
  /// its title, with its number key when it has one: `Enter` shows it.
  private static func tabEntries(_ below: AppState, _ context: KeyContext) -> [PaletteEntry] {
    let bindings = below.shared.keys.bindings(in: context)
    return below.shared.tabs.shown(below.shared.browsing).enumerated().compactMap { offset, kind in
      let command = Command.tab(offset + 1)
      guard Reducer.isAvailable(command, in: below) else { return nil }
      let keys = bindings.filter { $0.command == command }.flatMap(\.keys)
        .map { $0.label(ascii: below.shared.asciiKeys) }
      return PaletteEntry(
        command: command, keys: keys.joined(separator: " "), help: kind.title,
        shortName: kind.shortTitle == kind.title ? nil : kind.shortTitle)
    }
  }

  /// An entry for each of the user's own lists (the watchlist has its tab), after the commands:
  /// `Enter` opens it over the screen shown.
  private static func listEntries(_ below: AppState) -> [PaletteEntry] {
    below.shared.listNames.filter { $0.lowercased() != "watchlist" }.map { name in
      let named = tr("%s · your list", name)
      return PaletteEntry(command: .app(.openList(name)), keys: "", help: named, ownName: named)
    }
  }

  /// A key while the palette is open: typing narrows, arrows move, page keys move a page, `Enter`
  /// runs, `Esc` closes.
  static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var box = state.palette else { return [] }
    if box.line.edit(key) {
      if box.text != state.palette?.text { box.selection = 0 }
      box.browsing = false
      state.palette = box
      return []
    }
    guard let command = state.shared.keys.command(for: key, in: .palette) else { return [] }
    let entries = entries(state)
    switch command {
    case .moveDown, .moveUp:
      guard !entries.isEmpty else { return [] }
      if !state.shared.movesOntoTheSelection(down: command == .moveDown, browsing: box.browsing) {
        box.selection = (box.selection + (command == .moveDown ? 1 : entries.count - 1)) % entries.count
      }
      box.browsing = true
      state.palette = box
      return []
    case .pageDown, .pageUp:
      // A page is the rows the box shows; pages stop at the ends.
      guard !entries.isEmpty else { return [] }
      let page = listRows(height: state.shared.size.height, entries: Int.max)
      box.selection = min(entries.count - 1, max(0, box.selection + (command == .pageDown ? page : -page)))
      box.browsing = true
      state.palette = box
      return []
    case .open:
      guard entries.indices.contains(box.selection) else { return [] }
      state.palette = nil
      return Reducer.perform(entries[box.selection].command, &state)
    case .back:
      state.palette = nil
      return []
    case .quit, .redraw, .suspend:
      return Reducer.perform(command, &state)
    default:
      return []
    }
  }

  /// The rows of entries the palette's box shows on a screen `height` rows high: all of `entries`
  /// that fit under its typed line and frame.
  public static func listRows(height: Int, entries: Int) -> Int {
    max(1, min(entries, height - 6))
  }

  /// The palette's box on a screen of `size` offering `entries`: near the top, centred, at most 72
  /// columns, its typed line on its second row and its entries from its fourth.
  public static func area(for size: Size, entries: Int) -> Rect {
    let width = min(size.width, max(30, min(72, size.width - 4)))
    let rows = listRows(height: size.height, entries: entries)
    return Rect(row: 1, column: (size.width - width) / 2, width: width, height: min(size.height - 1, rows + 4))
  }

  /// The first of `count` entries the box shows while `selection` is selected: the selected one is
  /// always in view.
  public static func firstShown(selection: Int, height: Int, count: Int) -> Int {
    max(0, selection - listRows(height: height, entries: count) + 1)
  }

  /// Whether a command does something while the palette is open.
  static func isAvailable(_ command: Command, in state: AppState) -> Bool {
    switch command {
    case .back, .quit, .redraw, .suspend: return true
    case .open: return !entries(state).isEmpty
    case .moveDown, .moveUp, .pageDown, .pageUp: return entries(state).count > 1
    default: return false
    }
  }

  /// The mouse while the palette is open: the wheel moves; a click on an entry selects it and a
  /// click on the selected one runs it, as `Enter`; a click elsewhere in the box does nothing, and
  /// outside it closes the palette.
  static func mouse(_ event: MouseEvent, _ state: inout AppState) -> [Effect] {
    guard case .press = event.kind else { return key(event.kind == .wheelDown ? .down : .up, &state) }
    guard var box = state.palette else { return [] }
    let size = state.shared.size
    let count = entries(state).count
    let area = area(for: size, entries: count)
    guard area.rows.contains(event.row), (area.column..<(area.column + area.width)).contains(event.column) else {
      state.palette = nil
      return []
    }
    let shown = event.row - (area.row + 3)
    let index = firstShown(selection: min(box.selection, max(0, count - 1)), height: size.height, count: count) + shown
    guard shown >= 0, shown < listRows(height: size.height, entries: count), index < count else { return [] }
    guard index == box.selection else {
      box.selection = index
      box.browsing = true
      state.palette = box
      return []
    }
    return key(.enter, &state)
  }
}

/// A palette's second chance: typed words a slip of the keys from a name's words, or from their
/// starts ("watchlst" is "Watchlist", "recntly" "Recently rated"). A word of three letters or fewer
/// must be exact; one of up to five letters may be one edit away, a longer one two.
enum CloseSpelling {
  /// The edits from the typed words to the nearest words of `name`, and how many of its words
  /// were not typed (the fewer, the nearer); nil when a typed word is too far from every one.
  static func distance(_ typed: String, _ name: String) -> (edits: Int, otherWords: Int)? {
    let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    var total = 0
    let typedWords = typed.lowercased().split(separator: " ").map(String.init)
    for word in typedWords {
      let allowed = word.count <= 3 ? 0 : word.count <= 5 ? 1 : 2
      // The whole word, or its start as long as the typed word or one longer.
      let nearest = words.flatMap { [$0, String($0.prefix(word.count)), String($0.prefix(word.count + 1))] }
        .map { EditDistance.between(word, $0) }.min()
      guard let nearest, nearest <= allowed else { return nil }
      total += nearest
    }
    return (total, max(0, words.count - typedWords.count))
  }
}

/// The palette's match: the typed letters as runs, each run starting a word of the text, in order
/// ("ref" finds "Refresh", "atw" "Add to the watchlist", "sor" "Sort" but not "Mark seen"). Every
/// ideograph starts a word of its own. Fewer runs, and an earlier first word, score more.
public enum WordMatch {
  /// A match's score and the offsets of the characters it matched.
  public struct Match: Equatable, Sendable {
    /// Higher is better.
    public var score: Int
    /// The matched characters' offsets in the text.
    public var positions: [Int]
  }

  /// The best match of `query` in `text`, or nil when its letters are not runs at word starts, in order.
  public static func match(_ query: String, in text: String) -> Match? {
    let needle = Array(query.lowercased().filter { !$0.isWhitespace })
    let haystack = Array(text.lowercased())
    guard !needle.isEmpty else { return Match(score: 0, positions: []) }
    guard needle.count <= haystack.count else { return nil }
    let starts = haystack.indices.filter { isWordStart($0, haystack) }
    var failed = Set<[Int]>()
    func search(_ taken: Int, _ from: Int) -> [Int]? {
      if taken == needle.count { return [] }
      if failed.contains([taken, from]) { return nil }
      for start in starts where start >= from {
        var length = 0
        while taken + length < needle.count, start + length < haystack.count,
          haystack[start + length] == needle[taken + length]
        {
          length += 1
        }
        // The longest run first: fewer runs read as the better match.
        for run in stride(from: length, through: 1, by: -1) {
          if let rest = search(taken + run, start + run) { return Array(start..<(start + run)) + rest }
        }
      }
      failed.insert([taken, from])
      return nil
    }
    guard let positions = search(0, 0) else { return nil }
    let runs = positions.indices.filter { $0 == 0 || positions[$0] != positions[$0 - 1] + 1 }.count
    let firstWord = starts.firstIndex(of: positions[0]) ?? 0
    return Match(score: 1000 - runs * 100 - firstWord * 10 - haystack.count / 10, positions: positions)
  }

  /// Whether a character starts a word: the first, one after a non-letter, or an ideograph.
  static func isWordStart(_ index: Int, _ text: [Character]) -> Bool {
    guard index > 0 else { return true }
    let character = text[index]
    if character.unicodeScalars.first.map({ $0.value >= 0x2E80 }) == true { return true }
    return (character.isLetter || character.isNumber) && !(text[index - 1].isLetter || text[index - 1].isNumber)
  }
}
