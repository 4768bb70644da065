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

  /// Draws the pane for the selected title in `area` (the pane's columns, the list's rows); with
  /// `text` false, its poster alone (under a box, whose edge would cut the text into pieces).
  static func draw(
    _ movie: MediaSummary, state: AppState, box: Size?, request: PosterRequest?, in area: Rect,
    text: Bool = true, into screen: inout Screen
  ) {
    guard area.width > 4, area.height > 0 else { return }
    let split = state.shared.size.width >= PosterLayout.splitMinimumWidth
    guard let box else {
      // No poster (images off): the facts take the whole pane.
      if text { drawText(movie, state, rows: 0..<0, in: area, into: &screen) }
      return
    }
    let beside = split && area.width >= PosterLayout.paneBesideMinimumWidth
    if beside {
      PosterView.draw(
        request, state: state, in: Rect(row: area.row, column: area.column, width: box.width, height: box.height),
        into: &screen)
      let textColumn = area.column + box.width + 2
      // Beside the poster the text is narrower; under it, the pane's whole width.
      let narrow = Rect(
        row: area.row, column: textColumn, width: area.column + area.width - textColumn, height: box.height)
      if text { drawText(movie, state, rows: narrow.rows, beside: narrow, in: area, into: &screen) }
    } else {
      let left = split ? area.column + max(0, (area.width - box.width) / 2) : area.column
      PosterView.draw(
        request, state: state, in: Rect(row: area.row, column: left, width: box.width, height: box.height),
        into: &screen)
      if text { drawText(movie, state, rows: 0..<0, in: area.droppingTop(box.height + 1), into: &screen) }
    }
  }

  /// The facts and overview: on the rows of `beside` in its columns, then in `area`'s full width.
  private static func drawText(
    _ movie: MediaSummary, _ state: AppState, rows besideRows: Range<Int>, beside: Rect? = nil, in area: Rect,
    into screen: inout Screen
  ) {
    let first = beside ?? area
    let lines = facts(movie, state.shared, width: first.width) + [[]]
    let overview = overviewText(movie, state.shared)
    // The overview flows: the lines beside the poster at its width, the rest at the pane's.
    let besideCount = max(0, besideRows.count - lines.count)
    var text = lines
    if let overview {
      let narrow = TextLayout.wrap(overview, width: max(1, first.width))
      if beside != nil, narrow.count > besideCount {
        let taken = Array(narrow.prefix(besideCount))
        let rest = remainder(of: overview, after: taken)
        text += taken.map { [Span($0)] }
        text += TextLayout.wrap(rest, width: max(1, area.width)).map { [Span($0)] }
      } else {
        text += narrow.map { [Span($0)] }
      }
    }
    let top = area.row
    let bottom = area.row + area.height
    for (offset, line) in text.enumerated() {
      let row = top + offset
      guard row < bottom else { break }
      let inBeside = besideRows.contains(row)
      var column = inBeside ? first.column : area.column
      let width = inBeside ? first.width : area.width
      let last = row == bottom - 1 && offset < text.count - 1
      let shown = last ? RatingLines.cut(line + [Span(" …")], to: width) : RatingLines.cut(line, to: width)
      let end = column + width
      for span in shown {
        column += screen.put(span.text, row: row, column: column, style: span.style, limit: end - column)
      }
    }
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
    var title = movie.title
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
