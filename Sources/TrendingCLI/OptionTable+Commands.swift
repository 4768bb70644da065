import Localization
import TrendingCore

/// One command: its arguments, the words that may follow it, and its help.
public struct CommandSpec: Sendable {
  /// Which command.
  public var verb: Verb
  /// Its arguments as help writes them, e.g. `ID` or `info|clear`.
  public var arguments: String
  /// The words its first argument may be, for the completions.
  public var words: [String]
  /// Whether its first argument may be one of the user's lists, named when completing.
  public var takesListName = false
  /// From which of its arguments (0 the first) on they are files, completed as paths.
  public var pathsFrom: Int?
  /// The first argument after which alone files are completed (`library backup`, `sync init`):
  /// `library check` takes none.
  public var pathsAfter: String?
  /// Options that make a use of their own, with no arguments (`scrobble --pending`): each a
  /// synopsis line of its own, left out of the first.
  public var alone: [String] = []
  /// One line for `--help`.
  public var summary: String
  /// A paragraph for `help COMMAND`.
  public var detail: String

  /// `trending list [--list NAME] [--page N] …`: the command, its arguments and its own options.
  public var synopsis: String { synopsisParts.joined(separator: " ") }

  /// The synopsis wrapped to `width`, each further line under the first argument; then each use
  /// of an option alone.
  public func synopsis(width: Int) -> [String] {
    wrapped(width: width) + alone.map { verb.invocation + " " + $0 }
  }

  /// The first synopsis wrapped to `width`.
  private func wrapped(width: Int) -> [String] {
    let parts = synopsisParts
    let indent = String(repeating: " ", count: min(TextWidth.width(of: verb.invocation) + 1, width / 2))
    var lines: [String] = []
    var line = ""
    for part in parts {
      if !line.isEmpty, line != indent, TextWidth.width(of: line + " " + part) > width {
        lines.append(line)
        line = indent
      }
      line += (line.isEmpty || line == indent ? "" : " ") + part
    }
    return lines + [line]
  }

  /// The command, its arguments and its own options: what it needs first, then what it may take.
  private var synopsisParts: [String] {
    let taken = OptionTable.options.filter { $0.verbs?.contains(verb) == true && !alone.contains($0.name) }
    let own = taken.filter(\.required) + taken.filter { !$0.required }
    return [verb.invocation] + (arguments.isEmpty ? [] : [arguments])
      + own.map { $0.required ? $0.syntax(for: verb) : "[\($0.syntax(for: verb))]" }
  }

  /// A paragraph: `summary` as its first sentence, then `more`, with the space the language puts
  /// between sentences (none after a full-width full stop: Chinese).
  static func paragraph(_ summary: String, _ more: String...) -> String {
    joinedSentences([sentence(summary)] + more)
  }

  /// A one-line summary as the first sentence of a paragraph: a capital first, a full stop last.
  static func sentence(_ summary: String) -> String {
    guard let first = summary.first else { return summary }
    let capital = String(first).uppercased() + summary.dropFirst()
    guard let last = capital.last, !".!?。！？".contains(last) else { return capital }
    return capital + trc("a sentence's full stop, after a summary made a paragraph", ".")
  }
}

extension OptionTable {
  /// Every command, in the order help lists them (the browser first).
  public static var commands: [CommandSpec] {
    [
      CommandSpec(
        verb: .browse, arguments: "", words: [], summary: tr("browse full-screen (needs a terminal)"),
        detail: CommandSpec.sentence(tr("browse full-screen (needs a terminal)"))),
      CommandSpec(
        verb: .list, arguments: "", words: [],
        summary: tr(
          "print a page of the list (--json for JSON; --list popular, top-rated, now-playing or upcoming for another list; --kind tv for series)"
        ),
        detail: tr(
          "A page of a list: trending (default), popular, top-rated, now-playing or upcoming; with --kind tv, series: trending, popular, top-rated, on-the-air or airing-today. On a terminal, a table that fits; piped, one entry a line: rank, id, title, year, score and kind (movie or tv), separated by tabs. --json for JSON, each entry with its media_type. Pages run from 1 to 500."
        )),
      CommandSpec(
        verb: .show, arguments: "ID", words: [], summary: tr("print one film's details (--json for JSON)"),
        detail: tr(
          "One film: title, year, certification, runtime, genres, the five ratings, director and leads, overview, where to watch in the region (JustWatch), trailer, collection, cast, crew, recommended and similar films."
        )),
      CommandSpec(
        verb: .tv, arguments: "ID", words: [], summary: tr("print one series' details (--json for JSON)"),
        detail: tr(
          "One series: its years, status, certification, networks, creators, seasons and episodes, ratings, the next or last episode, overview, where to watch in the region (JustWatch), its seasons, cast with episode counts, key crew, recommended and similar series."
        )),
      CommandSpec(
        verb: .season, arguments: "ID N", words: [], summary: tr("print one season's episodes (--json for JSON)"),
        detail: tr(
          "One season of a series (0 is the specials): each episode's number, name, air date, runtime and score; episodes not yet aired are marked."
        )),
      CommandSpec(
        verb: .collection, arguments: "ID", words: [],
        summary: tr("print one collection's films in release order (--json for JSON)"),
        detail: tr(
          "One collection (the series of films a film's 'Part of' line names, e.g. 2344, The Matrix Collection): its name, years, overview, and its films oldest first, each with its year and score; --json adds their ids."
        )),
      CommandSpec(
        verb: .person, arguments: "ID", words: [],
        summary: tr("print one person and their films and series (--json for JSON)"),
        detail: tr(
          "One person: known for, birth and death, biography, and their films and series (as cast with the character, as crew with the job; series with their episode counts), newest first."
        )),
      CommandSpec(
        verb: .search, arguments: "QUERY", words: [],
        summary: tr("films, series and people that match (--kind, --year N, --json)"),
        detail: tr(
          "Films, series and people whose names match, each marked with its kind; --kind film, tv or person looks for one kind. 'year:1999' or a trailing '(1999)' in the query narrows films and series by year."
        )),
      CommandSpec(
        verb: .watchlist, arguments: "[add ID | remove ID]", words: ["add", "remove"],
        summary: tr("your watchlist, each title with its watch if seen (--json, or --csv for Letterboxd)"),
        detail: tr(
          "Your watchlist, each title with the day you saw it if you did, from your library ($XDG_DATA_HOME/trending/library.sqlite3, SQLite); what you saw without putting it on the watchlist is 'trending history'. --csv prints the columns Letterboxd imports: tmdbID, Title, Year, WatchedDate. In the browser, a adds or removes the selected film and m marks it seen."
        )),
      CommandSpec(
        verb: .config, arguments: "[NAME]", words: Settings.names.map(\.name),
        summary: tr("the effective settings, or a template for the settings file"),
        detail: tr(
          "The effective settings and where each comes from (flag, environment, file, default); with no file, a commented template for $XDG_CONFIG_HOME/trending/config (else ~/.config/…). Lines: set language|region|images|mouse|theme VALUE, bind SCREEN KEY COMMAND, unbind SCREEN KEY, color ROLE FOREGROUND BACKGROUND [bold]; # starts a comment."
        ) + " "
          + tr(
            "With a NAME, only that setting's value; --path prints the file in use (TRENDING_CONFIG names another)."
          )),
      CommandSpec(
        verb: .cache, arguments: "info|clear", words: ["info", "clear"],
        summary: tr("the disk cache's size and entries ($XDG_CACHE_HOME/trending), or empty it"),
        detail: tr(
          "The disk cache ($XDG_CACHE_HOME/trending): its entries, or empty it. Files that are not the cache's own are left alone."
        )),
      CommandSpec(
        verb: .doctor, arguments: "", words: [],
        summary: tr("what trending found about the terminal, the language, the files and the service, and why"),
        detail: tr(
          "What trending detected and why, for a bug report: the terminal and its terminfo entry, colours, the image protocol and the reason, the cell size, the theme, the locale and languages, the files it reads and writes, whether a key is set (never the key), the hosts, a proxy, and the request budget if the service said. Asks the terminal only when it is one; asks the service once. --json for JSON."
        )),
      CommandSpec(
        verb: .completions, arguments: "bash|zsh|fish", words: shells,
        summary: tr("print the completions for bash, zsh or fish"),
        detail: tr(
          "Completions for a shell, on standard output: commands, options and their values. 'make install' puts them where each shell looks; or, for bash, eval \"$(trending completions bash)\"."
        )),
      CommandSpec(
        verb: .calendar, arguments: "", words: [],
        summary: tr(
          "what comes out in the next weeks: your watchlist's films and series, and cinema releases (--json, --ics)"),
        detail: tr(
          "The next eight weeks (--weeks N) in your region, week by week: the regional cinema and digital releases of the films on your watchlist, the next episodes of its series, and the films coming to cinemas. --json for JSON; --ics for an iCalendar file that calendar apps import (each event keeps its UID, so importing again updates it)."
        )),
      CommandSpec(
        verb: .man, arguments: "", words: [], summary: tr("print the manual page, trending(1), in roff"),
        detail: tr("The manual page in roff, as 'make install' installs it: trending man | man -l -")),
    ] + discoverCommands + libraryCommands + tonightCommands + importCommands + playCommands + syncCommands + [
      CommandSpec(
        verb: .help, arguments: "[COMMAND]", words: Verb.allCases.filter { $0 != .browse }.map(\.rawValue),
        summary: tr("this help, or one command's"),
        detail: tr(
          "Everything, or one command: %s.",
          Verb.allCases.filter { $0 != .browse }.map(\.rawValue).joined(separator: ", "))
      )
    ]
  }

  /// The command's entry.
  public static func command(_ verb: Verb) -> CommandSpec {
    commands.first { $0.verb == verb } ?? commands[0]
  }

  /// The names of the commands, for "did you mean".
  static var commandNames: [String] { Verb.allCases.filter { $0 != .browse }.map(\.rawValue) }

  /// How an error names the commands an option goes with: `'trending list', 'trending search'`.
  static func commandList(_ verbs: [Verb]) -> String {
    verbs.map { "'\($0.invocation)'" }.joined(separator: ", ")
  }
}
