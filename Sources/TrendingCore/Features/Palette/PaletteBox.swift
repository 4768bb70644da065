import Localization

/// The command palette: what is typed, and which of the matching commands is selected.
public struct PaletteBox: Equatable, Sendable {
  /// The longest text kept.
  static let limit = 40

  /// The text typed.
  public var text = ""
  /// The selected entry, an index into the matches.
  public var selection = 0

  /// Makes an empty palette.
  public init() {}
}

/// A command the palette offers: what it runs, its keys and its help.
public struct PaletteEntry: Equatable, Sendable {
  /// The command.
  public var command: Command
  /// Its keys on the screen below, as the help names them.
  public var keys: String
  /// Its help, in the interface's language.
  public var help: String
}

/// The palette's behaviour: every command available on the screen below, from the key table,
/// fuzzy-matched as the user types; `Enter` runs the selected one.
public enum PaletteLogic {
  /// The commands the palette offers now, best match first (table order when nothing is typed).
  public static func entries(_ state: AppState) -> [PaletteEntry] {
    var below = state
    below.palette = nil
    let context = below.keyContext
    var seen: Set<Command> = [.palette]
    var entries: [PaletteEntry] = []
    for binding in state.shared.keys.bindings(in: context) where !seen.contains(binding.command) {
      seen.insert(binding.command)
      guard Reducer.isAvailable(binding.command, in: below) else { continue }
      let keys = state.shared.keys.bindings(in: context).filter { $0.command == binding.command }
        .flatMap(\.keys).map { $0.label(ascii: state.shared.asciiKeys) }
      entries.append(PaletteEntry(command: binding.command, keys: keys.joined(separator: " "), help: binding.meaning))
    }
    let typed = state.palette?.text ?? ""
    guard !typed.isEmpty else { return entries }
    let scored = entries.enumerated().compactMap { index, entry in
      FuzzyMatch.score(typed, in: entry.help + " " + entry.command.name).map { (index, entry, $0) }
    }
    return scored.sorted { ($0.2, -$0.0) > ($1.2, -$1.0) }.map(\.1)
  }

  /// A key while the palette is open: typing narrows, arrows move, `Enter` runs, `Esc` closes.
  static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var box = state.palette else { return [] }
    if edit(&box.text, key) {
      box.selection = 0
      state.palette = box
      return []
    }
    guard let command = state.shared.keys.command(for: key, in: .palette) else { return [] }
    let entries = entries(state)
    switch command {
    case .moveDown, .moveUp:
      guard !entries.isEmpty else { return [] }
      box.selection = (box.selection + (command == .moveDown ? 1 : entries.count - 1)) % entries.count
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

  /// Whether a command does something while the palette is open.
  static func isAvailable(_ command: Command, in state: AppState) -> Bool {
    switch command {
    case .back, .quit, .redraw, .suspend: return true
    case .open: return !entries(state).isEmpty
    case .moveDown, .moveUp: return entries(state).count > 1
    default: return false
    }
  }

  /// The mouse while the palette is open: the wheel moves, a click closes it.
  static func mouse(_ event: MouseEvent, _ state: inout AppState) -> [Effect] {
    switch event.kind {
    case .wheelDown: return key(.down, &state)
    case .wheelUp: return key(.up, &state)
    case .press:
      state.palette = nil
      return []
    }
  }

  /// Edits the text with a key that types or deletes; false when the key is not an edit.
  private static func edit(_ text: inout String, _ key: Key) -> Bool {
    switch key {
    case .character(let character):
      if text.count < PaletteBox.limit { text.append(character) }
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case .control("u"):
      text = ""
    default:
      return false
    }
    return true
  }
}

/// A fuzzy match as command palettes make it: the letters typed, in order, anywhere in the text;
/// letters next to each other and at the start of words score more.
enum FuzzyMatch {
  /// The score of `query` in `text`, or nil when its letters are not all there in order.
  static func score(_ query: String, in text: String) -> Int? {
    let needle = Array(query.lowercased().filter { $0 != " " })
    let haystack = Array(text.lowercased())
    guard !needle.isEmpty else { return 0 }
    var score = 0
    var position = 0
    var previous = -2
    for letter in needle {
      guard let found = haystack[position...].firstIndex(of: letter) else { return nil }
      score += 1
      if found == previous + 1 { score += 4 }
      if found == 0 || !haystack[found - 1].isLetter { score += 3 }
      previous = found
      position = found + 1
    }
    // A match near the start of a shorter text ranks first.
    return score * 10 - (haystack.count / 10)
  }
}
