import FoundationEssentials
import Glibc
import Localization

/// The player files are played in (`trending play`, `P` in the browser): the `player` setting when
/// it is mpv (its program is named `mpv`), else mpv on `PATH`; always with a JSON IPC socket of its
/// own, which `MpvWatch` reads.
public struct MpvPlayer: Sendable {
  /// The setting's words, when its program is mpv.
  private let words: [String]?
  /// Finds mpv on `PATH`.
  private let launcher: BrowserLauncher

  /// A player from the `player` setting and the environment's `PATH`.
  public init(setting: String?, environment: [String: String]) {
    let words = setting.map { $0.split(separator: " ").map(String.init) } ?? []
    self.words = words.first.map(Self.isMpv) == true ? words : nil
    launcher = BrowserLauncher(environment: environment)
  }

  /// Whether a program is mpv: its name, without its folder, is `mpv`.
  static func isMpv(_ program: String) -> Bool {
    program.split(separator: "/").last == "mpv"
  }

  /// The command that plays `target` (an absolute path or a URL) with its IPC socket at `socket`,
  /// or nil when there is no mpv. The setting's `%s` stands for the target, else it goes last; an
  /// IPC socket the setting names is left out, so ours is the one mpv makes.
  public func command(playing target: String, socket: String) -> [String]? {
    let ipc = "--input-ipc-server=" + socket
    guard let words, let program = words.first else {
      return launcher.find("mpv").map { [$0, ipc, target] }
    }
    let rest = words.dropFirst().filter { !$0.hasPrefix("--input-ipc-server") }
    let placed = rest.contains { $0.contains("%s") } ? rest.map { $0.replacing("%s", with: target) } : rest + [target]
    return [program, ipc] + placed
  }

  /// Runs the player in the foreground of this terminal until it exits (the command line's `play`;
  /// the browser's goes through its backend, which puts the screen away first); nil when it ran and
  /// exited 0, else what went wrong.
  public static func runInForeground(_ command: [String]) -> String? {
    ForegroundProgram.run(command)
  }
}
