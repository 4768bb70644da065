import FoundationEssentials
import Glibc
import Localization

/// Plays trailers: the `player` setting (its words, `%s` standing for the address, else the address
/// last), by default `mpv` when it is on `PATH`, else the opener; in the terminal, or in the
/// background with `set player-detached true`.
public struct TrailerPlayer: Sendable {
  /// How a trailer is played.
  public enum Plan: Equatable, Sendable {
    /// A program given the terminal until it exits.
    case terminal([String])
    /// A program started in the background.
    case background([String])
    /// The opener (`o`'s), as a web page.
    case opener
  }

  private let words: [String]?
  private let detached: Bool
  /// Starts programs in the background, and finds them on `PATH`.
  let launcher: BrowserLauncher

  /// A player from the settings (`player`, `player-detached`) and the environment's `PATH`.
  public init(setting: String?, detached: Bool, environment: [String: String]) {
    words = setting.map { $0.split(separator: " ").map(String.init) }.flatMap { $0.isEmpty ? nil : $0 }
    self.detached = detached
    launcher = BrowserLauncher(environment: environment)
  }

  /// How the trailer at `url` is played.
  public func plan(for url: String) -> Plan {
    let command: [String]
    if let words {
      command = words.contains { $0.contains("%s") } ? words.map { $0.replacing("%s", with: url) } : words + [url]
    } else if let mpv = launcher.find("mpv") {
      command = [mpv, url]
    } else {
      return .opener
    }
    return detached ? .background(command) : .terminal(command)
  }
}

/// A program run in the foreground of the terminal: its own process group, given the terminal
/// while it runs and the terminal taken back after (SIGTTOU held off meanwhile), so Ctrl-C and
/// Ctrl-Z reach it and not us.
enum ForegroundProgram {
  /// Runs `command` to its end; nil when it ran and exited 0, else what went wrong.
  static func run(_ command: [String]) -> String? {
    guard let program = command.first else { return tr("Nothing to start.") }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    BrowserLauncher.cleanSignals(&attributes, flags: Int32(POSIX_SPAWN_SETPGROUP))
    var pid: pid_t = 0
    let arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    let status = posix_spawnp(&pid, program, nil, &attributes, arguments, environ)
    // Messages name the program, not its folder: the status line is short.
    let name = program.split(separator: "/").last.map(String.init) ?? program
    guard status == 0 else { return tr("Could not start %1$s: %2$s.", name, String(cString: strerror(status))) }
    let terminal = isatty(STDIN_FILENO) == 1
    let ours = getpgrp()
    if terminal { foreground(pid) }
    var exit: Int32 = 0
    while true {
      let waited = waitpid(pid, &exit, WUNTRACED)
      if waited == -1, errno == EINTR { continue }
      guard waited == pid else { break }
      // Stopped (it read the terminal before it was its, or Ctrl-Z): it has the terminal; go on.
      if exit & 0xff == 0x7f {
        if terminal { foreground(pid) }
        kill(-pid, SIGCONT)
        continue
      }
      break
    }
    if terminal { foreground(ours) }
    let signalled = exit & 0x7f
    if signalled != 0, signalled != 0x7f { return tr("%1$s stopped on signal %2$s.", name, String(signalled)) }
    let code = (exit >> 8) & 0xff
    return code == 0 ? nil : tr("%1$s exited with status %2$s.", name, String(code))
  }

  /// Makes a process group the terminal's foreground, with SIGTTOU held off (we may be in the
  /// background when we take it back).
  private static func foreground(_ group: pid_t) {
    var ttou = sigset_t()
    sigemptyset(&ttou)
    sigaddset(&ttou, SIGTTOU)
    var old = sigset_t()
    pthread_sigmask(SIG_BLOCK, &ttou, &old)
    tcsetpgrp(STDIN_FILENO, group)
    pthread_sigmask(SIG_SETMASK, &old, nil)
  }
}
