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

extension LibraryChange {
  /// The changes that take this one back, given the title's mark and the series' seen episodes
  /// before it (empty: it changed nothing, or what it took is not known).
  func undoing(mark: Mark?, seen: SeenEpisodes?) -> [LibraryChange] {
    var back = self
    (back.once, back.place, back.putsBack) = (false, nil, false)
    switch kind {
    case .watchlist(true):
      guard mark?.onWatchlist != true else { return [] }
      back.kind = .watchlist(false)
    case .watchlist(false):
      guard let mark, mark.onWatchlist else { return [] }
      (back.kind, back.day) = (.watchlist(true), mark.added)
    case .seen(true): back.kind = .seen(false)
    case .seen(false):
      guard let day = mark?.seen else { return [] }
      (back.kind, back.day) = (.seen(true), day)
    case .rating:
      back.kind = .rating(episode.map { mark?.episodes[$0]?.rating } ?? mark?.rating)
    case .note:
      back.kind = .note(episode.map { mark?.episodes[$0]?.note } ?? mark?.note)
    case .hidden(let hidden):
      guard (mark?.hidden ?? false) != hidden else { return [] }
      back.kind = .hidden(!hidden)
    case .list(let name): back.kind = .unlist(name)
    // Where it stood is known once its save answers (`UndoLogic.saved`).
    case .unlist(let name): back.kind = .list(name)
    case .episodes(let episodes, true):
      // Those seen already keep their watches (the save gives them none).
      let new = episodes.filter { seen?.days[$0.key] == nil }
      guard !new.isEmpty else { return [] }
      back.kind = .episodes(new, seen: false)
    case .episodes(let episodes, false):
      // Each latest watch taken away goes back on its own day: one change a day.
      guard let days = seen?.days else { return [] }
      let byDay = Dictionary(grouping: episodes.filter { days[$0.key] != nil }) { days[$0.key] ?? day }
      return byDay.keys.sorted().map { day in
        var again = back
        (again.kind, again.day, again.putsBack) = (.episodes(byDay[day] ?? [], seen: true), day, true)
        return again
      }
    }
    return [back]
  }
}

/// `u`: your changes to the library made in this session, taken back newest first, each as it was
/// made (a key's changes together), through the one queue of changes.
enum UndoLogic {
  /// Keeps what takes a change back, before the change is laid over the screen.
  static func remember(_ change: LibraryChange, _ shared: inout Shared) {
    let back = change.undoing(mark: shared.marks[change.media], seen: shared.seenEpisodes[change.id])
    guard !back.isEmpty else { return }
    shared.undo.append(Undo(changes: back, made: [change]))
    if shared.undo.count > Undo.kept { shared.undo.removeFirst() }
  }

  /// A key was handled: the changes it made become one undo, named by what the status line says.
  static func settle(_ shared: inout Shared) {
    guard let first = shared.undo.firstIndex(where: { !$0.settled }) else { return }
    let made = shared.undo[first...]
    let undo = Undo(
      said: shared.notice?.text ?? "", changes: made.reversed().flatMap(\.changes), made: made.flatMap(\.made),
      settled: true)
    shared.undo.replaceSubrange(first..., with: [undo])
  }

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
