/// The help overlay over the screen showing: how far it is scrolled, on terminals too short for all of it.
public struct HelpScreen: Equatable, Sendable {
  /// How far it is scrolled, in lines.
  public var scroll = 0

  /// Makes the overlay at its top.
  public init() {}

  /// The overlay's lines for the keys of a context, with the notes of how posters are drawn.
  static func lineCount(_ context: KeyContext, _ shared: Shared) -> Int {
    shared.keys.helpLines(in: context, notes: shared.imagesNote.map { [$0] } ?? []).count
  }

  /// Scrolls a line down or up, no further than the last line.
  mutating func scroll(down: Bool, lines: Int, height: Int) {
    scroll = down ? min(scroll + 1, KeyTable.helpMaxScroll(lineCount: lines, height: height)) : max(0, scroll - 1)
  }

  /// What a command does while the overlay shows: `j`/`k` scroll it, ^C quits, anything else closes it.
  enum Outcome: Equatable {
    case stays, closes, quits
  }

  /// Answers a command; the overlay scrolls, closes, or the app quits.
  mutating func perform(_ command: Command?, key: Key, lines: Int, height: Int) -> Outcome {
    switch command {
    case .moveDown:
      scroll(down: true, lines: lines, height: height)
      return .stays
    case .moveUp:
      scroll(down: false, lines: lines, height: height)
      return .stays
    case .quit where key == .control("c"): return .quits
    default: return .closes
    }
  }

  /// Answers the mouse: the wheel scrolls, a click closes.
  mutating func mouse(_ event: MouseEvent, lines: Int, height: Int) -> Outcome {
    switch event.kind {
    case .wheelDown:
      scroll(down: true, lines: lines, height: height)
      return .stays
    case .wheelUp:
      scroll(down: false, lines: lines, height: height)
      return .stays
    case .press: return .closes
    }
  }
}
