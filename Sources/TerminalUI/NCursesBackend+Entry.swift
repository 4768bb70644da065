import AmodbKit
import FoundationEssentials

/// Which terminfo entry the backend starts on: none (a refusal), a stand-in for an unknown `TERM`,
/// or a `-direct` entry for 24-bit colour.
extension NCursesBackend {
  /// Why the browser cannot draw in the terminal `term` names (unset, `dumb`, unknown to
  /// terminfo and of no known family, or without cursor addressing), or nil when it can.
  public static func refusal(term: String?) -> String? {
    if case .refused(let reason) = TerminalEntry.decide(term: term) { return reason }
    return nil
  }

  /// The stand-in entry the backend starts on for `TERM`, when the machine has none of its own.
  public static func standIn(environment: [String: String] = ProcessEnvironment.current) -> String? {
    if case .standIn(let entry) = TerminalEntry.decide(term: environment["TERM"]) { return entry }
    return nil
  }

  /// The `-direct` terminfo entry to use when `COLORTERM` promises 24-bit colour and one exists
  /// for this terminal's family (`xterm-256color` → `xterm-direct`).
  public static func directColorTerminal(environment: [String: String] = ProcessEnvironment.current) -> String? {
    guard let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit",
      let term = environment["TERM"], let family = term.split(separator: "-").first, !term.hasSuffix("-direct")
    else { return environment["TERM"]?.hasSuffix("-direct") == true ? environment["TERM"] : nil }
    // A terminal drawn as a stand-in entry takes xterm's 24-bit entry when its family has none.
    let names = ["\(family)-direct"] + (standIn(environment: environment) != nil ? ["xterm-direct"] : [])
    // With TERMINFO set (kitty sets it to its own folder) ncurses searches that folder alone: an
    // entry elsewhere would make newterm fail, and ncurses does not recover from that.
    let directories =
      environment["TERMINFO"].map { [$0] }
      ?? ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
      + [
        environment["TERMINFO_DIRS"]?.split(separator: ":").map(String.init),
        environment["HOME"].map { ["\($0)/.terminfo"] },
      ]
      .compactMap { $0 }.flatMap { $0 }
    return names.first { name in
      directories.contains { directory in
        FileManager.default.fileExists(atPath: "\(directory)/\(name.prefix(1))/\(name)")
      }
    }
  }
}
