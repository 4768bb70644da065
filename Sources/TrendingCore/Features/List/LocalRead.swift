import AmodbKit

// A local feed's plumbing in one place: the read a list asks the runner for (`Effect.readLocal`) and
// what the read found (`Action.localRead`). A new list of the user's own data is a case of each, the
// runner's read (`LocalReads`, in TerminalUI) and its tab's row (`Tab.all`).

/// What the runner reads from the user's own data for a list.
public enum LocalQuery: Hashable, Sendable {
  /// The library's watchlist and what the cache knows of its titles.
  case watchlist
  /// The series in progress, each with its next episode.
  case upNext
  /// A named list of the library, in its order.
  case list(String)
  /// The recommendations from the library's ratings and watches (`ForYou`).
  case forYou
  /// The films, series and episodes rated, newest first (`RatedFeed`).
  case rated
  /// The names of the library's lists, for the "add to list" line's Tab (no list reads it).
  case listNames
  /// The series in progress off the watchlist, for the calendar (no list reads it).
  case following
}

/// What a local read found.
public enum LocalAnswer: Equatable, Sendable {
  /// The watchlist as stored, with what the cache knows of its titles.
  case watchlist(WatchlistSnapshot)
  /// The series in progress, newest activity first.
  case upNext([UpNext])
  /// A named list's titles in order (nil: there is no list of that name).
  case list([MediaSummary]?)
  /// The recommendations, ranked, each with its reason.
  case forYou(MediaPage)
  /// The ratings, newest first, each with the public score and the day.
  case rated(RatedList)
  /// The library's list names, as it spells them.
  case listNames([String])
  /// The ids of the series in progress that are not on the watchlist.
  case following([Int])
}
