import AmodbKit

/// A screen on the stack, as a feature: its own state with its reducer (the commands it takes
/// and the effects it returns), which commands it offers, what `a`, `m`, `o`, `y` and `Y` act on,
/// its poster and its breadcrumb title. The app routes each action to the screen it is for.
public protocol ScreenFeature: Sendable {
  /// The route that holds this screen on the stack.
  var route: Route { get }
  /// Where its keys are looked up.
  var keyContext: KeyContext { get }
  /// The answers it shows, kept while it is on the stack.
  func shows(_ shared: Shared) -> [APIRequest]
  /// How the breadcrumb names it.
  func title(_ shared: Shared) -> String
  /// Loads what it needs, once it is opened.
  mutating func appear(_ shared: inout Shared) -> [Effect]
  /// Takes a key that types into the screen (a line being edited on it); nil when it is not one.
  mutating func type(_ key: Key, _ shared: inout Shared) -> [Effect]?
  /// Runs one of the screen commands it offers; nil for the rest ("not mine"): the app's own
  /// commands never reach a screen.
  mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction?
  /// Whether a command of its own would do something now (the hint bar offers only those).
  func isAvailable(_ command: ScreenCommand, _ shared: Shared) -> Bool
  /// The film or series `a` and `m` mark, when there is one.
  func subject(_ shared: Shared) -> MediaSummary?
  /// The page `o` opens and `y` copies, and the title `Y` copies.
  func page(_ shared: Shared) -> LinkedPage?
  /// The series a season's or an episode's screen belongs to: what `a`, `x` and `L` mark there,
  /// where `m` and ratings are the episode's.
  func series(_ shared: Shared) -> MediaSummary?
  /// The episode `m` and "mark up to here" mark, when there is one (it comes before `subject`).
  func markedEpisode(_ shared: Shared) -> EpisodeRef?
  /// The season `m` marks, when a season's row is selected (it comes after `markedEpisode`).
  func markedSeason(_ shared: Shared) -> SeasonRef?
  /// This screen as it should be under `above`, which replaces the screen that was above it (the
  /// season under an episode stepped to with `n`); nil when it stays as it is.
  func following(_ above: Route) -> Route?
  /// The trailer "play trailer" plays, when the screen has one.
  func trailer(_ shared: Shared) -> Video?
  /// Whether moving selects lines (rows or links) rather than only scrolling: the hint says which.
  var selectsLines: Bool { get }
  /// The poster it shows, when posters are on.
  func poster(_ shared: Shared) -> PosterRequest?
  /// Answers a click or the wheel in its body.
  mutating func mouse(_ event: MouseEvent, _ shared: inout Shared) -> Reaction
  /// The layout its view last drew, for a document.
  var layout: DocumentLayout? { get }
  /// Takes the layout its view drew (documents scroll and select by it).
  mutating func laidOut(_ layout: DocumentLayout)
  /// How the status file names the screen, for tests that wait on the app: `list`, `detail:550`.
  var statusName: String { get }
}

extension ScreenFeature {
  /// Screens without a line to type in take no typing.
  public mutating func type(_ key: Key, _ shared: inout Shared) -> [Effect]? { nil }

  /// Screens of no season or episode belong to no series.
  public func series(_ shared: Shared) -> MediaSummary? { nil }

  /// Screens that show no episode mark none.
  public func markedEpisode(_ shared: Shared) -> EpisodeRef? { nil }

  /// Screens that list no seasons mark none.
  public func markedSeason(_ shared: Shared) -> SeasonRef? { nil }

  /// Screens stay as they are under whatever comes above them.
  public func following(_ above: Route) -> Route? { nil }

  /// Screens of no film or series have no trailer.
  public func trailer(_ shared: Shared) -> Video? { nil }

  /// Screens that are not documents draw no layout.
  public var layout: DocumentLayout? { nil }

  /// Screens that are not documents ignore layouts.
  public mutating func laidOut(_ layout: DocumentLayout) {}
}

/// A web page a screen is about, with the title `Y` copies.
public struct LinkedPage: Equatable, Sendable {
  /// The page.
  public var page: WebPage
  /// Its title, with the year for a film.
  public var title: String

  /// Makes a linked page.
  public init(_ page: WebPage, title: String) {
    self.page = page
    self.title = title
  }
}

/// Where the user goes next, as a screen's reducer asks the app.
public enum Navigation: Equatable, Sendable {
  /// Open a screen on top.
  case push(Route)
  /// Go back to the screen below.
  case pop
  /// Show another tab.
  case showTab(ListKind)
  /// Go back `popping` screens, then open a screen on top (the `f` form applied).
  case replace(Route, popping: Int)
}

/// What a screen's reducer returns: the work for the runtime, and where to go, if anywhere.
public struct Reaction: Equatable, Sendable {
  /// The effects.
  public var effects: [Effect]
  /// Where to go.
  public var navigation: Navigation?

  /// Makes a reaction.
  public init(_ effects: [Effect] = [], go navigation: Navigation? = nil) {
    self.effects = effects
    self.navigation = navigation
  }

  /// Handled, with nothing to do (not to be confused with nil, "not mine").
  public static let nothing = Reaction()
}

/// One screen on the navigation stack, with its own state: the one list of the kinds of screen.
public enum Route: Equatable, Sendable {
  case list(ListScreen)
  case film(FilmScreen)
  case series(SeriesScreen)
  case season(SeasonScreen)
  case episode(EpisodeScreen)
  case person(PersonScreen)
  case collection(CollectionScreen)
  case discoverForm(DiscoverForm)
  /// `o`'s chooser of a film's pages, over the film.
  case chooser(LinkChooser)

  /// The screen's feature.
  public var screen: any ScreenFeature {
    switch self {
    case .list(let list): return list
    case .film(let film): return film
    case .series(let series): return series
    case .season(let season): return season
    case .episode(let episode): return episode
    case .person(let person): return person
    case .collection(let collection): return collection
    case .discoverForm(let form): return form
    case .chooser(let chooser): return chooser
    }
  }

  /// The screen a list row opens: a film's, a series' or a person's, from what the row knows.
  static func opening(_ entry: MediaSummary) -> Route {
    switch entry.kind {
    case .film: return .film(FilmScreen(id: entry.id, known: entry))
    case .series: return .series(SeriesScreen(id: entry.id, known: entry))
    case .person: return .person(PersonScreen(id: entry.id, known: entry.title))
    }
  }

  /// Changes the screen through its feature.
  mutating func update<Result>(_ body: (inout any ScreenFeature) -> Result) -> Result {
    var screen = self.screen
    defer { self = screen.route }
    return body(&screen)
  }

  /// The list, when the screen is one.
  public var list: ListScreen? {
    if case .list(let list) = self { return list }
    return nil
  }
}
