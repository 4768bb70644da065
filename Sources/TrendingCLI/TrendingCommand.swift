import AmodbKit
import CProcess
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import Synchronization
import TrendingCore
import TrendingViews

/// The `trending` program: reads the command line, runs the command, returns the exit code.
public enum TrendingCommand {
  /// The help text for `--help`, in the interface's language.
  public static var help: String { HelpText.full }

  /// Runs the program and returns its exit code.
  ///
  /// Synchronous on purpose: the browser's loop runs on the calling (main) thread, and the
  /// commands' network work runs on tasks while this thread waits.
  public static func main(arguments: [String], environment given: [String: String]) -> Int32 {
    Console.reserveStandardDescriptors()
    let settingsFile = SettingsFile(environment: given)
    // The file's values stand in for unset variables: flags beat the environment, which beats the file.
    let settled = settingsFile.environment(over: given)
    let languageNote = InterfaceLanguage.setUp(arguments: arguments, environment: settled)
    // While the process holds a key, nothing of its memory may reach a core file or a debugger.
    if settled[KeyGuard.variable] != nil || settled[Setup.keyFileVariable] != nil { KeyGuard.protect() }
    TextWidth.prepareLocale()
    let invocation: Invocation
    let environment: [String: String]
    do {
      invocation = try ArgumentParser.parse(arguments)
      // Whose library, for every command and the browser: `--profile` over `TRENDING_PROFILE`,
      // put where `Library.standardPath` reads it. Texts that open no library need none.
      switch invocation.command {
      case .help, .helpTopic, .version, .manual, .completions: environment = settled
      default: environment = try Setup.choosingProfile(for: invocation, environment: settled)
      }
    } catch {
      printUsageError(error)
      return ExitCode.usage.rawValue
    }
    // One malloc arena for every thread: the few worker threads here would each keep an arena of
    // freed poster and answer buffers (about a mebibyte more at the end of a browsing session).
    // The browser has two, so the terminal's thread does not take turns on the main thread's
    // during the start-up (decision two-malloc-arenas-in-the-browser).
    let arenas: Int32 = if case .browse = invocation.command { 2 } else { 1 }
    _ = trending_limit_malloc_arenas(arenas)
    switch invocation.command {
    case .browse, .config: break  // the status line, or the report, says them
    default:
      // Said to a person: a cron job's every run would mail it (doctor says it whatever the output).
      if let languageNote, isatty(STDERR_FILENO) == 1 { printError(languageNote) }
      for message in settingsFile.messages { printError(message) }
      // A command waiting on another process's hold on the library says so on a terminal.
      if isatty(STDERR_FILENO) == 1 {
        Library.longWait.withLock {
          $0 = { Console.error(tr("Waiting for the library: another process is using it…")) }
        }
      }
    }
    switch invocation.command {
    case .config(let name, let path):
      if path {
        guard let file = settingsFile.path else {
          printError(tr("no settings file: neither TRENDING_CONFIG, XDG_CONFIG_HOME nor HOME is an absolute path"))
          return ExitCode.failure.rawValue
        }
        return emit(TextSanitizer.clean(file.path, limit: 4096))
      }
      if let name {
        let value =
          settingsFile.effective(name, invocation: invocation, environment: given).value
          ?? defaultSetting(name, invocation: invocation, environment: environment)
        // Unset with no default (no region, no player): said to the person; a script reads nothing.
        if value.isEmpty { printError(tr("%s is not set", name)) }
        return emit(value)
      }
      return emit(settingsFile.report(invocation: invocation, environment: given))
    case .help:
      return emit(HelpText.printed(HelpText.full(width: HelpText.printedWidth)))
    case .helpTopic(let topic):
      let width = HelpText.printedWidth
      let text = Verb(rawValue: topic).map { HelpText.topic($0, width: width) } ?? HelpText.full(width: width)
      return emit(HelpText.printed(text))
    case .doctor(let json):
      // Its JSON says why in English whatever the interface speaks: scripts and bug reports read it.
      let interface = Translator.current.language
      return Translator.$override.withValue(json ? .english : Translator.override) {
        doctor(
          invocation, json: json, environment: environment, settings: settingsFile,
          fromFile: settingsFile.variablesGiven(over: given), interface: interface)
      }
    case .completions(let shell):
      return emit(Completions.script(for: shell))
    case .manual:
      return emit(ManualPage.roff(dated: ManualPage.date(environment: environment)))
    case .search(let query, let year, let scope, let page, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        // The same endpoint the browser's search line uses: chosen in one place.
        let source = ListSource.search(SearchQuery(text: query, year: year, scope: scope))
        guard
          let request = source.request(
            window: .week, page: page, language: client.configuration.language, region: client.configuration.region)
        else { return ExitCode.usage.rawValue }
        let answer = listPage(request, client: client)
        if let past = pastTheLast(answer, page: page) { return past }
        return report(answer) { page in
          if json { return Self.json(page, configuration: client.configuration) }
          // No rows: said to the person on standard error; a pipe reads nothing.
          if page.results.isEmpty { printError(tr("Nothing matches “%s”.", TextSanitizer.clean(query, limit: 100))) }
          return listing(page)
        }
      }
    case .version:
      return emit("trending \(AmodbKitInfo.version)")
    case .cacheInfo where invocation.demo, .cacheClear where invocation.demo:
      // The demo reads no cache: what it would say or clear is the real one's.
      printUsageError(
        UsageError(message: tr("the demo keeps no cache: 'trending cache' without --demo is yours"), verb: .cache))
      return ExitCode.usage.rawValue
    case .cacheInfo:
      return cacheInfo(environment)
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
      let english = InterfaceLanguage.englishOnAnASCIIScreen(environment: environment)
      let note = Browser.note(languageNote: english ?? languageNote, settings: settingsFile, environment: environment)
      // The titles too: in a language the screen cannot draw they would be rows of "?".
      var invocation = invocation
      if english != nil { invocation.language = "en-US" }
      return runClient(invocation, environment: environment, needsTerminal: true) { services in
        Browser.run(
          services: services, imageMode: imageMode, invocation: invocation, environment: environment,
          settings: settingsFile, languageNote: note)
      }
    case .list(let page, let json, let kind):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        // The same endpoint the browser's tab uses: chosen in one place.
        let configuration = client.configuration
        guard
          let request = ListSource.tab(kind).request(
            window: invocation.window, page: page, language: configuration.language, region: configuration.region)
        else { return ExitCode.usage.rawValue }
        let answer = listPage(request, client: client).map { $0.map { withoutHidden($0, environment: environment) } }
        if let past = pastTheLast(answer, page: page) { return past }
        return report(answer) { page in
          json ? Self.json(page, configuration: client.configuration) : listing(page)
        }
      }
    case .show(let id, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = MovieDetailsRequest(id: id, language: client.configuration.language)
        let missing = notFound(.film(id))
        return report(offlineFirst(endpoint, client: client), notFound: missing) { details in
          let mark = libraryMark(.film(id), environment: environment)
          return json
            ? Output.json(details, configuration: client.configuration, yours: Output.yours(mark))
            : Output.text(details, region: client.configuration.region, mark: mark, width: documentWidth())
        }
      }
    case .series(let id, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = SeriesRequest(id: id, language: client.configuration.language)
        let missing = notFound(.series(id))
        return report(offlineFirst(endpoint, client: client), notFound: missing) { details in
          let record = seriesRecord(id, environment: environment)
          return json
            ? Output.json(
              details, configuration: client.configuration,
              yours: Output.yours(record?.mark, episodesSeen: record?.seen.count ?? 0))
            : Output.text(
              details, region: client.configuration.region, mark: record?.mark, seen: record?.seen,
              width: documentWidth())
        }
      }
    case .season(let id, let number, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let language = client.configuration.language
        // The series for the season's heading and a 404's words: kept first, asked quietly.
        let asked = SeriesRequest(id: id, language: language)
        let series: Result<Fetched<SeriesDetails>, AmodbError> =
          blocking({ await client.cached(asked) }).map { .success($0) } ?? blocking { await client.result(asked) }
        let endpoint = SeasonRequest(seriesID: id, number: number, language: language)
        let missing =
          (try? series.get().value.name).map { EpisodeAbsence.noSeason($0, number) }
          ?? notFound(.series(id))
        return report(offlineFirst(endpoint, client: client), notFound: missing) { season in
          let record = json ? nil : seriesRecord(id, environment: environment)
          return json
            ? Output.json(season, seriesID: id)
            : Output.text(
              season, series: try? series.get().value, seen: record?.seen ?? [],
              ratings: record?.mark?.episodes.compactMapValues(\.rating) ?? [:], width: documentWidth())
        }
      }
    case .collection(let id, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = CollectionRequest(id: id, language: client.configuration.language)
        let missing = tr("no collection has the id %s", String(id))
        return report(offlineFirst(endpoint, client: client), notFound: missing) { collection in
          json
            ? Output.json(collection, configuration: client.configuration)
            : Output.text(collection, width: documentWidth())
        }
      }
    case .watchlist(let change, let format):
      return watchlist(change, format: format, invocation: invocation, environment: environment)
    case .discover(let criteria, let page, let json):
      return runClient(invocation, environment: environment) { services in
        discover(criteria, page: page, json: json, client: services.client) {
          withoutHidden($0, environment: environment)
        }
      }
    case .services(let json):
      return runClient(invocation, environment: environment) { services in
        self.services(json: json, client: services.client)
      }
    case .calendar(let weeks, let format):
      return calendar(weeks: weeks, format: format, invocation: invocation, environment: environment)
    case .library(let command):
      return library(command, invocation: invocation, environment: environment)
    case .identify(let paths, let json):
      return runClient(invocation, environment: environment) { services in
        identify(paths, json: json, client: services.client, environment: environment)
      }
    case .sync where invocation.demo:
      printUsageError(UsageError(message: tr("the demo keeps a library of its own, which never syncs")))
      return ExitCode.usage.rawValue
    case .sync(let command):
      return sync(
        command, setting: Setup.syncFolderSetting(settingsFile.settings, environment: environment),
        environment: environment)
    case .play(let target):
      return play(target, invocation: invocation, environment: environment, settings: settingsFile.settings.values)
    case .scrobble(let path, let position, let duration):
      return scrobble(
        path, progress: PlaybackProgress(position: position, duration: duration), invocation: invocation,
        environment: environment, settings: settingsFile.settings.values)
    case .scrobblePending:
      return scrobblePending(invocation: invocation, environment: environment)
    case .mpvScript:
      do {
        let options = try MpvScript.carried(
          invocation, profile: Setup.profile(for: invocation, environment: environment))
        return emit(MpvScript.text(threshold: WatchedAt.threshold(settingsFile.settings.values), options: options))
      } catch {
        printUsageError(error)
        return error.code.rawValue
      }
    case .tonight(let command):
      return tonight(
        command, invocation: invocation, environment: environment, services: settingsFile.settings.services)
    case .person(let id, let json):
      return runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = PersonRequest(id: id, language: client.configuration.language)
        let missing = tr("no person has the id %s", String(id))
        return report(offlineFirst(endpoint, client: client), notFound: missing) { person in
          json
            ? Output.json(person, configuration: client.configuration)
            : Output.text(person, width: documentWidth())
        }
      }
    }
  }

  static func runClient(
    _ invocation: Invocation, environment: [String: String], needsTerminal: Bool = false,
    _ body: ((client: AmodbClient, images: ImageLoader)) -> Int32
  ) -> Int32 {
    switch ready(invocation, environment: environment, needsTerminal: needsTerminal) {
    case .services(let services): return body(services)
    case .refused(let code): return code
    }
  }

  /// Says on standard error that a request waits `seconds` for the rate limit.
  @Sendable static func sayWait(_ seconds: Int) {
    printError(tr("Waiting %s s for the rate limit…", String(seconds)))
  }

  /// A command's way to amodb, or why there is none.
  enum Ready {
    /// The client and the image loader.
    case services((client: AmodbClient, images: ImageLoader))
    /// Said on standard error already: a bad option or no terminal (2), no key (3).
    case refused(Int32)
  }

  /// The client and the image loader a command asks amodb with, once the options, the terminal
  /// (when `needsTerminal`) and the key allow it; else says why not.
  static func ready(_ invocation: Invocation, environment: [String: String], needsTerminal: Bool = false) -> Ready {
    let services: (client: AmodbClient, images: ImageLoader)
    // A command on a terminal says each wait for the rate limit, rather than sitting silent; the
    // browser counts it down on its own screen.
    let sayWaits = !needsTerminal && isatty(STDERR_FILENO) == 1
    let onWait: (@Sendable (Int) -> Void)? = sayWaits ? sayWait : nil
    do {
      services = try Setup.services(for: invocation, environment: environment, onWait: onWait)
    } catch {
      printUsageError(error)
      return .refused(error.code.rawValue)
    }
    if needsTerminal, isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
      printError(tr("the browser needs a terminal; in scripts and pipes use 'trending list' or 'trending show ID'"))
      return .refused(ExitCode.usage.rawValue)
    }
    if let error = services.client.configuration.missingKeyError {
      printError(error.message)
      return .refused(ExitCode(error).rawValue)
    }
    return .services(services)
  }

  /// What a setting is when nothing sets it: the language and region from the locale, the rest their defaults.
  private static func defaultSetting(_ name: String, invocation: Invocation, environment: [String: String]) -> String {
    switch name {
    case "language": return LanguageTag.resolve(flag: nil, environment: environment)
    case "region": return Region.resolve(flag: nil, environment: environment) ?? ""
    case "mouse": return "on"
    case "hide-seen", "screen-reader": return "false"
    case "watched-at": return String(WatchedAt.standard)
    default: return "auto"
    }
  }

  /// A page of a list, asked as the browser asks it (the kept page when amodb gives none now).
  static func listPage(_ request: APIRequest, client: AmodbClient) -> Result<Fetched<MediaPage>, AmodbError> {
    offlineFirst(request, client: client).map { $0.map { $0.page ?? MediaPage(results: []) } }
  }

  /// Runs async work to its end while the calling thread waits.
  static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let answer = Handoff<T>()
    Task { answer.give(await work()) }
    return answer.take()
  }

  /// Prints an answer as `render` makes it, or its error as one line; returns the exit code.
  private static func report<Value>(
    _ result: Result<Fetched<Value>, AmodbError>, notFound: String? = nil, render: (Value) -> String
  ) -> Int32 {
    switch result {
    case .success(let fetched):
      return emit(render(fetched.value))
    case .failure(let error):
      // "Not found" says what was not found, where the command knows ("no film has the id 13").
      if case .notFound = error, let notFound { printError(notFound) } else { printError(error.message) }
      return ExitCode(error).rawValue
    }
  }

  /// The disk cache at its default place, or nil (said on standard error) when there is none.
  static func diskCache(_ environment: [String: String]) -> DiskCache? {
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
}
