import AmodbKit
import Localization
import TrendingCore

/// `trending(1)` in roff, written from the program's own tables.
///
/// Options and commands come from `OptionTable`, keys from `KeyTable.standard`, exit codes from
/// `ExitCode`, so the page never drifts from the program.
public enum ManualPage {
  /// Variables the program reads that no option stands for, and what each does.
  static let variables: [(name: String, meaning: String)] = [
    ("AMODB_KEY", "your amodb API key; never a flag, since flags show up in ps and shell history"),
    (
      "AMODB_KEY_FILE",
      "a file only you can read (mode 0600) holding the key, when AMODB_KEY is not set (also 'set key-file')"
    ),
    ("TRENDING_CONFIG", "the settings file to read instead of $XDG_CONFIG_HOME/trending/config"),
    ("TRENDING_THEME", "auto, dark or light: colours for a dark or a light terminal (also 'set theme')"),
    ("COLORFGBG", "read for the theme when TRENDING_THEME is auto"),
    ("COLORTERM", "truecolor or 24bit: 24-bit colour through a -direct terminfo entry when one exists"),
    ("TERM", "the terminal; one of a known family without an entry here is drawn as xterm-256color"),
    (
      "LC_ALL, LC_MESSAGES, LANG",
      "the interface's and the data's language when neither --language nor AMODB_LANGUAGE says"
    ),
    ("XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME", "where the settings, the library and the cache live"),
    ("https_proxy, http_proxy, all_proxy, no_proxy", "a proxy, as curl reads them"),
    ("BROWSER", "the program o opens pages with (else xdg-open)"),
    ("TRENDING_STATUS_FILE", "a file the browser reports its idle state to, for tests"),
    (
      "TRENDING_TVTIME_PASSPHRASE_FILE",
      "a file holding the passphrase of TV Time's protected export (yours alone, mode 600); else it is asked, unseen"
    ),
    (
      "JELLYFIN_TOKEN, PLEX_TOKEN",
      "the media server's token for import jellyfin or import plex (else the file jellyfin-token-file or plex-token-file names)"
    ),
    (
      "JELLYFIN_TOKEN_FILE, PLEX_TOKEN_FILE",
      "a file only you can read holding the media server's token, when the token's variable is not set (also 'set jellyfin-token-file', 'set plex-token-file')"
    ),
  ]

  /// The page, in English, undated.
  public static var roff: String { roff(dated: nil) }

  /// The page, in English, dated `day` (`YYYY-MM-DD`, the release's: `date(environment:)`).
  public static func roff(dated day: String?) -> String {
    Translator.$override.withValue(.english) { page(dated: day ?? "") }
  }

  /// The page's date from `SOURCE_DATE_EPOCH` (reproducible builds: `make install` sets it to the
  /// last commit's time), as `YYYY-MM-DD` in UTC; nil when unset or not a time.
  public static func date(environment: [String: String]) -> String? {
    guard let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int(text), seconds >= 0 else { return nil }
    return CivilDay(daysSince1970: seconds / 86_400).iso
  }

  private static func page(dated day: String) -> String {
    var lines = [
      ".\\\" Written by 'trending man' from the program's own tables; do not edit.",
      ".TH TRENDING 1 \"\(day)\" \"trending \(AmodbKitInfo.version)\" \"User Commands\"",
      ".SH NAME",
      "trending \\- trending films and series, and your record of what you watch, in your terminal",
      ".SH SYNOPSIS",
    ]
    for command in OptionTable.commands {
      lines += [".br", synopsis(command)]
      for option in command.alone { lines += [".br", bold(command.verb.invocation) + " " + bold(option)] }
    }
    lines += [
      ".SH DESCRIPTION",
      escape(
        "A fast full-screen browser for amodb's films and series on ncurses, with your own library of what you "
          + "watch (seen episode by episode, ratings, notes, lists, imports, sync between your machines), and "
          + "commands for scripts and pipes. Without a command it browses full-screen; the commands print to "
          + "standard output, one title a line when piped, and JSON with --json."),
      ".SH COMMANDS",
    ]
    for command in OptionTable.commands where command.verb != .browse {
      lines += [".TP", synopsis(command), escape(command.detail)]
    }
    lines.append(".SH OPTIONS")
    for option in OptionTable.options {
      var text = option.help
      if let verbs = option.verbs { text += ". With: " + verbs.map(\.invocation).joined(separator: ", ") }
      if let variable = option.variable { text += ". Environment: " + variable }
      if let setting = option.setting { text += ". Settings file: set " + setting }
      switch option.kind {
      case .words(let words)?: text += ". Values: " + words.joined(separator: ", ")
      case .listName(let words)?:
        text += ". Values: " + (words + ["the name of one of your lists"]).joined(separator: ", ")
      default: break
      }
      lines += [".TP", optionSyntax(option), escape(text + ".")]
    }
    lines += keys
    lines.append(".SH ENVIRONMENT")
    for option in OptionTable.options {
      guard let variable = option.variable else { continue }
      lines += [".TP", bold(variable), escape("The same as " + option.name + " (the option wins).")]
    }
    for (name, meaning) in variables {
      lines += [".TP", bold(name), escape(capitalized(meaning) + ".")]
    }
    lines += [
      ".SH FILES",
      ".TP", italic("$XDG_CONFIG_HOME/trending/config"),
      escape(
        "The settings file (else ~/.config/trending/config; TRENDING_CONFIG names another): set NAME VALUE, "
          + "bind SCREEN KEY COMMAND, unbind SCREEN KEY, color ROLE FOREGROUND BACKGROUND [bold]; # starts a comment. "
          + "Screens: " + KeyContext.settingsNames + ". "
          + "Settings: " + Settings.names.map(\.name).joined(separator: ", ") + "."),
      ".TP", italic("$XDG_DATA_HOME/trending/library.sqlite3"),
      escape(
        "Your library (else ~/.local/share/trending/library.sqlite3), SQLite in WAL mode: the watchlist and "
          + "lists, every watch with its day, ratings, notes, titles not interesting. An old watchlist file "
          + "beside it is moved in once and kept as watchlist.moved-to-library."),
      ".TP", italic("$XDG_DATA_HOME/trending/profiles/NAME/library.sqlite3"),
      escape(
        "The library of the profile NAME (--profile NAME, or TRENDING_PROFILE=NAME): its own watches, lists, "
          + "ratings and sync folder, for another person in the same home. The profile named default is the "
          + "library above."),
      ".TP", italic("$XDG_DATA_HOME/trending/demo/"),
      escape(
        "The libraries --demo keeps (profiles under it as above), apart from the real ones: what is marked "
          + "while trying the demo never reaches your record, and they never sync."),
      ".TP", italic("$XDG_CACHE_HOME/trending/"),
      escape("The disk cache of answers and posters (else ~/.cache/trending), at most 64 MB."),
      ".SH EXIT STATUS",
    ]
    for code in ExitCode.allCases {
      lines += [".TP", bold(String(code.rawValue)), escape(capitalized(code.meaning) + ".")]
    }
    lines += [".TP", bold("141"), escape("Standard output was a pipe that closed."), ".SH EXAMPLES"]
    let examples = [
      ("trending --demo", "Browse the embedded demo data: no key, no network, a library of its own."),
      ("trending list --list popular --json", "The first page of the popular list, as JSON."),
      ("trending search 'fight club (1999)'", "Films whose titles match, released in 1999."),
      ("trending show 550", "One film's facts, ratings, cast and crew."),
      ("trending doctor", "What was detected about the terminal, the language and the service, for a bug report."),
      ("eval \"$(trending completions bash)\"", "Completions in the running bash."),
    ]
    for (example, meaning) in examples {
      lines += [".TP", bold(example), escape(meaning)]
    }
    lines += [".SH SEE ALSO", bold("tmux") + "(1), " + bold("terminfo") + "(5)"]
    return lines.joined(separator: "\n")
  }

  /// The key section: each group of the standard key table with its bindings.
  private static var keys: [String] {
    var lines = [
      ".SH KEYS",
      escape(
        "In the browser; ? shows the keys of the screen you are on. A binding that applies only somewhere names where."),
    ]
    var group = ""
    for binding in KeyTable.standard.bindings {
      if binding.group != group {
        group = binding.group
        lines += [".SS " + escape(group)]
      }
      let keys = binding.keys.map { bold($0.asciiLabel) }.joined(separator: " ")
      let places =
        binding.contexts.isSuperset(of: KeyTable.pages)
        ? "" : " (" + KeyContext.allCases.filter(binding.contexts.contains).map(\.label).joined(separator: ", ") + ")"
      lines += [".TP", keys, escape(capitalized(binding.help) + places + ".")]
    }
    return lines
  }

  /// A command's synopsis: the command in bold, its arguments and options after it.
  private static func synopsis(_ command: CommandSpec) -> String {
    let taken = OptionTable.options.filter {
      $0.verbs?.contains(command.verb) == true && !command.alone.contains($0.name)
    }
    let own = taken.filter(\.required) + taken.filter { !$0.required }
    let words =
      (command.arguments.isEmpty ? [] : [escape(command.arguments)])
      + own.map { option in
        let syntax = optionSyntax(option, command.verb)
        return option.required ? syntax : "[" + syntax + "]"
      }
    return ([bold(command.verb.invocation)] + words + ["[" + italic("option") + " ...]"]).joined(separator: " ")
  }

  /// `-h, --help` or `--page N` in the page's faces; with `verb`, the value's name there.
  private static func optionSyntax(_ option: OptionSpec, _ verb: Verb? = nil) -> String {
    let names = (option.short.map { [bold($0)] } ?? []) + [bold(option.name)]
    let value = verb.map { option.value(for: $0) } ?? option.value
    return names.joined(separator: ", ") + (value.map { " " + italic($0) } ?? "")
  }

  private static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }
  private static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }

  /// Text for roff: `\` and `-` escaped, non-ASCII as `\[uXXXX]`, a leading `.` or `'` made plain.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
      default: out += "\\[u" + String(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)) + "]"
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }
}

extension String {
  /// The text with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
