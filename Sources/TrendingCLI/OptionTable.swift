import AmodbKit
import LibraryKit
import Localization
import TrendingCore

/// The first word of a command line: the browser (no word) or one of the commands.
public enum Verb: String, CaseIterable, Sendable {
  case browse = ""
  case list, show, tv, season, collection, person, search, watchlist, config, cache, doctor, completions, man, help
  case discover, services
  /// `trending calendar`: what comes out in the next weeks.
  case calendar
  /// The library's commands (`LibraryArguments.swift`).
  case seen, unseen, rate, note, hide, unhide, history, rated, progress, lists, stats, export, library
  /// `trending for-you`, `trending pick` and `trending new` (`TonightArguments.swift`).
  case forYou = "for-you", pick, new
  /// `trending import`: another service's export, or `export json`, into the library (`ImportArguments.swift`).
  case `import`
  /// `trending identify`: what files are, from their names and folders (`TrendingCommand+Identify.swift`).
  case identify
  /// `trending sync`: the library through a folder the user's file sync carries (`SyncArguments.swift`).
  case sync
  /// `trending play`, `scrobble` and `mpv-script`: files played, marked once watched (`PlayArguments.swift`).
  case play, scrobble
  /// `trending mpv-script`: the Lua script for mpv started by hand.
  case mpvScript = "mpv-script"

  /// How help and errors name it: `trending list`, or `trending` for the browser.
  public var invocation: String { self == .browse ? "trending" : "trending " + rawValue }
}

/// What an option's value is: the parser checks it, the completions offer it, the man page names it.
public enum ValueKind: Hashable, Sendable {
  /// One of these words.
  case words([String])
  /// A whole number.
  case number
  /// An http or https URL.
  case url
  /// A language tag such as `ru-RU`.
  case language
  /// A two-letter country code.
  case region
  /// One of the user's lists, by name, or one of these words.
  case listName(also: [String])
}

/// The command line as the option table's parsers fill it in.
struct ParsedLine: Sendable {
  var invocation = Invocation(command: .browse)
  var page: Int?
  var year: Int?
  /// `--list NAME`, resolved with `--kind` once the line is read.
  var listName: String?
  /// `--kind WORD`, checked against the command once the line is read.
  var kind: String?
  /// `--year A..B` (and a single year) for discover.
  var years: OpenRange?
  /// The discover criteria given (`--genre`, `--on`, …), as `tab` lines name them, in order; repeats accumulate.
  var discover: [(key: String, value: String)] = []
  var json = false
  var csv = false
  var path = false
  /// `--weeks N` (the calendar).
  var weeks: Int?
  /// `--ics` (the calendar as an iCalendar file).
  var ics = false
  /// `--on`, `--season` and the other flags of the library's commands.
  var library = LibraryFlags()
  /// The flags of `pick`.
  var tonight = TonightFlags()
  /// The flags of `scrobble`.
  var play = PlayFlags()
  /// `--help` or `--version`: answered at once, whatever else the line says.
  var immediate: Invocation.Command?
}

/// One option: names, value, variable, setting, help and the commands that take it.
///
/// The parser, the help, "did you mean", the man page and the completions all read this one table.
public struct OptionSpec: Sendable {
  /// The long name, `--page`.
  public var name: String
  /// The short name, `-h`, if any.
  public var short: String?
  /// The value's name in help (`N`, `URL`), or nil for a switch.
  public var value: String?
  /// What the value may be.
  public var kind: ValueKind? { Translator.$override.withValue(catalogue) { valueKind() } }
  /// The environment variable that stands in when the option is not given.
  public var variable: String?
  /// The settings file's name for it (`set NAME VALUE`).
  public var setting: String?
  /// One line of help, in the interface's language.
  public var help: String { Translator.$override.withValue(catalogue) { helpText() } }
  /// The commands that take it; nil for every command.
  public var verbs: [Verb]?
  /// Whether its commands need it (`scrobble --position`): no brackets around it in a synopsis.
  public var required = false
  /// Reads the value (empty for a switch) into the line, or says what is wrong with it.
  let apply: @Sendable (inout ParsedLine, String) throws(UsageError) -> Void
  /// The value's kind and the help, worked out when read, in the language of the moment the
  /// option was made: parsing a command line needs neither (the help is forty catalogue look-ups,
  /// the list names a pass over the tab table).
  private let valueKind: @Sendable () -> ValueKind?
  private let helpText: @Sendable () -> String
  /// The help for one of its commands, where an option two commands share means two things there.
  private let verbHelpText: (@Sendable (Verb) -> String?)?
  /// The value's name for one of its commands, where it differs (`--on DAY` for seen).
  private let verbValue: (@Sendable (Verb) -> String?)?
  private let catalogue: Catalogue

  /// Makes an option; its kind and help are worked out only when read.
  init(
    name: String, short: String? = nil, value: String? = nil,
    kind: @autoclosure @escaping @Sendable () -> ValueKind? = nil, variable: String? = nil, setting: String? = nil,
    help: @autoclosure @escaping @Sendable () -> String, verbs: [Verb]? = nil, required: Bool = false,
    helpFor: (@Sendable (Verb) -> String?)? = nil, valueFor: (@Sendable (Verb) -> String?)? = nil,
    apply: @escaping @Sendable (inout ParsedLine, String) throws(UsageError) -> Void
  ) {
    self.required = required
    verbHelpText = helpFor
    verbValue = valueFor
    self.name = name
    self.short = short
    self.value = value
    valueKind = kind
    self.variable = variable
    self.setting = setting
    helpText = help
    self.verbs = verbs
    self.apply = apply
    catalogue = Translator.current
  }

  /// One line of help as `verb`'s help shows it: its own words where the option means something of
  /// its own there, else the option's.
  public func help(for verb: Verb) -> String {
    Translator.$override.withValue(catalogue) { verbHelpText?(verb) } ?? help
  }

  /// How `verb`'s help shows it: `--on DAY` for seen, `--on SERVICE` for discover.
  public func syntax(for verb: Verb) -> String {
    guard let value = verbValue?(verb) else { return syntax }
    return (short.map { $0 + ", " } ?? "") + name + " " + value
  }

  /// The value's name for `verb` (`DAY` for seen's `--on`), nil for a switch.
  public func value(for verb: Verb) -> String? { verbValue?(verb) ?? value }

  /// How help shows it: `-h, --help` or `--page N`.
  public var syntax: String {
    (short.map { $0 + ", " } ?? "") + name + (value.map { " " + $0 } ?? "")
  }

  /// Whether `verb` takes it.
  public func goes(with verb: Verb) -> Bool {
    verbs?.contains(verb) ?? true
  }
}

/// The table of options and commands.
public enum OptionTable {
  /// The lists `--list` names among films or series: the tabs amodb serves, from the tab table.
  static func listNames(_ media: MediaKind) -> [String] {
    Tab.shown(media).map(\.kind).filter(\.isRemote).map(\.name)
  }

  /// Every name `--list` takes, films' then series'.
  static var allListNames: [String] {
    (listNames(.film) + listNames(.series)).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// The words `--kind` takes: `film` and `tv` for lists, and `person` and `all` for a search.
  static let kindWords = ["film", "tv", "person", "all"]

  /// The shells `trending completions` writes for.
  public static let shells = ["bash", "zsh", "fish"]

  /// Every option, in the order help lists them (computed, so help is worded in the language of the moment).
  public static var options: [OptionSpec] {
    let outputs: [Verb] = [
      .list, .show, .tv, .season, .collection, .person, .search, .watchlist, .doctor, .discover, .services, .calendar,
      .history, .rated, .progress, .lists, .stats, .forYou, .pick, .new, .identify, .sync,
    ]
    let terminal: [Verb] = [.browse, .doctor]
    return [
      OptionSpec(
        name: "--demo", help: tr("use the embedded demo data: no key, no network, a library of its own"),
        apply: { line, _ in line.invocation.demo = true }),
      OptionSpec(
        name: "--list", value: "NAME", kind: .words(allListNames),
        help: tr(
          "which list: trending (default), popular, top-rated, now-playing or upcoming; with --kind tv: trending, popular, top-rated, on-the-air or airing-today"
        ), verbs: [.list],
        apply: { line, text in line.listName = text }),
      OptionSpec(
        name: "--kind", value: "KIND", kind: .words(kindWords),
        help: tr(
          "films or series: film (default) or tv; for-you and pick take both unless told; a search also takes person, or all (its default)"
        ),
        verbs: [.list, .search, .discover, .forYou, .pick],
        helpFor: { verb in
          verb == .search
            ? tr("all (default), film, tv or person")
            : [.list, .discover].contains(verb) ? tr("film (default) or tv") : tr("film or tv (default: both)")
        },
        apply: { line, text throws(UsageError) in
          // The kinds as piped lines and JSON name them (`movie`, TMDB's word) are the same kinds.
          let kind = ["movie": "film", "series": "tv"][text] ?? text
          guard kindWords.contains(kind) else {
            throw UsageError(message: tr("--kind must be film, tv, person or all, not %s", shown(text)))
          }
          line.kind = kind
        }),
      OptionSpec(
        name: "--window", value: "day|week", kind: .words(TimeWindow.allCases.map(\.rawValue)),
        help: tr("today's or this week's list (default: week)"), verbs: [.browse, .list],
        apply: { line, text throws(UsageError) in
          guard let window = TimeWindow(rawValue: text) else {
            throw UsageError(message: tr("--window must be day or week, not %s", shown(text)))
          }
          line.invocation.window = window
        }),
      OptionSpec(
        name: "--page", value: "N", kind: .number, help: tr("the page, from 1 to 500 (default: 1)"),
        verbs: [.list, .search, .discover],
        apply: { line, text throws(UsageError) in
          guard let number = Int(text), (1...500).contains(number) else {
            throw UsageError(message: tr("--page must be a whole number from 1 to 500, not %s", shown(text)))
          }
          line.page = number
        }),
      OptionSpec(
        name: "--year", value: "N", kind: .number,
        help: tr("only films released (series first aired) that year; stats: what was watched that year"),
        verbs: [.search, .discover, .stats],
        helpFor: { verb in
          verb == .stats
            ? tr("only what was watched that year") : tr("only films released (series first aired) that year")
        },
        apply: { line, text throws(UsageError) in
          // Discover also takes a range, A..B; a search takes one year (checked with the command).
          guard let number = SearchQuery.parseYear(text) else {
            guard let range = OpenRange(parsing: text), !range.isOpen else {
              throw UsageError(message: tr("--year must be a year such as 1999, not %s", shown(text)))
            }
            line.years = range
            line.discover.append(("year", text))
            return
          }
          line.year = number
          line.years = OpenRange(number, number)
          line.discover.append(("year", text))
        }),
      OptionSpec(
        name: "--json", help: tr("print JSON instead of text"), verbs: outputs, apply: { line, _ in line.json = true }),
    ] + discoverOptions + [
      OptionSpec(
        name: "--csv", help: tr("print CSV: the columns Letterboxd imports"),
        verbs: [.watchlist, .history, .rated, .lists],
        helpFor: { verb in
          verb == .history
            ? tr("print CSV: every watch, with a Type column")
            : verb == .rated ? tr("print CSV: every rating, with a Type column and Letterboxd's Rating10") : nil
        },
        apply: { line, _ in line.csv = true }),
      OptionSpec(
        name: "--path", help: tr("print only the path of the settings file in use"),
        verbs: [.config], apply: { line, _ in line.path = true }),
      OptionSpec(
        name: "--language", value: "TAG", kind: .language, variable: "AMODB_LANGUAGE", setting: "language",
        help: tr(
          "the language of the interface and the data, e.g. ru-RU, pt-BR (default: AMODB_LANGUAGE, then the locale)"),
        apply: { line, text throws(UsageError) in
          // Asked for by name: a language amodb does not serve is a mistake, not a wish for English.
          guard LanguageTag.choose(flag: text, environment: [:]).unsupported == nil else {
            throw UsageError(
              message: tr(
                "--language must be one of amodb's fourteen languages (%1$s), not %2$s",
                LanguageTag.tags.joined(separator: ", "), shown(text)))
          }
          line.invocation.language = text
        }),
      OptionSpec(
        name: "--region", value: "CC", kind: .region, variable: "AMODB_REGION", setting: "region",
        help: tr("the country for Now playing and Upcoming (AMODB_REGION, else the locale's)"),
        apply: { line, text throws(UsageError) in
          guard let region = Region.code(text) else {
            throw UsageError(
              message: tr("--region must be a two-letter country code such as UA or BR, not %s", shown(text)))
          }
          line.invocation.region = region
        }),
      OptionSpec(
        name: "--base-url", value: "URL", kind: .url, variable: "AMODB_BASE_URL",
        help: tr("the API, or a proxy of your own (default: AMODB_BASE_URL)"),
        apply: { line, text in line.invocation.baseURL = text }),
      OptionSpec(
        name: "--image-base-url", value: "URL", kind: .url, variable: "AMODB_IMAGE_BASE_URL",
        help: tr("the image host (default: AMODB_IMAGE_BASE_URL)"),
        apply: { line, text in line.invocation.imageBaseURL = text }),
      OptionSpec(
        name: "--images", value: "MODE", kind: .words(ImageMode.allCases.map(\.rawValue)), variable: "TRENDING_IMAGES",
        setting: "images",
        help: tr(
          "posters: auto, kitty, sixel, iterm, symbols or off (also TRENDING_IMAGES; ? says which was chosen and why)"),
        // The browser's, and the chooser's of import --resolve and of a played file's title.
        verbs: terminal + [.import, .play, .scrobble],
        apply: { line, text throws(UsageError) in
          guard let mode = ImageMode(rawValue: text) else {
            throw UsageError(message: tr("%1$s must be %2$s, not %3$s", "--images", ImageMode.choices, shown(text)))
          }
          line.invocation.images = mode
        }),
      OptionSpec(
        name: "--no-color", variable: "NO_COLOR", help: tr("no colours and no posters (also NO_COLOR)"),
        apply: { line, _ in line.invocation.noColor = true }),
      OptionSpec(
        name: "--no-mouse", variable: "TRENDING_MOUSE", setting: "mouse",
        help: tr("leave the mouse to the terminal (also 'set mouse off')"), verbs: terminal,
        apply: { line, _ in line.invocation.noMouse = true }),
      OptionSpec(
        name: "--screen-reader", variable: "TRENDING_SCREEN_READER", setting: "screen-reader",
        help: tr(
          "for screen readers: the cursor on the focused row, no posters, no spinner, messages on the last row (also TRENDING_SCREEN_READER=1)"
        ), verbs: [.browse],
        apply: { line, _ in line.invocation.screenReader = true }),
      OptionSpec(
        name: "--profile", value: "NAME", variable: LibraryProfile.variable,
        help: tr(
          "whose library: each profile keeps its own records and sync folder (also TRENDING_PROFILE; default: the usual library)"
        ),
        apply: { line, text throws(UsageError) in
          guard LibraryProfile.isName(text) else { throw Setup.badProfile("--profile", text) }
          line.invocation.profile = text
        }),
      OptionSpec(
        name: "--no-cache", help: tr("neither read nor write the disk cache"),
        apply: { line, _ in line.invocation.noCache = true }),
      OptionSpec(
        name: "--insecure-http", variable: "AMODB_ALLOW_HTTP",
        help: tr("allow the key over plain http to another machine (AMODB_ALLOW_HTTP=1)"),
        apply: { line, _ in line.invocation.insecureHTTP = true }),
      OptionSpec(
        name: "--weeks", value: "N", kind: .number,
        help: tr(
          "how many weeks the calendar covers, from 1 to %1$s (default: %2$s)", String(CalendarLogic.mostWeeks),
          String(CalendarLogic.defaultWeeks)),
        verbs: [.calendar],
        apply: { line, text throws(UsageError) in
          guard let number = Int(text), (1...CalendarLogic.mostWeeks).contains(number) else {
            throw UsageError(
              message: tr(
                "--weeks must be a whole number from 1 to %1$s, not %2$s", String(CalendarLogic.mostWeeks),
                shown(text)))
          }
          line.weeks = number
        }),
      OptionSpec(
        name: "--ics", help: tr("print an iCalendar file (RFC 5545) that calendar apps import"), verbs: [.calendar],
        apply: { line, _ in line.ics = true }),
    ] + libraryOptions + tonightOptions + importOptions + playOptions + [
      OptionSpec(name: "--help", short: "-h", help: tr("this help"), apply: { line, _ in line.immediate = .help }),
      OptionSpec(name: "--version", help: tr("the version"), apply: { line, _ in line.immediate = .version }),
    ]
  }

  /// The option with a long or short name, if any.
  static func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name || $0.short == name }
  }

  /// The long names of the options, for "did you mean".
  static var optionNames: [String] { options.map(\.name) }

  /// The usage error of a `--year` that is one number but no year (20, 99999), naming it.
  static func notAYear(_ line: ParsedLine) -> UsageError {
    let given = line.discover.last { $0.key == "year" }?.value ?? ""
    return UsageError(message: tr("--year must be a year such as 1999, not %s", shown(given)))
  }
}
