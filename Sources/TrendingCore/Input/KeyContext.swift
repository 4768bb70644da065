/// Where a binding applies: the one table of the kinds of screen and line keys are looked up in.
/// Its row (`name`, `label`, `role`) is all a new kind registers: the document set, the settings
/// file's screen names, its messages and the README's and man page's lists all read it.
public enum KeyContext: String, Sendable, CaseIterable, Hashable {
  /// The list of films.
  case list
  /// One film's screen.
  case film
  /// One person's screen.
  case person
  /// One series' screen.
  case series
  /// One season's episodes.
  case season
  /// One episode's screen.
  case episode
  /// One collection's films.
  case collection
  /// The search line, while it is open (printable keys type there).
  case search
  /// The command palette, while it is open (printable keys type there).
  case palette
  /// The list's filter line, while it is typed in.
  case filter
  /// The `f` form of a discover filter, while it is open.
  case form
  /// `o`'s chooser of pages, while it is open.
  case chooser

  /// What a kind of context is.
  public enum Role: Sendable, Equatable {
    /// A list of entries (tabs, kept search results, discover lists).
    case list
    /// A scrolled document with links: what a list opens.
    case document
    /// A line typed in, whose printable keys type.
    case line
    /// A box over the screen.
    case overlay
  }

  /// The context's row: the name users write in the settings file (stable, never a Swift
  /// identifier's), how help names it, and its role.
  public var row: (name: String, label: String, role: Role) {
    switch self {
    case .list: return ("list", "list", .list)
    case .film: return ("film", "film", .document)
    case .person: return ("person", "person", .document)
    case .series: return ("series", "series", .document)
    case .season: return ("season", "season", .document)
    case .episode: return ("episode", "episode", .document)
    case .collection: return ("collection", "collection", .document)
    case .search: return ("search", "search line", .line)
    case .palette: return ("palette", "command palette", .overlay)
    case .filter: return ("filter", "filter line", .line)
    case .form: return ("form", "filter form", .overlay)
    case .chooser: return ("chooser", "link chooser", .overlay)
    }
  }

  /// Its name in the settings file: `bind film x open`.
  public var name: String { row.name }

  /// How help names it.
  public var label: String { row.label }

  /// What kind of context it is.
  public var role: Role { row.role }

  /// Whether it is a line being typed (the search line, the palette, a list's filter).
  public var isALine: Bool { self == .search || self == .palette || self == .filter }

  /// The context a settings-file name names.
  public init?(name: String) {
    guard let context = KeyContext.allCases.first(where: { $0.name == name }) else { return nil }
    self = context
  }

  /// The screen names the settings file takes, `all` first: "all, list, film, person, …".
  public static var settingsNames: String {
    (["all"] + allCases.map(\.name)).joined(separator: ", ")
  }
}
