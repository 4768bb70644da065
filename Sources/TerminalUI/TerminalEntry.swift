import AmodbKit
import CNCurses
import Glibc
import Localization
import Synchronization

/// Which terminfo entry the browser starts on: `TERM`'s own, or the nearest stand-in.
///
/// A stand-in serves a `TERM` the machine has no entry for but of a family that draws like xterm
/// (kitty, Ghostty, WezTerm, Alacritty, foot, any `-256color` or `-direct`).
public enum TerminalEntry {
  /// The families a missing entry may stand in for: first words of `TERM`, and its endings.
  static let families = ["xterm", "kitty", "ghostty", "wezterm", "alacritty", "foot", "contour", "rio"]
  static let endings = ["-256color", "-direct", "-truecolor"]
  /// The entries that stand in, nearest first.
  static let standIns = ["xterm-256color", "xterm"]

  /// What starting on `term` means.
  public enum Decision: Equatable, Sendable {
    /// Its own entry.
    case own
    /// No entry of its own: this stand-in.
    case standIn(String)
    /// It cannot draw here; the reason.
    case refused(String)

    /// Whether the browser can draw its screen with it.
    public var drawsScreen: Bool {
      if case .refused = self { return false }
      return true
    }
  }

  /// Decides for `term`, asking `known` about entries (0 usable, 1 unknown, 2 no cursor addressing).
  public static func decide(term: String?, known: (String) -> Int32) -> Decision {
    guard let term, !term.isEmpty else { return .refused(tr("TERM is not set")) }
    guard term != "dumb" else { return .refused(tr("TERM=dumb cannot draw a full screen")) }
    let shown = TextSanitizer.clean(term, limit: 40)
    switch known(term) {
    case 0: return .own
    case 1:
      if isOfKnownFamily(term), let standIn = standIns.first(where: { known($0) == 0 }) { return .standIn(standIn) }
      return .refused(tr("TERM=%s is not a terminal this system knows (no terminfo entry)", shown))
    default: return .refused(tr("TERM=%s cannot move the cursor", shown))
    }
  }

  /// Whether `term` names a terminal that draws like xterm: `xterm-kitty`, `wezterm`, `foot-extra`, `*-256color`.
  static func isOfKnownFamily(_ term: String) -> Bool {
    let first = term.split(separator: "-").first.map(String.init) ?? term
    return families.contains(first.lowercased()) || endings.contains { term.hasSuffix($0) }
  }

  /// The decision for `term` on this machine: terminfo is read once a run for each `term` and
  /// search path (start-up asks three times: whether to refuse, the stand-in, the 24-bit entry).
  public static func decide(term: String?) -> Decision {
    let paths = ["TERMINFO", "TERMINFO_DIRS"].map { (name: String) in getenv(name).map { String(cString: $0) } ?? "" }
    // Joined by `+`, not `joined(separator:)`: the generic join's first use scans every conformance.
    let key = (term ?? "") + "\u{0}" + paths[0] + "\u{0}" + paths[1]
    if let known = decided.withLock({ $0[key] }) { return known }
    let decision = decide(term: term) { name in shim_terminal_check(name) }
    decided.withLock { $0[key] = decision }
    return decision
  }

  /// The decisions made this run, by `TERM` and terminfo search path.
  private static let decided = Mutex<[String: Decision]>([:])

  /// The status line's note for a stand-in entry.
  public static func note(term: String, standIn: String) -> String {
    tr("TERM=%1$s has no terminfo entry here; drawing as %2$s.", TextSanitizer.clean(term, limit: 40), standIn)
  }

  /// The number of colours an entry reports (`colors`), or nil when the machine has no such entry.
  public static func colors(of entry: String) -> Int? {
    let count = shim_terminal_colors(entry)
    return count == -2 ? nil : Int(max(count, 0))
  }
}
