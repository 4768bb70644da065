import AmodbKit
import Localization
import TrendingCore

/// What the user asked for on the command line.
public struct Invocation: Equatable, Sendable {
  /// The command to run.
  public enum Command: Equatable, Sendable {
    /// The full-screen browser.
    case browse
    /// `trending list`: print a page of one of the lists.
    case list(page: Int, json: Bool, kind: ListKind)
    /// `trending show ID`: print one film's details.
    case show(id: Int, json: Bool)
    /// `trending tv ID`: print one series' details.
    case series(id: Int, json: Bool)
    /// `trending season ID N`: print one season's episodes.
    case season(id: Int, number: Int, json: Bool)
    /// `trending collection ID`: print one collection's films.
    case collection(id: Int, json: Bool)
    /// `trending person ID`: print one person and their films.
    case person(id: Int, json: Bool)
    /// `trending config [NAME] [--path]`: the effective settings, one of them, or the file's path.
    case config(name: String?, path: Bool)
    /// `trending watchlist [add ID | remove ID]`: print or change the watchlist.
    case watchlist(change: WatchlistChange?, format: WatchlistOutput)
    /// `trending cache info`: the disk cache's size and entries.
    case cacheInfo
    /// `trending cache clear`: empty the disk cache.
    case cacheClear
    /// `trending search QUERY`: print a page of search results.
    case search(query: String, year: Int?, scope: SearchScope, page: Int, json: Bool)
    /// `trending doctor`: what was detected and why.
    case doctor(json: Bool)
    /// `trending completions SHELL`: the shell's completion script.
    case completions(String)
    /// `trending man`: the manual page in roff.
    case manual
    /// `--help`.
    case help
    /// `trending help COMMAND`: one command's help.
    case helpTopic(String)
    /// `--version`.
    case version
    /// `trending discover …`: a page of titles matching criteria (names resolved when run).
    case discover(criteria: [DiscoverArgument], page: Int, json: Bool)
    /// `trending services`: the region's streaming services.
    case services(json: Bool)
    /// `trending calendar [--weeks N] [--json | --ics]`: what comes out in the next weeks.
    case calendar(weeks: Int, format: CalendarOutput)
    /// `trending seen`, `rate`, `lists`, `history` and the library's other commands.
    case library(LibraryCommand)
    /// `trending for-you` and `trending pick`.
    case tonight(TonightCommand)
    /// `trending identify PATH… [--json]`: what files are, from their names.
    case identify(paths: [String], json: Bool)
    /// `trending sync [init DIR | status | name NAME | forget DEVICE]`.
    case sync(SyncCommand)
    /// `trending play PATH|URL`: the file in mpv, marked seen once watched.
    case play(target: String)
    /// `trending scrobble PATH --position S --duration S`: a watch recorded when past watched-at.
    case scrobble(path: String, position: Double, duration: Double)
    /// `trending scrobble --pending`: the plays kept for later recorded.
    case scrobblePending
    /// `trending mpv-script`: the Lua script for mpv started by hand.
    case mpvScript
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

  /// `--no-color`.
  public var noColor = false
  /// Whether the mouse is left to the terminal (`--no-mouse`).
  public var noMouse = false
  /// `--screen-reader`: the cursor on the focused row, no posters, nothing that turns.
  public var screenReader = false
  /// `--images`, when given.
  public var images: ImageMode?
  /// `--no-cache`: neither read nor write the disk cache.
  public var noCache = false
  /// `--insecure-http`: allow the key over plain http to another machine.
  public var insecureHTTP = false
  /// `--region CC`: the country for the regional lists.
  public var region: String?
  /// `--profile NAME`, checked: whose library (it beats `TRENDING_PROFILE`).
  public var profile: String?

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
  /// Sixel images over blank cells (xterm as a VT340, foot, mlterm, WezTerm, Windows Terminal).
  case sixel
  /// iTerm2 inline images over blank cells (iTerm2, mintty).
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
  /// The exit code: a usage error's, or for what the environment gave (an unusable key is 3).
  public var code: ExitCode = .usage
  /// The command it was met in, when known: its own usage follows the message.
  public var verb: Verb?
  /// Whether a usage follows the message: not for what the environment gave, which is no command line.
  public var showsUsage = true
}

/// A change `trending watchlist` makes.
public enum WatchlistChange: Equatable, Sendable {
  case add(MediaID), remove(MediaID)
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
