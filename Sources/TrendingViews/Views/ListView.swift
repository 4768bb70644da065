import AmodbKit
import FoundationEssentials
import TrendingCore

/// The list screen: header, column titles, one row per film, a status line and the key hint.
enum ListView {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let chrome = Chrome(state.size)
    Renderer.bar(
      Renderer.titles(for: state), rights: Renderer.ages(state.list.fetchedAt, now: state.now), row: chrome.header.row,
      into: &screen)
    drawTabs(state, row: chrome.body.row, into: &screen)
    let filmRows = ListLayout.rows(for: state.size)
    let bodyRows = filmRows.rows
    if let listing = state.list.value {
      if listing.movies.isEmpty {
        Renderer.centred(
          [("No films are trending right now.", Style(.muted)), ("Press r to refresh.", Style(.muted))],
          rows: bodyRows, into: &screen)
      } else {
        let pane = state.imagesEnabled ? PosterLayout.listPaneWidth(for: state.size) : nil
        let columns = Columns(width: screen.width - (pane ?? 0), count: listing.movies.count)
        drawColumnTitles(columns, row: filmRows.row - 1, into: &screen)
        drawRows(state, columns: columns, rows: bodyRows, into: &screen)
        if let pane, let box = PosterLayout.listBox(for: state.size) {
          let request = Reducer.wantedPoster(state)
          let area = Rect(row: filmRows.row, column: screen.width - pane + 1, width: box.width, height: box.height)
          PosterView.draw(request, state: state, in: area, into: &screen)
        }
      }
    } else {
      drawPlaceholder(state, rows: bodyRows, into: &screen)
    }
    drawStatus(state, row: chrome.status.row, into: &screen)
    Renderer.hints(KeyHints.line(for: state, width: screen.width), in: chrome.hints, into: &screen)
  }

  /// The tab bar: every list, the one showing highlighted; names shorten, then become numbers.
  static func drawTabs(_ state: AppState, row: Int, into screen: inout Screen) {
    let kinds = ListKind.allCases
    let styles: [(ListKind) -> String] = [
      { " \($0.title) " }, { " \($0.shortTitle) " },
      { kind in " \((kinds.firstIndex(of: kind) ?? 0) + 1)\(kind == state.activeTab ? " " + kind.shortTitle : "") " },
    ]
    let labels =
      styles.lazy.map { label in kinds.map(label) }.first { TextWidth.width(of: $0.joined()) + 1 <= screen.width }
      ?? kinds.map(styles[2])
    var column = 1
    for (kind, label) in zip(kinds, labels) {
      let active = kind == state.activeTab
      column += screen.put(
        label, row: row, column: column,
        style: active ? Style(.title, bold: true, selected: true) : Style(.muted), limit: screen.width - column)
    }
  }

  /// Column positions for the list at a width.
  struct Columns {
    let rank: Int
    let title: Int
    let titleWidth: Int
    let year: Int
    let score: Int

    init(width: Int, count: Int) {
      let rankWidth = max(2, String(count).count)
      rank = 1
      title = rank + rankWidth + 2
      score = width - 5
      year = score - 6
      titleWidth = max(1, year - title - 2)
      self.rankWidth = rankWidth
    }

    let rankWidth: Int
  }

  private static func drawColumnTitles(_ columns: Columns, row: Int, into screen: inout Screen) {
    let style = Style(.muted)
    screen.put(
      TextLayout.fit("#", to: columns.rankWidth, alignRight: true), row: row, column: columns.rank, style: style)
    screen.put("Title", row: row, column: columns.title, style: style)
    screen.put("Year", row: row, column: columns.year, style: style)
    screen.put("Score", row: row, column: columns.score, style: style)
  }

  private static func drawRows(_ state: AppState, columns: Columns, rows: Range<Int>, into screen: inout Screen) {
    // Read once: the list's fields are reached through the stack.
    let screenState = state.listScreen
    let movies = screenState.list.value?.movies ?? []
    for (offset, row) in rows.enumerated() {
      let index = screenState.top + offset
      guard movies.indices.contains(index) else { break }
      let movie = movies[index]
      let selected = index == screenState.selection
      if selected { screen.fill(row: row, to: columns.score + 5, style: Style(selected: true)) }
      let rank = TextLayout.fit(String(index + 1), to: columns.rankWidth, alignRight: true)
      screen.put(rank, row: row, column: columns.rank, style: Style(.muted, selected: selected))
      screen.put(
        TextLayout.truncate(movie.title, to: columns.titleWidth), row: row, column: columns.title,
        style: Style(.normal, bold: selected, selected: selected), limit: columns.titleWidth)
      let year = movie.year.map(String.init) ?? Formatters.missing
      screen.put(
        TextLayout.fit(year, to: 4, alignRight: true), row: row, column: columns.year,
        style: Style(.muted, selected: selected))
      let score = Formatters.score(movie.voteAverage, votes: movie.voteCount)
      screen.put(
        TextLayout.fit(score, to: 4, alignRight: true), row: row, column: columns.score,
        style: Style(tone(forScore: movie.voteAverage, votes: movie.voteCount), bold: true, selected: selected))
    }
  }

  /// The colour of a score: green from 7.5, yellow from 6, red below, muted without votes.
  static func tone(forScore score: Double, votes: Int) -> Tone {
    guard votes > 0 else { return .muted }
    return score >= 7.5 ? .good : score >= 6 ? .fair : .poor
  }

  private static func drawPlaceholder(_ state: AppState, rows: Range<Int>, into screen: inout Screen) {
    switch state.list.phase {
    case .failed(let error):
      Renderer.centred(
        [
          ("Could not load the trending films.", Style(.error, bold: true)), (error.message, Style(.normal)),
          ("", .plain), (error.isRetryable ? "Press r to retry, q to quit." : "Press q to quit.", Style(.muted)),
        ], rows: rows, into: &screen)
    case .loading, .idle, .done:
      Renderer.centred(
        [("\(Renderer.spinner(at: state.now)) Loading trending films…", Style(.accent))], rows: rows, into: &screen)
    }
  }

  private static func drawStatus(_ state: AppState, row: Int, into screen: inout Screen) {
    let spinner = Renderer.spinner(at: state.now)
    let tab = state.activeTab
    let waiting = state.list.isLoading ? state.waitUntil(.listPage(1, tab)) : nil
    let waitingForMore =
      state.isLoadingMore ? state.waitUntil(.listPage((state.list.value?.pagesLoaded ?? 0) + 1, tab)) : nil
    // Where the user is stays on the line whatever else it says.
    var position = ""
    if let listing = state.list.value, !listing.movies.isEmpty {
      position = " \(state.selection + 1)/\(listing.movies.count)\(listing.hasMore ? "+" : "")"
    }
    let status: (String, Tone)
    if let until = waiting ?? waitingForMore {
      let seconds = Int(until.timeIntervalSince(state.now).rounded(.up))
      status = ("\(spinner) Waiting \(seconds) s for the rate limit…", .warning)
    } else if state.list.value != nil, state.list.isLoading {
      status = ("\(spinner) Refreshing…", .accent)
    } else if state.list.value != nil, let error = state.list.error {
      let age = state.list.fetchedAt.map { Formatters.age(since: $0, now: state.now) } ?? "earlier"
      if error.isOffline {
        status = ("\(position) · Offline, showing data from \(age). r retries.", .muted)
      } else {
        status = ("! Refresh failed: \(error.summary). Showing the list from \(age).", .warning)
      }
    } else if state.isLoadingMore {
      status = ("\(spinner) Loading more…", .accent)
    } else if let error = state.moreError {
      let page = (state.list.value?.pagesLoaded ?? 0) + 1
      status = ("\(position) · ! Page \(page) could not load: \(error.summary).", .warning)
    } else if let listing = state.list.value, !listing.movies.isEmpty {
      let skipped = listing.skippedEntries
      let note = skipped == 0 ? "" : " · \(skipped) \(skipped == 1 ? "entry" : "entries") could not be read"
      status = (position + note, .muted)
    } else {
      status = ("", .muted)
    }
    // The budget only when it runs low, never in the demo, and never beside a wait it would contradict.
    let showsBudget = state.sourceLabel != "demo" && waiting == nil && waitingForMore == nil && isLow(state.rateLimit)
    let budget = showsBudget ? Formatters.budget(state.rateLimit).map { $0 + " " } : nil
    let budgetWidth = budget.map { TextWidth.width(of: $0) } ?? 0
    let statusWidth = TextWidth.width(of: status.0)
    let roomForBudget = budget != nil && statusWidth + budgetWidth + 2 <= screen.width
    let limit = roomForBudget ? screen.width - budgetWidth - 1 : screen.width
    screen.put(TextLayout.truncate(status.0, to: limit), row: row, column: 0, style: Style(status.1))
    if roomForBudget, let budget {
      screen.put(budget, row: row, column: screen.width - budgetWidth, style: Style(.muted))
    }
  }

  /// Whether the request budget runs low: a quarter or less of the limit left (at most 5 when the limit is unknown).
  static func isLow(_ status: RateLimitStatus?) -> Bool {
    guard let remaining = status?.remaining else { return false }
    guard let limit = status?.limit, limit > 0 else { return remaining <= 5 }
    return remaining * 4 <= limit
  }

}
