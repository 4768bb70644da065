import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import TrendingCore

/// A watch that counted while amodb could not be asked what the file is (no network, no key, the
/// rate spent, or a name that fits several titles with no terminal to ask on).
struct PendingPlay: Codable, Equatable, Sendable {
  /// The file's absolute path, or its URL without secrets: what it is identified by again.
  var target: String
  /// The day the watch counted, `YYYY-MM-DD`: the watch's day, whenever it is recorded.
  var day: String
  /// Whether its name fits several titles: recorded once someone chooses, on a terminal.
  var waitsForChoice = false

  enum CodingKeys: String, CodingKey {
    case target, day
    case waitsForChoice = "choose"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    target = try container.decode(String.self, forKey: .target)
    day = try container.decode(String.self, forKey: .day)
    waitsForChoice = try container.decodeIfPresent(Bool.self, forKey: .waitsForChoice) ?? false
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(target, forKey: .target)
    try container.encode(day, forKey: .day)
    if waitsForChoice { try container.encode(true, forKey: .waitsForChoice) }
  }

  /// The longest target kept, in bytes: a path is at most `PATH_MAX`.
  static let longestTarget = 4096

  /// The play read from one line of the file, nil for a line that is not one (a torn last line,
  /// an edit by hand): that line alone is lost.
  init?(line: Substring) {
    guard line.utf8.count <= Self.longestTarget + 100,
      let play = try? JSONDecoder().decode(PendingPlay.self, from: Data(line.utf8)),
      !play.target.isEmpty, play.target.utf8.count <= Self.longestTarget,
      ReleaseDate(play.day)?.description == play.day
    else { return nil }
    self = play
  }

  /// A play of `target` on `day`; a URL is kept without its user, query and fragment (where
  /// tokens travel): its name is read from its path alone.
  init(target: String, day: String) {
    self.target = Self.kept(target)
    self.day = day
  }

  /// `target` as it is kept: a path as it is, a URL as `scheme://host/path`.
  static func kept(_ target: String) -> String {
    guard PlayTarget.isURL(target), let range = target.firstRange(of: "://") else { return target }
    let rest = target[range.upperBound...].prefix { $0 != "?" && $0 != "#" }
    let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<pathStart]
    let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
    return String(target[..<range.upperBound] + host + rest[pathStart...])
  }

  /// Its line in the file, no newline.
  var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }
}

/// The plays kept to record later, one JSON line each in `pending-plays.jsonl` beside the library
/// (so each profile has its own, and it never syncs: another machine would record it twice).
///
/// Writers take an exclusive `flock` on the file; the file is rewritten whole through a temporary
/// renamed over it, so a crash leaves the old list or the new one, never half of one.
struct PendingPlays {
  /// The most plays kept: a player gone wrong cannot fill the disk.
  static let most = 1000
  /// The file's name, beside the library's.
  static let fileName = "pending-plays.jsonl"

  /// The file.
  let file: URL

  /// The list of the library of `environment`, nil when there is no place for a library.
  init?(environment: [String: String]) {
    guard let library = Library.standardPath(environment: environment) else { return nil }
    file = library.deletingLastPathComponent().appendingPathComponent(Self.fileName)
  }

  /// The list kept in `file`.
  init(file: URL) {
    self.file = file
  }

  /// The plays kept, oldest first (unreadable lines left out).
  func read() -> [PendingPlay] {
    guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
    return Self.plays(in: data)
  }

  /// The plays of the file's bytes.
  static func plays(in data: Data) -> [PendingPlay] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap(PendingPlay.init(line:))
  }

  /// Keeps `play` (once: the same target and day is one play); false when it could not be written,
  /// could not be read back (a path past `longestTarget`), or the list is full.
  func keep(_ play: PendingPlay) -> Bool {
    guard PendingPlay(line: Substring(play.line)) != nil else { return false }
    return locked { plays in
      if plays.contains(where: { $0.target == play.target && $0.day == play.day }) { return plays }
      guard plays.count < Self.most else { return nil }
      return plays + [play]
    }
  }

  /// Takes `settled` off the list, keeping any kept meanwhile by another process.
  @discardableResult
  func remove(_ settled: [PendingPlay]) -> Bool {
    guard !settled.isEmpty, access(file.path, F_OK) == 0 else { return true }
    return locked { plays in plays.filter { !settled.contains($0) } }
  }

  /// Runs `change` on the list under the file's lock and writes what it returns (nil: nothing);
  /// false when the folder, the lock or the write failed.
  private func locked(_ change: ([PendingPlay]) -> [PendingPlay]?) -> Bool {
    let folder = file.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    // A writer that waited on a file another writer has since replaced locks the new one.
    for _ in 0..<8 {
      let descriptor = open(file.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      guard flock(descriptor, LOCK_EX) == 0 else { return false }
      var held = stat()
      var named = stat()
      guard fstat(descriptor, &held) == 0 else { return false }
      guard stat(file.path, &named) == 0, named.st_ino == held.st_ino, named.st_dev == held.st_dev else { continue }
      let plays = read()
      guard let changed = change(plays) else { return false }
      // Nothing changed: a file made empty by this open goes again.
      if changed == plays { return !plays.isEmpty || unlink(file.path) == 0 }
      return write(changed, in: folder)
    }
    return false
  }

  /// Writes `plays` as the whole file (the file removed when none are left).
  private func write(_ plays: [PendingPlay], in folder: URL) -> Bool {
    guard !plays.isEmpty else { return unlink(file.path) == 0 }
    let text = plays.map(\.line).joined(separator: "\n") + "\n"
    let temporary = folder.appendingPathComponent(".\(Self.fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced, rename(temporary.path, file.path) == 0 else {
      unlink(temporary.path)
      return false
    }
    return true
  }
}
