import AmodbKit
import FoundationEssentials
import Localization
import TrendingCore

/// One drawn frame: the screen, and what drawing learned that the reducer needs.
public struct Frame: Equatable, Sendable {
  /// The cells to show.
  public var screen: Screen
  /// The film's or person's layout, when one is showing: how far it scrolls, where its links are.
  public var document: DocumentLayout?
  /// Where the focus starts: the selected row, link or entry, or the end of the line typed (else
  /// the first text under the header). A screen reader's terminal cursor rests there.
  public var cursor: Position

  /// Makes a frame; the cursor is the screen's, else where it rests with nothing focused.
  public init(screen: Screen, document: DocumentLayout?, cursor: Position? = nil) {
    self.screen = screen
    self.document = document
    self.cursor = cursor ?? screen.cursor ?? Position(row: 0, column: 0)
  }
}

/// Draws the app's state into a screen: a pure function of the state.
public enum Renderer {
  /// Renders `state` at its size.
  public static func render(_ state: AppState) -> Frame {
    let size = state.shared.size
    var screen = Screen(width: size.width, height: size.height)
    guard ListLayout.isUsable(size) else {
      TooSmallView.draw(into: &screen, size: size, typing: state.isTypingALine)
      return Frame(screen: screen, document: nil)
    }
    var document: DocumentLayout?
    if let search = state.search {
      SearchView.draw(search, state, into: &screen)
      if let row = ScreenReader.searchCursor(search, state.shared) { screen.cursor = row }
    } else {
      // The one place a kind of screen meets its view.
      switch state.stack[state.stack.count - 1] {
      case .list(let list):
        ListView.draw(list, at: list.source.tab == nil ? .kept : .tab, state, into: &screen)
        // While the filter is typed, a screen reader's cursor stays where typing goes, until ↑↓ move.
        if list.filter?.editing != true || list.filter?.browsing == true,
          let row = ScreenReader.selectedRow(list, state.shared)
        {
          screen.cursor = row
        }
      case .film(let film): document = FilmView.draw(film, state, into: &screen)
      case .series(let series): document = SeriesView.draw(series, state, into: &screen)
      case .season(let season): document = SeriesView.draw(season, state, into: &screen)
      case .episode(let episode): document = SeriesView.draw(episode, state, into: &screen)
      case .person(let person): document = PersonView.draw(person, state, into: &screen)
      case .collection(let collection): document = CollectionView.draw(collection, state, into: &screen)
      case .discoverForm(let form):
        let below = state.topList
        ListView.draw(below, at: below.source.tab == nil ? .kept : .tab, state, into: &screen)
        screen.cursor = nil
        DiscoverFormView.draw(form, state, into: &screen)
      case .chooser(let chooser):
        // Over the film it was opened on (its layout is the film's own, unchanged).
        if state.stack.count > 1, case .film(let film) = state.stack[state.stack.count - 2] {
          _ = FilmView.draw(film, state, into: &screen)
        }
        LinkChooserView.draw(chooser, state, into: &screen)
      }
    }
    if let prompt = state.prompt {
      TypedLine.draw(
        prompt: prompt.label(width: TypedLine.wordsRoom(screen.width, text: prompt.text) - 1) + " ", text: prompt.text,
        cursor: prompt.line.cursor, selected: prompt.untouched,
        problem: prompt.problem != nil,
        row: Chrome(state.shared).status.row, into: &screen)
    }
    if state.help != nil { HelpOverlay.draw(state, into: &screen) }
    if let palette = state.palette { PaletteView.draw(palette, state, into: &screen) }
    // Just asked whether to quit losing changes: a screen reader reads the question, as it would a
    // dialog's, until a key moves on.
    if state.shared.screenReader, state.shared.quitAskedLast, let question = state.shared.currentNotice {
      // On the question's first row, as the status line wraps it (upward, for a screen reader).
      let rows =
        ScreenReader.wrapped(" " + question.text, limit: screen.width, width: screen.width, wraps: true, state.shared)?
        .count ?? 1
      screen.cursor = Position(row: Chrome(state.shared).status.row - (rows - 1), column: 0)
    }
    return Frame(
      screen: screen, document: document, cursor: screen.cursor ?? ScreenReader.resting(screen, state.shared))
  }

  /// The spinner frame for a moment in time (ten frames a second).
  static func spinner(at date: Date) -> String {
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    let index = Int((date.timeIntervalSinceReferenceDate * 10).rounded(.down)) % frames.count
    return frames[max(0, index)]
  }

  /// Draws a bar across a row: the first left text (longest first) that fits beside a right text,
  /// then the first right text that fits, dropping the right side before cutting the left; the two
  /// are two columns apart at least.
  static func bar(_ lefts: [String], rights: [String], row: Int, into screen: inout Screen) {
    let style = Style(.bar, bold: true)
    screen.fill(row: row, style: style)
    let width = screen.width
    // A space at each edge and at least two between, so the two sides never read as one phrase.
    let fits = { (left: String, right: String) in
      TextWidth.width(of: left) + TextWidth.width(of: right) + (right.isEmpty ? 2 : 4) <= width
    }
    var choice: (String, String?) = (lefts.last ?? "", nil)
    if let pair = lefts.lazy.flatMap({ left in rights.lazy.map { (left, $0) } }).first(where: fits) {
      choice = (pair.0, pair.1)
    } else if let left = lefts.first(where: { fits($0, "") }) {
      choice = (left, nil)
    }
    screen.put(TextLayout.truncate(" " + choice.0, to: screen.width), row: row, column: 0, style: style)
    if let right = choice.1 {
      let text = right + " "
      screen.put(text, row: row, column: screen.width - TextWidth.width(of: text), style: Style(.bar))
    }
  }

  /// "updated 3 min ago" and "3 min ago" for a fetch time, or nothing when nothing was fetched;
  /// the screen learns when the words change.
  static func ages(_ fetchedAt: Date?, now: Date, on screen: inout Screen) -> [String] {
    guard let fetchedAt else { return [] }
    let changes = Formatters.ageChanges(since: fetchedAt, now: now)
    screen.changesAt = min(screen.changesAt ?? changes, changes)
    return ages(fetchedAt, now: now)
  }

  /// "updated 3 min ago" and "3 min ago" for a fetch time, or nothing when nothing was fetched.
  static func ages(_ fetchedAt: Date?, now: Date) -> [String] {
    guard let fetchedAt else { return [] }
    let key = AgesKey(step: Formatters.AgeStep(since: fetchedAt, now: now), catalogue: Translator.current)
    return agesWorded.value(for: key) {
      let age = Formatters.age(key.step)
      return [tr("updated %s", age), age]
    }
  }

  /// The header's right-hand words, widest first, with the library's sync where there is room:
  /// "updated 3 min ago · synced just now · 3 devices", down to the age alone.
  static func withSync(_ ages: [String], _ shared: Shared, on screen: inout Screen) -> [String] {
    guard let sync = shared.sync else { return ages }
    let changes = Formatters.ageChanges(since: sync.at, now: shared.now)
    screen.changesAt = min(screen.changesAt ?? changes, changes)
    let key = SyncWordsKey(
      step: Formatters.AgeStep(since: sync.at, now: shared.now), devices: sync.devices, failed: sync.failed,
      catalogue: Translator.current)
    let words = syncWorded.value(for: key) {
      let synced = key.failed ? tr("sync failed") : tr("synced %s", Formatters.age(key.step))
      return [synced + " · " + trn("%s device", "%s devices", key.devices), synced]
    }
    guard let updated = ages.first else { return words }
    return words.map { updated + " · " + $0 } + ages + words
  }

  /// What the header's sync words depend on.
  struct SyncWordsKey: Equatable, Sendable {
    let step: Formatters.AgeStep
    let devices: Int
    let failed: Bool
    let catalogue: Catalogue
  }

  /// The header's sync words last worded.
  static let syncWorded = Memo<SyncWordsKey, [String]>()

  /// What the header's ages depend on: the age, to the step its words name, and the language.
  struct AgesKey: Equatable, Sendable {
    let step: Formatters.AgeStep
    let catalogue: Catalogue
  }

  /// The header's ages last worded: once a minute, not once a frame.
  static let agesWorded = Memo<AgesKey, [String]>()

  /// Draws wrapped, centred lines in a row range.
  static func centred(_ lines: [(String, Style)], rows: Range<Int>, into screen: inout Screen) {
    var wrapped: [(String, Style)] = []
    for (text, style) in lines {
      wrapped += TextLayout.wrap(text, width: max(1, screen.width - 4)).map { ($0, style) }
    }
    let shown = wrapped.prefix(rows.count)
    var row = rows.lowerBound + max(0, (rows.count - shown.count) / 2)
    for (text, style) in shown {
      let width = TextWidth.width(of: text)
      screen.put(text, row: row, column: max(0, (screen.width - width) / 2), style: style)
      row += 1
    }
  }

  /// The header's titles, longest first: which list, which window, the sort, and the language and
  /// the source only when they are not the defaults (the locale's language, live data).
  static func titles(for state: AppState) -> [String] {
    let list = state.rootList
    let language = state.shared.headerLanguage.map { " · " + $0 } ?? ""
    let source = state.shared.headerSource
    let sort = list.sort == .rank ? "" : " · " + list.sort.label
    // Trending films and trending series both say which window they show.
    guard case .trending(let media) = state.activeTab.feed else {
      let title = state.activeTab.title
      return [list.source.title(state.shared) + language + source + sort, title + language + sort, title + sort, title]
    }
    let key = TrendingTitlesKey(
      media: media, window: list.window, sort: sort, language: language, source: source,
      catalogue: Translator.current)
    return trendingTitles.value(for: key) {
      let window = list.window == .week ? tr("this week") : tr("today")
      let brief = list.window == .week ? trc("short", "week") : trc("short", "day")
      let short = tr("Trending") + " · " + brief
      let named = { (window: String) in
        media == .series ? tr("Trending series · %s", window) : tr("Trending films · %s", window)
      }
      // Films or series said while there is room: the tab bar's two words look alike without colour.
      let (long, medium) = (named(window), named(brief))
      return [
        long + language + source + sort, medium + language + source + sort, short + language + source + sort,
        short + sort, short,
      ]
    }
  }

  /// What the trending tab's titles depend on: films or series, the window, the sort, language and
  /// source words already worded, and the language the rest is translated into.
  struct TrendingTitlesKey: Equatable, Sendable {
    let media: MediaKind
    let window: TimeWindow
    let sort: String
    let language: String
    let source: String
    let catalogue: Catalogue
  }

  /// The trending tab's titles last worded: translated and filled once a change, not once a frame.
  static let trendingTitles = Memo<TrendingTitlesKey, [String]>()

  /// Where the user is, as a breadcrumb of the stack's screens, longest first: the whole path,
  /// then with the oldest crumbs folded into "…", then the screen showing alone.
  static func breadcrumb(for state: AppState) -> [String] {
    var crumbs = state.stack.map { $0.screen.title(state.shared) }
    // A list opened on top says its sort as a tab does ("Search “the” · by score").
    if let list = state.stack.last?.list, list.sort != .rank, let last = crumbs.indices.last {
      crumbs[last] += " · " + list.sort.label
    }
    // "‹" first: the back marker a click goes back with.
    var candidates = ["‹ " + crumbs.joined(separator: " › ")]
    for folded in stride(from: 1, to: crumbs.count, by: 1) {
      candidates.append("‹ " + (["…"] + crumbs.dropFirst(folded)).joined(separator: " › "))
    }
    candidates.append("‹ " + (crumbs.last ?? ""))
    return candidates
  }
}

extension Shared {
  /// The header's note of where the data comes from and whose library it is (" · demo · alice"),
  /// empty for live data and the default library.
  var headerSource: String {
    [sourceLabel, profileLabel].compactMap { $0 }.map { " · " + $0 }.joined()
  }
}
