import AmodbKit
import Localization
import TrendingCore

/// Reads the command line with the option table: pure, so every rule is testable.
public enum ArgumentParser {
  /// The short usage printed with usage errors.
  public static var shortUsage: String {
    tr("Usage: trending COMMAND [options]; 'trending help' names them all.")
  }

  /// Parses the arguments after the program name; an error names the command it was met in.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    do {
      return try parseLine(arguments)
    } catch {
      var named = error
      // The command is the first word that names one.
      named.verb = named.verb ?? arguments.lazy.compactMap(Verb.init(rawValue:)).first
      throw named
    }
  }

  /// `parse`, without naming the command in its errors.
  private static func parseLine(_ arguments: [String]) throws(UsageError) -> Invocation {
    var line = ParsedLine()
    var positional: [String] = []
    var given: [OptionSpec] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positional += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positional.append(argument)
        continue
      }
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = OptionTable.option(named: flag) else {
        // A key given as a flag would show in `ps` and the shell's history: where it goes instead.
        let keyFlag = ["--key", "--api-key", "--amodb-key", "--token"].contains(flag.lowercased())
        throw UsageError(
          message: tr("unknown option %s", OptionTable.shown(flag))
            + (keyFlag
              ? "; " + tr("the key is never a flag: name a file holding it with 'set key-file PATH'")
              : suggestion(flag, among: OptionTable.optionNames, meant: ["-v": "--version", "-V": "--version"])))
      }
      var value = ""
      if option.value != nil {
        if let inline {
          value = inline
        } else {
          guard index < arguments.count else { throw UsageError(message: tr("%s needs a value", flag)) }
          value = arguments[index]
          index += 1
        }
      } else if inline != nil {
        throw UsageError(message: tr("%s takes no value", option.name))
      }
      try option.apply(&line, value)
      if let immediate = line.immediate {
        // `trending list --help` is the list's help; a command there is none is said so (exit 2), as
        // `trending help WORD` says it, so `trending WORD --help` tells a script whether it exists.
        if immediate == .help, let first = positional.first {
          guard OptionTable.commandNames.contains(first) else {
            throw UsageError(
              message: tr("no help for %s", OptionTable.shown(first))
                + suggestion(first, among: OptionTable.commandNames))
          }
          return Invocation(command: .helpTopic(first))
        }
        return Invocation(command: immediate)
      }
      given.append(option)
    }
    let verb: Verb
    if let name = positional.first {
      guard let known = Verb(rawValue: name), known != .browse else {
        throw UsageError(
          message: tr("unknown command %s", OptionTable.shown(name))
            + suggestion(name, among: OptionTable.commandNames, meant: ["version": "--version"]))
      }
      verb = known
    } else {
      verb = .browse
    }
    if let misplaced = given.first(where: { !$0.goes(with: verb) }), let verbs = misplaced.verbs {
      throw UsageError(message: tr("%1$s goes with %2$s", misplaced.name, OptionTable.commandList(verbs)))
    }
    line.invocation.command = try command(verb, Array(positional.dropFirst()), line)
    return line.invocation
  }

  /// The command a verb and its arguments make.
  private static func command(_ verb: Verb, _ words: [String], _ line: ParsedLine) throws(UsageError)
    -> Invocation.Command
  {
    func noArguments() throws(UsageError) {
      if let extra = words.first { throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(extra))) }
    }
    switch verb {
    case .browse: return .browse
    case .list:
      try noArguments()
      guard line.kind == nil || line.kind == "film" || line.kind == "tv" else {
        throw UsageError(
          message: tr("--kind for a list must be film or tv, not %s", OptionTable.shown(line.kind ?? "")))
      }
      let media: MediaKind = line.kind == "tv" ? .series : .film
      let name = line.listName ?? "trending"
      guard let kind = ListKind(name: name, media: media) else {
        let names = OptionTable.listNames(media).joined(separator: ", ")
        throw UsageError(
          message: tr("--list must be one of %1$s, not %2$s", names, OptionTable.shown(name))
            + suggestion(name, among: OptionTable.listNames(media)))
      }
      return .list(page: line.page ?? 1, json: line.json, kind: kind)
    case .search:
      if line.year == nil, let years = line.years, !years.isOpen {
        // One number that is no year (20, 99999) is said as such; two are a range a search does not take.
        guard years.lower != years.upper else { throw OptionTable.notAYear(line) }
        throw UsageError(message: tr("--year for a search must be one year such as 1999, not a range"))
      }
      // Controls and escape sequences out, spaces folded, as the browser's search line takes a paste.
      let query = SearchQuery(parsing: TextSanitizer.clean(words.joined(separator: " ")))
      guard !query.text.isEmpty else {
        throw UsageError(message: tr("search needs words to look for, e.g. 'trending search fight club'"))
      }
      let scope: SearchScope =
        switch line.kind {
        case "film": .film
        case "tv": .series
        case "person": .person
        default: .all
        }
      return .search(
        query: query.text, year: line.year ?? query.year, scope: scope, page: line.page ?? 1, json: line.json)
    case .tv:
      let series = try seriesID(words, needs: tr("tv needs a series id, e.g. 'trending tv 1399'"))
      return .series(id: series, json: line.json)
    case .season:
      guard words.count == 2 else {
        throw UsageError(message: tr("season needs a series id and a season number, e.g. 'trending season 1399 1'"))
      }
      let series = try seriesID([words[0]], needs: "")
      guard let number = Int(words[1]), (0...10_000).contains(number) else {
        throw UsageError(
          message: tr("the season number must be a whole number from 0, not %s", OptionTable.shown(words[1])))
      }
      return .season(id: series, number: number, json: line.json)
    case .collection:
      guard let text = words.first else {
        throw UsageError(message: tr("collection needs a collection id, e.g. 'trending collection 2344'"))
      }
      guard words.count == 1 else {
        throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[1])))
      }
      guard let id = Int(text), id > 0 else {
        throw UsageError(
          message: tr("the collection id must be a positive whole number, not %s", OptionTable.shown(text)))
      }
      return .collection(id: id, json: line.json)
    case .show, .person:
      guard let text = words.first else {
        throw UsageError(
          message: verb == .show
            ? tr("show needs a film id, e.g. 'trending show 550'")
            : tr("person needs a person id, e.g. 'trending person 287'"))
      }
      guard words.count == 1 else {
        throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[1])))
      }
      // A person's id as a search prints it (`person/287`): that person, whichever of the two asks.
      if text.hasPrefix("person/"), let id = Int(text.dropFirst("person/".count)), id > 0 {
        return .person(id: id, json: line.json)
      }
      // An id as the library's commands print it: `movie/550`, or `tv/1399` (that series, as `tv` shows it).
      if verb == .show, let media = MediaID(text) {
        return media.kind == .series ? .series(id: media.id, json: line.json) : .show(id: media.id, json: line.json)
      }
      guard let id = Int(text), id > 0 else {
        throw UsageError(
          message: verb == .show
            ? tr("the film id must be a positive whole number, not %s", OptionTable.shown(text))
            : tr("the person id must be a positive whole number, not %s", OptionTable.shown(text)))
      }
      return verb == .show ? .show(id: id, json: line.json) : .person(id: id, json: line.json)
    case .watchlist:
      return try watchlist(words, json: line.json, csv: line.csv)
    case .config:
      guard words.count <= 1 else {
        throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[1])))
      }
      let names = Settings.names.map(\.name)
      if let name = words.first, !names.contains(name) {
        throw UsageError(
          message: tr(
            "unknown setting '%1$s'; settings: %2$s", TextSanitizer.clean(name, limit: 60),
            names.joined(separator: ", "))
            + suggestion(name, among: names))
      }
      return .config(name: words.first, path: line.path)
    case .cache:
      guard words.count == 1, let action = words.first, action == "info" || action == "clear" else {
        throw UsageError(message: tr("cache takes 'info' or 'clear'"))
      }
      return action == "info" ? .cacheInfo : .cacheClear
    case .doctor:
      try noArguments()
      return .doctor(json: line.json)
    case .completions:
      guard words.count == 1, let shell = words.first, OptionTable.shells.contains(shell) else {
        throw UsageError(message: tr("completions takes bash, zsh or fish, e.g. 'trending completions bash'"))
      }
      return .completions(shell)
    case .calendar:
      try noArguments()
      guard !(line.json && line.ics) else { throw UsageError(message: tr("--json and --ics go one at a time")) }
      return .calendar(
        weeks: line.weeks ?? CalendarLogic.defaultWeeks, format: line.ics ? .ics : line.json ? .json : .text)
    case .man:
      try noArguments()
      return .manual
    case .discover, .services:
      try noArguments()
      return try discoverCommand(verb, line)
    case .seen, .unseen, .rate, .note, .hide, .unhide, .history, .rated, .progress, .lists, .stats, .export, .library,
      .import:
      return try libraryCommand(verb, words, line)
    case .forYou, .pick, .new:
      return try tonightCommand(verb, words, line)
    case .identify:
      guard !words.isEmpty else {
        throw UsageError(message: tr("identify needs a file's path, e.g. 'trending identify Film.Title.1999.mkv'"))
      }
      return .identify(paths: words, json: line.json)
    case .sync:
      return .sync(try OptionTable.syncCommand(words, json: line.json))
    case .play, .scrobble, .mpvScript:
      return try playCommand(verb, words, line)
    case .help:
      guard words.count <= 1 else {
        throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[1])))
      }
      guard let topic = words.first else { return .help }
      guard OptionTable.commandNames.contains(topic) else {
        throw UsageError(
          message: tr("no help for %s", OptionTable.shown(topic)) + suggestion(topic, among: OptionTable.commandNames))
      }
      return .helpTopic(topic)
    }
  }

  /// The one series id a command takes: a positive whole number, or written as the library's
  /// commands print it (`tv/1399`).
  private static func seriesID(_ words: [String], needs: String) throws(UsageError) -> Int {
    guard let text = words.first else { throw UsageError(message: needs) }
    guard words.count == 1 else { throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[1]))) }
    let number = text.hasPrefix("tv/") ? String(text.dropFirst(3)) : text
    guard let id = Int(number), id > 0 else {
      throw UsageError(message: tr("the series id must be a positive whole number, not %s", OptionTable.shown(text)))
    }
    return id
  }

  /// `trending watchlist [add ID | remove ID] [--json | --csv]`.
  private static func watchlist(_ words: [String], json: Bool, csv: Bool) throws(UsageError) -> Invocation.Command {
    if json, csv { throw UsageError(message: tr("--json and --csv do not go together")) }
    let format: WatchlistOutput = json ? .json : csv ? .csv : .text
    guard !words.isEmpty else { return .watchlist(change: nil, format: format) }
    guard words.count == 2, ["add", "remove"].contains(words[0]) else {
      throw UsageError(
        message: tr("watchlist takes 'add ID' or 'remove ID', e.g. 'trending watchlist add 550'")
          + suggestion(words[0], among: ["add", "remove"]))
    }
    guard let media = MediaID(words[1]) else {
      throw UsageError(
        message: tr("the id must be a film's (550) or a series' (tv/1399), not %s", OptionTable.shown(words[1])))
    }
    return .watchlist(change: words[0] == "add" ? .add(media) : .remove(media), format: format)
  }

  /// "; did you mean 'X'?" for the known word `word` is in another case, else the one it begins
  /// (`hist`), else the closest within two edits; nothing when none is.
  /// `meant`: words other programs answer to, and what they are here (`-V` is `--version`).
  static func suggestion(_ word: String, among known: [String], meant: [String: String] = [:]) -> String {
    if let meant = meant[word] { return "; " + tr("did you mean '%s'?", meant) }
    // A word known as typed is not misspelt: what is wrong is elsewhere (a missing argument).
    guard !known.contains(word) else { return "" }
    let lowered = word.lowercased()
    let begun = known.filter { $0.hasPrefix(lowered) }
    let best =
      known.first { $0.lowercased() == lowered } ?? (lowered.count >= 3 && begun.count == 1 ? begun.first : nil)
      ?? known.map { ($0, EditDistance.between(lowered, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    guard let best else { return "" }
    return "; " + tr("did you mean '%s'?", best)
  }
}

extension OptionTable {
  /// An argument as usage errors echo it: quoted, its first 60 characters, what a terminal would
  /// not show written as escapes (`\e`, `\t`, `\x07`, `\u{200B}`, a backslash as `\\`), so that
  /// the echo is what was typed and never a cleaned look-alike ('55\e[2J0', not '550').
  static func shown(_ text: String) -> String {
    var visible = ""
    for scalar in String(text.prefix(60)).unicodeScalars {
      switch scalar.value {
      case 0x5C: visible += "\\\\"
      case 0x1B: visible += "\\e"
      case 0x09: visible += "\\t"
      case 0x0A: visible += "\\n"
      case 0x0D: visible += "\\r"
      case 0..<0x20, 0x7F...0x9F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        visible += "\\x" + (hex.count < 2 ? "0" : "") + hex
      default:
        if scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .lineSeparator
          || scalar.properties.generalCategory == .paragraphSeparator
        {
          visible += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          visible.unicodeScalars.append(scalar)
        }
      }
    }
    // Every control and format character is written as an escape above: spaces stay as typed
    // (the sanitizer would fold ' 2' into '2', which reads as if 2 were refused).
    return "'" + visible + "'"
  }
}
