// A browser session the library's and the marks' sections drive: keys typed into the release
// binary, and its status file's reports of frames and of work in flight read, never a fixed sleep.
import Foundation
import TestSupport

/// The release binary at 80×24 in a pseudo-terminal, reporting to a status file of its own
/// (`TRENDING_STATUS_FILE`: "frame=N busy=0|1 inputs=I screen=…" after every frame).
final class BrowserSession {
  /// The terminal the binary runs in.
  let terminal: PseudoTerminal
  /// The status file it reports to.
  let statusPath: String

  /// Starts the binary with `arguments` (the demo's data unless told) and `environment`, with a
  /// cache and a status file of its own, and waits for its first list ("1/20"); nil when none came.
  init?(_ bench: Bench, _ arguments: [String] = ["--demo"], environment: [String: String]) {
    let folder = temporaryDirectory()
    guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
      return nil
    }
    statusPath = folder + "/status"
    let variables = environment.merging(["TRENDING_STATUS_FILE": statusPath, "XDG_CACHE_HOME": folder + "/cache"]) {
      $1
    }
    guard
      let terminal = try? PseudoTerminal(
        [bench.binary] + arguments, environment: variables, width: 80, height: 24),
      terminal.read(until: "1/20") != nil
    else { return nil }
    self.terminal = terminal
  }

  /// The app's last report: its fields by name.
  func report() -> [String: String] {
    guard let text = try? String(contentsOfFile: statusPath, encoding: .utf8) else { return [:] }
    var fields: [String: String] = [:]
    for pair in text.split(whereSeparator: \.isWhitespace) {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
  }

  /// Waits for the first report with nothing in flight; whether it came. The first frame reports
  /// idle before start-up's reads of the library begin: `quiet` waits for those too.
  func idle(timeout: TimeInterval = 30) -> Bool {
    let start = Date()
    while Date().timeIntervalSince(start) < timeout {
      terminal.pump(waitMilliseconds: 1)
      if report()["busy"] == "0" { return true }
    }
    return false
  }

  /// Waits until the app has drawn nothing and had nothing in flight for `window` seconds, so no
  /// measurement pays for work begun before its key: start-up's reads of the library and the tabs
  /// read ahead after them (150 ms later), and the library watcher's first look (a second after
  /// start, which has the marks and those tabs read again); whether it came.
  func quiet(window: TimeInterval = 1.5, timeout: TimeInterval = 60) -> Bool {
    let start = Date()
    var last: (frame: String?, since: Date) = (nil, Date())
    while Date().timeIntervalSince(start) < timeout {
      terminal.pump(waitMilliseconds: 5)
      let now = report()
      if now["busy"] != "0" || now["frame"] != last.frame {
        last = (now["frame"], Date())
      } else if Date().timeIntervalSince(last.since) >= window {
        return true
      }
    }
    return false
  }

  /// What typing `keys` took: the seconds to the first frame showing `marker` (when given), and to
  /// the report of a frame that has taken every key with nothing in flight (`keysTaken`: how many
  /// inputs the keys are, one a character unless told) after which nothing is drawn or in flight for
  /// `confirm` seconds (work that follows an idle report at once, such as the tabs read ahead after
  /// a save, counts; the confirming wait does not); and to the first report with every key taken and
  /// no library change waiting for its save (`landed`).
  /// `reporting`: instead of a marker, what the first report of the frame that shows counts as shown says.
  func settled(
    typing keys: String, keysTaken: Int? = nil, showing marker: String? = nil,
    reporting shows: (([String: String]) -> Bool)? = nil, confirm: TimeInterval = 0, timeout: TimeInterval = 60
  ) -> (shown: Double?, settled: Double?, landed: Double?, taken: Double?) {
    let before = report()
    let inputs = (Int(before["inputs"] ?? "") ?? 0) + (keysTaken ?? keys.count)
    let frame = Int(before["frame"] ?? "") ?? 0
    let needle = marker.map { Array($0.utf8) }
    var searched = terminal.output.count
    var shown: Double?
    // When every key was taken and no change waited for its save any more; when every key was taken.
    var landed: Double?
    var takenAt: Double?
    // The idle report last seen (its frame) and when it was first seen.
    var idle: (frame: String?, at: Double)?
    let start = Date()
    terminal.type(keys)
    while Date().timeIntervalSince(start) < timeout {
      terminal.pump(waitMilliseconds: 1)
      let elapsed = Date().timeIntervalSince(start)
      if let needle, shown == nil {
        if contains(needle, after: searched) { shown = elapsed }
        searched = max(searched, terminal.output.count - needle.count + 1)
      }
      let now = report()
      if let shows, shown == nil, (Int(now["frame"] ?? "") ?? 0) > frame, shows(now) { shown = elapsed }
      let taken = (Int(now["inputs"] ?? "") ?? 0) >= inputs
      if landed == nil, taken, now["unsaved"] == "0" { landed = elapsed }
      if takenAt == nil, taken { takenAt = elapsed }
      let done =
        now["busy"] == "0" && (Int(now["frame"] ?? "") ?? 0) > frame && (Int(now["inputs"] ?? "") ?? 0) >= inputs
        && (needle == nil && shows == nil || shown != nil)
      if !done {
        idle = nil
      } else if idle == nil || idle?.frame != now["frame"] {
        idle = (now["frame"], elapsed)
      }
      if let idle, elapsed - idle.at >= confirm { return (shown, idle.at, landed, takenAt) }
    }
    return (shown, nil, landed, takenAt)
  }

  /// Quits with `q` and waits for the process to end.
  func quit() {
    terminal.type("q")
    _ = terminal.waitForExit()
  }

  /// Whether the terminal's output has `needle` at or after `offset`.
  private func contains(_ needle: [UInt8], after offset: Int) -> Bool {
    let output = terminal.output
    guard output.count - max(0, offset) >= needle.count else { return false }
    var index = max(0, offset)
    while index <= output.count - needle.count {
      if output[index] == needle[0], output[index..<(index + needle.count)].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
