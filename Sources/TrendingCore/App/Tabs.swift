import AmodbKit
import Localization

/// A list shown as a tab, by its name in the tab table.
public struct ListKind: RawRepresentable, Hashable, Sendable, CaseIterable {
  /// The tab's name in the table (`trending`, `seriesTopRated`).
  public let rawValue: String

  /// The discover list a saved tab shows (nil for the built-in tabs).
  public private(set) var saved: SavedTab?

  /// The tab of that name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The tab of a saved discover list, named by its settings line and title: two tabs of one title
  /// are two tabs.
  init(saved: SavedTab) {
    self.rawValue = "saved:\(saved.line):" + saved.title
    self.saved = saved
  }

  public static let trending = ListKind(rawValue: "trending")
  public static let popular = ListKind(rawValue: "popular")
  public static let topRated = ListKind(rawValue: "topRated")
  public static let nowPlaying = ListKind(rawValue: "nowPlaying")
  public static let upcoming = ListKind(rawValue: "upcoming")
  public static let watchlist = ListKind(rawValue: "watchlist")
  public static let seriesTrending = ListKind(rawValue: "seriesTrending")
  public static let seriesPopular = ListKind(rawValue: "seriesPopular")
  public static let seriesTopRated = ListKind(rawValue: "seriesTopRated")
  public static let onTheAir = ListKind(rawValue: "onTheAir")
  public static let airingToday = ListKind(rawValue: "airingToday")
  public static let calendar = ListKind(rawValue: "calendar")
  public static let upNext = ListKind(rawValue: "upNext")
  public static let forYou = ListKind(rawValue: "forYou")
  public static let rated = ListKind(rawValue: "rated")

  /// Whether what the tab lists turns with the day (the calendar's weeks start today; airing today).
  var turnsWithTheDay: Bool { self == .calendar || self == .airingToday }

  /// Every tab, films' then series'.
  public static var allCases: [ListKind] { Tab.all.map(\.kind) }

  /// The tab's row in the table, or the row a saved tab makes.
  var entry: Tab? { saved.map(Tab.init(saved:)) ?? Tab.all.first { $0.kind == self } }

  /// The tab's name.
  public var title: String { entry?.title() ?? rawValue }

  /// The tab's name where room is short.
  public var shortTitle: String { entry?.shortTitle() ?? rawValue }

  /// How a header names the list: "Trending films", "Series on the air", "Watchlist".
  public var heading: String { entry?.heading() ?? title }

  /// Where the tab's entries come from.
  public var feed: ListFeed { entry?.feed ?? .trending(.film) }

  /// Films or series; nil for a tab of both (the watchlist).
  public var media: MediaKind? { entry?.media }

  /// The tab's name on the command line (`--list top-rated`, with `--kind tv` for series): its
  /// table name in kebab case, without the `series` that tells series tabs apart.
  public var name: String {
    let base = rawValue.hasPrefix("series") ? String(rawValue.dropFirst("series".count)) : rawValue
    return base.enumerated().reduce(into: "") { name, item in
      if item.element.isUppercase, item.offset > 0 { name += "-" }
      name += item.element.lowercased()
    }
  }

  /// The tab of a command-line name among the tabs of films or series.
  public init?(name: String, media: MediaKind = .film) {
    guard let kind = Tab.shown(media).first(where: { $0.kind.name == name })?.kind else { return nil }
    self = kind
  }

  /// Whether the tab's entries come from amodb (else from the user's own files).
  public var isRemote: Bool {
    let behaviour = feed.feed(of: self)
    return !behaviour.isMade && behaviour.localQuery == nil
  }

  /// The tab's number, from 1, among the tabs shown with it (a tab of both kinds: among the
  /// films'): its key, and the `tab-N` command.
  public var number: Int { number(browsing: .film) }

  /// The tab's number among the tabs shown while browsing films or series.
  public func number(browsing: MediaKind) -> Int {
    (Tab.shown(media ?? browsing).firstIndex { $0.kind == self } ?? 0) + 1
  }

  /// The tab with a number, from 1, among the tabs of films or series.
  public init?(number: Int, media: MediaKind = .film) {
    let tabs = Tab.shown(media)
    guard tabs.indices.contains(number - 1) else { return nil }
    self = tabs[number - 1].kind
  }

  /// The tab at the same place among the other kind's own tabs (Now playing, On the air), else the
  /// other kind's first: what `t` switches to. A tab shown with both kinds stays.
  public func counterpart(in media: MediaKind) -> ListKind {
    if self.media == nil, entry != nil { return self }
    let own = Tab.all.filter { $0.media == self.media }.map(\.kind)
    let other = Tab.all.filter { $0.media == media }.map(\.kind)
    guard let index = own.firstIndex(of: self), other.indices.contains(index) else {
      return media == .series ? .seriesTrending : .trending
    }
    return other[index]
  }
}

/// Where a tab's entries come from: an amodb endpoint, or the user's own watchlist.
public enum ListFeed: Hashable, Sendable {
  /// This week's or today's trending films or series.
  case trending(MediaKind)
  /// One of amodb's lists of films or series.
  case catalogue(MediaKind, CatalogueList)
  /// The films and series on the library's watchlist, read locally.
  case watchlist
  /// A saved discover list ("On my services", a `tab` line of the settings file).
  case discover(SavedTab)
  /// What comes out in the next weeks (`CalendarTab`), made from several answers.
  case calendar
  /// The series in progress with their next episodes, read from the library.
  case upNext
  /// One of the library's named lists (a `tab "…" list=NAME` line), read locally.
  case library(String)
  /// The recommendations from the user's own taste (`ForYouFeed`), read locally.
  case forYou
  /// The films, series and episodes the user rated, newest first (`RatedFeed`), read locally.
  case rated
}

extension ListFeed {
  /// The feed a tab's row names: the one place a tab's kind of feed meets its behaviour.
  func feed(of kind: ListKind) -> any Feed {
    switch self {
    case .trending(let media): return TrendingFeed(media: media, kind: kind)
    case .catalogue(let media, let list): return CatalogueFeed(media: media, list: list, kind: kind)
    case .watchlist: return WatchlistFeed()
    case .discover(let saved): return SavedTabFeed(saved: saved)
    case .calendar: return CalendarFeed()
    case .upNext: return UpNextFeed()
    case .library(let name): return NamedListFeed(name: name, title: kind.title)
    case .forYou: return ForYouFeed()
    case .rated: return RatedFeed()
    }
  }
}

/// One row of the tab table: a tab's identity, names and entries. The tab bar, its number keys,
/// its mouse targets, the help and the endpoints all read this table, so a new list is one row.
public struct Tab: Sendable {
  /// The tab's identity.
  public let kind: ListKind
  /// Films or series; nil for a tab shown with both.
  public let media: MediaKind?
  /// Its name, in the interface's language.
  public let title: @Sendable () -> String
  /// Its name where room is short: whole words that read as the tab ("Top" for "Top rated", "On air"
  /// for "On the air"), never a cut one; the name itself where no shorter one reads as it ("For you").
  public let shortTitle: @Sendable () -> String
  /// How a header names it.
  public let heading: @Sendable () -> String
  /// Where its entries come from.
  public let feed: ListFeed

  /// The tabs, films' then series'; the watchlist, of both, is shown with either.
  public static let all: [Tab] = [
    Tab(
      kind: .trending, media: .film, title: { tr("Trending") }, shortTitle: { trc("short tab name", "Trend") },
      heading: { tr("Trending films") }, feed: .trending(.film)),
    Tab(
      kind: .popular, media: .film, title: { tr("Popular") }, shortTitle: { trc("short tab name", "Popular") },
      heading: { tr("Popular films") }, feed: .catalogue(.film, .popular)),
    Tab(
      kind: .topRated, media: .film, title: { tr("Top rated") }, shortTitle: { trc("short tab name", "Top") },
      heading: { tr("Top rated films") }, feed: .catalogue(.film, .topRated)),
    Tab(
      kind: .nowPlaying, media: .film, title: { tr("Now playing") }, shortTitle: { trc("short tab name", "Now") },
      heading: { tr("Films now playing") }, feed: .catalogue(.film, .nowPlaying)),
    Tab(
      kind: .upcoming, media: .film, title: { tr("Upcoming") }, shortTitle: { trc("short tab name", "Soon") },
      heading: { tr("Upcoming films") }, feed: .catalogue(.film, .upcoming)),
    Tab(
      kind: .watchlist, media: nil, title: { tr("Watchlist") }, shortTitle: { trc("short tab name", "Watch") },
      heading: { tr("Watchlist") }, feed: .watchlist),
    Tab(
      kind: .calendar, media: nil, title: { tr("Calendar") }, shortTitle: { trc("short tab name", "Dates") },
      heading: { tr("Calendar") }, feed: .calendar),
    Tab(
      kind: .forYou, media: nil, title: { tr("For you") }, shortTitle: { trc("short tab name", "Picks") },
      heading: { tr("Recommended for you") }, feed: .forYou),
    Tab(
      kind: .rated, media: nil, title: { tr("Recently rated") }, shortTitle: { trc("short tab name", "Rated") },
      heading: { tr("Recently rated") }, feed: .rated),
    Tab(
      kind: .seriesTrending, media: .series, title: { tr("Trending") },
      shortTitle: { trc("short tab name", "Trend") }, heading: { tr("Trending series") }, feed: .trending(.series)),
    Tab(
      kind: .seriesPopular, media: .series, title: { tr("Popular") }, shortTitle: { trc("short tab name", "Popular") },
      heading: { tr("Popular series") }, feed: .catalogue(.series, .popular)),
    Tab(
      kind: .seriesTopRated, media: .series, title: { tr("Top rated") },
      shortTitle: { trc("short tab name", "Top") }, heading: { tr("Top rated series") },
      feed: .catalogue(.series, .topRated)),
    Tab(
      kind: .onTheAir, media: .series, title: { tr("On the air") }, shortTitle: { trc("short tab name", "On air") },
      heading: { tr("Series on the air") }, feed: .catalogue(.series, .onTheAir)),
    Tab(
      kind: .airingToday, media: .series, title: { tr("Airing today") },
      shortTitle: { trc("short tab name", "Today") }, heading: { tr("Series airing today") },
      feed: .catalogue(.series, .airingToday)),
    Tab(
      kind: .upNext, media: .series, title: { tr("Up next") }, shortTitle: { trc("short tab name", "Next") },
      heading: { tr("Up next") }, feed: .upNext),
  ]

  /// The tabs shown while browsing films or series, in tab order: that kind's, then those of both.
  public static func shown(_ media: MediaKind) -> [Tab] {
    all.filter { $0.media == media } + all.filter { $0.media == nil }
  }

  /// The most tabs shown at once: how many `tab-N` commands there are.
  static var mostShown: Int { max(shown(.film).count, shown(.series).count) }

  /// The key bindings that show each tab by its number, for the key table; help names the film
  /// tab and the series tab a number shows when they differ ("Now playing / On the air").
  static var bindings: [KeyBinding] {
    numberBindings(films: shown(.film).map(\.kind), series: shown(.series).map(\.kind))
  }

  /// The number keys, one a tab up to ten (`0` the tenth, as the key row runs), for the tabs of
  /// films and of series in tab order; each names its film and series tab in English (the lists
  /// made once, the names in one pass).
  static func numberBindings(films: [ListKind], series: [ListKind]) -> [KeyBinding] {
    Translator.$override.withValue(Catalogue.english) {
      (1...min(max(films.count, series.count), 10)).map { number in
        let names = [films, series].compactMap { kinds in
          kinds.indices.contains(number - 1) ? kinds[number - 1].entry?.title() : nil
        }
        let unique = names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return KeyBinding(
          [.character(Character(String(number % 10)))], .tab(number), in: [.list], group: "Lists", names: unique)
      }
    }
  }
}

extension Tab {
  /// The row of a saved discover list.
  init(saved: SavedTab) {
    let title = { @Sendable in saved.title }
    self.init(
      kind: ListKind(saved: saved), media: saved.list == nil ? saved.filter.media : nil, title: title,
      shortTitle: { Tab.shortened(saved.title) }, heading: { saved.heading },
      feed: saved.list.map(ListFeed.library) ?? .discover(saved))
  }

  /// A saved tab's name where room is short: its leading whole words that fit, with "…", in the
  /// width of the widest built-in short name (at least six columns), so every label is shortened
  /// by one rule; a first word too long alone is cut.
  static func shortened(_ title: String) -> String {
    let width = shortWidths.value(for: Translator.current) {
      max(6, Tab.all.map { TextWidth.width(of: $0.shortTitle()) }.max() ?? 6)
    }
    guard TextWidth.width(of: title) > width else { return title }
    var words = ""
    for word in title.split(separator: " ") {
      let longer = words.isEmpty ? String(word) : words + " " + word
      guard TextWidth.width(of: longer) < width else { break }
      words = longer
    }
    if !words.isEmpty { return words + "…" }
    var cut = ""
    for character in title {
      guard TextWidth.width(of: cut + String(character)) < width else { break }
      cut.append(character)
    }
    return cut + "…"
  }

  /// The widest built-in short name, measured once for each language (the tab bar asks every frame).
  private static let shortWidths = Memo<Catalogue, Int>()
}
