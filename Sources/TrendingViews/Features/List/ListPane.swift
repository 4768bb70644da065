import AmodbKit
import Localization
import TrendingCore

/// The wide list's right-hand pane: the selected title's poster, then its facts, ratings and
/// overview, beside the poster where the pane is wide (as btop's panes sit side by side) and under
/// it where it is not. The facts take the same lines before and after the details arrive, so
/// nothing moves when they do.
enum ListPane {
  /// The most lines the ratings take.
  static let mostRatingLines = 3

  /// The lines the ratings take at a width: as many as the user's rating and five services with
  /// their votes need there (at most three), known before any details, so nothing moves when
  /// they arrive.
  static func ratingLines(width: Int) -> Int {
    ratingLineCounts.value(for: RatingLinesKey(catalogue: Translator.current, width: width)) {
      let typical = Rating(value: 8.8, votes: 880_000)
      let entries = RatingLines.entries(RatingService.allCases.map { ($0, typical) }, mine: 10)
      return min(mostRatingLines, RatingLines.lines(entries, width: max(1, width)).count)
    }
  }

  /// What the ratings' lines depend on: the interface's language and the pane's width.
  struct RatingLinesKey: Equatable, Sendable {
    let catalogue: Catalogue
    let width: Int
  }

  /// The lines the ratings take, laid out once for each language and width, not once a frame.
  private static let ratingLineCounts = Memo<RatingLinesKey, Int>()

  /// A table of the list's rows (Up next, Recently rated, the calendar) and, from a pane's width,
  /// the selected title's pane beside it: `table` draws in the first columns it is given (all but
  /// the pane's least width) and returns how many it took; the pane takes the rest.
  static func beside(
    _ shown: ListScreen, _ state: AppState, into screen: inout Screen, table: (_ width: Int, inout Screen) -> Int
  ) {
    let shared = state.shared
    let rows = ListLayout.rows(for: shared.size)
    let longest = screen.width >= PosterLayout.factsMinimumWidth ? shown.longestTitle : nil
    let split = screen.width >= PosterLayout.splitMinimumWidth
    let least =
      split
      ? PosterLayout.splitPaneMinimum(for: shared.size)
      : shared.imagesEnabled ? PosterLayout.listPaneWidth(for: shared.size, longestTitle: longest) : nil
    let used = table(screen.width - (least ?? 0), &screen)
    guard least != nil, let movie = shown.selectedMovie else { return }
    // The pane starts where the table ends, so no row has a gap before it.
    let pane = screen.width - used
    let box = shared.imagesEnabled ? PosterLayout.listBox(for: shared.size, longestTitle: longest) : nil
    let area = Rect(row: rows.row, column: screen.width - pane + 1, width: pane - 2, height: rows.height)
    draw(
      movie, state: state, box: box, request: Reducer.posterInView(state), in: area, text: !ListView.isCovered(state),
      into: &screen)
  }

  /// Draws the pane for the selected title in `area` (the pane's columns, the list's rows); with
  /// `text` false, its poster alone (under a box, whose edge would cut the text into pieces).
  static func draw(
    _ movie: MediaSummary, state: AppState, box: Size?, request: PosterRequest?, in area: Rect,
    text: Bool = true, into screen: inout Screen
  ) {
    guard area.width > 4, area.height > 0 else { return }
    let split = state.shared.size.width >= PosterLayout.splitMinimumWidth
    // The text beside or under the poster keeps to a readable measure on a split list.
    let measure = split ? DocumentView.readableMeasure : nil
    guard let box else {
      // No poster (images off): a rule keeps the facts apart from the table, whose rows they would
      // read as the end of.
      for row in area.row..<(area.row + area.height) {
        screen.put("│", row: row, column: area.column, style: Style(.muted))
      }
      let facts = Rect(row: area.row, column: area.column + 2, width: area.width - 2, height: area.height)
      if text { drawText(movie, state.shared, Flow(area: facts, measure: measure), full: split, into: &screen) }
      return
    }
    // Beside the poster wherever the pane leaves the text its columns (from about 195 columns),
    // not above it in a pane too wide for the poster alone.
    let beside = split && area.width - box.width - PosterLayout.besideGap >= PosterLayout.besideTextMinimum
    if beside {
      PosterView.draw(
        request, state: state, in: Rect(row: area.row, column: area.column, width: box.width, height: box.height),
        into: &screen)
      let textColumn = area.column + box.width + PosterLayout.besideGap
      // Beside the poster the text is narrower; under it, the pane's whole width (both no wider
      // than a readable measure).
      let narrow = Rect(
        row: area.row, column: textColumn,
        width: min(DocumentView.readableMeasure, area.column + area.width - textColumn), height: box.height)
      if text {
        drawText(
          movie, state.shared, Flow(area: area, beside: narrow, measure: measure), full: split, into: &screen)
      }
    } else {
      let left = split ? area.column + max(0, (area.width - box.width) / 2) : area.column
      PosterView.draw(
        request, state: state, in: Rect(row: area.row, column: left, width: box.width, height: box.height),
        into: &screen)
      if text {
        drawText(
          movie, state.shared, Flow(area: area.droppingTop(box.height + 1), measure: measure), full: split,
          into: &screen)
      }
    }
  }

  /// Where the pane's text goes: first in the columns of `beside` (beside the poster) while its
  /// rows last, then in `area`'s whole width.
  struct Flow {
    /// The pane's text area.
    let area: Rect
    /// The columns beside the poster, on its rows (nil: the whole width from the top).
    var beside: Rect?

    /// Text in `area` (on a split list no wider than a readable measure), beside the poster in
    /// `beside`'s columns while its rows last.
    init(area: Rect, beside: Rect? = nil, measure: Int? = nil) {
      var area = area
      if let measure { area.width = min(area.width, measure) }
      self.area = area
      self.beside = beside
    }

    /// How many rows from the top are beside the poster.
    var besideRows: Int { beside.map { max(0, min(area.height, $0.row + $0.height - area.row)) } ?? 0 }

    /// The width of the row `offset` rows from the top.
    func width(at offset: Int) -> Int {
      guard let beside, offset < besideRows else { return area.width }
      return beside.width
    }

    /// The first column of the row `offset` rows from the top.
    func column(at offset: Int) -> Int {
      guard let beside, offset < besideRows else { return area.column }
      return beside.column
    }
  }

  /// The facts, overview and (with `full`) what follows them, on the rows of `flow`.
  private static func drawText(
    _ movie: MediaSummary, _ shared: Shared, _ flow: Flow, full: Bool, into screen: inout Screen
  ) {
    let text = lines(movie, shared, flow, full: full)
    let area = flow.area
    for (offset, line) in text.enumerated() {
      guard offset < area.height else { break }
      let row = area.row + offset
      var column = flow.column(at: offset)
      let width = flow.width(at: offset)
      let last = offset == area.height - 1 && offset < text.count - 1
      // The last row cut short says so; a blank one there shows the start of what follows instead,
      // never a "…" alone.
      let line = last && line.isEmpty ? text[offset + 1] : line
      let shown = last ? RatingLines.cut(line + [Span(" …")], to: width) : RatingLines.cut(line, to: width)
      let end = column + width
      for span in shown {
        column += screen.put(span.text, row: row, column: column, style: span.style, limit: end - column)
      }
    }
  }

  /// How many overview lines the pane keeps before where to watch and the cast, when not all fit.
  static let leastOverviewLines = 3
  /// How many of a section's lines (its heading, then entries) the pane keeps before the rest of
  /// the overview: where to watch whole, the cast's first three, the crew none.
  static let leastSectionLines = [Int.max, 4, 0, 0, 0]

  /// The pane's lines, one a row from the top of `flow`: the facts in fixed lines, a gap, the
  /// overview flowing beside the poster and under it; with `full` (a split list), then where to
  /// watch, the cast, the crew, and the recommended and similar titles. When not all fit, the overview gives up its end (past
  /// `leastOverviewLines`) for where to watch and the first of the cast; the rest is cut at the
  /// bottom. The overview always starts on the same row, so nothing moves when the details arrive.
  static func lines(_ movie: MediaSummary, _ shared: Shared, _ flow: Flow, full: Bool) -> [DocumentLine] {
    var text = facts(movie, shared, width: flow.width(at: 0)) + [[]]
    var overview = overviewText(movie, shared).map { paragraph($0, from: text.count, flow) } ?? []
    guard full else { return text + overview.map { [Span($0)] } }
    let sections = extras(movie, shared, width: flow.width(at: text.count))
    let kept = zip(sections, leastSectionLines).reduce(0) { sum, pair in
      pair.0.isEmpty || pair.1 == 0 ? sum : sum + 1 + min(pair.0.count, pair.1)
    }
    let room = flow.area.height - text.count
    if overview.count + kept > room, overview.count > leastOverviewLines {
      let shown = max(leastOverviewLines, room - kept)
      if shown < overview.count {
        overview = Array(overview.prefix(shown))
        let width = flow.width(at: text.count + shown - 1)
        overview[shown - 1] = TextLayout.truncate(overview[shown - 1] + " …", to: width)
      }
    }
    text += overview.map { [Span($0)] }
    // Each section at the width of the row it starts on: one starting beside the poster keeps its
    // narrower lines under it.
    var byWidth = [flow.width(at: text.count): sections]
    for index in sections.indices where !sections[index].isEmpty {
      text.append([])
      // A heading never ends the rows beside the poster with its lines under it: it starts there too.
      while text.count < flow.besideRows, flow.besideRows - text.count < 2 { text.append([]) }
      let width = flow.width(at: text.count)
      let laid = byWidth[width] ?? extras(movie, shared, width: width)
      byWidth[width] = laid
      text += laid.indices.contains(index) ? laid[index] : sections[index]
    }
    return text
  }

  /// The widest a recommended or similar title's line runs (year, title, score at the right), so
  /// that no line has a run of 40 blanks.
  static let relatedMeasure = 48

  /// Where to watch, the cast, the crew and the recommended and similar titles of the selected
  /// title, from its details (nothing before they come): each a heading and its lines at `width`,
  /// in that order (an empty one has none).
  static func extras(_ movie: MediaSummary, _ shared: Shared, width: Int) -> [[DocumentLine]] {
    var watch = Document()
    let more: [FilmDocument.Section?]
    // Titles with their scores at the right: no wider than keeps a short title near its score.
    let relatedWidth = min(width, relatedMeasure)
    let related = { (recommended: [MediaSummary], similar: [MediaSummary]) in
      [
        FilmDocument.relatedSection(tr("Recommended"), recommended, width: relatedWidth),
        FilmDocument.relatedSection(tr("Similar"), similar, width: relatedWidth),
      ]
    }
    switch movie.kind {
    case .film:
      guard let details = shared.film(movie.id).value else { return [] }
      FilmDocument.watch(details.providers, region: shared.region, width: width, into: &watch)
      more =
        [FilmDocument.castSection(details, width: width), FilmDocument.crewSection(details, width: width)]
        + related(details.recommendations, details.similar)
    case .series:
      guard let details = shared.series(movie.id).value else { return [] }
      FilmDocument.watch(details.providers, region: shared.region, width: width, into: &watch)
      more =
        [SeriesDocument.castSection(details, width: width), SeriesDocument.crewSection(details, width: width)]
        + related(details.recommendations, details.similar)
    case .person:
      return []
    }
    let title = Style(.title, bold: true)
    return [watch.lines]
      + more.map { section in
        section.map { [[Span($0.heading, title)]] + $0.entries.map(\.line) } ?? []
      }
  }

  /// A paragraph from row `offset` of `flow`: at the narrow width while beside the poster, the
  /// rest at the whole width.
  static func paragraph(_ text: String, from offset: Int, _ flow: Flow) -> [String] {
    let first = TextLayout.wrap(text, width: max(1, flow.width(at: offset)))
    let besideCount = max(0, flow.besideRows - offset)
    guard flow.beside != nil, first.count > besideCount else { return first }
    let taken = Array(first.prefix(besideCount))
    return taken + TextLayout.wrap(remainder(of: text, after: taken), width: max(1, flow.area.width))
  }

  /// The words of `text` after the lines already drawn.
  static func remainder(of text: String, after lines: [String]) -> String {
    let used = lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.count
    return text.split(whereSeparator: \.isWhitespace).dropFirst(used).joined(separator: " ")
  }

  /// The overview: the details' when they came, else the list's.
  private static func overviewText(_ movie: MediaSummary, _ shared: Shared) -> String? {
    switch movie.kind {
    case .film: return shared.film(movie.id).value?.overview ?? movie.overview
    case .series: return shared.series(movie.id).value?.overview ?? movie.overview
    case .person: return nil
    }
  }

  /// The fact lines, always three and `ratingLines(width:)` of them (blank until known), each cut
  /// to `width`.
  static func facts(_ movie: MediaSummary, _ shared: Shared, width: Int) -> [DocumentLine] {
    var title = movie.shownTitle
    var parts: [String] = []
    var people = ""
    let comma = tr(", ")
    switch movie.kind {
    case .film:
      let details = shared.film(movie.id).value
      if let year = movie.year { title += " (\(year))" }
      if let runtime = details?.runtime { parts.append(Formatters.runtime(runtime)) }
      if let certification = details?.certification(in: shared.region) { parts.append(certification) }
      parts.append((details.map { GenreNames.shown($0.genres, media: .film) } ?? movie.genres).joined(separator: comma))
      if let director = details?.directors.first { people = tr("Directed by") + " " + director }
    case .series:
      let details = shared.series(movie.id).value
      if let years = details?.years ?? movie.year.map(String.init) { title += " (\(years))" }
      if let status = details?.status { parts.append(Vocabulary.seriesStatus(status)) }
      if let seasons = details?.numberOfSeasons, seasons > 0 { parts.append(Formatters.seasons(seasons)) }
      if let networks = details?.networks, !networks.isEmpty { parts.append(networks.joined(separator: comma)) }
      parts.append(
        (details.map { GenreNames.shown($0.genres, media: .series) } ?? movie.genres).joined(separator: comma))
      if let creator = details?.createdBy.first { people = tr("Created by") + " " + creator.name }
    case .person:
      break
    }
    let muted = Style(.muted)
    var lines: [DocumentLine] = [
      [Span(TextLayout.truncate(title, to: width), Style(.title, bold: true))],
      [Span(TextLayout.truncate(parts.filter { !$0.isEmpty }.joined(separator: " · "), to: width), muted)],
      [Span(TextLayout.truncate(people, to: width), muted)],
    ]
    // The ratings in the screens' one layout (blank lines until known).
    let count = ratingLines(width: width)
    let rated = RatingLines.lines(scores(movie, shared), width: max(1, width), atMost: count)
    lines += (0..<count).map { rated.indices.contains($0) ? rated[$0] : [] }
    return lines
  }

  /// The ratings the pane shows: the user's own, then every service's the details hold, else
  /// the list row's TMDB score.
  static func scores(_ movie: MediaSummary, _ shared: Shared) -> [RatingLines.Entry] {
    let mine = movie.media.flatMap { shared.marks[$0]?.rating }
    let scores: [RatingLines.Entry]
    switch movie.kind {
    case .film:
      scores = shared.film(movie.id).value.map { RatingLines.entries($0, mine: mine) } ?? []
    case .series:
      scores = shared.series(movie.id).value.map { RatingLines.entries($0, mine: mine) } ?? []
    case .person:
      return []
    }
    guard scores.isEmpty else { return scores }
    return movie.voteCount > 0 || mine != nil
      ? RatingLines.entries(average: movie.voteAverage, votes: movie.voteCount, mine: mine) : []
  }
}
