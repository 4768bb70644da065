import AmodbKit
import Dispatch
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import Synchronization
import TerminalUI
import TrendingCore
import TrendingViews

/// `trending doctor`: the facts gathered, then printed or written as JSON.
extension TrendingCommand {
  /// `trending doctor`: gathers what the browser would detect (asking the terminal only when
  /// standard input is one and the process is in its foreground, and the service once), then
  /// prints the facts; `interface`: the language the interface speaks (JSON says them in English).
  static func doctor(
    _ invocation: Invocation, json: Bool, environment: [String: String], settings: SettingsFile,
    fromFile: Set<String> = [], interface: String = Translator.current.language
  ) -> Int32 {
    let entry = TerminalEntry.decide(term: environment["TERM"])
    let direct =
      invocation.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
      ? nil : NCursesBackend.directColorTerminal(environment: environment)
    var inUse: String?
    switch entry {
    case .own: inUse = direct ?? environment["TERM"]
    case .standIn(let standIn): inUse = direct ?? standIn
    case .refused: inUse = nil
    }
    var replies: [TerminalReply]?
    if inUse != nil, isatty(STDIN_FILENO) == 1 {
      let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
      defer { if terminal >= 0 { close(terminal) } }
      // Asked only from the terminal's foreground: in the background (under `timeout`, `cmd &`)
      // setting its modes would stop the process (SIGTTOU) until someone brought it forward.
      if terminal >= 0, tcgetpgrp(terminal) == getpgrp() {
        replies = TerminalQuery.ask(descriptor: terminal)
      }
    }
    var window = winsize()
    var windowCell: (width: Int, height: Int)?
    var windowSize: Size?
    if ioctl(STDIN_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
      windowSize = Size(width: Int(window.ws_col), height: Int(window.ws_row))
      if window.ws_xpixel > 0, window.ws_ypixel > 0 {
        windowCell = (Int(window.ws_xpixel) / Int(window.ws_col), Int(window.ws_ypixel) / Int(window.ws_row))
      }
    }
    let configuration: Result<ClientConfiguration, UsageError>
    do {
      configuration = .success(
        invocation.demo
          ? DemoTransport.configuration(
            language: LanguageTag.resolve(flag: invocation.language, environment: environment))
          : try Setup.configuration(for: invocation, environment: environment))
    } catch {
      configuration = .failure(error)
    }
    var service = Doctor.ServiceAnswer.notAsked(tr("%s was given", "--demo"))
    if !invocation.demo {
      switch configuration {
      case .failure(let error): service = .notAsked(error.message)
      case .success(let live):
        if let missing = live.missingKeyError {
          service = .notAsked(missing.message)
        } else {
          // A request of its own, past the disk cache, so the answer carries the budget.
          var fresh = invocation
          fresh.noCache = true
          // One request, not a spent rate limit's three: a 429 is said as it came.
          if let services = try? Setup.services(for: fresh, environment: environment, rateLimitRetries: 0) {
            let client = services.client
            let endpoint = TrendingRequest(window: .week, page: 1, language: live.language)
            switch blocking({ await client.result(endpoint) }) {
            case .success(let fetched): service = .answered(fetched.rateLimit)
            case .failure(let error): service = .failed(error.message)
            }
          }
        }
      }
    }
    var imageMode = ImageMode.auto
    var imageModeProblem: String?
    do {
      imageMode = try Setup.imageMode(for: invocation, environment: environment)
    } catch {
      imageModeProblem = error.message
    }
    let library = Library.standardPath(environment: environment)
    let cache = DiskCache.defaultDirectory(environment: environment)?.path
    let inputs = Doctor.Inputs(
      environment: environment, invocation: invocation, imageMode: imageMode, imageModeProblem: imageModeProblem,
      entry: entry,
      directEntry: direct, colors: inUse.flatMap(TerminalEntry.colors(of:)), replies: replies,
      windowCell: windowCell, windowSize: windowSize, localeIsUTF8: TextWidth.userLocaleIsUTF8,
      interfaceLanguage: interface, settingsPath: settings.path?.path,
      settingsExists: settings.exists, settingsNamed: settings.named, settingsProblems: settings.messages.count,
      libraryPath: library?.path, libraryAccess: library.map(Library.access(at:)) ?? .notMade,
      cachePath: cache, cacheWritable: cache.map(nearestFolderWritable) ?? false,
      freeBytes: library.flatMap { freeBytes(near: $0.path) }, configuration: configuration, service: service,
      fromFile: fromFile)
    // A problem (a fact that stops something from working) fails the run, so a script can tell.
    let facts = Doctor.facts(inputs)
    let verdict = facts.contains(where: \.problem) ? ExitCode.failure.rawValue : ExitCode.success.rawValue
    if json {
      // Scripts read the same words whatever the interface's language.
      let printed = emit(Translator.$override.withValue(.english) { Doctor.json(Doctor.facts(inputs)) })
      return printed == ExitCode.success.rawValue ? verdict : printed
    }
    let printed = emit(Doctor.text(facts))
    return printed == ExitCode.success.rawValue ? verdict : printed
  }

  /// Whether files can be made in `path` (or in the nearest folder above it there is).
  private static func nearestFolderWritable(_ path: String) -> Bool {
    access(Library.nearestFolder(path), W_OK | X_OK) == 0
  }

  /// The bytes this user may still write on the disk that holds `path`, when the system says.
  private static func freeBytes(near path: String) -> Int64? {
    var info = statvfs()
    guard statvfs(Library.nearestFolder(path), &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
  }
}
