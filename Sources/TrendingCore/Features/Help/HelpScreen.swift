/// The help overlay over the screen showing: how far it is scrolled, on terminals too short for all of it.
public struct HelpScreen: Equatable, Sendable {
  /// How far it is scrolled, in rows.
  public var scroll = 0

  /// Makes the overlay at its top.
  public init() {}

  /// The overlay's lines for the state: the keys of its context, then its notes.
  public static func lines(_ state: AppState) -> [KeyTable.HelpLine] {
    state.shared.keys.helpLines(
      in: state.keyContext, ascii: state.shared.asciiKeys, typing: state.typingNote, notes: state.helpNotes)
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
