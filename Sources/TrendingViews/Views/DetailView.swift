import AmodbKit
import TrendingCore

/// The detail screen: header, the scrolled document, a status line and the key hint.
enum DetailView {
  /// Draws the film and returns how far its document can scroll.
  static func draw(_ state: AppState, id: Int, into screen: inout Screen) -> Int {
    let entry = state.details[id] ?? Loadable()
    let summary = state.movies.first { $0.id == id }
    Renderer.bar(
      Renderer.breadcrumb(for: state), rights: Renderer.ages(entry.fetchedAt, now: state.now), row: 0, into: &screen)
    let layout = state.imagesEnabled ? PosterLayout.detailBox(for: state.size) : nil
    let request = Reducer.wantedPoster(state)
    let hasPoster = (entry.value?.posterPath ?? summary?.posterPath) != nil
    let textLeft = layout.map { $0.beside ? $0.box.width + 3 : 1 } ?? 1
    var document = DetailDocument.lines(summary: summary, details: entry.value, width: screen.width - textLeft - 1)
    if entry.value == nil, let error = entry.error {
      document += [[]]
      document += TextLayout.wrap("Could not load the details. \(error.message)", width: screen.width - textLeft - 1)
        .map { [Span($0, Style(.error, bold: true))] }
      document.append([
        Span(error.isRetryable ? "Press r to retry, Esc to go back." : "Press Esc to go back.", Style(.muted))
      ])
    }
    if let layout, !layout.beside {
      // Narrow: the poster sits above the text and scrolls away with it.
      document = Array(repeating: [], count: layout.box.height + 1) + document
    }
    let chrome = Chrome(state.size)
    let top = chrome.body.row
    let visible = max(1, chrome.body.height)
    let maxScroll = max(0, document.count - visible)
    let scroll = min(state.detailScroll, maxScroll)
    for (offset, line) in document.dropFirst(scroll).prefix(visible).enumerated() {
      var column = textLeft
      for span in line {
        column += screen.put(
          span.text, row: top + offset, column: column, style: span.style, limit: screen.width - 1 - column)
      }
    }
    if let layout, layout.beside || scroll < layout.box.height {
      let posterTop = layout.beside ? top : top - scroll
      let area = Rect(row: posterTop, column: 1, width: layout.box.width, height: layout.box.height)
      PosterView.draw(hasPoster ? request : nil, state: state, in: area, clip: chrome.body.rows, into: &screen)
    }
    drawStatus(entry, id: id, scroll: scroll, visible: visible, total: document.count, state: state, into: &screen)
    Renderer.hints(KeyHints.line(for: state, width: screen.width), in: chrome.hints, into: &screen)
    return maxScroll
  }

  private static func drawStatus(
    _ entry: Loadable<MovieDetails>, id: Int, scroll: Int, visible: Int, total: Int, state: AppState,
    into screen: inout Screen
  ) {
    let row = Chrome(state.size).status.row
    let spinner = Renderer.spinner(at: state.now)
    let text: String
    let tone: Tone
    if entry.isLoading, let until = state.waitUntil(.details(id)) {
      text = "\(spinner) Waiting \(Int(until.timeIntervalSince(state.now).rounded(.up))) s for the rate limit…"
      tone = .warning
    } else if entry.isLoading {
      text = entry.value == nil ? "\(spinner) Loading details…" : "\(spinner) Reloading…"
      tone = .accent
    } else if entry.value != nil, let error = entry.error {
      text = "! Reload failed: \(error.summary)."
      tone = .warning
    } else if total > visible {
      let last = min(total, scroll + visible)
      text = " lines \(scroll + 1)–\(last) of \(total)" + (last < total ? "  ↓ more" : "")
      tone = .muted
    } else {
      text = ""
      tone = .muted
    }
    screen.put(TextLayout.truncate(text, to: screen.width), row: row, column: 0, style: Style(tone))
  }
}
