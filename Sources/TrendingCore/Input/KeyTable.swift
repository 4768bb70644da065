import AmodbKit
import Localization

/// One binding: keys, what they do, where, and how the help and the hint bar name them.
public struct KeyBinding: Sendable, Equatable {
  /// The keys, first one shown first.
  public var keys: [Key]
  /// What they do.
  public var command: Command
  /// Where they apply.
  public var contexts: Set<KeyContext>
  /// The `?` overlay's group, e.g. "Move".
  public var group: String
  /// One line of help, e.g. "page down".
  public var help: String
  /// Names joined by " / " in the help, each translated on its own (a number key's two tabs); empty
  /// when the help is one sentence.
  public var names: [String] = []
  /// The hint bar's words, when the binding is shown there, e.g. "open".
  public var hint: String?

  /// Makes a binding.
  public init(
    _ keys: [Key], _ command: Command, in contexts: Set<KeyContext> = Set(KeyContext.allCases), group: String,
    help: String, hint: String? = nil
  ) {
    self.keys = keys
    self.command = command
    self.contexts = contexts
    self.group = group
    self.help = help
    self.hint = hint
  }
}

extension KeyBinding {
  /// The help in the interface's language: the sentence translated whole, or each name on its own.
  public var meaning: String {
    names.isEmpty ? tr(help) : names.map { tr($0) }.joined(separator: " / ")
  }

  /// A binding whose help is names (a number key's tabs), each translated on its own.
  init(_ keys: [Key], _ command: Command, in contexts: Set<KeyContext>, group: String, names: [String]) {
    // Joined by hand: the generic `joined(separator:)` here looked its collection's types up by
    // name on first use, a scan of every conformance in the binary on the main thread at start-up.
    let help = names.dropFirst().reduce(names.first ?? "") { $0 + " / " + $1 }
    self.init(keys, command, in: contexts, group: group, help: help)
    self.names = names
  }
}

/// Every key the app knows, as data: the reducer, the hint bar, the `?` overlay and the README's
/// key list all read this one table, and user bindings can edit it.
public struct KeyTable: Sendable, Equatable {
  /// The bindings, in the order help lists them.
  public var bindings: [KeyBinding]

  /// Makes a table.
  public init(_ bindings: [KeyBinding]) {
    self.bindings = bindings
  }

  /// The keys `trending` ships with.
  public static let standard = KeyTable(
    Array(fixedBindings.prefix(while: { $0.command != .refresh })) + Tab.bindings
      + fixedBindings.drop(while: { $0.command != .refresh }))

  /// The bindings that do not come from a table of their own (the tabs' number keys do).
  private static let fixedBindings: [KeyBinding] = [
    KeyBinding([.down, .character("j")], .moveDown, group: "Move", help: "down a row, or to the next link"),
    KeyBinding([.up, .character("k")], .moveUp, group: "Move", help: "up a row, or to the previous link"),
    KeyBinding(
      [.pageDown, .control("f"), .character(" ")], .pageDown, group: "Move", help: "page down"),
    KeyBinding([.pageUp, .control("b"), .character("b")], .pageUp, group: "Move", help: "page up"),
    KeyBinding([.control("d")], .halfPageDown, in: pages, group: "Move", help: "half a page down"),
    KeyBinding([.control("u")], .halfPageUp, in: pages, group: "Move", help: "half a page up"),
    KeyBinding([.home, .character("g")], .first, group: "Move", help: "first"),
    KeyBinding([.end, .character("G")], .last, group: "Move", help: "last"),
    KeyBinding(
      [.character("n")], .nextEpisode, in: [.episode], group: "Move", help: "the next episode", hint: "next"),
    KeyBinding(
      [.character("p")], .previousEpisode, in: [.episode], group: "Move", help: "the previous episode",
      hint: "previous"),
    KeyBinding(
      [.enter, .right, .character("l")], .open, in: pages, group: "Open",
      help: "open the entry, or the person, title or episode selected", hint: "open"),
    KeyBinding(
      [.escape, .backspace, .left, .character("h"), .character("q")], .back, in: documents, group: "Open",
      help: "back", hint: "back"),
    KeyBinding(
      [.escape, .backspace, .left, .character("h")], .back, in: [.list], group: "Open",
      help: "back, from a list opened on top", hint: "back"),
    KeyBinding(
      [.character("s")], .sort, in: [.list, .person], group: "Open",
      help: "sort: rank, score, year, title (a person's work: date, score)", hint: "sort"),
    KeyBinding(
      [.character("o")], .openInBrowser, in: pages, group: "Links",
      help: "open the page of what is shown in the browser",
      hint: "web"),
    KeyBinding([.character("y")], .copyLink, in: pages, group: "Links", help: "copy the page's link (OSC 52)"),
    KeyBinding([.character("Y")], .copyTitle, in: pages, group: "Links", help: "copy the title and year"),
    KeyBinding(
      [.character("v")], .playTrailer, in: [.film, .series, .episode], group: "Links",
      help: "play trailer: the trailer in your player ('set player'; the series' for an episode)", hint: "trailer"),
    KeyBinding(
      [.character("P")], .playFile, in: [.film, .season, .episode], group: "Links",
      help: "play a file: yours, in mpv, named on the typed line (Tab completes); seen once watched ('set watched-at')"),
    KeyBinding(
      [.enter], .open, in: [.chooser], group: "Links", help: "open the page selected (1, 2, 3 open one)",
      hint: "open"),
    KeyBinding([.escape], .back, in: [.chooser], group: "Links", help: "close the chooser", hint: "close"),
    KeyBinding(
      [.character("a")], .toggleWatchlist, in: [.list, .film, .series], group: "Watchlist",
      help: "add to the watchlist, or remove",
      hint: "watchlist"),
    // A season's or an episode's screen: the series', with no hint (`m` is the one there).
    KeyBinding(
      [.character("a")], .toggleWatchlist, in: [.season, .episode], group: "Watchlist",
      help: "add the series to the watchlist, or remove"),
    KeyBinding(
      [.character("m")], .toggleSeen, in: [.list, .film, .series, .season, .episode], group: "Watchlist",
      help: "mark seen, or not", hint: "seen"),
    KeyBinding(
      [.character("M")], .markUpToHere, in: [.season, .episode], group: "Watchlist",
      help: "mark up to here: every aired episode of the season up to this one, seen", hint: "up to here"),
    KeyBinding(
      [.character("R")], .rate, in: [.list, .film, .series, .season, .episode], group: "Library",
      help: "rate 1–10: your score beside the public one", hint: "rate"),
    KeyBinding(
      [.character("N")], .note, in: [.list, .film, .series, .season, .episode], group: "Library",
      help: "note: a line of your own", hint: "note"),
    KeyBinding(
      [.character("x")], .notInterested, in: [.list, .film, .series], group: "Library",
      help: "not interested: hidden from every list, or shown again"),
    KeyBinding(
      [.character("x")], .notInterested, in: [.season, .episode], group: "Library",
      help: "not interested in the series: hidden from every list, or shown again"),
    KeyBinding(
      [.character("H")], .hideSeen, in: [.list], group: "Library",
      help: "hide seen: seen titles out of every list, or back"),
    KeyBinding(
      [.character("L")], .addToList, in: [.list, .film, .series], group: "Library",
      help: "add to list: a list of your own, by name"),
    KeyBinding(
      [.character("L")], .addToList, in: [.season, .episode], group: "Library",
      help: "add the series to a list of your own, by name"),
    KeyBinding(
      [.character("d")], .removeFromList, in: [.list], group: "Library",
      help: "remove from list: off the list whose tab shows (a list of your own, the watchlist)"),
    KeyBinding(
      [.character("u")], .undo, in: [.list, .film, .series, .season, .episode], group: "Library",
      help: "undo: takes back your last change to the library made here (marks, ratings, notes, lists)",
      hint: "undo"),
    KeyBinding(
      [.character("U")], .upNext, in: [.list], group: "Library",
      help: "up next: the series you are watching, each with its next episode"),
    KeyBinding(
      [.character("/")], .search, in: pages, group: "Search",
      help: "search films, series and people (year:1999 or (1999) narrows)",
      hint: "search"),
    KeyBinding([.enter], .open, in: [.search], group: "Search", help: "keep the results as a list", hint: "keep"),
    KeyBinding([.escape], .back, in: [.search], group: "Search", help: "close the search line", hint: "cancel"),
    KeyBinding(
      [.character("\\")], .filter, in: [.list], group: "Search",
      help: "filter the list on screen by title (no request)"),
    KeyBinding([.enter], .open, in: [.filter], group: "Search", help: "keep the filter", hint: "keep"),
    KeyBinding([.escape], .back, in: [.filter], group: "Search", help: "clear the filter", hint: "clear"),
    KeyBinding(
      [.character("f")], .discover, in: [.list], group: "Search",
      help: "find films or series by genre, years, score, runtime, language, rating and services", hint: "filter"),
    KeyBinding([.enter], .open, in: [.form], group: "Search", help: "show the films that match", hint: "show"),
    KeyBinding(
      [.escape], .back, in: [.form], group: "Search", help: "close the form, the list untouched", hint: "close"),
    KeyBinding([.tab], .nextTab, in: [.list], group: "Lists", help: "next list", hint: "lists"),
    KeyBinding([.backTab], .previousTab, in: [.list], group: "Lists", help: "previous list"),
    KeyBinding(
      [.character("t")], .toggleMedia, in: [.list], group: "Lists", help: "films / series: the other set of tabs",
      hint: "series"),
    KeyBinding(
      [.character("F")], .forYou, in: [.list], group: "Lists",
      help: "for you: recommendations from what you rated 8 or more and saw lately"),
    KeyBinding(
      [.character("p")], .pick, in: [.list], group: "Lists", help: "pick: a random row of the list (as filtered)"),
    KeyBinding([.character("r")], .refresh, in: pages, group: "Data", help: "refresh", hint: "refresh"),
    KeyBinding(
      [.character("w")], .toggleWindow, in: [.list], group: "Data", help: "today / this week (Trending)",
      hint: "today/week"),
    KeyBinding([.character("?")], .help, in: pages, group: "App", help: "this help", hint: "help"),
    KeyBinding(
      [.character(":")], .palette, in: pages, group: "App", help: "command palette: every command here, by name"),
    KeyBinding([.enter], .open, in: [.palette], group: "App", help: "run the command", hint: "run"),
    KeyBinding([.escape], .back, in: [.palette], group: "App", help: "close the palette", hint: "close"),
    KeyBinding([.control("l")], .redraw, group: "App", help: "redraw the screen"),
    KeyBinding([.control("z")], .suspend, group: "App", help: "suspend (fg resumes)"),
    KeyBinding([.character("q")], .quit, in: [.list], group: "App", help: "quit", hint: "quit"),
    KeyBinding([.control("c")], .quit, group: "App", help: "quit; typing a line: drop the line"),
  ]

  /// The contexts of the screens (everything but the lines typed in and the boxes over a screen).
  public static let pages = Set(KeyContext.allCases.filter { $0.role == .list || $0.role == .document })

  /// The contexts of the screens that are documents: everything opened from a list.
  public static let documents = Set(KeyContext.allCases.filter { $0.role == .document })

  /// The command a key runs in a context, if any (the first binding that has it wins).
  public func command(for key: Key, in context: KeyContext) -> Command? {
    if let bound = bindings.first(where: { $0.contexts.contains(context) && $0.keys.contains(key) }) {
      return bound.command
    }
    // A letter of another layout, bound to nothing itself, means the key in its place.
    guard case .character(let typed) = key, let latin = KeyboardLayouts.latin(for: typed) else { return nil }
    return bindings.first { $0.contexts.contains(context) && $0.keys.contains(.character(latin)) }?.command
  }

  /// The bindings that apply in a context, in table order.
  public func bindings(in context: KeyContext) -> [KeyBinding] {
    bindings.filter { $0.contexts.contains(context) }
  }

  /// One line of the `?` overlay: a group's name, or a binding's keys and meaning.
  public enum HelpLine: Equatable, Sendable {
    case group(String)
    case binding(keys: String, meaning: String)
    case note(String)
  }

  /// The about lines at the end of `?`: where the data comes from, credited as its sources require.
  public static var about: [String] {
    [
      tr("Film data from amodb, derived from TMDB."),
      tr("This product uses the TMDB API but is not endorsed or certified by TMDB."),
      tr("Where-to-watch data by JustWatch."),
    ]
  }

  /// The `?` overlay's lines for a context: each group's name, then its bindings.
  public func helpLines(
    in context: KeyContext, ascii: Bool = false, typing: String? = nil, notes: [String] = []
  ) -> [HelpLine] {
    var lines: [HelpLine] = []
    var group = ""
    for binding in bindings(in: context) {
      if binding.group != group {
        group = binding.group
        lines.append(.group(tr(group)))
      }
      lines.append(
        .binding(keys: binding.keys.map { $0.label(ascii: ascii) }.joined(separator: " "), meaning: binding.meaning))
    }
    if let typing {
      lines.append(.group(tr("Typing")))
      lines.append(.note(typing))
    }
    lines.append(.group(tr("About")))
    lines += (Self.about + notes).map(HelpLine.note)
    return lines
  }

  /// How far the overlay's lines can scroll on a screen `height` rows tall (the box has a border).
  public static func helpMaxScroll(lineCount: Int, height: Int) -> Int {
    max(0, lineCount - max(1, height - 2))
  }

  /// The first key bound to a command in a context, for hints.
  public func firstKey(for command: Command, in context: KeyContext) -> Key? {
    bindings.first { $0.command == command && $0.contexts.contains(context) }?.keys.first
  }

  /// Binds `key` to `command` in `contexts`, ahead of the standard bindings (a user's binding wins).
  public mutating func bind(_ key: Key, to command: Command, in contexts: Set<KeyContext>, help: String) {
    bindings.insert(KeyBinding([key], command, in: contexts, group: "Yours", help: help), at: 0)
  }

  /// Removes `key` from every binding in `contexts`.
  public mutating func unbind(_ key: Key, in contexts: Set<KeyContext>) {
    for index in bindings.indices where !bindings[index].contexts.isDisjoint(with: contexts) {
      bindings[index].keys.removeAll { $0 == key }
    }
    bindings.removeAll { $0.keys.isEmpty }
  }

  /// The README's key list, one line per binding, grouped: what a test compares with the README.
  public var markdown: String {
    var lines: [String] = []
    var group = ""
    for binding in bindings {
      if binding.group != group {
        group = binding.group
        lines.append("")
        lines.append("**\(group)**")
        lines.append("")
      }
      let keys = binding.keys.map { "`\($0.label)`" }.joined(separator: " ")
      let contexts = binding.contexts.isSuperset(of: Self.pages) ? "" : " (\(contextNames(binding.contexts)))"
      lines.append("- \(keys): \(binding.help)\(contexts)")
    }
    return lines.dropFirst().joined(separator: "\n")
  }

  private func contextNames(_ contexts: Set<KeyContext>) -> String {
    KeyContext.allCases.filter(contexts.contains).map(\.label).joined(separator: ", ")
  }
}

extension Key {
  /// How help and hints name the key where only ASCII shows: "Down", "Enter", "BS".
  public var asciiLabel: String {
    switch self {
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    case .enter: return "Enter"
    case .backspace: return "BS"
    default: return label
    }
  }

  /// The key's name in hints and help, ASCII when asked.
  public func label(ascii: Bool) -> String {
    ascii ? asciiLabel : label
  }

  /// How help and hints name the key: "↓", "PgDn", "^F", "Space", "j".
  public var label: String {
    switch self {
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .enter: return "⏎"
    case .escape: return "Esc"
    case .backspace: return "⌫"
    case .delete: return "Del"
    case .tab: return "Tab"
    case .backTab: return "S-Tab"
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .control(let character): return "^" + String(character).uppercased()
    }
  }
}
