import AmodbKit
import Dispatch
import FoundationEssentials
import Glibc
import Localization
import Synchronization
import TerminalUI
import TrendingCore
import TrendingViews

/// The `trending` program: reads the command line, runs the command, returns the exit code.
public enum TrendingCommand {
  /// The help text for `--help`, in the interface's language.
  public static var help: String {
    let usage: [(String, String)] = [
      ("trending", tr("browse full-screen (needs a terminal)")),
      (
        "trending list [--page N]",
        tr(
          "print a page of the list (--json for JSON; --list popular, top-rated, now-playing or upcoming for another list)"
        )
      ),
      ("trending show ID", tr("print one film's details (--json for JSON)")),
      ("trending person ID", tr("print one person and their films (--json for JSON)")),
      ("trending search QUERY", tr("films whose titles match (--year N, --json)")),
      (
        "trending watchlist [add ID | remove ID]",
        tr("your watchlist and seen films (--json, or --csv for Letterboxd)")
      ),
      ("trending config", tr("the effective settings, or a template for the settings file")),
      ("trending cache info|clear", tr("the disk cache's size and entries ($XDG_CACHE_HOME/trending), or empty it")),
      ("trending help [COMMAND]", tr("this help, or one command's")),
    ]
    let options: [(String, String)] = [
      ("--demo", tr("use the embedded demo data: no key, no network")),
      ("--window day|week", tr("today's or this week's list (default: week)")),
      (
        "--language TAG",
        tr("the language of the interface and the data, e.g. ru-RU, pt-BR (default: AMODB_LANGUAGE, then the locale)")
      ),
      ("--region CC", tr("the country for Now playing and Upcoming (AMODB_REGION, else the locale's)")),
      ("--base-url URL", tr("the API, or a proxy of your own (default: AMODB_BASE_URL)")),
      ("--image-base-url URL", tr("the image host (default: AMODB_IMAGE_BASE_URL)")),
      (
        "--images MODE",
        tr("posters: auto, kitty, sixel, iterm, symbols or off (also TRENDING_IMAGES; ? says which was chosen and why)")
      ),
      ("--no-color", tr("no colours and no posters (also NO_COLOR)")),
      ("--no-mouse", tr("leave the mouse to the terminal (also 'set mouse off')")),
      ("--no-cache", tr("neither read nor write the disk cache")),
      ("--insecure-http", tr("allow the key over plain http to another machine (AMODB_ALLOW_HTTP=1)")),
      ("-h, --help", tr("this help")),
      ("--version", tr("the version")),
    ]
    return [
      tr("trending %s: this week's trending films, in your terminal.", AmodbKitInfo.version), "",
      tr("USAGE"), HelpText.table(usage), "",
      tr("OPTIONS"), HelpText.table(options), "",
      tr("ENVIRONMENT"), HelpText.table([("AMODB_KEY", tr("your amodb API key (never pass it as a flag)"))]), "",
      tr("EXIT CODES"),
      HelpText.table([
        ("", tr("0 ok · 1 other failure · 2 usage · 3 key or plan · 4 rate limit · 5 network or server · 6 not found"))
      ]),
    ].joined(separator: "\n")
  }

  /// `trending help COMMAND`, in the interface's language.
  static func topicHelp(_ topic: String) -> String? {
    let text: (String, String)
    switch topic {
    case "list":
      text = (
        "trending list [--list NAME] [--window day|week] [--region CC] [--page N] [--json]",
        tr(
          "A page of a list: trending (default), popular, top-rated, now-playing or upcoming. On a terminal, a table that fits; piped, one film a line: rank, id, title, year, score, separated by tabs. --json for JSON. Pages run from 1 to 500."
        )
      )
    case "show":
      text = (
        "trending show ID [--json]",
        tr(
          "One film: title, year, certification, runtime, genres, the five ratings, director and leads, overview, where to watch in the region (JustWatch), trailer, collection, cast, crew, recommended and similar films."
        )
      )
    case "person":
      text = (
        "trending person ID [--json]",
        tr(
          "One person: known for, birth and death, biography, and their films (as cast with the character, as crew with the job), newest first."
        )
      )
    case "search":
      text = (
        "trending search QUERY [--year N] [--page N] [--json]",
        tr("Films whose titles match. 'year:1999' or a trailing '(1999)' in the query narrows by year.")
      )
    case "cache":
      text = (
        "trending cache info | trending cache clear",
        tr(
          "The disk cache ($XDG_CACHE_HOME/trending): its entries, or empty it. Files that are not the cache's own are left alone."
        )
      )
    case "watchlist":
      text = (
        "trending watchlist [add ID | remove ID] [--json | --csv]",
        tr(
          "Your watchlist and the films you marked seen ($XDG_DATA_HOME/trending/watchlist, a text file, one film a line). --csv prints the columns Letterboxd imports: tmdbID, Title, Year, WatchedDate. In the browser, a adds or removes the selected film and m marks it seen."
        )
      )
    case "config":
      text = (
        "trending config",
        tr(
          "The effective settings and where each comes from (flag, environment, file, default); with no file, a commented template for $XDG_CONFIG_HOME/trending/config (else ~/.config/…). Lines: set language|region|images|mouse|theme VALUE, bind SCREEN KEY COMMAND, unbind SCREEN KEY, color ROLE FOREGROUND BACKGROUND [bold]; # starts a comment."
        )
      )
    case "help":
      text = ("trending help [COMMAND]", tr("Everything, or one command: list, show, person, search, cache."))
    default:
      return nil
    }
    return text.0 + "\n" + TextLayout.wrap(text.1, width: 76).map { "  " + $0 }.joined(separator: "\n")
  }

  /// Runs the program and returns its exit code.
  ///
  /// Synchronous on purpose: the browser's loop runs on the calling (main) thread, and the
  /// commands' network work runs on tasks while this thread waits.
  public static func main(arguments: [String], environment given: [String: String]) -> Int32 {
    Console.reserveStandardDescriptors()
    let settingsFile = SettingsFile(environment: given)
    // The file's values stand in for unset variables: flags beat the environment, which beats the file.
    let environment = settingsFile.environment(over: given)
    let languageNote = InterfaceLanguage.setUp(arguments: arguments, environment: environment)
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
      if let languageNote { printError(languageNote) }
      for message in settingsFile.messages { printError(message) }
    }
    switch invocation.command {
    case .config:
      return emit(settingsFile.report(invocation: invocation, environment: given))
    case .help:
      return emit(help)
    case .helpTopic(let topic):
      return emit(topicHelp(topic) ?? help)
    case .search(let query, let year, let page, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        // The same endpoint the browser's search line uses: chosen in one place.
        let source = ListSource.search(SearchQuery(text: query, year: year))
        guard
          let request = source.request(
            window: .week, page: page, language: client.configuration.language, region: client.configuration.region)
        else { return ExitCode.usage.rawValue }
        let answer = listPage(request, client: client)
        return report(answer) { page in
          json ? Output.json(page, configuration: client.configuration) : listing(page)
        }
      }
    case .version:
      return emit("trending \(AmodbKitInfo.version)")
    case .cacheInfo:
      guard let cache = diskCache(environment) else { return ExitCode.failure.rawValue }
      let info = cache.info()
      var lines = [tr("cache: %s", TextSanitizer.clean(cache.directory.path))]
      for kind in CacheKind.allCases {
        let entry = info.entries[kind] ?? (0, 0)
        lines.append(
          kind.rawValue + ": " + trn("%s entry", "%s entries", entry.count) + ", "
            + trn("%s byte", "%s bytes", entry.bytes))
      }
      lines.append(tr("total: %1$s bytes of at most %2$s", String(info.total), String(cache.limit)))
      if info.others > 0 { lines.append(tr("other files (not ours, left alone): %s", String(info.others))) }
      return emit(lines.joined(separator: "\n"))
    case .cacheClear:
      guard let cache = diskCache(environment) else { return ExitCode.failure.rawValue }
      let report = cache.clear()
      var lines = [
        trn(
          "removed %1$s entry from %2$s", "removed %1$s entries from %2$s", report.removed,
          String(report.removed), TextSanitizer.clean(cache.directory.path))
      ]
      if report.leftAlone > 0 {
        lines.append(
          trn(
            "left alone %s other file (not a cache entry)", "left alone %s other files (not cache entries)",
            report.leftAlone))
      }
      let printed = emit(lines.joined(separator: "\n"))
      for failure in report.failed { printError(tr("could not remove %s", failure)) }
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
          settings: settingsFile, languageNote: languageNote)
      }
    case .list(let page, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        // The same endpoint the browser's tab uses: chosen in one place.
        let configuration = client.configuration
        guard
          let request = ListSource.tab(invocation.list).request(
            window: invocation.window, page: page, language: configuration.language, region: configuration.region)
        else { return ExitCode.usage.rawValue }
        let answer = listPage(request, client: client)
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
      printError(tr("no place for the watchlist: neither XDG_DATA_HOME nor HOME is an absolute path"))
      return ExitCode.failure.rawValue
    }
    // What the file holds after the command: read, or changed under the lock.
    let result: Result<(marks: [Int: Mark], problem: String?), WatchlistError>
    switch change {
    case nil:
      result = store.load()
    case .remove(let id):
      result = store.update {
        MarkChange(id: id, title: "", year: nil, kind: .watchlist(false), day: "").apply(to: &$0)
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
            printError(tr("no film has the id %s", String(id)))
            return ExitCode(error).rawValue
          }
          printError(tr("added film %1$s without its title: %2$s", String(id), error.message))
        }
      }
      let day = WatchlistFormat.day(Date())
      result = store.update {
        MarkChange(id: id, title: title, year: year, kind: .watchlist(true), day: day).apply(to: &$0)
      }
    }
    let marks: [Int: Mark]
    switch result {
    case .success(let stored):
      if let problem = stored.problem { printError(problem) }
      marks = stored.marks
    case .failure(let error):
      printError(error.message)
      return ExitCode.failure.rawValue
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
      printError(tr("the browser needs a terminal; in scripts and pipes use 'trending list' or 'trending show ID'"))
      return ExitCode.usage.rawValue
    }
    if let error = services.client.configuration.missingKeyError {
      printError(error.message)
      return ExitCode(error).rawValue
    }
    return body(services)
  }

  /// Runs async work to its end while the calling thread waits.
  /// A page of a list, asked as the browser asks it.
  private static func listPage(_ request: APIRequest, client: AmodbClient) -> Result<Fetched<MoviePage>, AmodbError> {
    blocking { await client.answer(request) }.map { $0.map { $0.page ?? MoviePage(results: []) } }
  }

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
      printError(tr("could not write to standard output: %s", error.reason))
      return ExitCode.failure.rawValue
    }
  }

  /// The disk cache at its default place, or nil (said on standard error) when there is none.
  private static func diskCache(_ environment: [String: String]) -> DiskCache? {
    guard let directory = DiskCache.defaultDirectory(environment: environment) else {
      printError(tr("no cache directory: neither XDG_CACHE_HOME nor HOME is an absolute path"))
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
