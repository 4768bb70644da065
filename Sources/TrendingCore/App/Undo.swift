import AmodbKit
import Localization

/// A change of yours that `u` takes back: the changes one key made, each with the changes that put
/// the library back as it was before it.
public struct Undo: Equatable, Sendable {
  /// The most changes kept to take back, newest last.
  public static let kept = 50

  /// One change made, and what takes it back.
  public struct Made: Equatable, Sendable {
    /// The change as it was made.
    var change: LibraryChange
    /// Its place in the queue's order, counted from the session's first change.
    var serial: Int
    /// The changes that take it back, in the order they run.
    var back: [LibraryChange]
  }

  /// The changes one key made, oldest first.
  var made: [Made]
  /// Whether the key that made it has been handled (its changes are one undo).
  var settled = false

  /// The changes that take it all back: the newest change's first.
  public var changes: [LibraryChange] { made.reversed().flatMap(\.back) }
}

/// What a change replaced that only the library knew, for `u` to put back.
public struct Replaced: Equatable, Sendable {
  /// Where the title stood on the list it was taken off (nil: it was not on it).
  public var place: ListPlace?
  /// The day of the rating or note replaced (nil: there was none).
  public var day: String?
  /// Whether the change found the library as it would have made it (nothing for `u` to take back).
  public var unchanged = false
  /// Whether the list the title went on was made by the change (its undo takes the list away too).
  public var madeList = false

  /// Makes one.
  public init(place: ListPlace? = nil, day: String? = nil, unchanged: Bool = false, madeList: Bool = false) {
    self.place = place
    self.day = day
    self.unchanged = unchanged
    self.madeList = madeList
  }
}

/// `u`: your changes to the library made in this session, taken back newest first, each key's
/// together, through the one queue of changes; never over what changed since elsewhere.
enum UndoLogic {
  /// A change's save answered (`serial`, its place in the queue): what it replaced that only the
  /// library knew is kept for its undo; a change that was not stored, or changed nothing (a list
  /// add that found the title there), has nothing to take back.
  static func saved(serial: Int, _ after: StoredAfter?, problem: String?, _ shared: inout Shared) {
    guard let index = shared.undo.lastIndex(where: { $0.made.contains { $0.serial == serial } }),
      let step = shared.undo[index].made.firstIndex(where: { $0.serial == serial })
    else { return }
    var made = shared.undo[index].made[step]
    let unlisting: Bool
    switch made.change.kind {
    case .unlist, .watchlist(false): unlisting = true
    default: unlisting = false
    }
    if problem != nil {
      made.back = []
    } else if case .listedAlready = after {
      made.back = []
    } else if case .replaced(_, _, let replaced) = after {
      // Taken off a list it was not on, or found as it would have made it: nothing to put back.
      if (unlisting && replaced.place == nil) || replaced.unchanged { made.back = [] }
      for index in made.back.indices {
        if let place = replaced.place { made.back[index].place = place }
        if let day = replaced.day { made.back[index].day = day }
        made.back[index].dropsEmptyList = replaced.madeList
      }
    }
    shared.undo[index].made[step] = made
    shared.undo[index].made.removeAll { $0.back.isEmpty }
    if shared.undo[index].made.isEmpty { shared.undo.remove(at: index) }
  }

  /// Takes back the newest change kept; or says why not: there is none, it is still being saved
  /// (what it replaced is not known yet), or it was changed since elsewhere.
  static func undo(_ state: inout AppState) -> [Effect] {
    let key = state.shared.keys.firstKey(for: .app(.undo), in: state.keyContext)?.label(ascii: state.shared.asciiKeys)
    guard let last = state.shared.undo.last else {
      state.shared.say(
        state.shared.undoDropped
          ? tr(
            "Nothing more to undo: %1$s keeps your last %2$s changes of this session.", key ?? "u",
            String(Undo.kept))
          : tr(
            "Nothing to undo: %s takes back the changes made here to your library since trending started.", key ?? "u"),
        .message)
      return []
    }
    // What it replaced is known once its saves answer: it is taken back then.
    guard let newest = last.made.map(\.serial).max(), newest < state.shared.changesAnswered else {
      // A `u` more while one waits is one change more to take back, not the same one asked again;
      // after a change made since (the one waited for is no longer the newest), it is that change's.
      if let wanted = state.shared.undoWanted, last.made.contains(where: { $0.serial == wanted }) {
        state.shared.undosQueued += 1
        let count = state.shared.undosQueued + 1
        state.shared.say(
          trn(
            "%s change is taken back once the saves answer.", "%s changes are taken back once the saves answer.",
            count, String(count)),
          .message)
        return []
      }
      state.shared.undoWanted = last.made.map(\.serial).max()
      state.shared.undosQueued = 0
      state.shared.say(tr("That change is still being saved: it is taken back once it is."), .message)
      return []
    }
    state.shared.undo.removeLast()
    if let changed = last.made.first(where: { !holds($0, state.shared) }) {
      state.shared.say(
        tr("Not undone: %s was changed since, elsewhere; nothing was taken back.", changed.change.name), .problem)
      return []
    }
    state.shared.takenAway = nil
    var effects: [Effect] = []
    for change in last.changes { effects.append(change.queued(in: &state.shared)) }
    if let said = said(last.changes) { state.shared.say(said, .confirmation) }
    effects += ListLogic.rehide(&state)
    // A title shown again in the list showing is selected: where the eye looks for it (one not
    // interested in again, or one unseen again while seen titles are hidden).
    let shownAgain: Bool
    switch last.changes.first?.kind {
    case .hidden(false)?: shownAgain = true
    case .seen(false)?: shownAgain = state.shared.hideSeen
    default: shownAgain = false
    }
    if shownAgain, let media = last.changes.first?.media, state.stack.last?.list != nil {
      let rows = state.shared.visibleRows
      state.updateTopList { list, _ in
        guard let index = list.movies.firstIndex(where: { $0.media == media }) else { return }
        list.selection = index
        ListLogic.scrollIntoView(&list, rows: rows)
      }
    }
    return effects
  }

  /// The undo asked for while its change was being saved, once its saves have all answered (none
  /// when the change was not stored: it has nothing to take back).
  static func wantedOnceSaved(_ state: inout AppState) -> [Effect] {
    guard let wanted = state.shared.undoWanted, wanted < state.shared.changesAnswered else { return [] }
    state.shared.undoWanted = nil
    guard state.shared.undo.last?.made.contains(where: { $0.serial == wanted }) == true else {
      state.shared.undosQueued = 0
      state.shared.say(tr("Not undone: the change was not saved, so there is nothing to take back."), .message)
      return []
    }
    var effects = undo(&state)
    var took = !effects.isEmpty
    // The `u` pressed meanwhile, one change each, until one must wait for its saves in turn; one
    // that takes nothing back (changed elsewhere, none left) ends them, its words left standing.
    while took, state.shared.undoWanted == nil, state.shared.undosQueued > 0 {
      state.shared.undosQueued -= 1
      let more = undo(&state)
      took = !more.isEmpty
      effects += more
    }
    if !took, state.shared.undoWanted == nil { state.shared.undosQueued = 0 }
    return effects
  }

  /// Whether what a change made is still as it made it (none changed it since, elsewhere): a
  /// watch it took away not put back, one it added still the latest.
  static func holds(_ made: Undo.Made, _ shared: Shared) -> Bool {
    let change = made.change
    let mark = shared.marks[change.media]
    let days = shared.seenEpisodes[change.id]?.days
    switch change.kind {
    case .watchlist(let on): return (mark?.onWatchlist ?? false) == on
    case .seen(true): return mark?.seen == change.day
    case .seen(false): return made.back.allSatisfy { back in mark?.seen.map { $0 < back.day } ?? true }
    case .rating(let rating): return mark?.rating(of: change.episode) == rating
    case .note(let note): return mark?.note(of: change.episode) == note
    case .hidden(let hidden): return (mark?.hidden ?? false) == hidden
    case .episodes(let episodes, true):
      guard let days else { return true }
      return episodes.allSatisfy { days[$0.key] == nil || days[$0.key] == change.day }
    case .episodes(_, false):
      guard let days else { return true }
      return made.back.allSatisfy { back in back.episodes.allSatisfy { days[$0.key].map { $0 < back.day } ?? true } }
    case .list, .unlist: return true
    }
  }

  /// What an undo did, said by its first change (episodes counted across its changes).
  static func said(_ changes: [LibraryChange]) -> String? {
    guard let first = changes.first else { return nil }
    let name = first.name
    switch first.kind {
    case .seen(false):
      return tr("Undone: the watch of %1$s on %2$s is taken away.", name, Dates.written(text: first.day))
    case .seen(true): return tr("Undone: %1$s is seen on %2$s again.", name, Dates.written(text: first.day))
    case .watchlist(false): return tr("Undone: %s is off the watchlist again.", name)
    case .watchlist(true): return tr("Undone: %s is back on the watchlist.", name)
    case .rating(let rating?): return tr("Undone: your rating of %1$s is %2$s again.", name, String(rating))
    case .rating(nil): return tr("Undone: %s has no rating of yours again.", name)
    case .note(_?): return tr("Undone: your note on %s is as it was.", name)
    case .note(nil): return tr("Undone: %s has no note of yours again.", name)
    case .hidden(false): return tr("Undone: %s is shown in lists again.", name)
    case .hidden(true): return tr("Undone: %s is hidden from every list again.", name)
    case .list(let list): return tr("Undone: %1$s is back on the list %2$s.", name, list)
    case .unlist(let list): return tr("Undone: %1$s is off the list %2$s again.", name, list)
    case .episodes(_, let seen):
      let count = changes.reduce(0) { $0 + $1.episodes.count }
      // One episode is named ("Dark S01E04"); more are counted.
      if count == 1, let episode = changes.lazy.flatMap(\.episodes).first {
        let named = name + " " + episode.key.code
        return seen
          ? tr("Undone: %s is seen again, on its day.", named) : tr("Undone: %s is not seen again.", named)
      }
      return seen
        ? trn(
          "Undone: %1$s episode of %2$s is seen again, on its day.",
          "Undone: %1$s episodes of %2$s are seen again, each on its day.", count, String(count), name)
        : trn(
          "Undone: %1$s episode of %2$s is not seen again.", "Undone: %1$s episodes of %2$s are not seen again.",
          count, String(count), name)
    }
  }
}
