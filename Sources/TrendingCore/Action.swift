import AmodbKit
import FoundationEssentials
import Localization
import PosterKit

/// Everything that can happen to the app: input, time and network answers.
public enum Action: Equatable, Sendable {
  /// The app has started: load what the screen needs.
  case start
  /// A key was pressed.
  case key(Key)
  /// The terminal now has this size.
  case resize(Size)
  /// Time has passed; `now` is the current time.
  case tick(Date)
  /// A list page answered.
  case listLoaded(ListRequest, Result<Fetched<MoviePage>, AmodbError>)
  /// A film's details answered.
  case detailsLoaded(id: Int, Result<Fetched<MovieDetails>, AmodbError>)
  /// A person answered.
  case personLoaded(id: Int, Result<Fetched<PersonDetails>, AmodbError>)
  /// The search line rested on a query long enough for it to be asked.
  case searchDue(SearchQuery)
  /// The work under this identity waits this many seconds for the rate limit (the request budget,
  /// or a 429's `Retry-After`).
  case waiting(EffectID, seconds: Int)
  /// A poster was drawn as cells, or could not be (nil: a quiet placeholder).
  case posterLoaded(PosterRequest, PosterArt?)
  /// A poster as real pixels: the placeholder cells that show it, and the bytes that send the
  /// image to the terminal first.
  case graphicsReady(PosterRequest, PosterArt, transmit: String)
  /// A poster encoded for a terminal that draws images over its cells.
  case pixelsReady(PosterRequest, PixelPoster, transmit: String?)
  /// The selection rested on a film long enough for its poster to be worth fetching.
  case posterDue(PosterRequest)
  /// The film or person screen, as last drawn: how far it can scroll and where its links are.
  case documentLayout(DocumentLayout)
  /// The watchlist and seen marks as stored, and a note when the file had a problem.
  case marksLoaded([Int: Mark], problem: String?)
  /// The oldest unsaved mark change was stored: the marks as stored after it, or nil and why not.
  case markSaved([Int: Mark]?, problem: String?)
  /// A message for the status line (a browser that could not be started, say).
  case notice(String, warning: Bool)
  /// A mouse event from the terminal.
  case mouse(MouseEvent)
  /// Text the terminal marked as pasted (bracketed paste): typed into the search line when it is
  /// open, ignored elsewhere, never read as keys.
  case paste(String)
  /// Posters are drawn another way from now on (the terminal said it shows images): drawn again.
  case imagesChanged(note: String)
}

/// A terminal size in cells.
public struct Size: Equatable, Sendable, Hashable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Makes a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// The lists shown as tabs, in tab order.
public enum ListKind: String, Sendable, Hashable, CaseIterable {
  case trending, popular, topRated, nowPlaying, upcoming, watchlist

  /// The tab's name.
  public var title: String {
    switch self {
    case .trending: return tr("Trending")
    case .popular: return tr("Popular")
    case .topRated: return tr("Top rated")
    case .nowPlaying: return tr("Now playing")
    case .upcoming: return tr("Upcoming")
    case .watchlist: return tr("Watchlist")
    }
  }

  /// The tab's name where room is short.
  public var shortTitle: String {
    switch self {
    case .trending: return trc("short tab name", "Trend")
    case .popular: return trc("short tab name", "Pop")
    case .topRated: return trc("short tab name", "Top")
    case .nowPlaying: return trc("short tab name", "Now")
    case .upcoming: return trc("short tab name", "Soon")
    case .watchlist: return trc("short tab name", "Watch")
    }
  }

  /// The amodb list behind the tab (nil for trending, which has its own endpoint, and the watchlist,
  /// which is the user's own).
  public var movieList: MovieList? {
    switch self {
    case .trending: return nil
    case .popular: return .popular
    case .topRated: return .topRated
    case .nowPlaying: return .nowPlaying
    case .upcoming: return .upcoming
    case .watchlist: return nil
    }
  }
}

/// Which list page to load.
public struct ListRequest: Equatable, Sendable, Hashable {
  /// Which list.
  public var source: ListSource
  /// Today or this week (trending only).
  public var window: TimeWindow
  /// The page, from 1.
  public var page: Int
  /// Whether to bypass every cache.
  public var forceRefresh: Bool

  /// Makes a request for a page of a tab.
  public init(kind: ListKind = .trending, window: TimeWindow, page: Int, forceRefresh: Bool = false) {
    self.init(source: .tab(kind), window: window, page: page, forceRefresh: forceRefresh)
  }

  /// Makes a request for a page of any list.
  public init(source: ListSource, window: TimeWindow, page: Int, forceRefresh: Bool = false) {
    self.source = source
    self.window = window
    self.page = page
    self.forceRefresh = forceRefresh
  }
}

/// The identity of work in flight: starting work with an identity already running cancels the
/// old work (cancel-in-flight), and `Effect.cancel` stops it.
public enum EffectID: Hashable, Sendable {
  /// A page of a list (page 1 is the list itself).
  case listPage(Int, ListSource = .tab(.trending))
  /// A film's details.
  case details(Int)
  /// A person.
  case person(Int)
  /// The wait before the search line's query is asked.
  case searchDebounce
  /// Writing the watchlist.
  case marks
  /// The one poster download, or the wait before it.
  case poster
}

/// Work for the runtime: plain data, performed at the edge, answered with an `Action`.
public enum Effect: Equatable, Sendable {
  /// Fetch a page of the trending list (identity `.listPage(page)`).
  case fetchList(ListRequest)
  /// Fetch a film with every appended part (identity `.details(id)`).
  case fetchDetails(id: Int, forceRefresh: Bool)
  /// Fetch a person with their films (identity `.person(id)`).
  case fetchPerson(id: Int, forceRefresh: Bool)
  /// Fetch a poster and draw it into a box of cells (identity `.poster`).
  case fetchPoster(PosterRequest)
  /// Send `action` after `delay`, under `id` (a debounce: a newer one with the same id replaces it).
  case after(Duration, Action, id: EffectID)
  /// Stop the work with this identity, if any is running; its answer never arrives.
  case cancel(EffectID)
  /// Repaint the whole terminal (Ctrl-L).
  case redraw
  /// Give the terminal back and stop until the shell continues the app (Ctrl-Z).
  case suspend
  /// Read the watchlist and seen marks (identity `.marks`).
  case loadMarks
  /// Store a change to one film's marks (each change runs to its end, in order of the lock).
  case saveMark(MarkChange)
  /// Open a web page in the user's browser, without waiting for it.
  case openURL(String)
  /// Put text on the clipboard through the terminal (OSC 52).
  case copy(String)
  /// Send control bytes (an image) to the terminal before the next frame.
  case writeTerminal(String)
  /// Leave the app.
  case quit
}

extension Effect {
  /// The identity of the work this effect starts, if it starts any.
  public var id: EffectID? {
    switch self {
    case .fetchList(let request): return .listPage(request.page, request.source)
    case .fetchDetails(let id, _): return .details(id)
    case .fetchPerson(let id, _): return .person(id)
    case .fetchPoster: return .poster
    case .after(_, _, let id): return id
    case .loadMarks: return .marks
    case .cancel, .redraw, .suspend, .quit, .saveMark, .openURL, .copy, .writeTerminal: return nil
    }
  }
}

/// A poster in a box of cells: which image, how many columns and rows.
public struct PosterRequest: Equatable, Sendable, Hashable {
  /// The poster's path on the image host.
  public var path: String
  /// Columns of the box.
  public var columns: Int
  /// Rows of the box.
  public var rows: Int

  /// Makes a request.
  public init(path: String, columns: Int, rows: Int) {
    self.path = path
    self.columns = columns
    self.rows = rows
  }
}

/// Where a poster stands: on its way, drawn, or not to be had.
public enum PosterSlot: Equatable, Sendable {
  case loading
  case loaded(PosterArt)
  /// Drawn over the cells after the screen's update (sixel, iTerm2); the cells stay blank.
  case pixels(PixelPoster)
  case unavailable
}

/// A change to one film's marks: on or off the watchlist, seen or not.
public struct MarkChange: Equatable, Sendable {
  /// What changes.
  public enum Kind: Equatable, Sendable {
    case watchlist(Bool)
    case seen(Bool)
  }

  /// The film.
  public var id: Int
  /// Its title and year, kept with the mark.
  public var title: String
  /// Its year.
  public var year: Int?
  /// What changes.
  public var kind: Kind
  /// The day it happens, `YYYY-MM-DD`.
  public var day: String

  /// Makes a change.
  public init(id: Int, title: String, year: Int?, kind: Kind, day: String) {
    self.id = id
    self.title = title
    self.year = year
    self.kind = kind
    self.day = day
  }

  /// Applies the change to a set of marks.
  public func apply(to marks: inout [Int: Mark]) {
    var mark = marks[id] ?? Mark(id: id, title: title, year: year, onWatchlist: false, added: day)
    if !title.isEmpty { (mark.title, mark.year) = (title, year ?? mark.year) }
    switch kind {
    case .watchlist(let on):
      mark.onWatchlist = on
      if on { mark.added = day }
    case .seen(let on): mark.seen = on ? day : nil
    }
    marks[id] = mark.isEmpty ? nil : mark
  }
}

/// A mouse event, in cells from the top left (0-based).
public struct MouseEvent: Equatable, Sendable {
  /// What happened.
  public enum Kind: Equatable, Sendable {
    case press, wheelUp, wheelDown
  }

  /// What happened.
  public var kind: Kind
  /// The row.
  public var row: Int
  /// The column.
  public var column: Int

  /// Makes an event.
  public init(_ kind: Kind, row: Int, column: Int) {
    self.kind = kind
    self.row = row
    self.column = column
  }
}
