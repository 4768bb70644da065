import AmodbKit
import FoundationEssentials
import Localization
import TrendingCore

/// The list screen: header, the tab bar (or the search line, or the list's name), column titles,
/// one row per film, a status line and the key hint.
enum ListView {
  /// Where a list is drawn, which decides its header, the row under it and its wording.
  enum Place: Equatable {
    /// The tab at the bottom of the stack: the tabs under the header.
    case tab
    /// A list opened on top (kept search results): its name under the breadcrumb.
    case kept
    /// The search line's results, under the line being typed (nothing asked yet: a prompt).
    case search(LineEditor, asked: Bool)

    /// Whether the list is the search line's.
    var isSearch: Bool {
      if case .search = self { return true }
      return false
    }

    /// Whether it is the search line with nothing asked yet.
    var awaitsQuery: Bool {
      if case .search(_, asked: false) = self { return true }
      return false
    }

    /// The text typed, on the search line.
    var searchText: String {
      if case .search(let line, _) = self { return line.text }
      return ""
    }
  }

  static func draw(_ shown: ListScreen, at place: Place, _ state: AppState, into screen: inout Screen) {
    let shared = state.shared
    let chrome = Chrome(shared)
    var lefts: [String]
    switch place {
    case .search:
      let source = shared.headerSource
      let language = shared.headerLanguage.map { " · " + $0 } ?? ""
      lefts = [tr("Search films, series and people") + language + source, tr("Search"), tr("Search")]
    case .kept: lefts = Renderer.breadcrumb(for: state)
    case .tab: lefts = Renderer.titles(for: state)
    }
    if let filter = shown.filter, !filter.text.isEmpty {
      let filtered = tr("filtered: %1$s of %2$s", String(shown.movies.count), String(shown.unfilteredCount))
      lefts = lefts.map { $0 + " · " + filtered }
    }
    if !shown.hidden.isEmpty {
      let hidden = trn("%s hidden", "%s hidden", shown.hidden.count)
      lefts = lefts.map { $0 + " · " + hidden }
    }
    let ages =
      shown.source.tab?.isRemote == false ? [] : Renderer.ages(shown.list.fetchedAt, now: shared.now, on: &screen)
    Renderer.bar(lefts, rights: Renderer.withSync(ages, shared, on: &screen), row: chrome.header.row, into: &screen)
    switch place {
    case .tab: TabBarView.draw(state, row: chrome.body.row, into: &screen)
    case .kept:
      screen.put(
        TextLayout.truncate(" " + shown.source.title, to: screen.width), row: chrome.body.row, column: 0,
        style: Style(.title, bold: true))
    case .search(let line, _):
      SearchView.drawLine(line, row: chrome.body.row, into: &screen)
    }
    let filmRows = ListLayout.rows(for: shared.size)
    let bodyRows = filmRows.rows
    if place.awaitsQuery {
      SearchView.drawPrompt(rows: bodyRows, into: &screen)
    } else if let filter = shown.filter, !filter.text.isEmpty, shown.movies.isEmpty, shown.unfilteredCount > 0 {
      Renderer.centred(
        [
          (tr("No titles here match “%s”.", filter.text), Style(.muted)),
          (tr("Esc clears the filter."), Style(.muted)),
        ], rows: bodyRows, into: &screen)
    } else if shown.feed.rowsStyle == .byWeek, shown.list.value?.movies.isEmpty == false {
      ListPane.beside(shown, state, into: &screen) { width, screen in
        CalendarView.drawRows(shown, shared, rows: bodyRows, width: width, into: &screen)
      }
    } else if shown.feed.rowsStyle == .upNext, shown.list.value?.movies.isEmpty == false {
      ListPane.beside(shown, state, into: &screen) { width, screen in
        UpNextView.draw(shown, shared, titleRow: filmRows.row - 1, rows: bodyRows, width: width, into: &screen)
      }
    } else if shown.feed.rowsStyle == .rated, shown.list.value?.movies.isEmpty == false {
      ListPane.beside(shown, state, into: &screen) { width, screen in
        RatedView.draw(shown, shared, titleRow: filmRows.row - 1, rows: bodyRows, width: width, into: &screen)
      }
    } else if let listing = shown.list.value, !listing.movies.isEmpty, shown.only == nil || !shown.movies.isEmpty {
      // The pane's width goes by the titles alone (the reducer sizes the poster by it too).
      let longest = screen.width >= PosterLayout.factsMinimumWidth ? shown.longestTitle : nil
      // From a pane's width the columns go by what the rows draw, titles with their notes.
      let needs = screen.width >= PosterLayout.listPaneMinimumWidth ? needs(shown, shared) : nil
      let chip = hasRatings(shown.movies, shared)
      // As wide as the highest number drawn: a kept rank can pass the count of rows shown.
      let ranks = shown.ranks
      let highest = max(listing.movies.count, ranks?.last ?? 0)
      let (columns, pane) = layout(highest, needs: needs, longest: longest, chip: chip, shared)
      let why = shown.movies.first?.reason != nil
      let kind = kindColumns(shown, titleWidth: columns.titleWidth)
      drawColumnTitles(columns, why: why, kind: kind, row: filmRows.row - 1, into: &screen)
      drawRows(
        shown, shared, columns: columns, kind: kind, rows: bodyRows, ranks: ranks, needles: needles(shown, place),
        into: &screen)
      if let pane, let movie = shown.selectedMovie {
        let box = shared.imagesEnabled ? PosterLayout.listBox(for: shared.size, longestTitle: longest) : nil
        let area = Rect(row: filmRows.row, column: screen.width - pane + 1, width: pane - 2, height: filmRows.height)
        ListPane.draw(
          movie, state: state, box: box, request: Reducer.posterInView(state), in: area, text: !isCovered(state),
          into: &screen)
      }
    } else if shown.list.value != nil, shown.list.error == nil {
      // No rows, or none of the kind browsed (For you); none because a read failed says why below.
      let (empty, next) = shown.feed.empty(shared)
      Renderer.centred(
        [(empty, Style(.muted)), (place.isSearch ? tr("Try other words.") : next, Style(.muted))], rows: bodyRows,
        into: &screen)
    } else {
      drawPlaceholder(shown, at: place, state: state, rows: bodyRows, into: &screen)
    }
    // The hints first: a screen reader's whole message may take their row.
    KeyHints.draw(state, in: chrome.hints, into: &screen)
    if let filter = shown.filter, filter.editing {
      TypedLine.draw(
        prompt: "\\ ", text: filter.text, cursor: filter.line.cursor, row: chrome.status.row, into: &screen)
    } else if !place.awaitsQuery {
      drawStatus(shown, state: state, row: chrome.status.row, into: &screen)
    }
  }

  /// The table's columns and the pane's width (nil: no pane). A split list's table is as wide as
  /// its rows need within what the pane's least width leaves, and the pane takes the rest; a
  /// narrower list's pane goes by the longest title, and the table by what is left.
  private static func layout(
    _ count: Int, needs: RowNeeds?, longest: Int?, chip: Bool, _ shared: Shared
  ) -> (Columns, pane: Int?) {
    let size = shared.size
    if size.width >= PosterLayout.splitMinimumWidth {
      let most = size.width - PosterLayout.splitPaneMinimum(for: size)
      let columns = Columns(width: most, count: count, needs: needs, split: true, chip: chip)
      return (columns, size.width - columns.width)
    }
    let pane = shared.imagesEnabled ? PosterLayout.listPaneWidth(for: size, longestTitle: longest) : nil
    let columns = Columns(
      width: size.width - (pane ?? 0), count: count, needs: needs,
      runOn: size.width >= PosterLayout.factsMinimumWidth, chip: chip)
    return (columns, pane)
  }

  /// The column titles over the rows, the title's over the titles after the `kind` columns; with
  /// `why` (For you) the title's column also names the reason after it.
  private static func drawColumnTitles(_ columns: Columns, why: Bool, kind: Int, row: Int, into screen: inout Screen) {
    let style = Style(.muted)
    screen.put(
      TextLayout.fit("#", to: columns.rankWidth, alignRight: true), row: row, column: columns.rank, style: style)
    let title = why ? tr("Title · why it is here") : tr("Title")
    screen.put(
      TextLayout.truncate(title, to: columns.titleWidth - kind), row: row, column: columns.title + kind, style: style)
    screen.put(
      TextLayout.fit(trc("column title, at most 4 columns", "Year"), to: 4), row: row,
      column: columns.year + columns.yearWidth - 4, style: style)
    if let genres = columns.genres {
      screen.put(TextLayout.truncate(tr("Genres"), to: columns.genresWidth), row: row, column: genres, style: style)
    }
    if let votes = columns.votes {
      screen.put(
        TextLayout.fit(tr("Votes"), to: columns.votesWidth, alignRight: true), row: row, column: votes, style: style)
    }
    screen.put(
      TextLayout.fit(trc("column title, at most 5 columns", "Score"), to: 5), row: row, column: columns.score,
      style: style)
  }

  /// What a row's title marks as found: the search typed, else each word of the filter.
  private static func needles(_ shown: ListScreen, _ place: Place) -> [String] {
    let needle = SearchMatch.needle(place.searchText)
    guard needle.isEmpty, let filter = shown.filter else { return needle.isEmpty ? [] : [needle] }
    return filter.text.lowercased().split(separator: " ").map(String.init)
  }

  /// The rows, the words typed in a search or the filter (`needles`) marked where a title holds them;
  /// each row's kind in the `kind` columns before its title (a search, a list of more than one kind);
  /// each row numbered by its kept rank in `ranks`, else by its place.
  private static func drawRows(
    _ screenState: ListScreen, _ shared: Shared, columns: Columns, kind: Int, rows: Range<Int>, ranks: [Int]?,
    needles: [String], into screen: inout Screen
  ) {
    let movies = screenState.movies
    // Looked up once a frame, not once a row.
    let comma = tr(", ")
    let separator = Formatters.decimalSeparator
    let language = Translator.current.language
    let services = services(of: screenState.source.tab?.saved)
    for (offset, row) in rows.enumerated() {
      let index = screenState.top + offset
      guard movies.indices.contains(index) else { break }
      let movie = movies[index]
      let selected = index == screenState.selection
      if selected { screen.fill(row: row, to: columns.width, style: Style(selected: true)) }
      screen.put(
        String(ranks.map { $0[index] } ?? index + 1), row: row, column: columns.rank, fitting: columns.rankWidth,
        alignRight: true,
        style: Style(.muted, selected: selected))
      if let mark = movie.media.flatMap({ shared.marks[$0] }), mark.seen != nil || mark.onWatchlist || mark.hidden {
        // "+" on the watchlist, "✓" seen (seen wins: it is the newer fact), "✗" not interested (a
        // hidden title shows only where it is looked for: a search, the watchlist).
        let (glyph, tone): (String, Tone) =
          mark.seen != nil ? ("✓", .good) : mark.onWatchlist ? ("+", .accent) : ("✗", .muted)
        screen.put(glyph, row: row, column: columns.mark, style: Style(tone, bold: tone != .muted, selected: selected))
      }
      var titleColumn = columns.title
      var titleWidth = columns.titleWidth
      if kind > 0 {
        screen.put(
          Vocabulary.kind(movie.kind), row: row, column: titleColumn, fitting: kind - 1,
          style: Style(.muted, selected: selected))
        titleColumn += kind
        titleWidth -= kind
      }
      let name = rowTitle(movie, shared)
      // A person's department and known titles follow their name, not under the genres.
      let note = SearchMatch.rowNote(movie, services: services, comma: comma, shared)
      var genresPlace = columns.genres.map { (column: $0, width: columns.genresWidth, whole: false) }
      if columns.runsOn, let genres = columns.genres, TextWidth.width(of: name + note) > titleWidth {
        // A longer title runs on over the genres' room; its genres follow it where they still fit.
        titleWidth = min(genres + columns.genresWidth - titleColumn, TextWidth.width(of: name + note))
        let after = titleColumn + titleWidth + 2
        let left = genres + columns.genresWidth - after
        genresPlace = left >= Self.leastGenresAfterRunOn ? (after, left, true) : nil
      }
      // A recommendation's reason follows its title in muted words, cut before the title is.
      let (titled, rest) =
        movie.reason.map { (TextLayout.truncate(movie.title, to: titleWidth), " · " + $0) }
        ?? (movie.kind == .person
          ? (TextLayout.truncate(name, to: titleWidth), note) : titleAndNote(name, note, width: titleWidth))
      let used = screen.put(
        titled, row: row, column: titleColumn, style: Style(.normal, bold: selected, selected: selected),
        limit: titleWidth)
      SearchMatch.highlight(
        needles, in: titled, row: row, column: titleColumn, limit: used, selected: selected, into: &screen)
      if !rest.isEmpty, titleWidth - used > 3 {
        screen.put(
          TextLayout.truncate(rest, to: titleWidth - used), row: row, column: titleColumn + used,
          style: Style(.muted, selected: selected), limit: titleWidth - used)
      }
      let year = rowYears(movie, shared) ?? (movie.kind == .person ? "" : Formatters.missing)
      screen.put(
        year, row: row, column: columns.year, fitting: columns.yearWidth, alignRight: true,
        style: Style(.muted, selected: selected))
      if let genres = genresPlace {
        // After a run-on title, as many whole names as fit.
        let words =
          movie.kind == .person
          ? "" : genres.whole ? wholeNames(movie, comma: comma, width: genres.width) : genresText(movie, comma: comma)
        let text = words.isEmpty && movie.kind != .person ? Formatters.missing : words
        screen.put(
          TextLayout.truncate(text, to: genres.width), row: row, column: genres.column,
          style: Style(.muted, selected: selected), limit: genres.width)
      }
      guard movie.kind != .person else { continue }
      if let votes = columns.votes {
        let count = movie.voteCount > 0 ? Formatters.votes(movie.voteCount, language: language) : Formatters.missing
        screen.put(
          count, row: row, column: votes, fitting: columns.votesWidth, alignRight: true,
          style: Style(.muted, selected: selected))
      }
      let score = Formatters.score(movie.voteAverage, votes: movie.voteCount, separator: separator)
      screen.put(
        score, row: row, column: columns.score, fitting: 4, alignRight: true,
        style: Style(tone(forScore: movie.voteAverage, votes: movie.voteCount), bold: true, selected: selected))
      if columns.chip > 0, let chip = ratingChip(movie, shared) {
        screen.put(
          chip, row: row, column: columns.score + 5 + 1, fitting: columns.chip - 1,
          style: Style(.yours, bold: true, selected: selected))
      }
    }
  }

  /// Whether a box is drawn over the list (the help, the palette, the filter form): the pane then
  /// shows its poster alone, as the box's edge would cut its text into pieces beside it.
  static func isCovered(_ state: AppState) -> Bool {
    guard state.help == nil, state.palette == nil else { return true }
    if case .discoverForm = state.stack[state.stack.count - 1] { return true }
    return false
  }

  private static func drawPlaceholder(
    _ shown: ListScreen, at place: Place, state: AppState, rows: Range<Int>, into screen: inout Screen
  ) {
    // A saved tab whose services are not known by id yet says why instead.
    if let resolution = shown.unresolved(state.shared), let message = resolution.message {
      let next: String
      switch resolution {
      case .noRegion, .noData: next = tr("Services are per country: --region CC, or 'set region CC'.")
      case .failed: next = tr("Press r to retry.")
      case .waiting, .unknown, .partly, .resolved:
        // The command needs the region to answer: the hint names it.
        next =
          state.shared.region.map { tr("trending services --region %s lists them.", $0) }
          ?? tr("trending services lists them.")
      }
      let lines: [(String, Style)] =
        resolution == .waiting
        ? [(ScreenReader.busy(message, state.shared), Style(.accent))]
        : [(message, Style(.warning)), ("", .plain), (next, Style(.muted))]
      Renderer.centred(lines, rows: rows, into: &screen)
      return
    }
    let (loading, failed) = shown.feed.loadingTexts
    switch shown.list.phase {
    case .failed(let failure):
      let error = said(failure, page: 1, of: shown, state.shared)
      let next =
        place.isSearch ? tr("Esc closes the search.") : place == .kept ? tr("Esc goes back.") : tr("q quits.")
      Renderer.centred(
        [
          (failed, Style(.error, bold: true)), (error.message, Style(.normal)),
          ("", .plain),
          (
            place.isSearch
              ? tr("Change the words to try again; %s", next)
              : shown.retriesByItself
                ? tr("It tries again by itself in a while; r tries now; %s", next)
                : error.isRetryable ? tr("Press r to retry; %s", next) : next,
            Style(.muted)
          ),
        ], rows: rows, into: &screen)
    case .loading, .idle, .done:
      let verb = place.isSearch ? tr("Searching…") : loading
      Renderer.centred([(ScreenReader.busy(verb, state.shared), Style(.accent))], rows: rows, into: &screen)
    }
  }
}
