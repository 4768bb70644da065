import AmodbKit
import Localization

/// A list shown as a tab, by its name in the tab table.
public struct ListKind: RawRepresentable, Hashable, Sendable, CaseIterable {
  /// The tab's name in the table (`trending`, `topRated`).
  public let rawValue: String

  /// The tab of that name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public static let trending = ListKind(rawValue: "trending")
  public static let popular = ListKind(rawValue: "popular")
  public static let topRated = ListKind(rawValue: "topRated")
  public static let nowPlaying = ListKind(rawValue: "nowPlaying")
  public static let upcoming = ListKind(rawValue: "upcoming")
  public static let watchlist = ListKind(rawValue: "watchlist")

  /// The tabs, in tab order.
  public static var allCases: [ListKind] { Tab.all.map(\.kind) }

  /// The tab's row in the table.
  var entry: Tab? { Tab.all.first { $0.kind == self } }

  /// The tab's name.
  public var title: String { entry?.title() ?? rawValue }

  /// The tab's name where room is short.
  public var shortTitle: String { entry?.shortTitle() ?? rawValue }

  /// Where the tab's films come from.
  public var feed: ListFeed { entry?.feed ?? .trending }

  /// The tab's name on the command line (`--list top-rated`): its table name in kebab case.
  public var name: String {
    rawValue.reduce(into: "") { name, character in
      if character.isUppercase { name += "-" }
      name += character.lowercased()
    }
  }

  /// The tab of a command-line name.
  public init?(name: String) {
    guard let kind = ListKind.allCases.first(where: { $0.name == name }) else { return nil }
    self = kind
  }

  /// Whether the tab's films come from amodb (else from the user's own files).
  public var isRemote: Bool { feed != .watchlist }

  /// The tab's number, from 1: its key, and the `tab-N` command.
  public var number: Int { (ListKind.allCases.firstIndex(of: self) ?? 0) + 1 }

  /// The tab with a number, from 1.
  public init?(number: Int) {
    guard Tab.all.indices.contains(number - 1) else { return nil }
    self = Tab.all[number - 1].kind
  }
}

/// Where a tab's films come from: an amodb endpoint, or the user's own watchlist.
public enum ListFeed: Hashable, Sendable {
  /// This week's or today's trending films.
  case trending
  /// One of amodb's film lists.
  case catalogue(CatalogueList)
  /// The films on the watchlist file, read locally.
  case watchlist
}

/// One row of the tab table: a tab's identity, names and films. The tab bar, its number keys, its
/// mouse targets, the help and the endpoints all read this table, so a new list is one row.
public struct Tab: Sendable {
  /// The tab's identity.
  public let kind: ListKind
  /// Its name, in the interface's language.
  public let title: @Sendable () -> String
  /// Its name where room is short.
  public let shortTitle: @Sendable () -> String
  /// Where its films come from.
  public let feed: ListFeed

  /// The tabs, in tab order.
  public static let all: [Tab] = [
    Tab(kind: .trending, title: { tr("Trending") }, shortTitle: { trc("short tab name", "Trend") }, feed: .trending),
    Tab(
      kind: .popular, title: { tr("Popular") }, shortTitle: { trc("short tab name", "Pop") },
      feed: .catalogue(.popular)),
    Tab(
      kind: .topRated, title: { tr("Top rated") }, shortTitle: { trc("short tab name", "Top") },
      feed: .catalogue(.topRated)),
    Tab(
      kind: .nowPlaying, title: { tr("Now playing") }, shortTitle: { trc("short tab name", "Now") },
      feed: .catalogue(.nowPlaying)),
    Tab(
      kind: .upcoming, title: { tr("Upcoming") }, shortTitle: { trc("short tab name", "Soon") },
      feed: .catalogue(.upcoming)),
    Tab(kind: .watchlist, title: { tr("Watchlist") }, shortTitle: { trc("short tab name", "Watch") }, feed: .watchlist),
  ]

  /// The key bindings that show each tab by its number, for the key table.
  static var bindings: [KeyBinding] {
    all.enumerated().compactMap { index, tab in
      guard index < 9 else { return nil }
      return KeyBinding(
        [.character(Character(String(index + 1)))], .tab(index + 1), in: [.list], group: "Lists",
        help: tab.englishTitle)
    }
  }

  /// The tab's name in English, as the key table's help (translated when shown) and the README give it.
  var englishTitle: String { Translator.$override.withValue(Catalogue.english) { title() } }
}
