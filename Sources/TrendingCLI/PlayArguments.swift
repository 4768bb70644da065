import AmodbKit
import Localization
import TrendingCore

/// The flags of `trending scrobble`: where playback stopped, and how long the file is.
struct PlayFlags: Sendable {
  /// `--position SECONDS`.
  var position: Double?
  /// `--duration SECONDS`.
  var duration: Double?
  /// `--pending`: the plays kept for later, no file.
  var pending = false
}

extension OptionTable {
  /// The longest a file may be, in seconds, for `--position` and `--duration`: a week.
  static let longestPlayback: Double = 7 * 24 * 3600

  /// A number of seconds as `--position` and `--duration` take it: from 0 to a week, fractions allowed.
  static func seconds(_ text: String, option: String) throws(UsageError) -> Double {
    guard text.count <= 20, let number = Double(text), number.isFinite, (0...longestPlayback).contains(number) else {
      throw UsageError(message: tr("%1$s takes seconds, such as 1234.5, not %2$s", option, shown(text)))
    }
    return number
  }

  /// The options only `trending scrobble` takes.
  static var playOptions: [OptionSpec] {
    [
      OptionSpec(
        name: "--position", value: "SECONDS", kind: .number, help: tr("how far playback got, in seconds"),
        verbs: [.scrobble], required: true,
        apply: { line, text throws(UsageError) in line.play.position = try seconds(text, option: "--position") }),
      OptionSpec(
        name: "--duration", value: "SECONDS", kind: .number, help: tr("how long the file is, in seconds"),
        verbs: [.scrobble], required: true,
        apply: { line, text throws(UsageError) in line.play.duration = try seconds(text, option: "--duration") }),
      OptionSpec(
        name: "--pending", help: tr("record the plays kept while amodb could not name them (no file, no position)"),
        verbs: [.scrobble], apply: { line, _ in line.play.pending = true }),
    ]
  }

  /// `trending play`, `scrobble` and `mpv-script`, for help, the man page and the completions.
  static var playCommands: [CommandSpec] {
    [
      CommandSpec(
        verb: .play, arguments: "PATH|URL", words: [], pathsFrom: 0,
        summary: tr(
          "play a file in mpv and mark it seen once you have watched it (set watched-at, 90 percent unless set)"),
        detail: tr(
          "Plays the file (or URL) in mpv, the player setting when it is mpv, with a JSON IPC socket of its own, and follows how far it plays. The file is known by its name and folders as 'trending identify' reads them; once the furthest point reached passes the watched-at setting (a percentage, default 90) or the file plays to its end, a watch of the film or episode is recorded for that day. Stopping earlier records nothing; a file that cannot be identified still plays, and says why nothing will be recorded."
        )),
      CommandSpec(
        verb: .scrobble, arguments: "PATH", words: [], pathsFrom: 0, alone: ["--pending"],
        summary: tr("record a watch of a file a player stopped at a position, once past watched-at"),
        detail: tr(
          "What play does when playback passes the watched-at setting, for any player: the file is identified by its name and folders, and a watch of the film or episode is recorded for today when the position is at watched-at percent of the duration or past it (else it says nothing was recorded). The same file scrobbled twice in a day is one watch. A watch amodb could not name then (no network, no key, or a name that fits several titles) is kept and recorded on its day by the next play or scrobble, or by 'trending scrobble --pending', which on a terminal asks which title a name means."
        )),
      CommandSpec(
        verb: .mpvScript, arguments: "", words: [],
        summary: tr("print a Lua script for ~/.config/mpv/scripts/ that marks what you finish in mpv"),
        detail: tr(
          "A script for mpv you start yourself: save it as ~/.config/mpv/scripts/trending.lua. It follows each file's position and duration and, once past watched-at (as set when the script was printed) or at the file's end, runs 'trending scrobble' once for that file. Print it again after changing watched-at."
        )),
    ]
  }
}

extension ArgumentParser {
  /// `trending play TARGET`, `trending scrobble PATH --position S --duration S` and `trending mpv-script`.
  static func playCommand(_ verb: Verb, _ words: [String], _ line: ParsedLine) throws(UsageError)
    -> Invocation.Command
  {
    if verb == .mpvScript {
      if let extra = words.first { throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(extra))) }
      return .mpvScript
    }
    if verb == .scrobble, line.play.pending {
      guard words.isEmpty, line.play.position == nil, line.play.duration == nil else {
        throw UsageError(message: tr("scrobble --pending takes no file, --position or --duration"))
      }
      return .scrobblePending
    }
    guard let target = words.first, !target.isEmpty else {
      throw UsageError(
        message: verb == .play
          ? tr("play needs a file's path or a URL, e.g. 'trending play Film.Title.1999.mkv'")
          : tr("scrobble needs a file's path, e.g. 'trending scrobble Film.mkv --position 5400 --duration 5700'"))
    }
    guard words.count == 1 else { throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[1]))) }
    guard verb == .scrobble else { return .play(target: target) }
    guard let position = line.play.position, let duration = line.play.duration else {
      throw UsageError(message: tr("scrobble needs --position SECONDS and --duration SECONDS"))
    }
    guard duration > 0 else { throw UsageError(message: tr("--duration must be more than 0 seconds")) }
    return .scrobble(path: target, position: position, duration: duration)
  }
}
