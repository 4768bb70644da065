import AmodbKit
import FoundationEssentials
import Localization

/// What every screen shares, handed down to each: the answers by request, posters, the budget, the
/// clock, the keys, the marks, notices and the terminal's capabilities.
public struct Shared: Equatable, Sendable {
  /// The language tag requests use.
  public var language: String
  /// The language as the header names it, when it is not the locale's (nil: not shown).
  public var headerLanguage: String?
  /// The country for certifications and where to watch, when known.
  public var region: String?
  /// Where the data comes from, for the header, e.g. "demo".
  public var sourceLabel: String?
  /// The profile whose library this is, for the header; nil for the default one.
  public var profileLabel: String?
  /// Whether the tabs shown are the films' or the series' (`t` switches).
  public var browsing = MediaKind.film
  /// The last `t`: the tab it left and the one it showed, so `t` again goes back to the tab it
  /// left (a saved tab of one kind has no counterpart of the other).
  public var lastToggle: TabToggle?
  /// The terminal size.
  public var size: Size
  /// The current time, advanced by ticks: the only clock the reducer reads.
  public var now: Date
  /// How many seconds the user's clock is ahead of UTC, advanced with `now`: their day is `today`.
  public var utcOffset = 0
  /// Films, series, seasons and people by the request that fetches them, shared by every screen that shows them.
  public var answers: [APIRequest: Loadable<APIAnswer>] = [:]
  /// The watchlist and seen marks, by film or series: as stored, with the unsaved changes over them.
  public var marks: [MediaID: Mark] = [:]
  /// Whether the marks have been read from the library once (the user's own tabs are read ahead after).
  public var marksRead = false
  /// Changes on screen (titles' and episodes' alike) whose saves have not answered yet, oldest first.
  public var unsaved: [LibraryChange] = []
  /// Whether a save waits for another process's hold on the library (`BusyLibrary`).
  public var libraryBusy = false
  /// Whether quitting while saves wait was asked once, and said (the next ask quits).
  public var quitAsked = false
  /// Whether that ask is the newest thing said, until the next key (a screen reader's cursor is on
  /// it, as on a dialog's question, and back on the focus once a key moves on).
  public var quitAskedLast = false
  /// The watches `m` took away last (a title's, or a series' episodes'), when no mark has changed
  /// since: `m` again puts them back on their own days, not today's.
  public var takenAway: TakenWatch?
  /// What `u` takes back: this session's changes to the library, newest last (`Undo.kept` at most).
  public var undo: [Undo] = []
  /// The newest change of the undo `u` asked for while its saves had not all answered (it runs
  /// once they have).
  public var undoWanted: Int?
  /// How many more `u` were pressed while that undo waited: each takes back one more change after it.
  public var undosQueued = 0
  /// Whether older changes went past `Undo.kept`, so "nothing to undo" says the limit.
  public var undoDropped = false
  /// How many changes' saves have answered: a change's place in the queue's order is this count
  /// plus its index in `unsaved`, the serial an undo knows it by.
  public var changesAnswered = 0
  /// The lists owed a read from the file once the unsaved changes are all stored: a burst of marks
  /// reads its lists once, after its last save, not once a save.
  public var owedReads = OwedReads()
  /// Each series' seen episodes, once read from the library: as stored, with the unsaved changes over them.
  public var seenEpisodes: [Int: SeenEpisodes] = [:]
  /// The season an `m` marks once its episodes and seen marks are read (that `m` asked for them).
  public var seasonMarkWanted: SeasonRef?
  /// The names of the user's lists, as last read (the palette offers each).
  public var listNames: [String] = []
  /// The series in progress off the watchlist, as last read: the calendar dates their episodes too.
  public var following: [Int] = []
  /// The named lists a list screen asked for that the library does not hold (deleted, or never made).
  public var missingLists: Set<String> = []
  /// Whether seen titles are left out of the lists ("hide seen", `set hide-seen true`).
  public var hideSeen = false
  /// The series in progress by id, as the Up next tab last read them.
  public var upNext: [Int: UpNext] = [:]
  /// What local reads found beyond their rows, by query, for the feeds that keep it (`Feed.received`):
  /// a local feed's rows are drawn and opened from here, not from a field of its own.
  public var localAnswers: [LocalQuery: LocalAnswer] = [:]
  /// The status line's message, while it lasts.
  public var notice: Notice?
  /// The tabs shown: the built-in table, "On my services" and the saved tabs.
  public var tabs = TabSet()
  /// Every key binding: the one table the reducer, the hint bar and the help read.
  public var keys: KeyTable
  /// Whether keys are named in ASCII ("Enter", "Up") for a terminal that shows nothing else.
  public var asciiKeys = false
  /// How posters are drawn and why, for the help's About lines.
  public var imagesNote: String?
  /// The rate-limit budget last reported.
  public var rateLimit: RateLimitStatus?
  /// Work waiting for the rate limit, and until when: each screen shows its own request's wait.
  public var waits: [EffectID: Date] = [:]
  /// When a spent rate limit said to try again, per request, until that request's next answer:
  /// what says the limit counts down to it.
  public var retryAt: [EffectID: Date] = [:]
  /// Whether a screen reader reads the terminal (`--screen-reader`, `set screen-reader true`): the
  /// cursor rests on the focused row, nothing turns, and messages are whole lines on the last row.
  public var screenReader = false
  /// When the library last synced through its folder, and with how many devices (nil: it does not sync).
  public var sync: SyncStanding?
  /// Whether posters are drawn (off with `--images off`, `NO_COLOR` or a colourless terminal).
  public var imagesEnabled = false
  /// Posters drawn or on their way, by image and box.
  public var posters: [PosterRequest: PosterSlot] = [:]
  /// The poster being fetched, at most one at a time.
  public var posterInFlight: PosterRequest?
  /// The poster shown before the one wanted, and the neighbours fetched ahead.
  public var posterTrail = PosterTrail()
  /// The details the wide list's pane wants (asked once the selection rests).
  public var paneFactsWanted: APIRequest?
  /// What the terminal said of itself, and what that decided.
  public var terminal = TerminalCapabilities()

  /// Makes what a new app shares.
  public init(
    language: String, region: String? = nil, sourceLabel: String? = nil, size: Size, now: Date,
    keys: KeyTable = .standard
  ) {
    self.keys = keys
    self.language = language
    self.region = region
    self.sourceLabel = sourceLabel
    self.size = size
    self.now = now
  }

  // MARK: Answers

  /// The user's day by the state's clock, for what has aired, what is to come, and a watch's date.
  public var today: ReleaseDate { ReleaseDate(day: now, utcOffset: utcOffset) }

  /// Asks for an answer not yet loaded or on its way, the kept one first.
  mutating func load(_ request: APIRequest) -> [Effect] {
    var entry = answers[request] ?? Loadable()
    guard entry.value == nil, !entry.isLoading else { return [] }
    entry.begin()
    answers[request] = entry
    return [.fetch(request, keptFirst: true)]
  }

  /// Asks the network again for an answer, unless it is on its way.
  mutating func reload(_ request: APIRequest) -> [Effect] {
    var entry = answers[request] ?? Loadable()
    guard !entry.isLoading else { return [] }
    entry.begin()
    answers[request] = entry
    return [.fetch(request, keptFirst: false)]
  }

  /// Whether a move from a line being typed (the palette's, search's, a filter's) only takes a
  /// screen reader onto the entry already selected: it heard the line, not that entry, which is the
  /// one Enter would run. True for the first ↓ (`down`) while not `browsing`.
  func movesOntoTheSelection(down: Bool, browsing: Bool) -> Bool {
    screenReader && down && !browsing
  }

  /// Asks for `requests` never asked (no answer, no failure) in the background, in order, while
  /// fewer than `atMost` of them are on their way: many of them never queue the user's own requests
  /// behind them, nor spend the budget at once (the calendar's titles, the services' rows).
  mutating func askInBackground(_ requests: [APIRequest], atMost: Int) -> [Effect] {
    var inFlight = requests.filter { answers[$0]?.isLoading == true }.count
    var effects: [Effect] = []
    for request in requests where inFlight < atMost {
      var entry = answers[request] ?? Loadable()
      guard entry.value == nil, entry.error == nil, !entry.isLoading else { continue }
      entry.begin()
      answers[request] = entry
      effects.append(.fetchInBackground(request))
      inFlight += 1
    }
    return effects
  }

  /// Records an answer; asks the network again when it came stale from the cache (the one decision,
  /// on the one clock).
  mutating func settle(_ request: APIRequest, _ result: Result<Fetched<APIAnswer>, AmodbError>) -> [Effect] {
    var entry = answers[request] ?? Loadable()
    defer { answers[request] = entry }
    switch result {
    case .success(let fetched):
      entry.succeed(fetched.value, at: fetched.fetchedAt)
      if fetched.fromCache, Reducer.isStale(fetched.fetchedAt, freshFor: request.freshness, now: now) {
        // Shown from the cache while the network is asked.
        entry.begin()
        return [.fetch(request, keptFirst: false)]
      }
    case .failure(let error):
      entry.fail(error)
    }
    return []
  }

  /// Whether any answer is on its way.
  var isLoadingAnswers: Bool { answers.values.contains { $0.isLoading } }

  // MARK: Time

  /// Shows a notice on the status line for its kind's lifetime.
  public mutating func say(_ text: String, _ kind: Notice.Kind) {
    notice = Notice(text, kind: kind, now: now)
  }

  /// The notice showing now, if one is and has not run out.
  public var currentNotice: Notice? {
    notice.flatMap { $0.until > now ? $0 : nil }
  }

  /// `error` as it reads now for the work under `id`: a spent rate limit counted down (`retryAt`).
  public func said(_ error: AmodbError, for id: EffectID) -> AmodbError {
    error.counted(until: retryAt[id], now: now)
  }

  /// Until when the work under `id` waits for the rate limit, while it does.
  public func waitUntil(_ id: EffectID) -> Date? {
    waits[id].flatMap { $0 > now ? $0 : nil }
  }

  /// How many list rows fit on screen.
  public var visibleRows: Int { ListLayout.visibleRows(for: size) }
}

extension Loadable {
  /// The same state with the value converted (a value of another kind counts as none).
  func map<Other: Equatable & Sendable>(_ transform: (Value) -> Other?) -> Loadable<Other> {
    var mapped = Loadable<Other>()
    mapped.value = value.flatMap(transform)
    mapped.fetchedAt = fetchedAt
    switch phase {
    case .idle: mapped.phase = .idle
    case .loading: mapped.phase = .loading
    case .done: mapped.phase = .done
    case .failed(let error): mapped.phase = .failed(error)
    }
    return mapped
  }
}

/// One `t`: the tab it left and the tab it showed.
public struct TabToggle: Equatable, Sendable {
  /// The tab `t` left.
  public var from: ListKind
  /// The tab it showed, of the other kind.
  public var to: ListKind
}
