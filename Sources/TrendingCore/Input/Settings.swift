import AmodbKit
import FoundationEssentials
import Localization

/// A colour role the settings file can change: each tone a cell is drawn in, and the selection.
public enum ColorRole: String, Sendable, CaseIterable {
  case normal, muted, accent, title, good, fair, poor, error, warning, bar
  case barMuted = "bar-muted"
  case link, yours, match
  case score1 = "score-1", score2 = "score-2", score3 = "score-3", score4 = "score-4", score5 = "score-5"
  case selected
}

/// The settings file, read: values, key bindings and colours, and the lines that could not be used.
///
/// The file is in the line style of tigrc and newsboat: `set NAME VALUE`, `bind CONTEXT KEY
/// COMMAND`, `unbind CONTEXT KEY`, `color ROLE FOREGROUND BACKGROUND [bold]`, `#` comments. A bad
/// line is reported with its number and the rest still applies.
public struct Settings: Equatable, Sendable {
  /// A line that could not be used, and why.
  public struct Problem: Equatable, Sendable {
    /// The line number, from 1.
    public var line: Int
    /// What is wrong with it.
    public var message: String
  }

  /// One `bind` or `unbind`, in file order.
  public enum BindingChange: Equatable, Sendable {
    case bind(Key, Command, Set<KeyContext>)
    case unbind(Key, Set<KeyContext>)
  }

  /// A colour for a role: terminal colour numbers (-1 is the default) and weight.
  public struct Color: Equatable, Sendable {
    /// Foreground colour.
    public var foreground: Int
    /// Background colour.
    public var background: Int
    /// Bold.
    public var bold: Bool

    /// Makes a colour.
    public init(foreground: Int, background: Int, bold: Bool) {
      self.foreground = foreground
      self.background = background
      self.bold = bold
    }
  }

  /// The names `set` takes, with what each does, in the template's order.
  public static var names: [(name: String, values: String, meaning: String, example: String)] {
    [
      ("language", "TAG", tr("the language of the interface and the data (AMODB_LANGUAGE, --language)"), "ru-RU"),
      (
        "region", "CC", tr("the country for lists, certifications and where to watch (AMODB_REGION, --region)"), "UA"
      ),
      ("images", "auto|kitty|sixel|iterm|symbols|off", tr("posters (TRENDING_IMAGES, --images)"), "symbols"),
      ("services", "NAME, NAME", tr("your streaming services, as trending services names them"), "Netflix, MUBI"),
      ("mouse", "on|off", tr("the mouse (--no-mouse; TRENDING_MOUSE)"), "off"),
      ("hide-seen", "true|false", tr("start with seen titles hidden from the lists (H shows them)"), "true"),
      (
        "theme", "auto|dark|light", tr("colours for a dark or a light terminal (TRENDING_THEME; auto reads COLORFGBG)"),
        "light"
      ),
      (
        "player", "COMMAND",
        tr(
          "what plays trailers, and trending play's files when it is mpv (default: mpv when on PATH, else the opener)"),
        "mpv --fs"
      ),
      ("player-detached", "true|false", tr("start the player in the background rather than in the terminal"), "true"),
      (
        "watched-at", "PERCENT",
        tr(
          "how much of a file trending play (or mpv with trending mpv-script) plays before it counts as watched (default: 90)"
        ),
        "85"
      ),
      ("opener", "COMMAND", tr("what o opens pages with (default: $BROWSER, else xdg-open)"), "firefox"),
      (
        "screen-reader", "true|false",
        tr("the cursor on the focused row, no posters or spinner (--screen-reader; TRENDING_SCREEN_READER)"), "true"
      ),
      (
        "sync-folder", "PATH",
        tr("a folder your file sync carries: the library joins it and syncs through it (trending sync init)"),
        "~/Sync/trending"
      ),
      (
        "key-file", "PATH",
        tr(
          "a file only you can read (mode 0600) holding your amodb key, kept out of the shell's history (AMODB_KEY_FILE)"
        ),
        "~/.config/trending/key"
      ),
      (
        "jellyfin-token-file", "PATH",
        tr("a file only you can read (mode 0600) holding the Jellyfin token (JELLYFIN_TOKEN)"),
        "~/.config/trending/jellyfin-token"
      ),
      (
        "plex-token-file", "PATH", tr("a file only you can read (mode 0600) holding the Plex token (PLEX_TOKEN)"),
        "~/.config/trending/plex-token"
      ),
      (
        "tvtime-passphrase-file", "PATH",
        tr("a file only you can read (mode 0600) holding the passphrase of TV Time's export zip"),
        "~/.config/trending/tvtime-passphrase"
      ),
    ]
  }

  /// The settings whose value is a path (spaces and all): where a secret is kept, never the secret.
  static let pathSettings: Set<String> = [
    "key-file", "jellyfin-token-file", "plex-token-file", "tvtime-passphrase-file", "sync-folder",
  ]

  /// The settings whose value is a command with its arguments (`set player mpv --fs`).
  static let commandSettings: Set<String> = ["player", "opener"]

  /// The colour roles `color` takes, as the settings file names them.
  public static let roles = ColorRole.allCases.map(\.rawValue)

  /// The colour names `color` takes, beside numbers 0–255 and `default`.
  static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// `set` values by name.
  public var values: [String: String] = [:]
  /// Key binding changes, in file order.
  public var bindings: [BindingChange] = []
  /// Colours by role.
  public var colors: [String: Color] = [:]
  /// The lines that could not be used.
  public var problems: [Problem] = []
  /// The streaming services `set services` names, as written.
  public var services: [String] = []
  /// The line of `set services`, for its messages.
  public var servicesLine = 0
  /// The `tab "…"` lines, in file order.
  public var savedTabs: [SavedTab] = []

  /// Empty settings.
  public init() {}

  /// Reads the text of a settings file.
  public init(parsing text: String) {
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard let verb = words.first else { continue }
      // A command of its own: every word after the name.
      if verb == "set", words.count > 2, Self.commandSettings.contains(words[1]) {
        values[words[1]] = words.dropFirst(2).joined(separator: " ")
        continue
      }
      if verb == "set", words.count > 2, Self.pathSettings.contains(words[1]) {
        let path = words.dropFirst(2).joined(separator: " ")
        guard path.hasPrefix("/") || path.hasPrefix("~/") else {
          problems.append(Problem(line: index + 1, message: tr("%s takes an absolute path or one under ~/", words[1])))
          continue
        }
        values[words[1]] = path
        continue
      }
      let message =
        Self.isDiscoverLine(words)
        ? applyDiscover(words, String(line), number: index + 1) : apply(verb, Array(words.dropFirst()))
      if let message {
        problems.append(Problem(line: index + 1, message: message))
      }
    }
  }

  /// Applies one line; returns what is wrong with it, or nil.
  private mutating func apply(_ verb: String, _ words: [String]) -> String? {
    switch verb {
    case "set":
      guard words.count == 2 else { return tr("'set' takes a name and a value, e.g. 'set region UA'") }
      return set(words[0], words[1])
    case "bind":
      guard words.count == 3 else { return tr("'bind' takes a screen, a key and a command, e.g. 'bind list x open'") }
      guard let contexts = Self.contexts(words[0]) else { return Self.badContext(words[0]) }
      guard let key = Key(name: words[1]) else { return tr("unknown key '%s'", Self.shown(words[1])) }
      guard let command = Command(name: words[2]) else {
        return tr(
          "unknown command '%1$s'; commands: %2$s", Self.shown(words[2]),
          Command.allCases.map(\.name).joined(separator: ", "))
      }
      bindings.append(.bind(key, command, contexts))
    case "unbind":
      guard words.count == 2 else { return tr("'unbind' takes a screen and a key, e.g. 'unbind list q'") }
      guard let contexts = Self.contexts(words[0]) else { return Self.badContext(words[0]) }
      guard let key = Key(name: words[1]) else { return tr("unknown key '%s'", Self.shown(words[1])) }
      bindings.append(.unbind(key, contexts))
    case "color":
      guard words.count == 3 || words.count == 4 else {
        return tr("'color' takes a role, a foreground and a background, e.g. 'color selected black yellow bold'")
      }
      guard Self.roles.contains(words[0]) else {
        return tr("unknown colour role '%1$s'; roles: %2$s", Self.shown(words[0]), Self.roles.joined(separator: ", "))
      }
      guard let foreground = Self.color(words[1]), let background = Self.color(words[2]) else {
        return tr("colours are names (black … white), numbers 0–255 or 'default'")
      }
      if words.count == 4, words[3] != "bold" { return tr("the last word of 'color' can only be 'bold'") }
      colors[words[0]] = Color(foreground: foreground, background: background, bold: words.count == 4)
    default:
      return tr("unknown word '%s'; lines start with set, bind, unbind, color or tab", Self.shown(verb))
    }
    return nil
  }

  private mutating func set(_ name: String, _ value: String) -> String? {
    let allowed: [String: [String]] = [
      "images": ["auto", "kitty", "sixel", "iterm", "symbols", "off"], "mouse": ["on", "off"],
      "hide-seen": ["true", "false"], "theme": ["auto", "dark", "light"], "player-detached": ["true", "false"],
      "screen-reader": ["true", "false"],
    ]
    switch name {
    case "language":
      guard value.count <= 35, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
        return tr("a language is a tag such as ru-RU")
      }
    case "region":
      guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return tr("a region is a two-letter country code such as UA")
      }
      values[name] = value.uppercased()
      return nil
    case "watched-at":
      guard WatchedAt.parse(value) != nil else {
        return tr("watched-at takes a percentage from 1 to 100, not '%s'", Self.shown(value))
      }
    default:
      guard let options = allowed[name] else {
        return tr(
          "unknown setting '%1$s'; settings: %2$s", Self.shown(name), Self.names.map(\.name).joined(separator: ", "))
      }
      guard options.contains(value) else {
        return tr("%1$s takes %2$s, not '%3$s'", name, options.joined(separator: ", "), Self.shown(value))
      }
    }
    values[name] = value
    return nil
  }

  /// Applies the bindings to a key table, in file order.
  public func apply(to table: inout KeyTable) {
    for change in bindings {
      switch change {
      case .bind(let key, let command, let contexts):
        table.unbind(key, in: contexts)
        table.bind(key, to: command, in: contexts, help: command.name)
      case .unbind(let key, let contexts):
        table.unbind(key, in: contexts)
      }
    }
  }

  private static func contexts(_ word: String) -> Set<KeyContext>? {
    if word == "all" { return KeyTable.pages }
    return KeyContext(name: word).map { [$0] }
  }

  private static func badContext(_ word: String) -> String {
    tr("unknown screen '%s'; screens: %s", shown(word), KeyContext.settingsNames)
  }

  private static func color(_ word: String) -> Int? {
    if word == "default" { return -1 }
    if let index = colorNames.firstIndex(of: word) { return index }
    guard let number = Int(word), (0...255).contains(number) else { return nil }
    return number
  }

  /// A word as a message echoes it, in any script: no control characters or escape sequences, at
  /// most 30 characters.
  static func shown(_ word: String) -> String {
    TextSanitizer.clean(word, limit: 30)
  }
}

extension Key {
  /// Reads a key as the settings file names it: `x`, `Enter`, `Esc`, `Tab`, `Space`, `Up`, `PgDn`,
  /// `^X` or `C-x`.
  public init?(name: String) {
    let named: [String: Key] = [
      "enter": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "s-tab": .backTab, "backtab": .backTab,
      "space": .character(" "), "backspace": .backspace, "del": .delete, "delete": .delete, "up": .up, "down": .down,
      "left": .left, "right": .right,
      "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "home": .home, "end": .end,
    ]
    if let key = named[name.lowercased()] {
      self = key
      return
    }
    let scalars = Array(name.unicodeScalars)
    // One character a terminal shows as itself: no control, bidi override, line separator or
    // other formatter (the sanitizer would drop it), which could not be typed and would echo raw.
    if scalars.count == 1, scalars[0].value > 0x20, TextSanitizer.clean(name) == name {
      self = .character(Character(scalars[0]))
      return
    }
    let control = name.hasPrefix("^") ? name.dropFirst() : name.lowercased().hasPrefix("c-") ? name.dropFirst(2) : nil
    if let control, control.count == 1, let letter = control.lowercased().first, ("a"..."z").contains(letter) {
      self = .control(letter)
      return
    }
    return nil
  }
}
