import AmodbKit
import FoundationEssentials

/// A watch that counted while amodb could not be asked what the file is (no network, no key, the
/// rate spent, or a name that fits several titles with no terminal to ask on).
public struct PendingPlay: Equatable, Sendable {
  /// The file's absolute path, or its URL without secrets: what it is identified by again.
  public var target: String
  /// The day the watch counted, `YYYY-MM-DD`: the watch's day, whenever it is recorded.
  public var day: String
  /// Whether its name fits several titles: recorded once someone chooses, on a terminal.
  public var waitsForChoice: Bool

  /// The longest target kept, in bytes: a path is at most `PATH_MAX`.
  public static let longestTarget = 4096

  /// A play of `target` on `day`.
  public init(target: String, day: String, waitsForChoice: Bool = false) {
    self.target = target
    self.day = day
    self.waitsForChoice = waitsForChoice
  }

  /// Its fact's name: the day first, so the facts read oldest first.
  var fact: String { Library.pendingPlayFact + day + " " + target }

  /// The play a fact names, nil for one that is not (an edit by hand): that one alone is lost.
  init?(fact name: String, value: String) {
    let parts = name.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, ReleaseDate(String(parts[0]))?.description == String(parts[0]),
      parts[1].utf8.count <= Self.longestTarget
    else { return nil }
    self.init(target: String(parts[1]), day: String(parts[0]), waitsForChoice: value == "choose")
  }
}

/// The plays kept to record later: facts of this machine's own (`play.pending:DAY TARGET`), never
/// synced (another machine would record them twice), in the library's transactions.
extension Library {
  /// The start of a pending play's fact.
  public static let pendingPlayFact = "play.pending:"
  /// The most plays kept: a player gone wrong cannot fill the library.
  public static let mostPendingPlays = 1000

  /// The plays kept, oldest first.
  public func pendingPlays() throws(LibraryError) -> [PendingPlay] {
    try facts(prefixed: Self.pendingPlayFact).sorted { $0.key < $1.key }.compactMap {
      PendingPlay(fact: $0.key, value: $0.value)
    }
  }

  /// Keeps `play` (once: the same target and day is one play); false when the list is full or its
  /// target is past `PendingPlay.longestTarget`.
  public func keep(_ play: PendingPlay) throws(LibraryError) -> Bool {
    guard !play.target.isEmpty, play.target.utf8.count <= PendingPlay.longestTarget else { return false }
    // A fact written, as `record` writes one.
    return try write("record") {
      let count =
        try connection.scalar(
          "SELECT count(*) FROM facts WHERE substr(name, 1, ?) = ?",
          [.integer(Int64(Self.pendingPlayFact.utf8.count)), .text(Self.pendingPlayFact)])?.int ?? 0
      let known = try connection.scalar("SELECT 1 FROM facts WHERE name = ?", [.text(play.fact)]) != nil
      guard known || count < Self.mostPendingPlays else { return false }
      try connection.rows(
        "INSERT OR IGNORE INTO facts (name, value) VALUES (?, ?)",
        [.text(play.fact), .text(play.waitsForChoice ? "choose" : "")])
      return true
    }
  }

  /// Takes `settled` off the list, in one write (none when there is nothing to take).
  public func forget(_ settled: [PendingPlay]) throws(LibraryError) {
    guard !settled.isEmpty else { return }
    try write("record") {
      for play in settled { try connection.rows("DELETE FROM facts WHERE name = ?", [.text(play.fact)]) }
    }
  }
}
