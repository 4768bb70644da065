import AmodbKit
import FoundationEssentials

/// One line of mpv's JSON IPC, as far as watching a file matters: the observed position and
/// duration, and the file's end with mpv's reason.
public enum MpvEvent: Equatable, Sendable {
  /// `time-pos` changed (seconds).
  case position(Double)
  /// `duration` changed (seconds).
  case duration(Double)
  /// `end-file`, with its reason (`eof`, `stop`, `quit`, `error`, `redirect`).
  case endFile(reason: String)
  /// Another file began (`start-file`).
  case startFile
  /// Anything else: replies, other events, a property without a value, a line that is not JSON.
  case other

  /// The ids `observe_property` is asked with, so the answers are told apart by id as well as name.
  public static let positionID = 1
  /// The id of the `duration` observation.
  public static let durationID = 2

  /// The lines that ask mpv to report the position and the duration, each ending in a newline.
  public static var observeCommands: String {
    #"{"command":["observe_property",\#(positionID),"time-pos"]}"# + "\n"
      + #"{"command":["observe_property",\#(durationID),"duration"]}"# + "\n"
  }

  /// The longest line read: mpv's events are short; anything longer is not one we asked for.
  public static let longestLine = 64 * 1024

  /// Reads one line (without its newline).
  public init(line: some Collection<UInt8>) {
    guard line.count <= Self.longestLine,
      let value = try? AmodbJSON.decoder().decode(JSONValue.self, from: Data(line)),
      let event = value["event"]?.string
    else {
      self = .other
      return
    }
    switch event {
    case "property-change":
      guard case .number(let number)? = value["data"], number.isFinite, number >= 0 else {
        self = .other
        return
      }
      switch value["name"]?.string {
      case "time-pos": self = .position(number)
      case "duration": self = .duration(number)
      default: self = .other
      }
    case "end-file": self = .endFile(reason: value["reason"]?.string ?? "")
    case "start-file": self = .startFile
    default: self = .other
    }
  }
}

/// How far one file was played: the furthest position reached (a seek forward counts), its
/// duration, and whether it played to its end. Only the first file counts: what mpv plays after it
/// (another file opened in the player) changes nothing.
public struct PlaybackProgress: Equatable, Sendable {
  /// The furthest position reached since playing began (again, after a seek back before its start), in seconds.
  public var furthest: Double = 0
  /// Where playing began (a resumed file's saved place), or the earliest point sought back to since.
  public var start: Double?
  /// The file's duration, in seconds, once mpv knows it.
  public var duration: Double?
  /// Whether the file ended at its end (`end-file` with reason `eof`).
  public var reachedEnd = false
  /// Whether the first file has ended, for whatever reason.
  public var ended = false

  /// Nothing played yet.
  public init() {}

  /// A position and a duration as a player reported them (`trending scrobble`).
  public init(position: Double, duration: Double) {
    furthest = position
    self.duration = duration
  }

  /// Takes in one event.
  public mutating func take(_ event: MpvEvent) {
    guard !ended else { return }
    switch event {
    case .position(let seconds):
      // Back before where playing began (a resumed film started over): it begins again there.
      if start.map({ seconds < $0 }) ?? true {
        start = seconds
        furthest = seconds
      }
      furthest = max(furthest, seconds)
    case .duration(let seconds) where seconds > 0: duration = seconds
    case .endFile(let reason):
      ended = true
      reachedEnd = reason == "eof"
    case .duration, .startFile, .other: break
    }
  }

  /// How much of the file was played, 0–100 (rounded down), when the duration is known.
  public var percent: Int? {
    guard let duration, duration > 0 else { return nil }
    return Int(min(100, (furthest / duration * 100).rounded(.down)))
  }

  /// Whether it counts as watched: played to its end, or its furthest position at `threshold`
  /// percent of the duration or past it; never when playing began past it (a file resumed where
  /// a finished watch left it is that watch, not another).
  public func isWatched(threshold: Int) -> Bool {
    guard !began(pastThreshold: threshold) else { return false }
    guard !reachedEnd else { return true }
    guard let duration, duration > 0 else { return false }
    return furthest >= duration * Double(threshold) / 100
  }

  /// Whether playing began at `threshold` percent of the duration or past it.
  public func began(pastThreshold threshold: Int) -> Bool {
    guard let start, let duration, duration > 0 else { return false }
    return start >= duration * Double(threshold) / 100
  }
}

/// The `watched-at` setting: how much of a file, in percent, makes a watch.
public enum WatchedAt {
  /// The default: 90 percent.
  public static let standard = 90
  /// The percentages it takes.
  public static let range = 1...100

  /// The setting's value read, or nil when it is not a whole number from 1 to 100.
  public static func parse(_ text: String) -> Int? {
    guard text.count <= 3, text.allSatisfy(\.isASCII), let number = Int(text), range.contains(number) else {
      return nil
    }
    return number
  }

  /// The threshold the settings give: the setting when it is a good one, else the default.
  public static func threshold(_ values: [String: String]) -> Int {
    values["watched-at"].flatMap(parse) ?? standard
  }
}
