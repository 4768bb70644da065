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
    path(kind, environment: environment, file: nil).map { URL(fileURLWithPath: $0) }
  }

  /// A file in `trending`'s directory of a kind, e.g. the settings file `config`.
  public static func file(_ name: String, in kind: Kind, environment: [String: String]) -> URL? {
    filePath(name, in: kind, environment: environment).map { URL(fileURLWithPath: $0) }
  }

  /// The same file's path as text, for a file opened at start-up: a URL's `path` costs its first
  /// use a lookup of generic metadata by name (0.1 ms on the main thread).
  public static func filePath(_ name: String, in kind: Kind, environment: [String: String]) -> String? {
    path(kind, environment: environment, file: name)
  }

  /// The path `directory` and `file` make their URL of, joined as text: one `URL` is made, where
  /// appending each part to a URL was about 4% of the start-up's main thread (its parsing, and the
  /// generic metadata its first use looks up by name).
  private static func path(_ kind: Kind, environment: [String: String], file: String?) -> String? {
    let parts: [String]
    if let base = usable(environment[kind.variable]) {
      parts = [base, "trending"]
    } else if let home = usable(environment["HOME"]) ?? usable(accountHome) {
      parts = [home, kind.underHome, "trending"]
    } else {
      return nil
    }
    return (parts + (file.map { [$0] } ?? [])).dropFirst().reduce(parts[0]) { path, part in
      path + (path.hasSuffix("/") ? "" : "/") + part
    }
  }

  /// A path worth using: absolute and not the root directory.
  private static func usable(_ path: String?) -> String? {
    guard let path, path.hasPrefix("/"), path.contains(where: { $0 != "/" }) else { return nil }
    return path
  }

  /// The home directory in the password database, looked up once: each look-up reads
  /// nsswitch.conf and the passwd file (about 0.1 ms), and a start-up without HOME asks for the
  /// config, cache and data places.
  private static let accountHome: String? = {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }()
}
