import AmodbKit
import Foundation
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
      trending list [--page N]     print a page of the list (--json for JSON)
      trending show ID             print one film's details (--json for JSON)

    OPTIONS
      --demo                 use the embedded demo data: no key, no network
      --window day|week      today's or this week's list (default: week)
      --language TAG         e.g. ru-RU, pt-BR (default: AMODB_LANGUAGE, then the locale)
      --base-url URL         the API, or a proxy of your own (default: AMODB_BASE_URL)
      --image-base-url URL   the image host (default: AMODB_IMAGE_BASE_URL)
      --images MODE          posters: auto, symbols or off (also TRENDING_IMAGES)
      --no-color             no colours and no posters (also NO_COLOR)
      --no-cache             neither read nor write the disk cache
      trending cache info    the disk cache's size and entries ($XDG_CACHE_HOME/trending)
      trending cache clear   empty it
      -h, --help             this help
      --version              the version

    ENVIRONMENT
      AMODB_KEY              your amodb API key (never pass it as a flag)

    EXIT CODES
      0 ok · 1 other failure · 2 usage · 3 key or plan · 4 rate limit · 5 network or server · 6 not found
    """

  /// Runs the program and returns its exit code.
  public static func main(arguments: [String], environment: [String: String]) async -> Int32 {
    TextWidth.prepareLocale()
    let invocation: Invocation
    do {
      invocation = try ArgumentParser.parse(arguments)
    } catch {
      printError("\(error.message). \(ArgumentParser.usage)")
      return ExitCode.usage.rawValue
    }
    switch invocation.command {
    case .help:
      print(help)
      return ExitCode.success.rawValue
    case .version:
      print("trending \(AmodbKitInfo.version)")
      return ExitCode.success.rawValue
    case .cacheInfo:
      let cache = DiskCache(directory: DiskCache.defaultDirectory(environment: environment))
      let info = cache.info()
      print("cache: \(cache.directory.path)")
      for kind in CacheKind.allCases {
        let entry = info.entries[kind] ?? (0, 0)
        print("\(kind.rawValue): \(entry.count) entries, \(entry.bytes) bytes")
      }
      print("total: \(info.total) bytes of at most \(cache.limit)")
      return ExitCode.success.rawValue
    case .cacheClear:
      let cache = DiskCache(directory: DiskCache.defaultDirectory(environment: environment))
      cache.clear()
      print("cleared \(cache.directory.path)")
      return ExitCode.success.rawValue
    case .browse:
      let imageMode: ImageMode
      do {
        imageMode = try Setup.imageMode(for: invocation, environment: environment)
      } catch {
        printError("\(error.message). \(ArgumentParser.usage)")
        return ExitCode.usage.rawValue
      }
      return await runClient(invocation, environment: environment, needsTerminal: true) { services in
        Browser.run(services: services, imageMode: imageMode, invocation: invocation, environment: environment)
      }
    case .list(let page, let json):
      return await runClient(invocation, environment: environment) { services in
        let client = services.client
        let endpoint = TrendingRequest(window: invocation.window, page: page, language: client.configuration.language)
        return report(await client.result(endpoint)) { page in
          json
            ? Output.json(page, configuration: client.configuration)
            : Output.table(page, width: isatty(STDOUT_FILENO) == 1 ? terminalWidth() : nil)
        }
      }
    case .show(let id, let json):
      return await runClient(invocation, environment: environment) { services in
        let client = services.client
        return report(await client.result(MovieDetailsRequest(id: id, language: client.configuration.language))) {
          details in
          json
            ? Output.json(details, configuration: client.configuration)
            : Output.text(details, width: isatty(STDOUT_FILENO) == 1 ? min(terminalWidth() ?? 80, 100) : 80)
        }
      }
    }
  }

  private static func runClient(
    _ invocation: Invocation, environment: [String: String], needsTerminal: Bool = false,
    _ body: ((client: AmodbClient, images: ImageLoader)) async -> Int32
  ) async -> Int32 {
    let services: (client: AmodbClient, images: ImageLoader)
    do {
      services = try Setup.services(for: invocation, environment: environment) { seconds in waitRelay.send(seconds) }
    } catch {
      printError("\(error.message). \(ArgumentParser.usage)")
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
    return await body(services)
  }

  /// Prints an answer as `render` makes it, or its error as one line; returns the exit code.
  private static func report<Value>(_ result: Result<Fetched<Value>, AmodbError>, render: (Value) -> String) -> Int32 {
    switch result {
    case .success(let fetched):
      print(render(fetched.value))
      return ExitCode.success.rawValue
    case .failure(let error):
      printError(error.message)
      return ExitCode(error).rawValue
    }
  }

  /// Prints one line to standard error, prefixed with the program's name.
  static func printError(_ message: String) {
    FileHandle.standardError.write(Data("trending: \(message)\n".utf8))
  }

  private static func terminalWidth() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// Carries "the budget makes the next request wait N seconds" from the client to the browser's inbox.
final class WaitRelay: Sendable {
  private let target = Mutex<(@Sendable (Int) -> Void)?>(nil)

  /// Sends to the current target, if any.
  func send(_ seconds: Int) {
    target.withLock { $0 }?(seconds)
  }

  /// Points the relay at a target.
  func connect(_ handler: @escaping @Sendable (Int) -> Void) {
    target.withLock { $0 = handler }
  }
}

/// The relay the running browser listens on.
let waitRelay = WaitRelay()
