import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// Opens web pages in the user's browser: `$BROWSER` (its first entry; `%s` stands for the link),
/// else `xdg-open`; started with nothing of the terminal, never waited for by the screen.
public struct BrowserLauncher: Sendable {
  /// Why a page could not be opened.
  public struct Failure: Error, Equatable, Sendable {
    /// The status line's words.
    public var message: String
  }

  private let environment: [String: String]

  /// A launcher reading `BROWSER`, `PATH` and `SSH_CONNECTION` from `environment`.
  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// The command that would open `url`, or nil when there is none.
  public func command(for url: String) -> [String]? {
    if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init), !browser.isEmpty {
      var words = browser.split(separator: " ").map(String.init)
      if words.contains(where: { $0.contains("%s") }) {
        words = words.map { $0.replacing("%s", with: url) }
      } else {
        words.append(url)
      }
      return words
    }
    guard let opener = find("xdg-open") else { return nil }
    return [opener, url]
  }

  /// Starts the browser on `url`; the child is reaped on a thread of its own.
  public func open(_ url: String) -> Result<Void, Failure> {
    guard let command = command(for: url) else {
      let message =
        environment["SSH_CONNECTION"] != nil
        ? tr("No browser to open over SSH (set $BROWSER); y copies the link instead.")
        : tr("No browser to open (set $BROWSER); y copies the link instead.")
      return .failure(Failure(message: message))
    }
    return start(command)
  }

  /// Starts a command in the background, in a session of its own with nothing of the terminal;
  /// the child is reaped on a thread of its own.
  public func start(_ command: [String]) -> Result<Void, Failure> {
    guard let program = command.first else { return .failure(Failure(message: tr("Nothing to start."))) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A session of its own (the browser never reads the terminal or gets its signals).
    let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc), not imported as a macro
    Self.cleanSignals(&attributes, flags: setsid)
    var pid: pid_t = 0
    let arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    let status = posix_spawnp(&pid, program, &actions, &attributes, arguments, environ)
    guard status == 0 else {
      return .failure(
        Failure(message: tr("Could not start %1$s: %2$s.", program, String(cString: strerror(status)))))
    }
    Self.reap(pid)
    return .success(())
  }

  /// Sets a child's spawn attributes to no signal blocked and every signal at its default,
  /// whatever this thread had, with `flags` (a session or a process group) beside.
  static func cleanSignals(_ attributes: inout posix_spawnattr_t, flags: Int32) {
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(flags | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))
  }

  /// Waits for a child on a detached thread, so it never lingers as a zombie.
  private static func reap(_ pid: pid_t) {
    PlainThread.start {
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
  }

  /// The program's path on `PATH`, if it is there.
  func find(_ name: String) -> String? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = "\(directory)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
