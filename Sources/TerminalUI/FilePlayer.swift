import AmodbKit
import FoundationEssentials
import Glibc
import Localization
import TrendingCore

/// What `P` in the browser plays files with: mpv (`MpvPlayer`), the `watched-at` threshold, and the
/// environment the paths typed are read in (`~` is `HOME`; a relative path is the current folder's).
public struct FilePlayer: Sendable {
  /// The player.
  public var player: MpvPlayer
  /// The `watched-at` percentage.
  public var threshold: Int
  /// `HOME`, `XDG_RUNTIME_DIR`, `TMPDIR`, `PATH`.
  public var environment: [String: String]

  /// The most names of a folder completion reads.
  static let mostNames = 10_000

  /// A player from the settings (`player`, `watched-at`) and the environment.
  public init(setting: String?, threshold: Int, environment: [String: String]) {
    player = MpvPlayer(setting: setting, environment: environment)
    self.threshold = threshold
    self.environment = environment
  }

  /// The typed path as a file's: `~/` from `HOME`, a relative one from the current folder.
  func resolve(_ typed: String) -> String {
    if typed == "~" || typed.hasPrefix("~/"), let home = environment["HOME"], home.hasPrefix("/") {
      return home + typed.dropFirst()
    }
    if typed.hasPrefix("/") { return typed }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" + typed }
    let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (folder.hasSuffix("/") ? folder : folder + "/") + typed
  }

  /// The typed path completed from the names in its folder (names a terminal could not show whole
  /// are left out), and how many begin with what is typed.
  func complete(_ typed: String) -> (text: String, matches: Int) {
    let (folder, begun) = PathCompletion.split(typed)
    let path = resolve(folder.isEmpty ? "." : folder)
    guard let directory = opendir(path) else { return (typed, 0) }
    defer { closedir(directory) }
    var entries: [PathEntry] = []
    while entries.count < Self.mostNames, let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != "..", name.hasPrefix(begun), TextSanitizer.clean(name) == name else { continue }
      var status = stat()
      let isFolder = stat(path + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      entries.append(PathEntry(name: name, isFolder: isFolder))
    }
    return PathCompletion.complete(typed, entries: entries)
  }
}
