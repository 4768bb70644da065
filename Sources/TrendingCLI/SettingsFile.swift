import AmodbKit
import FoundationEssentials
import Localization
import TrendingCore

#if canImport(Glibc)
  import Glibc
#endif

/// The user's settings file at `$XDG_CONFIG_HOME/trending/config`: where it is, what it says, and
/// how its values meet the environment and the flags (flags beat the environment, which beats the file).
public struct SettingsFile: Sendable {
  /// The largest file read; a settings file is a few lines.
  static let maximumBytes = 64 * 1024

  /// The environment variable each setting stands in for when it is not set.
  static let variables = [
    "language": "AMODB_LANGUAGE", "region": "AMODB_REGION", "images": "TRENDING_IMAGES", "mouse": "TRENDING_MOUSE",
    "theme": "TRENDING_THEME", "screen-reader": "TRENDING_SCREEN_READER",
    "key-file": "AMODB_KEY_FILE", "jellyfin-token-file": "JELLYFIN_TOKEN_FILE", "plex-token-file": "PLEX_TOKEN_FILE",
    "tvtime-passphrase-file": "TRENDING_TVTIME_PASSPHRASE_FILE",
  ]

  /// The setting whose value stands in for `variable`, if one does.
  static func setting(of variable: String) -> String? {
    variables.first { $0.value == variable }?.key
  }

  /// The variables whose values the file gives: those it sets that `environment` leaves unset.
  public func variablesGiven(over environment: [String: String]) -> Set<String> {
    Set(settings.values.keys.compactMap { Self.variables[$0] }.filter { (environment[$0] ?? "").isEmpty })
  }

  /// Where the file is (or would be), or nil when there is no usable home.
  public let path: URL?
  /// Whether a file was there to read.
  public let exists: Bool
  /// What it says.
  public let settings: Settings
  /// Why it could not be read at all, when that is so.
  let failure: Failure?
  /// Whether `TRENDING_CONFIG` named it.
  public let named: Bool
  /// Its text, kept so its problems are worded in the interface's language when they are shown.
  private let text: String?

  /// Why a file could not be read.
  enum Failure: Sendable {
    case notAFile, tooLarge, notUTF8, missingNamed
    case system(String)

    /// In the interface's language.
    var reason: String {
      switch self {
      case .notAFile: return tr("not a file")
      case .tooLarge: return tr("larger than 64 KiB")
      case .notUTF8: return tr("not UTF-8")
      case .missingNamed: return tr("TRENDING_CONFIG names it, but there is no such file")
      case .system(let text): return text
      }
    }
  }

  /// The variable that names another settings file.
  public static let override = "TRENDING_CONFIG"

  /// Where the settings file is, as text: `TRENDING_CONFIG`, else the XDG config place.
  public static func location(environment: [String: String]) -> String? {
    if let named = environment[override], !named.isEmpty { return named }
    return XDG.filePath("config", in: .config, environment: environment)
  }

  /// Reads the file for this environment; a missing file is empty settings.
  public init(environment: [String: String]) {
    let location = Self.location(environment: environment)
    path = location.map { URL(fileURLWithPath: $0) }
    named = !(environment[Self.override] ?? "").isEmpty
    guard let location else {
      (exists, settings, failure, text) = (false, Settings(), nil, nil)
      return
    }
    switch Self.read(location) {
    case .missing:
      (exists, settings, text) = (false, Settings(), nil)
      failure = named ? .missingNamed : nil
    case .text(let contents): (exists, settings, failure, text) = (true, Settings(parsing: contents), nil, contents)
    case .unreadable(let why): (exists, settings, failure, text) = (true, Settings(), why, nil)
    }
  }

  private enum Contents {
    case missing, text(String), unreadable(Failure)
  }

  /// Reads a regular file of at most 64 KiB as UTF-8, following no link at the last step.
  private static func read(_ path: String) -> Contents {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .missing : .unreadable(.system(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable(.notAFile) }
    guard Int(info.st_size) <= maximumBytes else { return .unreadable(.tooLarge) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { return .unreadable(.system(String(cString: strerror(errno)))) }
    guard let text = String(validating: bytes.prefix(count), as: UTF8.self) else { return .unreadable(.notUTF8) }
    return .text(text)
  }

  /// The problems as lines for people, `FILE:LINE: message`, worded in the interface's language
  /// as it is now (the file is read before the language is known: it may choose it).
  public var messages: [String] { messages(brief: false) }

  /// The problems, each under the file's name alone ("config:2: …"): the browser's status line,
  /// where a long path would leave no room for what is wrong.
  public var briefMessages: [String] { messages(brief: true) }

  private func messages(brief: Bool) -> [String] {
    // Nothing to say costs nothing: the name is made (a URL's `path`) only for a problem.
    guard failure != nil || !settings.problems.isEmpty else { return [] }
    let name = TextSanitizer.clean((brief ? path?.lastPathComponent : path?.path) ?? "config", limit: 200)
    if let failure { return [tr("%1$s: could not be read: %2$s", name, failure.reason)] }
    // Parsed again, now in the interface's language.
    return Settings(parsing: text ?? "").problems.map { "\(name):\($0.line): \($0.message)" }
  }

  /// The environment with the file's values where the environment has none: so a flag beats the
  /// environment, which beats the file, with one resolution path for each.
  public func environment(over environment: [String: String]) -> [String: String] {
    var merged = environment
    for (name, value) in settings.values {
      guard let variable = Self.variables[name], (environment[variable] ?? "").isEmpty else { continue }
      merged[variable] = value
    }
    return merged
  }

  /// `trending config`: the effective settings and where each comes from, or a commented template
  /// when there is no file.
  public func report(invocation: Invocation, environment: [String: String]) -> String {
    var lines: [String] = []
    let name = TextSanitizer.clean(path?.path ?? tr("(no home directory)"), limit: 200)
    if !exists {
      lines.append(
        "# " + tr("No settings file at %s; this is a template. Copy it there and uncomment what you want.", name))
    } else {
      lines.append("# " + tr("Effective settings: flags beat the environment, which beats %s.", name))
    }
    for (setting, values, meaning, example) in Settings.names {
      let (value, source) = effective(setting, invocation: invocation, environment: environment)
      lines.append("")
      lines.append("# \(setting) \(values): \(meaning)")
      if let value {
        lines.append("set \(setting) \(TextSanitizer.clean(value, limit: 40))  # " + tr("from: %s", source))
      } else {
        lines.append("# set \(setting) \(example)")
      }
    }
    lines.append("")
    lines.append(
      "# " + tr("Keys: bind SCREEN KEY COMMAND, unbind SCREEN KEY; screens: %s.", KeyContext.settingsNames))
    lines.append("# " + tr("Commands: %s", Command.allCases.map(\.name).joined(separator: " ")))
    for change in settings.bindings {
      switch change {
      case .bind(let key, let command, let contexts):
        lines.append(
          "bind \(Self.contextName(contexts)) \(TextSanitizer.clean(key.settingsName, limit: 20)) \(command.name)")
      case .unbind(let key, let contexts):
        lines.append("unbind \(Self.contextName(contexts)) \(TextSanitizer.clean(key.settingsName, limit: 20))")
      }
    }
    if settings.bindings.isEmpty { lines.append("# bind list x open") }
    lines.append("")
    lines.append("# " + tr("Colours: color ROLE FOREGROUND BACKGROUND [bold]; names black … white, 0–255 or default."))
    lines.append("# " + tr("Roles: %s", Settings.roles.joined(separator: " ")))
    for role in Settings.roles {
      guard let color = settings.colors[role] else { continue }
      lines.append(
        "color \(role) \(Self.colorName(color.foreground)) \(Self.colorName(color.background))"
          + (color.bold ? " bold" : ""))
    }
    if settings.colors.isEmpty { lines.append("# color selected black yellow bold") }
    lines.append("")
    lines.append("# " + tr("Tabs: tab NAME FILTER…, the filters as the README lists them."))
    // Each tab as its line says it (comments off): the filter words are the user's own.
    let written = text?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
    for tab in settings.savedTabs where tab.line >= 1 && tab.line <= written.count {
      let line = written[tab.line - 1].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      lines.append(TextSanitizer.clean(words.joined(separator: " "), limit: 300))
    }
    if settings.savedTabs.isEmpty { lines.append(#"# tab "Korean thrillers" genre=Thriller language=ko min-score=7"#) }
    for message in messages { lines.append("# " + tr("problem: %s", message)) }
    return lines.joined(separator: "\n")
  }

  /// One setting's value and its source: the flag, the environment, the file, or nil (the default).
  public func effective(_ setting: String, invocation: Invocation, environment: [String: String]) -> (
    value: String?, source: String
  ) {
    let flags: [String: String?] = [
      "language": invocation.language, "region": invocation.region, "images": invocation.images?.rawValue,
      "mouse": invocation.noMouse ? "off" : nil, "screen-reader": invocation.screenReader ? "true" : nil,
    ]
    let variable = Self.variables[setting] ?? ""
    if let flag = flags[setting] ?? nil { return (flag, tr("flag")) }
    if let fromEnvironment = environment[variable], !fromEnvironment.isEmpty { return (fromEnvironment, variable) }
    if let fromFile = settings.values[setting] { return (fromFile, tr("file")) }
    return (nil, tr("default"))
  }

  private static func contextName(_ contexts: Set<KeyContext>) -> String {
    contexts == KeyTable.pages ? "all" : contexts.first?.name ?? "all"
  }

  private static func colorName(_ number: Int) -> String {
    number < 0
      ? "default"
      : number < 8
        ? ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"][number]
        : String(number)
  }
}

extension Key {
  /// How the settings file names the key.
  var settingsName: String {
    switch self {
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .tab: return "Tab"
    case .backTab: return "S-Tab"
    case .character(" "): return "Space"
    case .backspace: return "Backspace"
    case .delete: return "Del"
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .character(let character): return String(character)
    case .control(let character): return "^" + String(character).uppercased()
    }
  }
}
