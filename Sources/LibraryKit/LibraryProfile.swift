import AmodbKit
import FoundationEssentials

/// A profile: a library of its own, so two people in one home keep their own records (and, since
/// the sync folder is stored in the library, their own sync folders).
///
/// The default profile is the library of before profiles, `$XDG_DATA_HOME/trending/library.sqlite3`;
/// any other is `$XDG_DATA_HOME/trending/profiles/NAME/library.sqlite3`.
public struct LibraryProfile: Equatable, Hashable, Sendable {
  /// The variable that names the profile when `--profile` is not given (empty is unset).
  public static let variable = "TRENDING_PROFILE"
  /// The default profile's name.
  public static let defaultName = "default"
  /// The folder, in `$XDG_DATA_HOME/trending`, that holds every profile but the default.
  public static let folder = "profiles"
  /// The most characters a name has.
  public static let longestName = 64

  /// The default profile: today's library file, exactly.
  public static let standard = LibraryProfile(checked: defaultName)

  /// The variable `--demo` sets: every profile's library is the demo's own.
  public static let demoVariable = "TRENDING_DEMO_LIBRARY"
  /// The folder, in `$XDG_DATA_HOME/trending`, that holds the demo's libraries (each profile's):
  /// marks made on the demo's titles never reach a real record, nor its sync folder.
  public static let demoFolder = "demo"

  /// The name, as given.
  public let name: String
  /// Whether this is the profile's library in the demo, apart from the real one.
  public private(set) var isDemo = false

  /// Whether this is the default profile.
  public var isDefault: Bool { name == Self.defaultName }

  /// The profile called `name`, or nil when `name` is not a profile's name: 1 to 64 of ASCII
  /// letters, digits, `.`, `_` and `-`, not starting with `.` (so never `..`, a hidden folder, a
  /// slash or anything else that leads outside the profiles folder) or `-` (an option, as in
  /// `--profile --demo`, is never taken for a name).
  public init?(name: String) {
    guard Self.isName(name) else { return nil }
    self.name = name
  }

  /// A name known to be good.
  private init(checked name: String) {
    self.name = name
  }

  /// Whether `text` is a profile's name.
  public static func isName(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard (1...longestName).contains(bytes.count), bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-")
    else { return false }
    return bytes.allSatisfy(isNameByte)
  }

  /// One byte a name may hold: an ASCII letter or digit, `.`, `_` or `-`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// The profile `TRENDING_PROFILE` names (in the demo when `--demo` set its variable): the default
  /// when it is unset or empty, nil when it is not a profile's name.
  public static func named(in environment: [String: String]) -> LibraryProfile? {
    let text = environment[variable] ?? ""
    var profile = text.isEmpty ? standard : LibraryProfile(name: text)
    profile?.isDemo = environment[demoVariable]?.isEmpty == false
    return profile
  }

  /// The names of the profiles (not the default) that have a library, sorted.
  public static func withLibraries(environment: [String: String]) -> [String] {
    let demo = environment[demoVariable]?.isEmpty == false ? demoFolder + "/" : ""
    guard let folder = XDG.file(demo + Self.folder, in: .data, environment: environment) else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
      isName(name)
        && FileManager.default.fileExists(
          atPath: folder.appendingPathComponent(name).appendingPathComponent(Library.fileName).path)
    }.sorted()
  }

  /// The library file's path under `$XDG_DATA_HOME/trending` (`library.sqlite3` for the default),
  /// under `demo/` for the demo's.
  var relativePath: String {
    (isDemo ? Self.demoFolder + "/" : "")
      + (isDefault ? Library.fileName : Self.folder + "/" + name + "/" + Library.fileName)
  }
}
