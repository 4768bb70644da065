import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// How far an import's matching has gone, on standard error: a bar with the titles looked up and the
/// time left when it is a terminal (redrawn at most ten times a second), a plain line each tenth
/// otherwise (for 100 titles or more). Titles, not rows: a title is what is asked of amodb, once
/// however many rows name it; with episodes among them, "titles and episodes" (a Trakt history of
/// 48,000 episode watches is thousands of episodes of a few hundred series, not 48,000 titles).
final class ImportProgress {
  private let total: Int
  private let episodes: Bool
  private let terminal: Bool
  private let started = Date()
  private var lastDrawn = Date.distantPast
  private var lastTenth = 0
  private var drew = false

  /// The fewest titles that are worth plain progress lines (a bar is drawn for any).
  static let plainFrom = 100

  /// Progress over `total` titles, drawn as a bar when standard error is a terminal that can erase
  /// a line (a `dumb` one, as Emacs' shell is, gets the plain lines).
  init(total: Int, episodes: Bool = false, terminal: Bool = Console.redrawsErrorLine) {
    self.total = max(total, 1)
    self.episodes = episodes
    self.terminal = terminal
  }

  /// The text of the bar: `[#####-----] 120/500 titles, about 2 min left`.
  static func bar(done: Int, total: Int, elapsed: TimeInterval, width: Int = 20, episodes: Bool = false) -> String {
    let total = max(total, 1)
    let filled = min(width, done * width / total)
    let count =
      episodes
      ? trn(
        "%1$s/%2$s title or episode", "%1$s/%2$s titles and episodes", total, String(done), String(total))
      : trn("%1$s/%2$s title", "%1$s/%2$s titles", total, String(done), String(total))
    var text =
      "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] " + count
    if done > 0, done < total {
      let left = elapsed / Double(done) * Double(total - done)
      text += ", " + timeLeft(left)
    }
    return text
  }

  /// "about 2 min left" or "about 12 s left".
  static func timeLeft(_ seconds: TimeInterval) -> String {
    seconds >= 90
      ? tr("about %s min left", String(Int((seconds / 60).rounded())))
      : tr("about %s s left", String(Int(seconds.rounded(.up))))
  }

  /// Says that `done` titles are looked up.
  func update(_ done: Int) {
    let now = Date()
    if terminal {
      guard done >= total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
      lastDrawn = now
      drew = true
      // The bar narrows on a narrow terminal, so the line never wraps.
      var size = winsize()
      let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
      let text = Self.bar(
        done: done, total: total, elapsed: now.timeIntervalSince(started), width: min(20, max(5, columns - 40)),
        episodes: episodes)
      let line = "\r" + String(text.prefix(max(columns - 1, 1))) + "\u{1b}[K"
      try? Console.write(line, to: STDERR_FILENO)
    } else if total >= Self.plainFrom {
      let tenth = done * 10 / total
      guard tenth > lastTenth else { return }
      lastTenth = tenth
      Console.error(
        episodes
          ? tr("matched %1$s of %2$s titles and episodes", String(done), String(total))
          : tr("matched %1$s of %2$s titles", String(done), String(total)))
    }
  }

  /// Ends the bar's line.
  func finish() {
    if terminal, drew { try? Console.write("\n", to: STDERR_FILENO) }
  }
}
