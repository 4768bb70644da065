import AmodbKit
import Localization

/// A change to one film's marks: on or off the watchlist, seen or not.
public struct MarkChange: Equatable, Sendable {
  /// What changes.
  public enum Kind: Equatable, Sendable {
    case watchlist(Bool)
    case seen(Bool)
  }

  /// The film.
  public var id: Int
  /// Its title and year, kept with the mark.
  public var title: String
  /// Its year.
  public var year: Int?
  /// What changes.
  public var kind: Kind
  /// The day it happens, `YYYY-MM-DD`.
  public var day: String
  /// What the screen showed of the film (poster, score, genres), kept with the mark.
  public var summary: MarkSummary?

  /// Makes a change.
  public init(id: Int, title: String, year: Int?, kind: Kind, day: String, summary: MarkSummary? = nil) {
    self.id = id
    self.title = title
    self.year = year
    self.kind = kind
    self.day = day
    self.summary = summary
  }

  /// Applies the change to a set of marks.
  public func apply(to marks: inout [Int: Mark]) {
    var mark = marks[id] ?? Mark(id: id, title: title, year: year, onWatchlist: false, added: day)
    if !title.isEmpty { (mark.title, mark.year) = (title, year ?? mark.year) }
    if let summary { mark.summary = summary }
    switch kind {
    case .watchlist(let on):
      mark.onWatchlist = on
      if on { mark.added = day }
    case .seen(let on): mark.seen = on ? day : nil
    }
    marks[id] = mark.isEmpty ? nil : mark
  }
}

/// The watchlist and seen marks: toggled at once on screen, then stored; the stored marks shown
/// with the changes still being saved over them.
enum MarkLogic {
  /// Adds or removes the film from the watchlist, or marks it seen or not.
  static func toggle(_ command: Command, film: MediaSummary, _ shared: inout Shared) -> [Effect] {
    let current = shared.marks[film.id]
    let kind: MarkChange.Kind =
      command == .toggleWatchlist ? .watchlist(!(current?.onWatchlist ?? false)) : .seen(current?.seen == nil)
    let change = MarkChange(
      id: film.id, title: film.title, year: film.year, kind: kind, day: WatchlistFormat.day(shared.now),
      summary: film.title.isEmpty ? nil : MarkSummary(film))
    change.apply(to: &shared.marks)
    shared.unsavedMarks.append(change)
    let name = film.title.isEmpty ? tr("the film") : film.title
    let text: String
    switch kind {
    case .watchlist(true): text = tr("Added %s to the watchlist.", name)
    case .watchlist(false): text = tr("Removed %s from the watchlist.", name)
    case .seen(true): text = tr("Marked %s seen.", name)
    case .seen(false): text = tr("Marked %s not seen.", name)
    }
    shared.say(text, .confirmation)
    return [.saveMark(change)]
  }

  /// Shows the marks as stored, with the changes still being saved over them (saves answer in
  /// order, so none is lost from the screen while an older save answers). The watchlist tab
  /// follows its marks: reloaded when showing, else when next shown.
  static func stored(_ marks: [Int: Mark], problem: String?, _ state: inout AppState) -> [Effect] {
    state.shared.marks = marks
    for change in state.shared.unsavedMarks { change.apply(to: &state.shared.marks) }
    if let problem { state.shared.say(problem, .problem) }
    state.tabs[.watchlist] = nil
    guard state.rootList.source == .tab(.watchlist), state.stack.count == 1 else { return [] }
    return state.rootList.refresh(force: true, state.shared)
  }

  /// The oldest unsaved change was stored (or not, and why).
  static func saved(_ marks: [Int: Mark]?, problem: String?, _ state: inout AppState) -> [Effect] {
    if !state.shared.unsavedMarks.isEmpty { state.shared.unsavedMarks.removeFirst() }
    guard let marks else {
      // Not stored: what the file holds is read again, with the later changes over it.
      if let problem { state.shared.say(problem, .problem) }
      return [.loadMarks]
    }
    return stored(marks, problem: problem, &state)
  }
}
