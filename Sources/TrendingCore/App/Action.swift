import AmodbKit
import FoundationEssentials
import PosterKit

/// Everything that can happen to the app: input, time, the terminal's replies and answers.
public enum Action: Equatable, Sendable {
  /// The app has started: load what the screen needs.
  case start
  /// A key was pressed.
  case key(Key)
  /// The terminal now has this size.
  case resize(Size)
  /// Time has passed: the current time, and how far the user's clock is ahead of UTC then.
  case tick(Date, utcOffset: Int = 0)
  /// A request answered (or the kept answer came back).
  case fetched(APIRequest, Result<Fetched<APIAnswer>, AmodbError>)
  /// A local read answered (the watchlist for its tab): what it found, for the lists it is for.
  case localRead(LocalQuery, Result<LocalAnswer, AmodbError>)
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
  /// The list's selection has rested on a title: the wide pane asks for its details now.
  case paneFactsDue(APIRequest)
  /// The screen has settled: the user's own tabs not kept are read behind it now.
  case readAheadDue
  /// A document screen (film, person, series, season, episode, collection), as last drawn: how far it
  /// can scroll and where its links are.
  case documentLayout(DocumentLayout)
  /// The watchlist and seen marks as stored, and a note when the file had a problem.
  case marksLoaded([MediaID: Mark], problem: String?)
  /// The oldest unsaved change was stored: what the library holds after it, or nil and why not.
  case changeSaved(StoredAfter?, problem: String?)
  /// A series' seen episodes as the library holds them (nil: it could not be read).
  case episodeMarksLoaded(Int, SeenEpisodes?)
  /// Another process changed the library (the command line, another browser); never our own saves.
  case libraryChanged
  /// The library's sync folder was synced (its changes sent and the other devices' taken in).
  case synced(SyncReport)
  /// A message for the status line (a browser that could not be started, say).
  case notice(String, warning: Bool)
  /// A save waits for another process's hold on the library (`BusyLibrary`).
  case libraryBusy
  /// A mouse event from the terminal.
  case mouse(MouseEvent)
  /// Text the terminal marked as pasted (bracketed paste): typed into the search line when it is
  /// open, ignored elsewhere, never read as keys.
  case paste(String)
  /// The terminal answered a question asked at start-up (its name, attributes, colours, cells).
  case terminalReplied(TerminalReply)
  /// The window's size in pixels gives this cell (nil: it says none), read again after a resize.
  case windowMeasured(CellSize?)
  /// The path typed on the "play a file" line was completed from its folder: `typed` as it was
  /// asked, `text` completed, and how many names in the folder begin so.
  case pathCompleted(typed: String, text: String, matches: Int)
  /// A file the user played has ended: watched (and on which day), stopped earlier, or not played.
  case filePlayed(FileToPlay, PlayOutcome)
}

/// What the library's watchlist holds and what the cache knows of its titles, read for the Watchlist tab.
public struct WatchlistSnapshot: Equatable, Sendable {
  /// The marks as stored.
  public var marks: [MediaID: Mark]
  /// What the cached details say of the films and series on it.
  public var known: [MediaID: MediaSummary]
  /// Each title's place on the watchlist (added later, higher): of titles added the same day, the
  /// one added last comes first.
  public var order: [MediaID: Int]

  /// Makes a snapshot.
  public init(marks: [MediaID: Mark], known: [MediaID: MediaSummary] = [:], order: [MediaID: Int] = [:]) {
    self.marks = marks
    self.known = known
    self.order = order
  }
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

/// The identity of work in flight: starting work with an identity already running cancels the
/// old work (cancel-in-flight), and `Effect.cancel` stops it.
public enum EffectID: Hashable, Sendable {
  /// A request to amodb.
  case fetch(APIRequest)
  /// A local read for a list (the watchlist).
  case local(LocalQuery)
  /// The wait before the search line's query is asked.
  case searchDebounce
  /// Reading the marks.
  case marks
  /// Reading a series' seen episodes.
  case episodeMarks(Int)
  /// The one poster download, or the wait before it.
  case poster
  /// The download of a neighbour's poster ahead of a move to it.
  case posterAhead
  /// The wait before the wide list's pane asks for the selected title's details.
  case paneFacts
  /// The wait before the user's own tabs are read ahead.
  case readAhead
}

/// Work for the runtime: plain data, performed at the edge, answered with an `Action`.
public enum Effect: Equatable, Sendable {
  /// Ask amodb (identity `.fetch(request)`): the answer kept first, however old, when `keptFirst`
  /// (the reducer decides whether it is stale), else the network's.
  case fetch(APIRequest, keptFirst: Bool)
  /// Ask amodb for what no screen is waiting on (the calendar's details; identity `.fetch(request)`,
  /// answered as `.fetched`): the kept answer first, and in the budget behind the user's own requests.
  case fetchInBackground(APIRequest)
  /// Read the user's own data for a list (identity `.local(query)`): the library's watchlist, a named
  /// list, Up next or For you (`LocalQuery`).
  case readLocal(LocalQuery)
  /// Fetch a poster and draw it into a box of cells (identity `.poster`).
  case fetchPoster(PosterRequest)
  /// Fetch and draw a neighbour's poster ahead of a move to it (identity `.posterAhead`).
  case fetchPosterAhead(PosterRequest)
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
  /// Watch the library from now on, and say when another process changes it.
  case watchLibrary
  /// Sync the library's folder now (`r`), when it has one.
  case syncLibrary
  /// Store a change as one transaction, after the changes before it (their answers come in order).
  case save(LibraryChange)
  /// Read a series' seen episodes from the library (identity `.episodeMarks(id)`).
  case loadEpisodeMarks(Int)
  /// Open a web page in the user's browser, without waiting for it.
  case openURL(String)
  /// Play a trailer in the user's player: in the terminal (given back after), or in the background.
  case playTrailer(String)
  /// Complete the path typed on the "play a file" line from the names in its folder.
  case completePath(String)
  /// Play a file in mpv in the terminal (given back after), watching how far it plays.
  case playFile(FileToPlay)
  /// Put text on the clipboard through the terminal (OSC 52).
  case copy(String)
  /// Send control bytes (an image) to the terminal before the next frame.
  case writeTerminal(String)
  /// Draw posters from now on as the terminal's capabilities say.
  case drawImages(ImagePlan)
  /// Use the light (or dark) colours from now on.
  case useLightBackground(Bool)
  /// Leave the app.
  case quit
}

extension Effect {
  /// The identity of the work this effect starts, if it starts any.
  public var id: EffectID? {
    switch self {
    case .fetch(let request, _), .fetchInBackground(let request): return .fetch(request)
    case .readLocal(let query): return .local(query)
    case .fetchPoster: return .poster
    case .fetchPosterAhead: return .posterAhead
    case .after(_, _, let id): return id
    case .loadMarks: return .marks
    case .loadEpisodeMarks(let id): return .episodeMarks(id)
    case .cancel, .redraw, .suspend, .quit, .save, .openURL, .playTrailer, .completePath, .playFile, .copy,
      .writeTerminal,
      .drawImages, .useLightBackground, .watchLibrary, .syncLibrary:
      return nil
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
