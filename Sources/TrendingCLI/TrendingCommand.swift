import AmodbKit
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import TerminalUI
import TrendingCore
import TrendingViews

/// The `trending` program: reads the command line, runs the command, returns the exit code.
public enum TrendingCommand {
  /// The help text for `--help`.
  public static let help = """
    trending \(AmodbKitInfo.version): this week's trending films, in your terminal.

    USAGE
      trending                     browse full-screen (needs a terminal)
      trending list [--page N]     print a page of the list (--json for JSON; --list popular,
                                   top-rated, now-playing or upcoming for another list)
      trending show ID             print one film's details (--json for JSON)
      trending person ID           print one person and their films (--json for JSON)
      trending search QUERY        films whose titles match (--year N, --json)
      trending watchlist [add ID | remove ID]
                                   your watchlist and seen films (--json, or --csv for Letterboxd)
      trending config              the effective settings, or a template for the settings file
      trending help [COMMAND]      this help, or one command's

    OPTIONS
      --demo                 use the embedded demo data: no key, no network
      --window day|week      today's or this week's list (default: week)
      --language TAG         e.g. ru-RU, pt-BR (default: AMODB_LANGUAGE, then the locale)
      --region CC            the country for Now playing and Upcoming (AMODB_REGION, else the locale's)
      --base-url URL         the API, or a proxy of your own (default: AMODB_BASE_URL)
      --image-base-url URL   the image host (default: AMODB_IMAGE_BASE_URL)
      --images MODE          posters: auto, kitty, sixel, iterm, symbols or off (also TRENDING_IMAGES;
                             ? says which was chosen and why)
      --no-color             no colours and no posters (also NO_COLOR)
      --no-mouse             leave the mouse to the terminal (also 'set mouse off')
      --no-cache             neither read nor write the disk cache
      --insecure-http        allow the key over plain http to another machine (AMODB_ALLOW_HTTP=1)
      trending cache info    the disk cache's size and entries ($XDG_CACHE_HOME/trending)
      trending cache clear   empty it
      -h, --help             this help
      --version              the version

    ENVIRONMENT
      AMODB_KEY              your amodb API key (never pass it as a flag)

    EXIT CODES
      0 ok · 1 other failure · 2 usage · 3 key or plan · 4 rate limit · 5 network or server · 6 not found
    """

  /// `trending help COMMAND`.
  static let topicHelp: [String: String] = [
    "list": """
    trending list [--list NAME] [--window day|week] [--region CC] [--page N] [--json]
      A page of a list: trending (default), popular, top-rated, now-playing or upcoming.
      On a terminal, a table that fits; piped, one film a line: rank, id, title, year, score,
      separated by tabs. --json for JSON. Pages run from 1 to 500.
    """,
    "show": """
    trending show ID [--json]
      One film: title, year, certification, runtime, genres, the five ratings, director and
      leads, overview, where to watch in the region (JustWatch), trailer, collection, cast,
      crew, recommended and similar films.
    """,
    "person": """
    trending person ID [--json]
      One person: known for, birth and death, biography, and their films (as cast with the
      character, as crew with the job), newest first.
    """,
    "search": """
    trending search QUERY [--year N] [--page N] [--json]
      Films whose titles match. 'year:1999' or a trailing '(1999)' in the query narrows by year.
    """,
    "cache": """
    trending cache info | trending cache clear
      The disk cache ($XDG_CACHE_HOME/trending): its entries, or empty it. Files that are not
      the cache's own are left alone.
    """,
    "watchlist": """
    trending watchlist [add ID | remove ID] [--json | --csv]
      Your watchlist and the films you marked seen ($XDG_DATA_HOME/trending/watchlist, a text
      file, one film a line). --csv prints the columns Letterboxd imports: tmdbID, Title, Year,
      WatchedDate. In the browser, a adds or removes the selected film and m marks it seen.
    """,
    "config": """
    trending config
      The effective settings and where each comes from (flag, environment, file, default); with
      no file, a commented template for $XDG_CONFIG_HOME/trending/config (else ~/.config/…).
      Lines: set language|region|images|mouse|theme VALUE, bind SCREEN KEY COMMAND,
      unbind SCREEN KEY, color ROLE FOREGROUND BACKGROUND [bold]; # starts a comment.
    """,
    "help": """
    trending help [COMMAND]
      Everything, or one command: list, show, person, search, cache.
    """,
  ]

  /// Runs the program and returns its exit code.
  ///
  /// Synchronous on purpose: the browser's loop runs on the calling (main) thread, and the
  /// commands' network work runs on tasks while this thread waits.
  public static func main(arguments: [String], environment given: [String: String]) -> Int32 {
    Console.reserveStandardDescriptors()
    let settingsFile = SettingsFile(environment: given)
    // The file's values stand in for unset variables: flags beat the environment, which beats the file.
    let environment = settingsFile.environment(over: given)
    // While the process holds a key, nothing of its memory may reach a core file or a debugger.
    if environment[KeyGuard.variable] != nil { KeyGuard.protect() }
    TextWidth.prepareLocale()
    let invocation: Invocation
    do {
      invocation = try ArgumentParser.parse(arguments)
    } catch {
      printUsageError(error)
      return ExitCode.usage.rawValue
    }
    if invocation.command != .browse, invocation.command != .config {
      for message in settingsFile.messages { printError(message) }
    }
    switch invocation.command {
    case .config:
      return emit(settingsFile.report(invocation: invocation, environment: given))
    case .help:
      return emit(help)
    case .helpTopic(let topic):
      return emit(topicHelp[topic] ?? help)
    case .search(let query, let year, let page, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = SearchRequest(query: query, page: page, language: client.configuration.language, year: year)
        return report(blocking { await client.result(endpoint) }) { page in
          json ? Output.json(page, configuration: client.configuration) : listing(page)
        }
      }
    case .version:
      return emit("trending \(AmodbKitInfo.version)")
    case .cacheInfo:
      guard let cache = diskCache(environment) else { return ExitCode.failure.rawValue }
      let info = cache.info()
      var lines = ["cache: \(TextSanitizer.clean(cache.directory.path))"]
      for kind in CacheKind.allCases {
        let entry = info.entries[kind] ?? (0, 0)
        lines.append("\(kind.rawValue): \(entry.count) entries, \(entry.bytes) bytes")
      }
      lines.append("total: \(info.total) bytes of at most \(cache.limit)")
      if info.others > 0 { lines.append("other files (not ours, left alone): \(info.others)") }
      return emit(lines.joined(separator: "\n"))
    case .cacheClear:
      guard let cache = diskCache(environment) else { return ExitCode.failure.rawValue }
      let report = cache.clear()
      var lines = ["removed \(report.removed) entries from \(TextSanitizer.clean(cache.directory.path))"]
      if report.leftAlone > 0 { lines.append("left alone \(report.leftAlone) other files (not cache entries)") }
      let printed = emit(lines.joined(separator: "\n"))
      for failure in report.failed { printError("could not remove \(failure)") }
      return report.failed.isEmpty ? printed : ExitCode.failure.rawValue
    case .browse:
      let imageMode: ImageMode
      do {
        imageMode = try Setup.imageMode(for: invocation, environment: environment)
      } catch {
        printUsageError(error)
        return ExitCode.usage.rawValue
      }
      return runClient(invocation, environment: environment, needsTerminal: true) { services in
        Browser.run(
          services: services, imageMode: imageMode, invocation: invocation, environment: environment,
          settings: settingsFile)
      }
    case .list(let page, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let language = client.configuration.language
        let answer: Result<Fetched<MoviePage>, AmodbError>
        if let list = invocation.list.movieList {
          let endpoint = MovieListRequest(
            list: list, page: page, language: language, region: client.configuration.region)
          answer = blocking { await client.result(endpoint) }
        } else {
          let endpoint = TrendingRequest(window: invocation.window, page: page, language: language)
          answer = blocking { await client.result(endpoint) }
        }
        return report(answer) { page in
          json ? Output.json(page, configuration: client.configuration) : listing(page)
        }
      }
    case .show(let id, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = MovieDetailsRequest(id: id, language: client.configuration.language)
        return report(blocking { await client.result(endpoint) }) { details in
          json
            ? Output.json(details, configuration: client.configuration)
            : Output.text(details, region: client.configuration.region, width: documentWidth())
        }
      }
    case .watchlist(let change, let format):
      return watchlist(change, format: format, invocation: invocation, environment: environment)
    case .person(let id, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = PersonRequest(id: id, language: client.configuration.language)
        return report(blocking { await client.result(endpoint) }) { person in
          json
            ? Output.json(person, configuration: client.configuration)
            : Output.text(person, width: documentWidth())
        }
      }
    }
  }

  /// `trending watchlist`: prints it, or adds or removes a film (its title and year asked of amodb,
  /// or of the cache, so the list reads well offline later).
  private static func watchlist(
    _ change: WatchlistChange?, format: WatchlistOutput, invocation: Invocation, environment: [String: String]
  ) -> Int32 {
    guard let store = WatchlistStore.standard(environment: environment) else {
      printError("no place for the watchlist: neither XDG_DATA_HOME nor HOME is an absolute path")
      return ExitCode.failure.rawValue
    }
    var marks: [Int: Mark]
    switch change {
    case nil:
      let loaded = store.load()
      if let problem = loaded.problem { printError(problem) }
      marks = loaded.marks
    case .remove(let id):
      switch store.update({ MarkChange(id: id, title: "", year: nil, kind: .watchlist(false), day: "").apply(to: &$0) })
      {
      case .success(let written):
        if let problem = written.problem { printError(problem) }
        marks = written.marks
      case .failure(let error):
        printError(error.message)
        return ExitCode.failure.rawValue
      }
    case .add(let id):
      var title = ""
      var year: Int?
      if let services = try? Setup.services(for: invocation, environment: environment) {
        let endpoint = MovieDetailsRequest(id: id, language: services.client.configuration.language)
        switch blocking({ await services.client.result(endpoint) }) {
        case .success(let fetched): (title, year) = (fetched.value.title, fetched.value.year)
        case .failure(let error):
          if case .notFound = error {
            printError("no film has the id \(id)")
            return ExitCode(error).rawValue
          }
          printError("added film \(id) without its title: \(error.message)")
        }
      }
      let day = WatchlistFormat.day(Date())
      switch store.update({
        MarkChange(id: id, title: title, year: year, kind: .watchlist(true), day: day).apply(to: &$0)
      }) {
      case .success(let written):
        if let problem = written.problem { printError(problem) }
        marks = written.marks
      case .failure(let error):
        printError(error.message)
        return ExitCode.failure.rawValue
      }
    }
    return emit(Output.watchlist(marks, format: format))
  }

  private static func runClient(
    _ invocation: Invocation, environment: [String: String], needsTerminal: Bool = false,
    _ body: ((client: AmodbClient, images: ImageLoader)) -> Int32
  ) -> Int32 {
    let services: (client: AmodbClient, images: ImageLoader)
    do {
      services = try Setup.services(for: invocation, environment: environment)
    } catch {
      printUsageError(error)
      return ExitCode.usage.rawValue
    }
    if needsTerminal, isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
      printError("the browser needs a terminal; in scripts and pipes use 'trending list' or 'trending show ID'")
      return ExitCode.usage.rawValue
    }
    if let error = services.client.configuration.missingKeyError {
      printError(error.message)
      return ExitCode(error).rawValue
    }
    return body(services)
  }

  /// Runs async work to its end while the calling thread waits.
  private static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    Task {
      box.value = await work()
      box.done.signal()
    }
    box.done.wait()
    guard let value = box.value else { preconditionFailure("the task signalled without a value") }
    return value
  }

  /// A page for people on a terminal (a table that fits), or for scripts when piped (one film a
  /// line, tab-separated, nothing padded or cut), as `gh` does it.
  private static func listing(_ page: MoviePage) -> String {
    isatty(STDOUT_FILENO) == 1 ? Output.table(page, width: terminalWidth()) : Output.tabSeparated(page)
  }

  /// Prints an answer as `render` makes it, or its error as one line; returns the exit code.
  private static func report<Value>(_ result: Result<Fetched<Value>, AmodbError>, render: (Value) -> String) -> Int32 {
    switch result {
    case .success(let fetched):
      return emit(render(fetched.value))
    case .failure(let error):
      printError(error.message)
      return ExitCode(error).rawValue
    }
  }

  /// Prints a usage error and the short usage on one line.
  static func printUsageError(_ error: UsageError) {
    let message = error.message.hasSuffix("?") ? error.message : error.message + "."
    printError("\(message) \(ArgumentParser.shortUsage)")
  }

  /// Prints one line to standard error, prefixed with the program's name and cleaned of control characters.
  static func printError(_ message: String) {
    Console.error(message)
  }

  /// Prints `text` on standard output; a failed write is exit 1 with one line on standard error.
  private static func emit(_ text: String) -> Int32 {
    do {
      try Console.out(text)
      return ExitCode.success.rawValue
    } catch {
      printError("could not write to standard output: \(error.reason)")
      return ExitCode.failure.rawValue
    }
  }

  /// The disk cache at its default place, or nil (said on standard error) when there is none.
  private static func diskCache(_ environment: [String: String]) -> DiskCache? {
    guard let directory = DiskCache.defaultDirectory(environment: environment) else {
      printError("no cache directory: neither XDG_CACHE_HOME nor HOME is an absolute path")
      return nil
    }
    return DiskCache(directory: directory)
  }

  /// The width `show` and `person` lay their text out at: the terminal's, at most 100; 80 when piped.
  private static func documentWidth() -> Int {
    isatty(STDOUT_FILENO) == 1 ? min(terminalWidth() ?? 80, 100) : 80
  }

  private static func terminalWidth() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// A task's answer handed to a waiting thread; the semaphore orders the write before the read.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
  let done = DispatchSemaphore(value: 0)
}
