import AmodbKit
import FoundationEssentials
import Localization

/// A discover list kept as a tab: a `tab "…"` line of the settings file, or "On my services".
public struct SavedTab: Hashable, Sendable {
  /// How the tab is named.
  public enum Name: Hashable, Sendable {
    /// The built-in "On my services" tab, named in the interface's language.
    case services
    /// The user's own title.
    case titled(String)
  }

  /// Its name.
  public var name: Name
  /// What it finds, its services aside.
  public var filter: DiscoverFilter
  /// Services named but not yet resolved to ids (that needs the region's provider table).
  public var serviceNames: [String]
  /// The settings file's line it comes from, for its messages.
  public var line: Int
  /// The library's list it shows instead of a discover list (`list=NAME`), shown with both sets.
  public var list: String?

  /// Makes one.
  public init(name: Name, filter: DiscoverFilter, serviceNames: [String] = [], line: Int, list: String? = nil) {
    self.name = name
    self.filter = filter
    self.serviceNames = serviceNames
    self.line = line
    self.list = list
  }

  /// The built-in tab of films on the services set with `set services`: subscriptions only.
  public static func services(_ names: [String], line: Int) -> SavedTab {
    var filter = DiscoverFilter(media: .film)
    filter.subscriptionOnly = true
    return SavedTab(name: .services, filter: filter, serviceNames: names, line: line)
  }

  /// Its title.
  public var title: String {
    switch name {
    case .services: return tr("On my services")
    case .titled(let title): return title
    }
  }

  /// How its header names it: "On my services" names the services ("On Netflix, MUBI").
  public var heading: String {
    guard name == .services, !serviceNames.isEmpty else { return title }
    return tr("On %s", serviceNames.joined(separator: ", "))
  }

  /// How its header names it once the region's services are known: each as the region's table
  /// spells it, a name the table does not have left out (its notice says so, with "did you mean").
  public func heading(_ providers: Loadable<APIAnswer>?) -> String {
    guard name == .services, let table = providers?.value?.providers else { return heading }
    let found = NameMatch.partition(serviceNames, in: table.providers).found
    guard !found.isEmpty else { return heading }
    return tr("On %s", found.map(\.name).joined(separator: ", "))
  }

  /// Whether its services, if any, can be named by id with this provider table; a name not in
  /// the table leaves the others working (`partly`).
  public func resolve(_ providers: Loadable<APIAnswer>?, region: String?) -> ServiceResolution {
    guard !serviceNames.isEmpty else { return .resolved(filter) }
    guard let region else { return .noRegion }
    guard let table = providers?.value?.providers else {
      if case .failed(let error) = providers?.phase { return .failed(error) }
      return .waiting
    }
    if table.providers.isEmpty { return .noData(region: region) }
    let (found, unknown) = NameMatch.partition(serviceNames, in: table.providers)
    var resolved = filter
    resolved.services = found
    guard let first = unknown.first else { return .resolved(resolved) }
    guard !found.isEmpty else { return .unknown(first, region: region, line: line) }
    return .partly(resolved, first, region: region, line: line)
  }
}

/// Whether a tab's services are known by id yet, and if not, why.
public enum ServiceResolution: Equatable, Sendable {
  /// The filter, services and all.
  case resolved(DiscoverFilter)
  /// The region's provider table is on its way.
  case waiting
  /// No region is set: services are per country.
  case noRegion
  /// amodb has no streaming data for the region.
  case noData(region: String)
  /// The provider table could not be fetched.
  case failed(AmodbError)
  /// A name is not one of the region's services.
  case unknown(UnknownName, region: String, line: Int)
  /// Some names are the region's services, one is not: the filter of those that are.
  case partly(DiscoverFilter, UnknownName, region: String, line: Int)

  /// The filter, when resolved (or resolved but for a misspelt name).
  public var filter: DiscoverFilter? {
    switch self {
    case .resolved(let filter), .partly(let filter, _, _, _): return filter
    default: return nil
    }
  }

  /// What to tell the user about a name not found, with "did you mean", when there is one.
  public var notice: String? {
    switch self {
    case .unknown(let unknown, let region, let line), .partly(_, let unknown, let region, let line):
      return tr(
        "settings line %1$s: %2$s", String(line), unknown.message(tr("no service “%1$s” in %2$s", unknown.name, region))
      )
    default: return nil
    }
  }

  /// What the tab says instead of its films, when it cannot show them.
  public var message: String? {
    switch self {
    case .resolved: return nil
    case .waiting: return tr("Fetching the list of streaming services…")
    case .noRegion: return tr("Services are per country: set a region (set region GB) to use them.")
    case .noData(let region): return tr("amodb has no streaming data for films in %s.", region)
    case .failed(let error): return tr("Could not load the streaming services: %s", error.message)
    case .unknown, .partly: return notice
    }
  }
}

/// A name not found in a table, with the closest one when it is near.
public struct UnknownName: Error, Equatable, Sendable {
  /// The name as given.
  public var name: String
  /// The closest known name, within two edits.
  public var suggestion: String?

  /// The message, with "did you mean" when there is a suggestion.
  public func message(_ text: String) -> String {
    suggestion.map { text + "; " + tr("did you mean “%s”?", $0) } ?? text
  }
}

/// Matching names to a table's entries: case-insensitive, with "did you mean" for a typo.
public enum NameMatch {
  /// The entry of this name, ignoring case.
  public static func one(_ name: String, in table: [NamedID]) -> NamedID? {
    let wanted = name.lowercased()
    return table.first { $0.name.lowercased() == wanted }
  }

  /// The entries of the names found, in order, and the names not found.
  public static func partition(_ names: [String], in table: [NamedID]) -> (found: [NamedID], unknown: [UnknownName]) {
    var found: [NamedID] = []
    var unknown: [UnknownName] = []
    for name in names {
      if let entry = one(name, in: table) {
        if !found.contains(entry) { found.append(entry) }
      } else {
        unknown.append(UnknownName(name: name, suggestion: closest(name, among: table.map(\.name))))
      }
    }
    return (found, unknown)
  }

  /// Every name's entry, in order, or the first name not in the table.
  public static func all(_ names: [String], in table: [NamedID]) -> Result<[NamedID], UnknownName> {
    var found: [NamedID] = []
    for name in names {
      guard let entry = one(name, in: table) else {
        return .failure(UnknownName(name: name, suggestion: closest(name, among: table.map(\.name))))
      }
      if !found.contains(entry) { found.append(entry) }
    }
    return .success(found)
  }

  /// The known word closest to `word`, ignoring case, within two edits (or one for short words).
  public static func closest(_ word: String, among known: [String]) -> String? {
    let limit = word.count <= 3 ? 1 : 2
    let scored = known.map { ($0, EditDistance.between(word.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 }?.0
  }
}

/// Genre names in any interface language or English, resolved to TMDB's ids.
public enum GenreNames {
  /// The genre ids of series (films' are `DiscoverTables.builtInGenreIDs`).
  static let seriesIDs = [10759, 16, 35, 80, 99, 18, 10751, 10762, 9648, 10763, 10764, 10765, 10766, 10767, 10768, 37]

  /// The built-in genres of films or series as a catalogue names them.
  static func builtIn(_ media: MediaKind, in catalogue: Catalogue) -> [NamedID] {
    let ids = media == .series ? seriesIDs : DiscoverTables.builtInGenreIDs
    return Translator.$override.withValue(catalogue) {
      ids.compactMap { id in displayName(id, media: media, table: []).map { NamedID(id: id, name: $0) } }
    }
  }

  /// The genres of names, in order: amodb's table (in the data's language) and the English names
  /// first, then the names of every interface language; each named as the interface names it.
  public static func resolve(_ names: [String], media: MediaKind, table: [NamedID] = []) -> Result<
    [NamedID], UnknownName
  > {
    var known = table + builtIn(media, in: .english)
    var everyLanguage = false
    var resolved: [NamedID] = []
    for name in names {
      var entry = NameMatch.one(name, in: known)
      if entry == nil, !everyLanguage {
        known += Translator.languages.dropFirst().flatMap { builtIn(media, in: Translator.catalogue(for: $0)) }
        everyLanguage = true
        entry = NameMatch.one(name, in: known)
      }
      guard let entry else {
        let words = known.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return .failure(UnknownName(name: name, suggestion: NameMatch.closest(name, among: words)))
      }
      let shown = NamedID(id: entry.id, name: displayName(entry.id, media: media, table: table) ?? entry.name)
      if !resolved.contains(shown) { resolved.append(shown) }
    }
    return .success(resolved)
  }

  /// A genre's name in the interface's language: amodb's when its table has it, else the built-in one.
  /// Genre names as details carry them (English) in the interface's language: each built-in
  /// genre named by its id as the discover form names it, any other name as it came.
  public static func shown(_ names: [String], media: MediaKind) -> [String] {
    guard !names.isEmpty else { return names }
    let english = builtIn(media, in: .english)
    return names.map { name in
      english.first { $0.name == name }.flatMap { displayName($0.id, media: media, table: []) } ?? name
    }
  }

  static func displayName(_ id: Int, media: MediaKind, table: [NamedID]) -> String? {
    table.first { $0.id == id }?.name ?? (media == .series ? Genres.seriesName(id) : Genres.name(id))
  }
}

/// The tabs shown: the built-in table, then "On my services" when services are set, then the
/// saved tabs, each among the films' or the series'. Kept in `Shared`, so the number keys, the tab
/// bar, its mouse targets, `Tab`/`S-Tab`, `?` and `t` all read one set.
public struct TabSet: Equatable, Sendable {
  /// The tabs after the built-in ones, in order.
  public var extra: [SavedTab]

  /// The built-in tabs only.
  public init() {
    extra = []
  }

  /// The built-in tabs, "On my services" when some are named, and the saved tabs.
  public init(services: [String], servicesLine: Int = 0, saved: [SavedTab]) {
    extra = (services.isEmpty ? [] : [SavedTab.services(services, line: servicesLine)]) + saved
  }

  /// The tabs shown while browsing films or series, in order.
  public func shown(_ media: MediaKind) -> [ListKind] {
    Tab.shown(media).map(\.kind) + extra.filter { $0.list != nil || $0.filter.media == media }.map(ListKind.saved)
  }

  /// A tab's number, from 1, among the tabs shown with it (a tab of both kinds: among `browsing`'s).
  public func number(of kind: ListKind, browsing: MediaKind = .film) -> Int {
    (shown(kind.media ?? browsing).firstIndex(of: kind) ?? 0) + 1
  }

  /// The tab with a number, from 1, among the tabs of films or series.
  public func kind(number: Int, media: MediaKind) -> ListKind? {
    let tabs = shown(media)
    return tabs.indices.contains(number - 1) ? tabs[number - 1] : nil
  }

  /// What `t` switches to: a tab shown with both kinds stays, a saved tab goes to the other kind's
  /// saved tab of its name, a built-in one to the other kind's at its place; else the other kind's
  /// first tab.
  public func counterpart(of kind: ListKind, in media: MediaKind) -> ListKind {
    if kind.media == nil, shown(media).contains(kind) { return kind }
    guard let saved = kind.saved else { return kind.counterpart(in: media) }
    return shown(media).first { $0.saved?.title == saved.title } ?? (media == .series ? .seriesTrending : .trending)
  }

  /// The tab a command shows: `tab-N`, or the next or previous one from `current`.
  func target(of command: AppCommand, from current: ListKind, media: MediaKind) -> ListKind? {
    let all = shown(media)
    if case .tab(let number) = command { return kind(number: number, media: media) }
    let index = all.firstIndex(of: current) ?? 0
    return all[(index + (command == .nextTab ? 1 : all.count - 1)) % all.count]
  }

  /// The number keys, one a tab up to ten (1 to 9, then 0); help names the film and the series tab of each.
  var bindings: [KeyBinding] {
    Tab.numberBindings(films: shown(.film), series: shown(.series))
  }
}

extension ListKind {
  /// The tab of a saved discover list.
  public static func saved(_ tab: SavedTab) -> ListKind {
    ListKind(saved: tab)
  }
}

extension KeyTable {
  /// The table with number keys for these tabs in place of the built-in ones (other bindings as they are).
  public func showing(_ tabs: TabSet) -> KeyTable {
    let isTab = { (binding: KeyBinding) -> Bool in
      if case .app(.tab) = binding.command { return true }
      return false
    }
    // Made once: each binding's help names its tabs, looked up in the catalogue.
    let own = tabs.bindings
    var kept = bindings
    let place = kept.firstIndex(where: isTab) ?? kept.count
    let ownKeys = Set(own.flatMap(\.keys))
    kept.removeAll { isTab($0) && ownKeys.isSuperset(of: $0.keys) }
    kept.insert(contentsOf: own, at: min(place, kept.count))
    return KeyTable(kept)
  }
}

extension Shared {
  /// The notices of the saved tabs whose services are resolved but for a misspelt name.
  public var misspeltServices: [String] {
    tabs.extra.compactMap { tab in
      let resolution = services(of: tab)
      if case .partly = resolution { return resolution.notice }
      return nil
    }
  }

  /// The region's film provider table as loaded, if asked for.
  public var providerTable: Loadable<APIAnswer>? { providerTable(.film) }

  /// The region's provider table of films or series as loaded, if asked for.
  public func providerTable(_ media: MediaKind) -> Loadable<APIAnswer>? {
    providersRequest(media).flatMap { answers[$0] }
  }

  /// The filter a new film form starts from.
  public var newFilter: DiscoverFilter { newFilter(.film) }

  /// The filter a new `f` form of films or series starts from: the services set with `set
  /// services` chosen, when the region's table of that kind names them.
  public func newFilter(_ media: MediaKind) -> DiscoverFilter {
    var filter = DiscoverFilter(media: media)
    if let tab = tabs.extra.first(where: { $0.name == .services }) {
      var kind = tab
      kind.filter.media = media
      filter.services = services(of: kind).filter?.services ?? []
    }
    return filter
  }

  /// Whether a tab's services are known by id yet (in the table of its films or series).
  public func services(of tab: SavedTab) -> ServiceResolution {
    tab.resolve(providerTable(tab.filter.media), region: region)
  }

  /// The provider tables the saved tabs need to find their titles, one for films and one for series.
  public var savedTabProviders: [APIRequest] {
    [MediaKind.film, .series].filter { media in
      tabs.extra.contains { !$0.serviceNames.isEmpty && $0.filter.media == media }
    }.compactMap { providersRequest($0) }
  }
}
