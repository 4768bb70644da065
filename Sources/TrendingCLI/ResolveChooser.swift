import AmodbKit
import LibraryKit
import Localization
import TrendingCore
import TrendingViews

/// A title an import searched and did not match, the rows that name it, and the films found.
struct UnresolvedTitle: Equatable, Sendable {
  /// How the rows name it.
  var reference: TitleReference
  /// The rows, in the file's order.
  var places: [RowPlace]
  /// The title as the file writes it.
  var title: String
  /// The year as the file writes it.
  var year: Int?
  /// The films the search found.
  var candidates: [MediaSummary]
  /// Each candidate's directors, by its id, when the cached details know them.
  var directors: [Int: String] = [:]
  /// The day of the file's first row for it (a watch, a rating), as the file writes it.
  var day: String?
  /// The rating the file gives it, 1–10.
  var rating: Int?
  /// What a search again looks among: films for an import, films and series for a played file.
  var scope: SearchScope = .film

  /// The most candidates shown for one title.
  static let mostCandidates = 20
}

extension ImportAction {
  /// The day the file gives the row.
  var day: String {
    switch self {
    case .watch(let day), .loggedWatch(let day), .watchUnlessSeen(let day), .rate(_, let day), .note(_, let day),
      .list(_, let day):
      return day
    }
  }

  /// The rating the row gives, when it is one.
  var rating: Int? {
    if case .rate(let rating, _) = self { return rating }
    return nil
  }
}

/// The `--resolve` chooser's state: the title in hand, the candidate selected and the posters
/// drawn; pure, so it is tested without a terminal.
struct ResolveChooser {
  /// The titles to resolve, in order (a search again replaces the candidates of the one in hand).
  private(set) var titles: [UnresolvedTitle]
  /// The line a search again's words are typed on, while they are typed: the same keys as every
  /// typed line's (`^U`, `^W`, arrows).
  private(set) var line: LineEditor?
  /// Whether the line still holds the title it started with, shown selected: typing replaces it.
  private(set) var untouched = false

  /// The words typed for a search again, while they are typed.
  var query: String? { line?.text }
  /// The search again on its way, until its answer.
  private(set) var searching: APIRequest?
  /// Why the last search again found nothing, when it failed.
  private(set) var searchFailure: String?

  /// The title in hand; `titles.count` when all are done.
  private(set) var current = 0
  /// The candidate selected.
  private(set) var selected = 0
  /// Whether posters are drawn (not with `TRENDING_IMAGES=off`, without colours or on an ASCII terminal).
  var showsPosters = true
  /// The posters drawn or on their way, by the browser's rules.
  var posters = PosterSlots()
  /// The language details are asked in.
  let language: String
  /// The directors the details asked here named, by film id.
  private(set) var learned: [Int: String] = [:]
  /// The films whose details have been asked (once each, answered or not).
  private(set) var asked: Set<Int> = []
  /// The details waiting for the selection to rest.
  private(set) var detailsDue: APIRequest?

  /// How long the selection rests on a film before its details are asked (as the list's pane does).
  static let detailsDelay = Duration.milliseconds(300)

  /// Makes a chooser over `titles`, with posters unless `showsPosters` is false.
  init(titles: [UnresolvedTitle], showsPosters: Bool = true, language: String = "en-US") {
    self.titles = titles
    self.showsPosters = showsPosters
    self.language = language
  }

  /// What a key asks for.
  enum Step: Equatable {
    /// Nothing to save.
    case stay
    /// Take this film for this title.
    case take(MediaSummary, for: UnresolvedTitle)
    /// Leave the title unresolved.
    case skip
    /// Stop, keeping what was saved.
    case quit
    /// Do this work (a search again).
    case perform([Effect])
  }

  /// Whether every title has had its turn.
  var isDone: Bool { current >= titles.count }

  /// Moves, takes, skips or quits as `key` says; `/` starts a search again, whose words are typed
  /// until Enter asks it or Esc lets it go.
  mutating func press(_ key: Key) -> Step {
    guard !isDone else { return .quit }
    if query != nil { return type(key) }
    let title = titles[current]
    switch key {
    case .character("/"):
      line = LineEditor(Self.clean(title.title), limit: Self.longestQuery)
      untouched = true
      searchFailure = nil
    case .down, .character("j"):
      selected = min(selected + 1, max(title.candidates.count - 1, 0))
    case .up, .character("k"):
      selected = max(selected - 1, 0)
    case .enter:
      guard title.candidates.indices.contains(selected) else { return .stay }
      let film = title.candidates[selected]
      next()
      return .take(film, for: title)
    case .character("s"):
      next()
      return .skip
    case .character("q"), .escape, .control("c"):
      return .quit
    default: break
    }
    return .stay
  }

  /// The candidate selected, while a title is in hand and has one.
  var selectedFilm: MediaSummary? {
    guard !isDone, titles[current].candidates.indices.contains(selected) else { return nil }
    return titles[current].candidates[selected]
  }

  /// The selected film's poster in the box the layout gives at `size`; nil when there is no box
  /// or the film has no poster.
  func wantedPoster(_ size: Size) -> PosterRequest? {
    guard let box = ChooserLayout(size, posters: showsPosters && selectedFilm != nil).poster,
      let path = selectedFilm?.posterPath
    else { return nil }
    return PosterRequest(path: path, columns: box.width, rows: box.height)
  }

  /// Wants the poster the screen at `size` shows (and lets the one no longer shown go).
  mutating func reconcilePosters(_ size: Size) -> [Effect] {
    posters.want(wantedPoster(size))
  }

  /// A film's director as the cache or the details asked here name it.
  func director(of film: Int, in title: UnresolvedTitle) -> String? {
    (title.directors[film] ?? learned[film]).map(Self.clean)
  }

  /// Asks, once the selection has rested, for the details of the selected film when its director
  /// is not known yet (each film once).
  mutating func reconcileDetails() -> [Effect] {
    var wanted: APIRequest?
    if let film = selectedFilm, director(of: film.id, in: titles[current]) == nil, !asked.contains(film.id) {
      wanted = .movie(MovieDetailsRequest(id: film.id, language: language))
    }
    guard wanted != detailsDue else { return [] }
    detailsDue = wanted
    return wanted.map { [.after(Self.detailsDelay, .paneFactsDue($0), id: .paneFacts)] } ?? [.cancel(.paneFacts)]
  }

  /// Takes the answer about a film's details: the fetch once the selection rested, then the
  /// director named; nil when `action` is not about details.
  mutating func takeDetails(_ action: Action) -> [Effect]? {
    switch action {
    case .paneFactsDue(let request):
      guard request == detailsDue, case .movie(let endpoint) = request else { return [] }
      detailsDue = nil
      asked.insert(endpoint.id)
      return [.fetch(request, keptFirst: true)]
    case .fetched(.movie(let endpoint), let result):
      if case .success(let fetched) = result, case .movie(let details) = fetched.value, !details.directors.isEmpty {
        learned[endpoint.id] = details.directors.joined(separator: ", ")
      }
      return []
    default: return nil
    }
  }

  /// A key while the words of a search again are typed.
  private mutating func type(_ key: Key) -> Step {
    switch key {
    case .escape, .control("c"):
      // ^C drops the line, as the browser's lines and a shell's do; the next one quits.
      line = nil
    case .enter:
      let words = (query ?? "").split(separator: " ").joined(separator: " ")
      guard !words.isEmpty else { return .stay }
      line = nil
      let request = APIRequest.search(SearchRequest(scope: titles[current].scope, query: words, language: language))
      searching = request
      return .perform([.fetch(request, keptFirst: false)])
    default:
      // The title it starts with is replaced by what is typed, and kept by an edit of it.
      if untouched, case .character = key { line = LineEditor(limit: Self.longestQuery) }
      untouched = false
      _ = line?.edit(key)
    }
    return .stay
  }

  /// The most characters of words a search again takes.
  static let longestQuery = 80

  /// Takes a search again's answer: its films (and series, for a played file) are the title's
  /// candidates now; nil when `action` is not that answer.
  mutating func takeSearch(_ action: Action) -> [Effect]? {
    guard case .fetched(let request, let result) = action, request == searching, !isDone else { return nil }
    searching = nil
    switch result {
    case .success(let fetched):
      var seen: Set<MediaID> = []
      let found = (fetched.value.page?.results ?? []).filter { film in
        guard let media = film.media, film.kind != .person else { return false }
        return (titles[current].scope != .film || film.kind == .film) && seen.insert(media).inserted
      }
      titles[current].candidates = Array(found.prefix(UnresolvedTitle.mostCandidates))
      selected = 0
    case .failure(let error):
      searchFailure = Self.clean(error.message)
    }
    return []
  }

  private mutating func next() {
    current += 1
    selected = 0
    searchFailure = nil
  }

  /// Text from the network or the file, with no control characters and a bounded length.
  static func clean(_ text: String) -> String { TextSanitizer.clean(text, limit: 300) }
}
