import AmodbKit
import Localization

/// A change to the user's library: shown on screen at once, then stored as one transaction. The
/// one type every mark of the browser travels as, titles and episodes alike.
public struct LibraryChange: Equatable, Sendable {
  /// What changes.
  public enum Kind: Equatable, Sendable {
    case watchlist(Bool)
    case seen(Bool)
    /// Episodes of the series (one, every one up to one, a season's) given a watch, or their
    /// latest watch taken away.
    case episodes([MarkedEpisode], seen: Bool)
    /// The user's rating, 1–10, or none.
    case rating(Int?)
    /// The user's note, or none.
    case note(String?)
    /// Not interested, or interested again.
    case hidden(Bool)
    /// Onto a named list.
    case list(String)
    /// Off a named list.
    case unlist(String)
  }

  /// The film's or series' id.
  public var id: Int
  /// Film or series.
  public var mediaKind: MediaKind
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
  /// The episode a rating or note is about, when it is one of a series' (nil: the title itself).
  public var episode: EpisodeKey?
  /// With episodes: every episode of their seasons as the answers gave them, stored with the change
  /// so the library knows the next episode to watch.
  public var seasons: [MarkedEpisode]
  /// A watch (`seen(true)`, or episodes seen) made only when the library has none of that day: a
  /// file played to its end is one watch a day, as imports are (the same-day rule).
  public var once = false
  /// Where a title taken off a list stood (an undo puts it back there); nil: at the end, added `day`.
  public var place: ListPlace?
  /// Exactly this watch (episodes put back by `m` again; an undo): one put back is added though an
  /// earlier one keeps the episode seen; one taken away is the one of `day`, none when it has none.
  public var exact = false
  /// An undo of the add that made a list: the list goes too once it holds nothing.
  public var dropsEmptyList = false

  /// Makes a change.
  public init(
    id: Int, media: MediaKind = .film, title: String, year: Int?, kind: Kind, day: String,
    summary: MarkSummary? = nil, episode: EpisodeKey? = nil, seasons: [MarkedEpisode] = []
  ) {
    self.episode = episode
    self.id = id
    self.mediaKind = media
    self.title = title
    self.year = year
    self.kind = kind
    self.day = day
    self.summary = summary
    self.seasons = seasons
  }

  /// A change to a series' episodes, the series as the screens know it.
  public init(series: MediaSummary, episodes: [MarkedEpisode], seen: Bool, day: String, seasons: [MarkedEpisode] = []) {
    self.init(
      id: series.id, media: .series, title: series.title, year: series.year, kind: .episodes(episodes, seen: seen),
      day: day,
      summary: series.title.isEmpty
        ? nil
        : MarkSummary(
          posterPath: series.posterPath, voteAverage: series.voteCount > 0 ? series.voteAverage : nil,
          voteCount: series.voteCount, genreIDs: series.genreIDs),
      seasons: seasons)
  }

  /// What it marks.
  public var media: MediaID { MediaID(mediaKind, id) }

  /// The title (with the episode's code) as messages name it.
  public var name: String { Prompt.name(of: MediaSummary(id: id, kind: mediaKind, title: title), episode: episode) }

  /// The episodes it marks (none for a change to the title).
  public var episodes: [MarkedEpisode] {
    guard case .episodes(let episodes, _) = kind else { return [] }
    return episodes
  }

  /// Whether it changes a series' seen episodes (rather than the title's marks).
  public var isEpisodes: Bool {
    if case .episodes = kind { return true }
    return false
  }

  /// Lays the change over what the screen shows (a title's mark, or the seen episodes of a series
  /// read), queues it, and returns its save: the one way every change reaches the library.
  func queued(in shared: inout Shared) -> Effect {
    if isEpisodes, var seen = shared.seenEpisodes[id] {
      apply(toSeen: &seen)
      shared.seenEpisodes[id] = seen
    }
    apply(to: &shared.marks)
    shared.unsaved.append(self)
    return .save(self)
  }

  /// Applies the change to a series' seen episodes (a change to the title's marks changes none).
  public func apply(toSeen seen: inout SeenEpisodes) {
    guard case .episodes(let episodes, let isSeen) = kind else { return }
    for episode in episodes {
      if isSeen { seen.insert(episode.key, day: day) } else { seen.remove(episode.key) }
    }
  }
}

/// What the library holds after a change was stored: the title's mark after a title's change (nil:
/// it has none left), or the series' seen episodes after an episode's.
public enum StoredAfter: Equatable, Sendable {
  case mark(MediaID, Mark?)
  /// A list add that found the title on that list already: its mark as the library holds it.
  case listedAlready(MediaID, Mark?)
  /// A change that replaced what an undo puts back (a title's place on a list, a rating's or a
  /// note's day): its mark, and what it replaced.
  case replaced(MediaID, Mark?, Replaced)
  case episodes(series: Int, SeenEpisodes)
}

/// The stored answers of the one queue: what the library holds after each change.
extension MarkLogic {
  /// The lists that follow the saved changes, read again once no change waits for its save (the
  /// screen already shows the changes waiting, so a read between two saves would show nothing new).
  static func owedReads(_ state: inout AppState) -> [Effect] {
    guard state.shared.unsaved.isEmpty else { return [] }
    let owed = state.shared.owedReads
    state.shared.owedReads = OwedReads()
    guard owed.marks || owed.episodes else { return [] }
    return FeedLogic.marksChanged(&state, changed: owed)
  }

  /// The oldest unsaved change was stored (what the library holds after it), or not and why: a
  /// title's marks or a series' episodes are read again from the file, with the later changes over them.
  static func saved(_ after: StoredAfter?, problem: String?, _ state: inout AppState) -> [Effect] {
    let change = state.shared.unsaved.isEmpty ? nil : state.shared.unsaved.removeFirst()
    if change != nil {
      UndoLogic.saved(serial: state.shared.changesAnswered, after, problem: problem, &state.shared)
      state.shared.changesAnswered += 1
    }
    BusyLibrary.settled(&state, failed: problem != nil)
    // A watch not taken away after all is not one `m` puts back.
    if problem != nil { state.shared.takenAway = nil }
    switch after {
    case .mark(let media, let mark), .listedAlready(let media, let mark), .replaced(let media, let mark, _):
      if case .listedAlready = after, let change, case .list(let list) = change.kind {
        let name = change.name
        state.shared.say(tr("%1$s was on the list %2$s already.", name, list), .confirmation)
      }
      // Only the changed title is read back: the others are as the screen has them. Changed in
      // place with the changes to it still waiting laid over it again, never the whole table
      // copied (a lifetime's 10,000 marks, after every save of a burst). One of our changes is now
      // in the file, so the tabs read from it are owed a read even though the screen had it.
      state.shared.marks[media] = mark
      for waiting in state.shared.unsaved where waiting.media == media { waiting.apply(to: &state.shared.marks) }
      state.shared.marksRead = true
      state.shared.owedReads.marks = true
      // A series shown again (`x` undone) is back in Up next, which reads no dropped series.
      if case .hidden(false)? = change?.kind, media.kind == .series { state.shared.owedReads.episodes = true }
      if let problem { state.shared.say(problem, .problem) }
      // Taking a seen mark away takes the latest watch, as `trending unseen` does: a film seen twice
      // stays seen, and the line says so rather than "not seen" under a tick.
      // Said of `m`'s change only (an undo's says what it undid): `m` again puts that watch back.
      if problem == nil, let change, case .seen(false) = change.kind, let still = mark?.seen,
        state.shared.marks[media]?.seen != nil, state.shared.takenAway?.media == media
      {
        let name = change.name
        state.shared.say(
          tr(
            "%1$s is still seen: its latest watch was taken away (m puts it back); the one of %2$s stays.", name,
            Dates.written(text: still)),
          .confirmation)
      }
      return ListLogic.rehide(&state) + owedReads(&state)
    case .episodes(let series, let seen):
      if let problem { state.shared.say(problem, .problem) }
      // Taking a seen mark away takes the latest watch, as `trending unseen` does: an episode seen
      // twice stays seen, and the line says so rather than leave "not seen" under a tick.
      if problem == nil, case .episodes(let episodes, false)? = change?.kind,
        let still = episodes.first(where: { seen.contains($0.key) })
      {
        // Said after what the key said it did (a season's watches taken away), not over it.
        let still = tr("%s is still seen: its latest watch was taken away, an earlier one stays.", still.key.code)
        let said = state.shared.currentNotice.flatMap { $0.kind == .confirmation ? $0.text : nil }
        if said?.contains(still) != true {
          state.shared.say(said.map { joinedSentences([$0, still]) } ?? still, .confirmation)
        }
      }
      EpisodeMarkLogic.loaded(series, seen, &state.shared)
      state.shared.owedReads.episodes = true
      return owedReads(&state)
    case nil:
      if let problem { state.shared.say(problem, .problem) }
      let owed = owedReads(&state)
      guard let change, change.isEpisodes else { return [.loadMarks] + owed }
      return [.loadEpisodeMarks(change.id)] + owed
    }
  }
}

/// Episodes' seen marks: read from the library when a series, season or episode screen appears,
/// toggled at once on screen, then stored in order; the stored marks shown with the changes still
/// being saved over them, as the titles' marks are (`MarkLogic`), in the one queue of `LibraryChange`s.
public enum EpisodeMarkLogic {
  /// `m` on an episode: seen, or not; an episode that has not aired is not marked.
  static func toggle(_ ref: EpisodeRef, _ shared: inout Shared) -> [Effect] {
    guard let seen = shared.seenEpisodes[ref.seriesID], let episode = episode(ref, shared) else { return [] }
    guard seen.contains(ref.key) || episode.hasAired(by: shared.today) else {
      shared.say(tr("%s has not aired yet.", ref.key.code), .message)
      return []
    }
    return flip(ref.seriesID, MarkedEpisode(episode), &shared)
  }

  /// `m` on one episode: `m` again just after `m` took its watch away puts that watch back on its
  /// own day; else its latest watch taken away when it is seen (kept for that), or a watch of today.
  static func flip(_ seriesID: Int, _ episode: MarkedEpisode, _ shared: inout Shared) -> [Effect] {
    let code = episode.key.code
    let taken = takenDays(seriesID, shared)
    // Put back only while the episode is as `m` left it (a watch added since, elsewhere, is taken).
    let latest = shared.seenEpisodes[seriesID]?.days[episode.key]
    if let day = taken[episode.key], latest.map({ $0 <= day }) ?? true {
      shared.say(tr("Marked %1$s seen on %2$s again.", code, Dates.written(text: day)), .confirmation)
      return putBack(seriesID, [episode], days: taken, &shared)
    }
    if let day = shared.seenEpisodes[seriesID]?.days[episode.key] {
      shared.say(
        tr(
          "Marked %1$s not seen: its watch of %2$s taken away (m again puts it back).", code, Dates.written(text: day)),
        .confirmation)
      return takeAway(seriesID, [episode], &shared)
    }
    shared.say(tr("Marked %s seen.", code), .confirmation)
    return change(seriesID, [episode], seen: true, &shared)
  }

  /// Episodes' latest watches taken away, their days kept for `m` again just after.
  static func takeAway(_ seriesID: Int, _ episodes: [MarkedEpisode], _ shared: inout Shared) -> [Effect] {
    let days = shared.seenEpisodes[seriesID]?.days ?? [:]
    let effects = change(seriesID, episodes, seen: false, &shared)
    var taken: [EpisodeKey?: String] = [:]
    for episode in episodes { taken[episode.key] = days[episode.key] }
    shared.takenAway = TakenWatch(media: .series(seriesID), days: taken)
    return effects
  }

  /// The days `m` just took the series' episodes' watches away on, by episode (none when no mark
  /// since took this series' away).
  static func takenDays(_ seriesID: Int, _ shared: Shared) -> [EpisodeKey: String] {
    guard let taken = shared.takenAway, taken.media == .series(seriesID) else { return [:] }
    return Dictionary(uniqueKeysWithValues: taken.days.compactMap { key, day in key.map { ($0, day) } })
  }

  /// Episodes seen again on the days their watches were taken away on (today, one with none): one
  /// change a day.
  static func putBack(
    _ seriesID: Int, _ episodes: [MarkedEpisode], days: [EpisodeKey: String], _ shared: inout Shared
  ) -> [Effect] {
    let byDay = Dictionary(grouping: episodes) { days[$0.key] ?? shared.today.description }
    return byDay.keys.sorted().flatMap { day in
      let group = byDay[day] ?? []
      let taken = group.contains { days[$0.key] != nil }
      return change(seriesID, group, seen: true, day: day, exact: taken, &shared)
    }
  }

  /// Whether `m` or "mark up to here" can act: the series' marks are read and the episode is known.
  static func canMark(_ ref: EpisodeRef, _ shared: Shared) -> Bool {
    shared.seenEpisodes[ref.seriesID] != nil && episode(ref, shared) != nil
  }

  /// A series' seen episodes as stored, with the changes still being saved over them.
  static func loaded(_ seriesID: Int, _ stored: SeenEpisodes?, _ shared: inout Shared) {
    guard var seen = stored else { return }
    for change in shared.unsaved where change.id == seriesID { change.apply(toSeen: &seen) }
    shared.seenEpisodes[seriesID] = seen
  }

  /// The episode of a season's answer, when it is loaded.
  static func episode(_ ref: EpisodeRef, _ shared: Shared) -> Episode? {
    shared.season(ref.seriesID, ref.key.season).value?.episodes.first { $0.number == ref.key.number }
  }

  /// The series as the screens know it, kept with a change to one of its episodes.
  static func series(_ seriesID: Int, _ shared: Shared) -> MediaSummary {
    shared.series(seriesID).value?.summary ?? MediaSummary(id: seriesID, kind: .series, title: "")
  }

  static func change(
    _ seriesID: Int, _ episodes: [MarkedEpisode], seen: Bool, day: String? = nil, exact: Bool = false,
    series known: MediaSummary? = nil, _ shared: inout Shared
  ) -> [Effect] {
    shared.takenAway = nil
    let summary = known ?? series(seriesID, shared)
    let numbers = Set(episodes.map(\.key.season)).sorted()
    let seasons = numbers.flatMap { shared.season(seriesID, $0).value?.episodes.map(MarkedEpisode.init) ?? [] }
    var change = LibraryChange(
      series: summary, episodes: episodes, seen: seen, day: day ?? shared.today.description, seasons: seasons)
    change.exact = exact
    UndoLogic.remember(change, &shared)
    // The seen marks of a series no screen has read are read when one appears.
    return [change.queued(in: &shared)]
  }
}

extension LibraryChange {
  /// The changes that take this one back, given the title's mark and the series' seen episodes
  /// before it (empty: it changed nothing, or what it took is not known). What only the library
  /// knows (a list place, a rating's day) comes with its save's answer (`UndoLogic.saved`).
  func undoing(mark: Mark?, seen: SeenEpisodes?) -> [LibraryChange] {
    var back = self
    (back.once, back.place, back.exact) = (false, nil, true)
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
    case .rating(let rating):
      let before = mark?.rating(of: episode)
      guard before != rating else { return [] }
      back.kind = .rating(before)
    case .note(let note):
      let before = mark?.note(of: episode)
      guard before != note else { return [] }
      back.kind = .note(before)
    case .hidden(let hidden):
      guard (mark?.hidden ?? false) != hidden else { return [] }
      back.kind = .hidden(!hidden)
    case .list(let name): back.kind = .unlist(name)
    case .unlist(let name): back.kind = .list(name)
    case .episodes(let episodes, true):
      // Those seen already keep their watches (the save gives them none), unless it puts a watch
      // back (`exact`: added all the same).
      let new = exact ? episodes : episodes.filter { seen?.days[$0.key] == nil }
      guard !new.isEmpty else { return [] }
      back.kind = .episodes(new, seen: false)
    case .episodes(let episodes, false):
      // Each latest watch taken away goes back on its own day: one change a day.
      guard let days = seen?.days else { return [] }
      let byDay = Dictionary(grouping: episodes.filter { days[$0.key] != nil }) { days[$0.key] ?? day }
      return byDay.keys.sorted().map { day in
        var again = back
        (again.kind, again.day) = (.episodes(byDay[day] ?? [], seen: true), day)
        return again
      }
    }
    return [back]
  }
}

/// What `u` takes back, kept as each change is made; `Undo.swift` takes it back.
extension UndoLogic {
  /// Keeps what takes a change back, before the change is laid over the screen and queued.
  static func remember(_ change: LibraryChange, _ shared: inout Shared) {
    let back = change.undoing(mark: shared.marks[change.media], seen: shared.seenEpisodes[change.id])
    guard !back.isEmpty else { return }
    let serial = shared.changesAnswered + shared.unsaved.count
    shared.undo.append(Undo(made: [Undo.Made(change: change, serial: serial, back: back)]))
  }

  /// A key was handled: the changes it made become one undo, the oldest past `Undo.kept` let go.
  static func settle(_ shared: inout Shared) {
    // Run after every action (ticks too): nothing made since the last is one look at the end.
    guard shared.undo.last?.settled == false, let first = shared.undo.firstIndex(where: { !$0.settled }) else {
      return
    }
    let made = shared.undo[first...].flatMap(\.made)
    shared.undo.replaceSubrange(first..., with: [Undo(made: made, settled: true)])
    guard shared.undo.count > Undo.kept else { return }
    shared.undo.removeFirst(shared.undo.count - Undo.kept)
    shared.undoDropped = true
  }
}
