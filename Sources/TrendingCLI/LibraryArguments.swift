import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

/// Which episodes of a series a command names: one, up to one, or a whole season.
public enum EpisodeChoice: Equatable, Sendable {
  case one(season: Int, episode: Int)
  case through(season: Int, episode: Int)
  case season(Int)

  /// The season.
  public var season: Int {
    switch self {
    case .one(let season, _), .through(let season, _), .season(let season): return season
    }
  }
}

/// What to do to a named list.
public enum ListAction: Equatable, Sendable {
  case add(MediaID), remove(MediaID), delete, rename(String)
}

/// A command of the library: seen, rate, note, lists, history and the rest.
public enum LibraryCommand: Equatable, Sendable {
  case seen(MediaID, episodes: EpisodeChoice?, day: String?)
  case unseen(MediaID, episodes: EpisodeChoice?)
  case rate(MediaID, episode: EpisodeChoice?, rating: Int?)
  case note(MediaID, episode: EpisodeChoice?, text: String?)
  case hide(MediaID, hidden: Bool)
  case history(since: String?, format: WatchlistOutput)
  /// The films, series and episodes rated, newest first (the Recently rated tab's rows, all of them).
  case rated(format: WatchlistOutput)
  case progress(json: Bool)
  /// Every list and how many titles it holds: as text, as JSON, or (`csv`) as CSV.
  case lists(json: Bool, csv: Bool = false)
  case list(name: String, action: ListAction?, format: WatchlistOutput)
  case stats(year: Int?, json: Bool)
  case exportLetterboxd, exportJSON
  case importing(ImportKind, path: String, dryRun: Bool, resolve: Bool = false)
  /// `import jellyfin|plex URL`: what a media server's user played (`MediaServer/`).
  case importingServer(MediaServer, url: URL, dryRun: Bool, sinceLast: Bool)
  case check
  case backup(path: String)

  /// Whether no library is an error (a check, a backup, an export): a cron job with another `HOME`
  /// fails rather than keep an empty copy.
  var needsALibrary: Bool { [.check, .exportJSON, .exportLetterboxd].contains(self) || isBackup }

  /// Whether the command makes no library under a profile's name: it only reads, or only takes
  /// away (a watch, a rating, a note, a list), which a library not there does not hold.
  var makesNoLibrary: Bool {
    switch self {
    case .history, .rated, .progress, .lists, .list(_, nil, _), .stats, .exportLetterboxd, .exportJSON, .check,
      .backup, .unseen, .rate(_, _, nil), .note(_, _, nil), .hide(_, false), .list(_, .remove, _),
      .list(_, .delete, _), .list(_, .rename, _):
      return true
    case .importing, .importingServer: return isDryRun
    default:
      return false
    }
  }
}

/// The library's flags as the option table reads them.
struct LibraryFlags: Sendable {
  var day: String?
  var season: Int?
  var episode: Int?
  var through: Int?
  var since: String?
  var clear = false
  var delete = false
  var dryRun = false
  var resolve = false
}

extension OptionTable {
  /// The options only the library's commands take.
  static var libraryOptions: [OptionSpec] {
    let episodeVerbs: [Verb] = [.seen, .unseen, .rate, .note]
    func number(
      _ name: String, _ help: String, verbs: [Verb] = episodeVerbs,
      _ set: @escaping @Sendable (inout LibraryFlags, Int) -> Void
    ) -> OptionSpec {
      OptionSpec(
        name: name, value: "N", kind: .number, help: help, verbs: verbs,
        apply: { line, text throws(UsageError) in
          guard let value = Int(text), (0...10_000).contains(value) else {
            throw UsageError(message: tr("%1$s must be a whole number from 0, not %2$s", name, shown(text)))
          }
          set(&line.library, value)
        })
    }
    return [
      number("--season", tr("the season of a series (0 is the specials)")) { $0.season = $1 },
      number("--episode", tr("one episode of the season")) { $0.episode = $1 },
      number("--through", tr("every aired episode of the season up to this one"), verbs: [.seen, .unseen]) {
        $0.through = $1
      },
      OptionSpec(
        name: "--since", value: "YYYY-MM-DD",
        help: tr("only what was watched (for new: what came out) on or after this day"), verbs: [.history, .new],
        helpFor: { verb in
          verb == .new
            ? tr("only what came out on or after this day") : tr("only what was watched on or after this day")
        },
        apply: { line, text throws(UsageError) in line.library.since = try day(text, option: "--since") }),
      OptionSpec(
        name: "--clear", help: tr("take the rating or the note away"), verbs: [.rate, .note],
        apply: { line, _ in line.library.clear = true }),
      OptionSpec(
        name: "--delete", help: tr("delete the list"), verbs: [.lists], apply: { line, _ in line.library.delete = true }
      ),
    ]
  }

  /// A day as `YYYY-MM-DD` (or `today`, `yesterday`: this machine's), or a usage error naming the option.
  static func day(_ text: String, option: String, now: Date = Date()) throws(UsageError) -> String {
    let today = CivilDay(ReleaseDate(localDay: now))
    switch text.lowercased() {
    case "today": return today.iso
    case "yesterday": return today.adding(days: -1).iso
    default: break
    }
    guard text.count == 10, let date = ReleaseDate(text), date.description == text else {
      // A day written right whose year no calendar of ours holds is said as such.
      let digits = text.utf8.enumerated().allSatisfy { place, byte in
        place == 4 || place == 7 ? byte == 0x2D : (0x30...0x39).contains(byte)
      }
      if text.utf8.count == 10, digits, let year = Int(text.prefix(4)) {
        let earliest = String(StoredValues.earliestYear)
        if year < StoredValues.earliestYear {
          throw UsageError(message: tr("%1$s must be a day from %2$s on, not %3$s", option, earliest, shown(text)))
        }
        if year >= 3000 {
          throw UsageError(message: tr("%1$s must be a day before the year 3000, not %2$s", option, shown(text)))
        }
      }
      throw UsageError(message: tr("%1$s must be a day: YYYY-MM-DD, today or yesterday, not %2$s", option, shown(text)))
    }
    return text
  }

  /// A usage error for `--on` naming a day the library does not keep (`StoredValues.dayProblem`:
  /// before 1870, or after the day after UTC's today); nil for a day it keeps.
  static func futureWatch(_ day: String, now: Date) -> UsageError? {
    guard let date = ReleaseDate(day) else { return nil }
    // The library keeps UTC's tomorrow (a zone ahead); a day typed is one of this machine's.
    let problem =
      date.dayNumber > ReleaseDate(localDay: now).dayNumber
      ? .stillToCome : StoredValues.dayProblem(date, now: now)
    switch problem {
    case nil: return nil
    case .beforeEarliestYear:
      return UsageError(
        message: tr("%1$s must be a day from %2$s on, not %3$s", "--on", String(StoredValues.earliestYear), shown(day)))
    case .stillToCome:
      return UsageError(
        message: tr("--on must be today or a day before (a watch cannot be in the future), not %s", shown(day)))
    }
  }

  /// The library's commands, for help, the man page and the completions.
  static var libraryCommands: [CommandSpec] {
    func spec(_ verb: Verb, _ arguments: String, words: [String] = [], _ text: String) -> CommandSpec {
      CommandSpec(
        verb: verb, arguments: arguments, words: words, takesListName: verb == .lists,
        pathsFrom: verb == .library ? 1 : nil, pathsAfter: verb == .library ? "backup" : nil, summary: text,
        detail: CommandSpec.sentence(text))
    }
    return [
      spec(
        .seen, "ID",
        tr(
          "mark a film or series seen today (--on YYYY-MM-DD); again is a rewatch; with tv/ID --season N, one episode (--episode E), up to one (--through E) or the whole season, aired episodes only"
        )),
      spec(.unseen, "ID", tr("take away the latest watch, in the forms seen takes")),
      spec(.rate, "ID N", tr("rate a film, series or episode from 1 to 10 (--clear takes it away)")),
      spec(.note, "ID TEXT", tr("write a note on a film, series or episode (--clear takes it away)")),
      spec(.hide, "ID", tr("mark a title not interesting: hidden from lists and discover")),
      spec(.unhide, "ID", tr("show a hidden title again")),
      spec(
        .history, "",
        tr("every watch, newest first (--since YYYY-MM-DD, --json, --csv with a Type column: movie or tv)")),
      spec(
        .rated, "",
        tr("the films, series and episodes you rated, newest first: the day, your score and the title (--json, --csv)")),
      spec(
        .progress, "",
        tr("each series in progress: episodes seen of aired, the next episode and the one after (--json)")),
      spec(
        .lists, "[NAME [add ID | remove ID | rename NEW-NAME | delete]]",
        tr(
          "your lists and how many titles each holds; with a NAME, that list (--json, --csv), add or remove a title, rename it, or --delete it"
        )),
      spec(
        .stats, "", tr("titles and episodes seen, hours, by month, top genres and your ratings (--year Y, --json)")),
      spec(
        .export, "letterboxd|json", words: ["letterboxd", "json"],
        tr(
          "the library on standard output: letterboxd, a CSV Letterboxd imports (one row a watch); json, everything, versioned"
        )),
      spec(
        .library, "check|backup PATH", words: ["check", "backup"],
        tr(
          "check the library's file (integrity, references, the change log replayed) or copy it with SQLite's online backup to PATH, a file or a folder (a dated name in it), safe while the browser runs"
        )),
    ]
  }
}

extension ArgumentParser {
  /// The command a library verb and its words make.
  static func libraryCommand(_ verb: Verb, _ words: [String], _ line: ParsedLine) throws(UsageError)
    -> Invocation.Command
  {
    let flags = line.library
    func extra(_ index: Int) throws(UsageError) {
      if words.count > index {
        throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[index])))
      }
    }
    func format() throws(UsageError) -> WatchlistOutput {
      if line.json, line.csv { throw UsageError(message: tr("--json and --csv do not go together")) }
      return line.json ? .json : line.csv ? .csv : .text
    }
    let command: LibraryCommand
    switch verb {
    case .seen, .unseen, .rate, .note, .hide, .unhide:
      let media = try mediaID(words.first, verb: verb)
      let episodes = try episodeChoice(flags, media: media, verb: verb)
      switch verb {
      case .seen:
        try extra(1)
        command = .seen(
          media, episodes: episodes,
          day: try flags.day.map { text throws(UsageError) in
            try OptionTable.day(text, option: "--on")
          })
      case .unseen:
        try extra(1)
        command = .unseen(media, episodes: episodes)
      case .rate:
        if flags.clear {
          try extra(1)
          command = .rate(media, episode: episodes, rating: nil)
        } else {
          guard words.count >= 2 else { throw UsageError(message: tr("rate needs a rating from 1 to 10, or --clear")) }
          try extra(2)
          guard let rating = Int(words[1]), (1...10).contains(rating) else {
            throw UsageError(
              message: tr("the rating must be a whole number from 1 to 10, not %s", OptionTable.shown(words[1])))
          }
          command = .rate(media, episode: episodes, rating: rating)
        }
      case .note:
        let text = words.dropFirst().joined(separator: " ")
        if flags.clear {
          try extra(1)
          command = .note(media, episode: episodes, text: nil)
        } else {
          guard !text.allSatisfy(\.isWhitespace) else {
            throw UsageError(message: tr("note needs the text of the note, or --clear"))
          }
          // Too long is a usage error, as a rating of 11 is.
          if let problem = Library.noteProblem(text) { throw UsageError(message: problem) }
          command = .note(media, episode: episodes, text: text)
        }
      default:
        try extra(1)
        if episodes != nil { throw UsageError(message: tr("%1$s goes with %2$s", "--season", "'trending seen'")) }
        command = .hide(media, hidden: verb == .hide)
      }
    case .history:
      try extra(0)
      command = .history(since: flags.since, format: try format())
    case .rated:
      try extra(0)
      command = .rated(format: try format())
    case .progress:
      try extra(0)
      command = .progress(json: line.json)
    case .lists:
      guard let typed = words.first else {
        if flags.delete { throw UsageError(message: tr("--delete needs the name of a list")) }
        command = .lists(json: try format() == .json, csv: line.csv)
        break
      }
      // Spaces around a name (a shell's quotes kept them) are not part of it.
      let name = String(typed.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      guard Library.isListName(name) else {
        throw UsageError(message: tr("a list's name is 1 to 100 characters of text, not %s", OptionTable.shown(name)))
      }
      var action: ListAction?
      if flags.delete || words.dropFirst() == ["delete"] {
        try extra(flags.delete ? 1 : 2)
        action = .delete
      } else if words.count == 3, words[1] == "rename" {
        let new = String(words[2].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard Library.isListName(new) else {
          throw UsageError(
            message: tr("a list's name is 1 to 100 characters of text, not %s", OptionTable.shown(new)))
        }
        action = .rename(new)
      } else if words.count > 1 {
        guard words.count == 3, ["add", "remove"].contains(words[1]) else {
          throw UsageError(
            message: tr(
              "lists NAME takes 'add ID', 'remove ID', 'rename NEW-NAME' or 'delete', e.g. 'trending lists Noir add 550'"
            )
              + ArgumentParser.suggestion(words[1], among: ["add", "remove", "rename", "delete"]))
        }
        let media = try mediaID(words[2], verb: verb)
        action = words[1] == "add" ? .add(media) : .remove(media)
      }
      command = .list(name: name, action: action, format: try format())
    case .stats:
      try extra(0)
      if line.year == nil, line.years != nil {
        let given = line.discover.last { $0.key == "year" }?.value ?? ""
        throw UsageError(message: tr("stats --year must be one year such as 1999, not %s", OptionTable.shown(given)))
      }
      command = .stats(year: line.year, json: line.json)
    case .export:
      // A file named after the format: the export goes to standard output, and that is said.
      if words.count == 2, ["letterboxd", "json"].contains(words[0]) {
        throw UsageError(
          message: tr(
            "export writes to standard output: 'trending export %1$s > %2$s'", words[0],
            TextSanitizer.clean(words[1], limit: 100)))
      }
      guard words.count == 1, let what = words.first, what == "letterboxd" || what == "json" else {
        throw UsageError(
          message: tr("export takes 'letterboxd' or 'json'")
            + ArgumentParser.suggestion(
              words.first ?? "", among: ["letterboxd", "json"]))
      }
      command = what == "json" ? .exportJSON : .exportLetterboxd
    case .import:
      command = try importCommand(words, line)
    default:
      if words == ["check"] {
        command = .check
      } else if words.count == 2, words[0] == "backup", !words[1].isEmpty {
        command = .backup(path: words[1])
      } else {
        throw UsageError(
          message: tr("library takes 'check' or 'backup PATH'")
            + ArgumentParser.suggestion(words.first ?? "", among: ["check", "backup"]))
      }
    }
    return .library(command)
  }

  /// The film or series a command is about: `550` or `tv/1399`.
  private static func mediaID(_ text: String?, verb: Verb) throws(UsageError) -> MediaID {
    guard let text else {
      throw UsageError(message: tr("%s needs a film's (550) or a series' (tv/1399) id", verb.rawValue))
    }
    guard let media = MediaID(text) else {
      throw UsageError(
        message: tr("the id must be a film's (550) or a series' (tv/1399), not %s", OptionTable.shown(text)))
    }
    return media
  }

  /// The episodes `--season`, `--episode` and `--through` name, checked against the title.
  private static func episodeChoice(_ flags: LibraryFlags, media: MediaID, verb: Verb) throws(UsageError)
    -> EpisodeChoice?
  {
    guard let season = flags.season else {
      // Named as typed: `rate` takes no --through.
      if let option = flags.through != nil ? "--through" : flags.episode != nil ? "--episode" : nil {
        throw UsageError(message: tr("%s needs --season N", option))
      }
      return nil
    }
    guard media.kind == .series else {
      throw UsageError(
        message: tr("--season goes with a series' id (tv/ID), not %s", OptionTable.shown(media.description)))
    }
    switch (flags.episode, flags.through) {
    case (let episode?, nil): return .one(season: season, episode: episode)
    case (nil, let through?):
      guard verb == .seen || verb == .unseen else {
        throw UsageError(message: tr("%1$s goes with %2$s", "--through", "'trending seen', 'trending unseen'"))
      }
      return .through(season: season, episode: through)
    case (nil, nil):
      guard verb == .seen || verb == .unseen else {
        throw UsageError(message: tr("a rating or a note of an episode needs --season N --episode E"))
      }
      return .season(season)
    default: throw UsageError(message: tr("--episode and --through go one at a time"))
    }
  }
}
