import AmodbKit
import Localization

/// The watches `m` took away, each with its day: a title's own, or episodes' of a series.
public struct TakenWatch: Equatable, Sendable {
  /// The title.
  public var media: MediaID
  /// Each watch's day, `YYYY-MM-DD`, by the episode it was of (nil: the title's own watch).
  public var days: [EpisodeKey?: String]
}

/// The watchlist and seen marks: toggled at once on screen, then stored; the stored marks shown
/// with the changes still being saved over them.
enum MarkLogic {
  /// Adds or removes the film or series from the watchlist, or marks it seen or not.
  static func toggle(_ command: AppCommand, film: MediaSummary, _ shared: inout Shared) -> [Effect] {
    guard let media = film.media else { return [] }
    let current = shared.marks[media]
    guard command == .toggleSeen else {
      return record(.watchlist(!(current?.onWatchlist ?? false)), film: film, &shared)
    }
    // Before the library's marks are read, a seen title would look unseen and get a watch of today.
    guard shared.marksRead else {
      shared.say(tr("Your library is still being read; press m again in a moment."), .message)
      return []
    }
    return toggleSeen(film, media: media, seen: current?.seen, &shared)
  }

  /// Makes a change to a title's marks: shown at once, said, then stored.
  /// `episode`: the series' episode a rating or note is about.
  static func record(
    _ kind: LibraryChange.Kind, film: MediaSummary, episode: EpisodeKey? = nil, day: String? = nil,
    _ shared: inout Shared
  ) -> [Effect] {
    guard film.media != nil else { return [] }
    shared.takenAway = nil
    // An episode rated or noted goes with its name and air date, when its season is read, so the
    // lists that show it (Recently rated) name it.
    let known = episode.flatMap { key in
      shared.season(film.id, key.season).value?.episodes.first { $0.key == key }.map(MarkedEpisode.init)
    }
    let change = LibraryChange(
      id: film.id, media: film.kind, title: film.title, year: film.year, kind: kind,
      day: day ?? shared.today.description,
      summary: film.title.isEmpty ? nil : MarkSummary(film), episode: episode, seasons: known.map { [$0] } ?? [])
    UndoLogic.remember(change, &shared)
    let save = change.queued(in: &shared)
    let name = Prompt.name(of: film, episode: episode)
    let text: String
    switch kind {
    case .watchlist(true): text = tr("Added %s to the watchlist.", name)
    case .watchlist(false): text = tr("Removed %s from the watchlist.", name)
    case .seen(true): text = tr("Marked %s seen.", name)
    case .seen(false): text = tr("Marked %s not seen.", name)
    case .rating(let rating?): text = tr("Rated %1$s %2$s.", name, String(rating))
    case .rating(nil): text = tr("Cleared your rating of %s.", name)
    case .note(_?): text = tr("Saved your note on %s.", name)
    case .note(nil): text = tr("Cleared your note on %s.", name)
    case .hidden(true): text = tr("Not interested in %s: hidden from every list (x again shows it).", name)
    case .hidden(false): text = tr("%s is shown in lists again.", name)
    case .list(let list): text = tr("Added %1$s to the list %2$s.", name, list)
    case .unlist(let list): text = tr("Removed %1$s from the list %2$s.", name, list)
    case .episodes: return []
    }
    shared.say(text, .confirmation)
    return [save]
  }

  /// Shows the marks as read whole from the file, with the changes still being saved over them
  /// (saves answer in order, so none is lost from the screen while an older save answers). The
  /// watchlist tab follows its marks: reloaded when it is the tab (under screens opened from it too),
  /// else when next shown.
  static func stored(_ marks: [MediaID: Mark], problem: String?, _ state: inout AppState) -> [Effect] {
    let before = state.shared.marks
    state.shared.marks = marks
    state.shared.marksRead = true
    for change in state.shared.unsaved { change.apply(to: &state.shared.marks) }
    // A problem a failed save has just said as its reason is not said again over those words (the
    // marks are read again after it, and fail the same way).
    if let problem, state.shared.currentNotice?.text.contains(problem) != true { state.shared.say(problem, .problem) }
    // Read again unchanged (at a tab switch, or the library changed elsewhere): only the tabs read
    // ahead that were let go of are read again.
    guard state.shared.marks != before else { return FeedLogic.readAhead(&state) }
    return ListLogic.rehide(&state) + FeedLogic.marksChanged(&state)
  }
}

extension MarkLogic {
  /// `m` on a film or series: its latest watch taken away when it is seen (`seen`, that watch's
  /// day), else a watch of today; but `m` again just after `m` took a watch away puts that watch
  /// back, on its own day (a title seen twice is still seen then, by its earlier watch).
  static func toggleSeen(_ film: MediaSummary, media: MediaID, seen: String?, _ shared: inout Shared) -> [Effect] {
    let taken = shared.takenAway.flatMap { $0.media == media ? $0.days[nil] : nil }
    // Put back only while the title is as `m` left it: a watch added since, elsewhere, is the
    // latest now, and `m` takes that one away, as the tick on screen says.
    // (A watch left of that same day, a rewatch's other, is as `m` left it too.)
    let restored = taken.flatMap { day in (seen.map { $0 <= day } ?? true) ? day : nil }
    let effects = record(.seen(restored != nil || seen == nil), film: film, day: restored, &shared)
    let name = Prompt.name(of: film, episode: nil)
    if restored == nil, let day = seen {
      shared.takenAway = TakenWatch(media: media, days: [nil: day])
      shared.say(
        tr(
          "Marked %1$s not seen: its watch of %2$s taken away (m again puts it back).", name, Dates.written(text: day)),
        .confirmation)
    } else if let restored {
      shared.say(tr("Marked %1$s seen on %2$s again.", name, Dates.written(text: restored)), .confirmation)
    }
    return effects
  }
}

extension LibraryChange {
  /// Whether it takes a title off a named list.
  var unlists: Bool {
    if case .unlist = kind { return true }
    return false
  }

  /// Applies the change to a set of marks (a change to episodes changes none).
  public func apply(to marks: inout [MediaID: Mark]) {
    if isEpisodes { return }
    var mark = marks[media] ?? Mark(id: id, kind: mediaKind, title: title, year: year, onWatchlist: false, added: day)
    if !title.isEmpty { (mark.title, mark.year) = (title, year ?? mark.year) }
    if let summary { mark.summary = summary }
    switch kind {
    case .watchlist(let on):
      mark.onWatchlist = on
      if on { mark.added = day }
    case .seen(let on): mark.seen = on ? day : nil
    case .rating(let rating) where episode != nil: mark.annotate(episode) { $0.rating = rating }
    case .note(let note) where episode != nil: mark.annotate(episode) { $0.note = note }
    case .rating(let rating): mark.rating = rating
    case .note(let note): mark.note = note
    case .hidden(let hidden): mark.hidden = hidden
    case .list, .unlist, .episodes: break
    }
    marks[media] = mark.isEmpty ? nil : mark
  }
}

extension Mark {
  /// The user's rating of the title, or of one of its episodes.
  func rating(of episode: EpisodeKey?) -> Int? { episode.map { episodes[$0]?.rating } ?? rating }

  /// The user's note on the title, or on one of its episodes.
  func note(of episode: EpisodeKey?) -> String? { episode.map { episodes[$0]?.note } ?? note }

  /// Changes an episode's rating or note, dropping what says nothing any more.
  fileprivate mutating func annotate(_ episode: EpisodeKey?, _ change: (inout EpisodeNotes) -> Void) {
    guard let episode else { return }
    var notes = episodes[episode] ?? EpisodeNotes()
    change(&notes)
    episodes[episode] = notes.isEmpty ? nil : notes
  }
}
