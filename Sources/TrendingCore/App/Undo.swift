import AmodbKit
import Localization

/// A change of yours that `u` takes back: what was said when it was made, and the changes that put
/// the library back as it was.
public struct Undo: Equatable, Sendable {
  /// The most changes kept to take back, newest last.
  public static let kept = 50

  /// What the status line said when the change was made.
  public var said = ""
  /// The changes that take it back, in the order they run.
  public var changes: [LibraryChange]
  /// The changes it takes back, as they were made.
  var made: [LibraryChange] = []
  /// Whether the key that made it has been handled (its changes are one undo, its words known).
  var settled = false
}

/// `u`: your changes to the library made in this session, taken back newest first, each as it was
/// made (a key's changes together), through the one queue of changes.
enum UndoLogic {
  /// A change's save answered: a title taken off a list is put back where it stood; a list add that
  /// found it there already has nothing to take back.
  static func saved(_ change: LibraryChange, _ after: StoredAfter?, _ shared: inout Shared) {
    let undoes: (LibraryChange) -> Bool = { back in
      guard back.media == change.media else { return false }
      switch (change.kind, back.kind) {
      case (.unlist(let name), .list(let other)), (.list(let name), .unlist(let other)): return name == other
      case (.watchlist(false), .watchlist(true)): return true
      default: return false
      }
    }
    guard let index = shared.undo.lastIndex(where: { $0.made.contains(change) }) else { return }
    switch after {
    case .unlisted(_, _, let place?):
      for (step, back) in shared.undo[index].changes.enumerated() where undoes(back) {
        shared.undo[index].changes[step].place = place
      }
    case .listedAlready, .unlisted(_, _, nil):
      shared.undo[index].changes.removeAll(where: undoes)
      if shared.undo[index].changes.isEmpty { shared.undo.remove(at: index) }
    default: break
    }
  }

  /// Takes back the newest change kept, or says there is none.
  static func undo(_ state: inout AppState) -> [Effect] {
    guard let last = state.shared.undo.popLast() else {
      let key = state.shared.keys.firstKey(for: .app(.undo), in: state.keyContext)
      state.shared.say(
        tr(
          "Nothing to undo: %s takes back the changes made here to your library since trending started.",
          key?.label(ascii: state.shared.asciiKeys) ?? "u"), .message)
      return []
    }
    state.shared.takenAway = nil
    var effects: [Effect] = []
    for change in last.changes {
      if change.isEpisodes, var seen = state.shared.seenEpisodes[change.id] {
        change.apply(toSeen: &seen)
        state.shared.seenEpisodes[change.id] = seen
      }
      change.apply(to: &state.shared.marks)
      state.shared.unsaved.append(change)
      effects.append(.save(change))
    }
    let said = last.said.isEmpty ? tr("your last change") : last.said
    state.shared.say(tr("Undone: %s", said), .confirmation)
    return effects + ListLogic.rehide(&state)
  }
}
