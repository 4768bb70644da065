import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The XDG base directories: `$XDG_CACHE_HOME`, `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, each with its
/// place under the home directory when unset, empty or relative (as the spec says).
public enum XDG {
  /// One base directory kind: its variable and its place under the home directory.
  public enum Kind: Sendable {
    case cache, config, data

    var variable: String {
      switch self {
      case .cache: return "XDG_CACHE_HOME"
      case .config: return "XDG_CONFIG_HOME"
      case .data: return "XDG_DATA_HOME"
      }
    }

    var underHome: String {
      switch self {
      case .cache: return ".cache"
      case .config: return ".config"
      case .data: return ".local/share"
      }
    }
  }

  /// `trending`'s directory of a kind, or nil when neither the variable nor a home is usable.
  public static func directory(_ kind: Kind, environment: [String: String]) -> URL? {
    if let base = usable(environment[kind.variable]) {
      return URL(fileURLWithPath: base).appendingPathComponent("trending")
    }
    guard let home = usable(environment["HOME"]) ?? usable(accountHome()) else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(kind.underHome).appendingPathComponent("trending")
  }

  /// A path worth using: absolute and not the root directory.
  private static func usable(_ path: String?) -> String? {
    guard let path, path.hasPrefix("/"), path.contains(where: { $0 != "/" }) else { return nil }
    return path
  }

  /// The home directory in the password database.
  private static func accountHome() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }
}
