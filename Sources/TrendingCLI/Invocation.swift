import AmodbKit
import Localization
import TrendingCore

/// What the user asked for on the command line.
public struct Invocation: Equatable, Sendable {
  /// The command to run.
  public enum Command: Equatable, Sendable {
    /// The full-screen browser.
    case browse
    /// `trending list`: print a page of the trending list.
    case list(page: Int, json: Bool)
    /// `trending show ID`: print one film's details.
    case show(id: Int, json: Bool)
    /// `trending person ID`: print one person and their films.
    case person(id: Int, json: Bool)
    /// `trending config`: print the effective settings, or a template.
    case config
    /// `trending watchlist [add ID | remove ID]`: print or change the watchlist.
    case watchlist(change: WatchlistChange?, format: WatchlistOutput)
    /// `trending cache info`: the disk cache's size and entries.
    case cacheInfo
    /// `trending cache clear`: empty the disk cache.
    case cacheClear
    /// `trending search QUERY`: print a page of search results.
    case search(query: String, year: Int?, page: Int, json: Bool)
    /// `--help`.
    case help
    /// `trending help COMMAND`: one command's help.
    case helpTopic(String)
    /// `--version`.
    case version
  }

  /// The command.
  public var command: Command
  /// Run on the embedded demo data.
  public var demo = false
  /// `--base-url`, when given.
  public var baseURL: String?
  /// `--image-base-url`, when given.
  public var imageBaseURL: String?
  /// `--language`, when given.
  public var language: String?
  /// Today or this week.
  public var window = TimeWindow.week
  /// Which list `trending list` prints (`--list`).
  public var list: ListKind = .trending
  /// `--no-color`.
  public var noColor = false
  /// Whether the mouse is left to the terminal (`--no-mouse`).
  public var noMouse = false
  /// `--images`, when given.
  public var images: ImageMode?
  /// `--no-cache`: neither read nor write the disk cache.
  public var noCache = false
  /// `--insecure-http`: allow the key over plain http to another machine.
  public var insecureHTTP = false
  /// `--region CC`: the country for the regional lists.
  public var region: String?

  /// Makes an invocation of a command with default options.
  public init(command: Command) {
    self.command = command
  }
}

/// Whether posters are drawn, and how.
public enum ImageMode: String, Sendable, Equatable, CaseIterable {
  /// Real pixels where the terminal shows them (detected), else symbol art.
  case auto
  /// The kitty graphics protocol with Unicode placeholders (kitty, Ghostty, WezTerm).
  case kitty
  /// Sixel (not drawn yet: symbol art stands in).
  case sixel
  /// iTerm2 inline images (not drawn yet: symbol art stands in).
  case iterm
  /// Symbol art, which works everywhere.
  case symbols
  /// No posters and no image requests.
  case off

  /// The words a usage error lists.
  static var choices: String { tr("auto, kitty, sixel, iterm, symbols or off") }
}

/// A command line that could not be understood: one line naming the problem.
public struct UsageError: Error, Equatable, Sendable {
  /// What was wrong, naming the flag or value.
  public var message: String
}

/// Reads the command line: pure, so every rule is testable.
public enum ArgumentParser {
  /// The lists as `--list` names them: the tabs amodb serves, from the tab table.
  static var listNames: [String: ListKind] {
    Dictionary(uniqueKeysWithValues: ListKind.allCases.filter(\.isRemote).map { ($0.name, $0) })
  }

  /// The commands, for "did you mean".
  static let commands = ["list", "show", "person", "search", "watchlist", "config", "cache", "help"]
  /// The options, for "did you mean".
  static let options = [
    "--help", "--version", "--demo", "--json", "--csv", "--no-color", "--no-mouse", "--no-cache", "--insecure-http",
    "--base-url",
    "--image-base-url", "--language", "--region", "--images", "--window", "--list", "--page", "--year",
  ]

  /// The short usage printed with usage errors.
  public static var shortUsage: String {
    tr(
      "Usage: %s [options]; 'trending help' for all",
      "trending [list | show ID | person ID | search QUERY | cache info|clear | help [COMMAND]]")
  }

  /// The full usage summary.
  public static let usage =
    "Usage: trending [list [--list NAME] [--page N] [--json] | show ID [--json] | person ID [--json] | search QUERY [--year N] [--page N] [--json]] [--window day|week] [--demo] [--language TAG] [--base-url URL] [--image-base-url URL] [--images auto|symbols|off] [--region CC] [--no-color] [--no-cache] [--insecure-http] | cache info|clear"

  /// An argument as usage errors echo it: quoted, cleaned of control characters, at most 60 characters.
  static func shown(_ text: String) -> String {
    "'" + TextSanitizer.clean(text, limit: 60) + "'"
  }

  /// Parses the arguments after the program name.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation(command: .browse)
    var positional: [String] = []
    var page: Int?
    var year: Int?
    var json = false
    var csv = false
    var index = 0
    func value(for flag: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else { throw UsageError(message: tr("%s needs a value", flag)) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func take() throws(UsageError) -> String {
        if let inline { return inline }
        return try value(for: flag)
      }
      switch flag {
      case "-h", "--help": return Invocation(command: .help)
      case "--version": return Invocation(command: .version)
      case "--demo": invocation.demo = true
      case "--json": json = true
      case "--csv": csv = true
      case "--no-color": invocation.noColor = true
      case "--no-mouse": invocation.noMouse = true
      case "--no-cache": invocation.noCache = true
      case "--insecure-http": invocation.insecureHTTP = true
      case "--region":
        let text = try take()
        guard let region = Region.code(text) else {
          throw UsageError(
            message: tr("--region must be a two-letter country code such as UA or BR, not %s", shown(text)))
        }
        invocation.region = region
      case "--base-url": invocation.baseURL = try take()
      case "--image-base-url": invocation.imageBaseURL = try take()
      case "--language": invocation.language = try take()
      case "--images":
        let text = try take()
        guard let mode = ImageMode(rawValue: text) else {
          throw UsageError(message: tr("%1$s must be %2$s, not %3$s", "--images", ImageMode.choices, shown(text)))
        }
        invocation.images = mode
      case "--list":
        let text = try take()
        guard let name = listNames[text] else {
          throw UsageError(
            message:
              tr("--list must be trending, popular, top-rated, now-playing or upcoming, not %s", shown(text)))
        }
        invocation.list = name
      case "--window":
        let text = try take()
        guard let window = TimeWindow(rawValue: text) else {
          throw UsageError(message: tr("--window must be day or week, not %s", shown(text)))
        }
        invocation.window = window
      case "--year":
        let text = try take()
        guard let number = SearchQuery.parseYear(text) else {
          throw UsageError(message: tr("--year must be a year such as 1999, not %s", shown(text)))
        }
        year = number
      case "--page":
        let text = try take()
        guard let number = Int(text), (1...500).contains(number) else {
          throw UsageError(message: tr("--page must be a whole number from 1 to 500, not %s", shown(text)))
        }
        page = number
      default:
        if argument.hasPrefix("-"), argument != "-" {
          throw UsageError(message: tr("unknown option %s", shown(flag)) + suggestion(flag, among: options))
        }
        positional.append(argument)
      }
      index += 1
    }
    if csv, positional.first != "watchlist" { throw UsageError(message: tr("--csv goes with 'trending watchlist'")) }
    if positional.first == "watchlist" {
      invocation.command = try watchlist(positional, json: json, csv: csv)
      return invocation
    }
    invocation.command = try command(positional, page: page, year: year, json: json)
    return invocation
  }

  /// `trending watchlist [add ID | remove ID] [--json | --csv]`.
  private static func watchlist(_ positional: [String], json: Bool, csv: Bool) throws(UsageError) -> Invocation.Command
  {
    if json, csv { throw UsageError(message: tr("--json and --csv do not go together")) }
    let format: WatchlistOutput = json ? .json : csv ? .csv : .text
    guard positional.count > 1 else { return .watchlist(change: nil, format: format) }
    guard positional.count == 3, ["add", "remove"].contains(positional[1]) else {
      throw UsageError(message: tr("watchlist takes 'add ID' or 'remove ID', e.g. 'trending watchlist add 550'"))
    }
    guard let id = Int(positional[2]), id > 0 else {
      throw UsageError(message: tr("the film id must be a positive whole number, not %s", shown(positional[2])))
    }
    return .watchlist(change: positional[1] == "add" ? .add(id) : .remove(id), format: format)
  }

  private static func command(_ positional: [String], page: Int?, year: Int?, json: Bool) throws(UsageError)
    -> Invocation.Command
  {
    guard let name = positional.first else {
      if page != nil { throw UsageError(message: tr("--page goes with 'trending list'")) }
      if json { throw UsageError(message: tr("--json goes with 'trending list' or 'trending show ID'")) }
      return .browse
    }
    if year != nil, name != "search" { throw UsageError(message: tr("--year goes with 'trending search'")) }
    switch name {
    case "search":
      let typed = positional.dropFirst().joined(separator: " ")
      let query = SearchQuery(parsing: typed)
      guard !query.text.isEmpty else {
        throw UsageError(message: tr("search needs words to look for, e.g. 'trending search fight club'"))
      }
      return .search(query: query.text, year: year ?? query.year, page: page ?? 1, json: json)
    case "help":
      guard positional.count <= 2 else { throw UsageError(message: tr("unexpected argument %s", shown(positional[2]))) }
      guard positional.count == 2 else { return .help }
      let topic = positional[1]
      guard commands.contains(topic) else {
        throw UsageError(message: tr("no help for %s", shown(topic)) + suggestion(topic, among: commands))
      }
      return .helpTopic(topic)
    case "list":
      guard positional.count == 1 else { throw UsageError(message: tr("unexpected argument %s", shown(positional[1]))) }
      return .list(page: page ?? 1, json: json)
    case "show", "person":
      let what = name == "show" ? "film" : "person"
      guard positional.count >= 2 else {
        throw UsageError(
          message: name == "show"
            ? tr("show needs a film id, e.g. 'trending show 550'")
            : tr("person needs a person id, e.g. 'trending person 287'"))
      }
      guard positional.count == 2 else { throw UsageError(message: tr("unexpected argument %s", shown(positional[2]))) }
      guard let id = Int(positional[1]), id > 0 else {
        throw UsageError(
          message: what == "film"
            ? tr("the film id must be a positive whole number, not %s", shown(positional[1]))
            : tr("the person id must be a positive whole number, not %s", shown(positional[1])))
      }
      if page != nil { throw UsageError(message: tr("--page goes with 'trending list' or 'trending search'")) }
      return name == "show" ? .show(id: id, json: json) : .person(id: id, json: json)
    case "config":
      guard positional.count == 1 else { throw UsageError(message: tr("unexpected argument %s", shown(positional[1]))) }
      return .config
    case "cache":
      guard positional.count == 2, let action = positional.last, action == "info" || action == "clear" else {
        throw UsageError(message: tr("cache takes 'info' or 'clear'"))
      }
      return action == "info" ? .cacheInfo : .cacheClear
    default:
      throw UsageError(message: tr("unknown command %s", shown(name)) + suggestion(name, among: commands))
    }
  }

  /// "; did you mean 'X'?" for the closest known word within two edits, else nothing.
  static func suggestion(_ word: String, among known: [String]) -> String {
    let scored = known.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
    return "; " + tr("did you mean '%s'?", best.0)
  }

  /// Levenshtein distance between two short words.
  static func editDistance(_ left: String, _ right: String) -> Int {
    let a = Array(left.prefix(40))
    let b = Array(right)
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, cb) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// A change `trending watchlist` makes.
public enum WatchlistChange: Equatable, Sendable {
  case add(Int), remove(Int)
}

/// How `trending watchlist` prints.
public enum WatchlistOutput: Equatable, Sendable {
  case text, json, csv
}

/// Countries for the regional lists.
public enum Region {
  /// A two-letter country code, upper-cased, or nil when `text` is not one.
  public static func code(_ text: String) -> String? {
    let upper = text.uppercased()
    return upper.count == 2 && upper.unicodeScalars.allSatisfy { (65...90).contains($0.value) } ? upper : nil
  }

  /// `--region`, else `AMODB_REGION`, else the locale's country (`LC_ALL`, `LC_MESSAGES`, `LANG`), else none.
  public static func resolve(flag: String?, environment: [String: String]) -> String? {
    if let flag { return flag }
    if let text = environment["AMODB_REGION"], let code = code(text) { return code }
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      let base = value.split(separator: ".").first.map(String.init) ?? value
      let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })
      return parts.count >= 2 ? code(String(parts[1])) : nil
    }
    return nil
  }
}
