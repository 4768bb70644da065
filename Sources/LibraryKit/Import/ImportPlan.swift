import AmodbKit
import FoundationEssentials

/// Where a row is: its file in the export, and its line (a JSON file's entry, from 1).
public struct RowPlace: Hashable, Sendable, CustomStringConvertible {
  /// The file, as the export names it.
  public var file: String
  /// The line the row starts on, or the entry's number in a JSON file.
  public var line: Int

  /// Makes one.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// `diary.csv:7`.
  public var description: String { "\(file):\(line)" }
}

/// How a row names its title, and so how it is matched.
public enum TitleReference: Hashable, Sendable {
  /// A film by its title and year, searched (Letterboxd).
  case search(title: String, year: Int?)
  /// An IMDb id, found (IMDb).
  case imdb(String)
  /// A TMDB id in the file, with the episode when it is one (Trakt).
  case tmdb(MediaID, episode: EpisodeKey?)
  /// A series by its TVDB id, found, with the episode (by its numbers) when it is one (TV Time).
  case tvdb(Int, episode: EpisodeKey?)
  /// An episode by its own TVDB id, found (TV Time's older files, when the series' id is not known).
  case tvdbEpisode(Int)

  /// Whether it names an episode, not a film or series.
  public var namesAnEpisode: Bool {
    switch self {
    case .search, .imdb: false
    case .tmdb(_, let episode), .tvdb(_, let episode): episode != nil
    case .tvdbEpisode: true
    }
  }
}

/// What a row asks for.
public enum ImportAction: Equatable, Sendable {
  /// A watch on that day (not doubled: the same title or episode on the same day is there).
  case watch(day: String)
  /// One entry of a diary or a history, each its own watch on that day (two of a day are a rewatch):
  /// as many of the title's watches of the day as the file holds, those already there counted.
  case loggedWatch(day: String)
  /// A watch on that day unless the title or episode has a watch already (a "watched" list).
  case watchUnlessSeen(day: String)
  /// A rating, 1–10.
  case rate(Int, day: String)
  /// A note, added to the title's note unless it holds it already.
  case note(String, day: String)
  /// On a list (`watchlist` is the watchlist).
  case list(String, day: String)

  /// The same on another day (a watch only: the one a kept day replaces).
  func on(_ kept: String) -> ImportAction {
    switch self {
    case .loggedWatch: .loggedWatch(day: kept)
    case .watch: .watch(day: kept)
    default: self
    }
  }

  /// The day of a watch, the one a kept day replaces; nil for the rest.
  var watchDay: String? {
    switch self {
    case .loggedWatch(let day), .watch(let day): day
    default: nil
    }
  }

  /// Applied in this order, so a diary's watches are there before a "watched" list is read.
  var order: Int {
    switch self {
    case .watch, .loggedWatch: return 0
    case .watchUnlessSeen: return 1
    case .rate, .note, .list: return 2
    }
  }
}

/// One row of an export as read: its place, its title as written, and what it asks for.
public struct ImportRow: Equatable, Sendable {
  /// Where it is.
  public var place: RowPlace
  /// How it is matched.
  public var reference: TitleReference
  /// The title as the file writes it (a series' for an episode).
  public var title: String
  /// The year as the file writes it.
  public var year: Int?
  /// What it asks for.
  public var action: ImportAction
  /// The fact that keeps the day this entry was first taken as (a Trakt play's, by its history id;
  /// a TV Time watch's, by what and when): a day read from a moment depends on the time zone, and
  /// an import elsewhere dates it alike.
  public var dayFact: String?

  /// Makes one.
  public init(
    place: RowPlace, reference: TitleReference, title: String, year: Int?, action: ImportAction,
    dayFact: String? = nil
  ) {
    self.place = place
    self.reference = reference
    self.title = title
    self.year = year
    self.action = action
    self.dayFact = dayFact
  }
}

/// A row that could not be read, and why.
public struct SkippedRow: Equatable, Sendable {
  /// Where it is.
  public var place: RowPlace
  /// Why.
  public var problem: String

  /// Makes one.
  public init(place: RowPlace, problem: String) {
    self.place = place
    self.problem = problem
  }
}

/// What a row is matched to: a title, and its episode when it is one.
public struct ImportTarget: Equatable, Sendable {
  /// The film or series.
  public var info: TitleInfo
  /// The episode, when it is one.
  public var episode: EpisodeKey?
  /// Named only by the file's or the server's words (Trakt's, a media server's), not by amodb: it
  /// names a title the library knows by its id alone, and never renames one.
  public var asWritten: Bool

  /// Makes one.
  public init(info: TitleInfo, episode: EpisodeKey? = nil, asWritten: Bool = false) {
    self.info = info
    self.episode = episode
    self.asWritten = asWritten
  }

  /// What a rating or note is about.
  var subject: Subject { Subject(info.media, episode: episode) }
}

/// One change an import would make.
public struct PlannedChange: Equatable, Sendable {
  /// The row it comes from.
  public var place: RowPlace
  /// The title.
  public var target: ImportTarget
  /// The change.
  public var action: ImportAction
}

/// What an export read gives: its rows, and the rows skipped with their problems.
public struct ImportRows: Equatable, Sendable {
  /// Rows to match.
  public var rows: [ImportRow] = []
  /// The first `namedSkips` rows that could not be read, with their problems.
  public var skipped: [SkippedRow] = []
  /// The rows that could not be read past the first `namedSkips`: counted, not kept.
  public var moreSkipped = 0
  /// The files recognised, in the order read.
  public var files: [String] = []
  /// The first `namedSkips` rows taken without a part that could not be read (a diary's watch,
  /// its rating not half a star to five), with that part's problem.
  public var partlyRead: [SkippedRow] = []
  /// How many rows were taken without a part.
  public var partlyReadCount = 0

  /// Nothing yet.
  public init() {}

  /// How many skipped rows are named (in memory and in the summary); the rest are counted.
  public static let namedSkips = 10

  /// How many rows could not be read.
  public var skippedCount: Int { skipped.count + moreSkipped }
  /// How many of the export's rows were read: each row once, however many records it holds (a
  /// diary row is a watch and a rating), taken or skipped.
  public var rowsRead: Int { Set(rows.map(\.place)).union(skipped.map(\.place)).count + moreSkipped }

  /// The days of the rows that keep theirs (`ImportRow.dayFact`), by the facts' names.
  var days: [String: String] {
    var found: [String: String] = [:]
    for row in rows {
      guard let fact = row.dayFact, let day = row.action.watchDay else { continue }
      found[fact] = day
    }
    return found
  }

  /// Dates each row whose entry an earlier import took as the day it took it as.
  mutating func keepDays(_ kept: [String: String]) {
    for index in rows.indices {
      guard let fact = rows[index].dayFact, let day = kept[fact] else { continue }
      rows[index].action = rows[index].action.on(day)
    }
  }

  /// Notes a row taken without a part of it, and why that part was left out.
  mutating func leaveOut(_ file: String, _ line: Int, _ problem: @autoclosure () -> String) {
    partlyReadCount += 1
    guard partlyRead.count < Self.namedSkips else { return }
    partlyRead.append(SkippedRow(place: RowPlace(file: file, line: line), problem: problem()))
  }

  /// Notes a row skipped: named while there are fewer than `namedSkips`, else counted.
  mutating func skip(_ file: String, _ line: Int, _ problem: @autoclosure () -> String) {
    guard skipped.count < Self.namedSkips else {
      moreSkipped += 1
      return
    }
    skipped.append(SkippedRow(place: RowPlace(file: file, line: line), problem: problem()))
  }

  /// The distinct references to match, in the order first met.
  public var references: [TitleReference] {
    var seen: Set<TitleReference> = []
    return rows.map(\.reference).filter { seen.insert($0).inserted }
  }
}

/// Rows matched to titles: the changes to make, in the order they are made, and the rows unmatched.
public struct ImportPlan: Equatable, Sendable {
  /// The changes, watches first.
  public var changes: [PlannedChange]
  /// The rows no title was matched to.
  public var unresolved: [ImportRow]
  /// The notes set aside because the title's note would grow past `Library.longestNote` characters.
  public var tooLong: [PlannedChange] = []

  /// Sets aside each note that would make its title's or episode's note longer than
  /// `Library.longestNote` characters, so it is reported rather than lost; `existing` gives a
  /// note already in the library. The notes kept are joined as applying them joins them.
  public mutating func setAsideLongNotes<E: Error>(existing: (Subject) throws(E) -> String?) throws(E) {
    var notes: [Subject: String?] = [:]
    var kept: [PlannedChange] = []
    for change in changes {
      guard case .note(let text, _) = change.action else {
        kept.append(change)
        continue
      }
      let clean = TextSanitizer.clean(text, keepNewlines: true, limit: Int.max)
      let subject = change.target.subject
      let known: String?
      if let cached = notes[subject] {
        known = cached
      } else {
        known = try existing(subject)
        notes[subject] = known
      }
      if clean.isEmpty || known?.contains(clean) == true {
        kept.append(change)
        continue
      }
      let joined = known.map { $0 + "\n\n" + clean } ?? clean
      guard joined.count <= Library.longestNote else {
        tooLong.append(change)
        continue
      }
      notes[subject] = joined
      kept.append(change)
    }
    changes = kept
  }

  /// Matches each row through `resolved` (nil: unresolved); pure, so it is tested without a network.
  public static func make(_ rows: [ImportRow], resolved: (TitleReference) -> ImportTarget?) -> ImportPlan {
    var changes: [PlannedChange] = []
    var unresolved: [ImportRow] = []
    for row in rows {
      guard let target = resolved(row.reference) else {
        unresolved.append(row)
        continue
      }
      changes.append(PlannedChange(place: row.place, target: target, action: row.action))
    }
    // One rating a title or episode: the latest day's (on a tie the later row's, so a ratings
    // file read after the diary is the rating), so a file read twice rates nothing twice.
    var latest: [Subject: Int] = [:]
    for (offset, change) in changes.enumerated() {
      guard case .rate(_, let day) = change.action else { continue }
      let subject = change.target.subject
      if let kept = latest[subject], case .rate(_, let keptDay) = changes[kept].action, keptDay > day { continue }
      latest[subject] = offset
    }
    changes = changes.enumerated().filter { offset, change in
      guard case .rate = change.action else { return true }
      return latest[change.target.subject] == offset
    }.map(\.element)
    // A stable sort: within one kind of change, the file's order.
    let ordered = changes.enumerated().sorted {
      ($0.element.action.order, $0.offset) < ($1.element.action.order, $1.offset)
    }
    return ImportPlan(changes: ordered.map(\.element), unresolved: unresolved)
  }
}

/// What applying a plan did (or, in a dry run, would do).
public struct ImportOutcome: Equatable, Sendable {
  /// The changes made.
  public var added: [PlannedChange] = []
  /// How many changes were there already.
  public var already = 0
  /// Ratings not taken because the library holds another given on the same day or later.
  public var keptNewer = 0
  /// Watches not brought back: the sync folder says they were taken away.
  public var takenAway = 0

  /// Nothing done yet.
  public init(added: [PlannedChange] = [], already: Int = 0) {
    self.added = added
    self.already = already
  }
}
