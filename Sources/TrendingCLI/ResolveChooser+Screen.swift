import AmodbKit
import Localization
import TrendingCore
import TrendingViews

/// Where the chooser draws its candidates and the selected film's poster: beside them on a wide
/// terminal, above them on a narrower tall one, nowhere under `narrowest` columns or when low.
struct ChooserLayout: Equatable {
  /// The candidates' rows and columns.
  var list: Rect
  /// The poster's box, when there is room for one.
  var poster: Rect?

  /// The fewest columns a poster is drawn in.
  static let narrowest = 50
  /// The fewest columns a poster is drawn beside the candidates in (above them below that).
  static let besideFrom = 70
  /// The first row of the candidates (under the heading, its rows and a blank line).
  static let top = 3

  /// The layout at `size`, with a poster's box when `posters` is set and there is room.
  init(_ size: Size, posters: Bool) {
    // The keys take the last row.
    let rows = max(0, size.height - Self.top - 1)
    list = Rect(row: Self.top, column: 0, width: size.width, height: rows)
    poster = nil
    guard posters, size.width >= Self.narrowest, rows >= 6 else { return }
    if size.width >= Self.besideFrom {
      // A 2:3 poster in cells half as wide as tall is about 4:3 in cells; two columns of margin.
      let width = min(size.width * 2 / 5, rows * 4 / 3 + 2)
      poster = Rect(row: Self.top, column: size.width - width, width: width, height: rows)
      list.width = size.width - width - 2
    } else if rows >= 14 {
      let height = rows / 2
      poster = Rect(row: Self.top, column: 0, width: size.width, height: height)
      list = Rect(row: Self.top + height + 1, column: 0, width: size.width, height: rows - height - 1)
    }
  }
}

extension ResolveChooser {
  /// The frame, in the browser's look: a header bar naming the title in hand, the file's row for
  /// it (its title, year or that it has none, day, rating and places), its candidates with the
  /// selection as the browser's, the selected one's poster, and the key bar.
  func screen(_ size: Size) -> Screen {
    var screen = Screen(width: size.width, height: size.height)
    guard !isDone, size.height >= 4 else { return screen }
    let title = titles[current]
    let count = tr("Not matched %1$s of %2$s", String(current + 1), String(titles.count))
    let named = Self.clean(title.title)
    BarChrome.header([count + " · " + named, count], row: 0, into: &screen)
    drawRowFacts(title, row: 1, into: &screen)
    BarChrome.keys(hints(title), row: size.height - 1, into: &screen)
    if let query {
      BarChrome.typedLine(
        prompt: "/ ", text: query, cursor: line?.cursor, selected: untouched, row: size.height - 2, into: &screen)
    }
    if searching != nil {
      screen.put(tr("Searching…"), row: ChooserLayout.top, column: 2, style: Style(.accent))
      return screen
    }
    guard !title.candidates.isEmpty else {
      let found = searchFailure.map { tr("The search could not be made: %s", $0) } ?? tr("The search found no film.")
      screen.put(TextLayout.truncate(found, to: size.width - 2), row: ChooserLayout.top, column: 2)
      let next = tr("/ searches again with other words; s skips it.")
      screen.put(
        TextLayout.truncate(next, to: size.width - 2), row: ChooserLayout.top + 1, column: 2, style: Style(.muted))
      return screen
    }
    let layout = ChooserLayout(size, posters: showsPosters)
    if let box = layout.poster {
      let request = wantedPoster(size)
      PosterView.draw(request, slot: request.flatMap { posters[$0] }, in: box, into: &screen)
    }
    // The typed line takes the row over the keys.
    let room = layout.list.height - (query == nil ? 0 : 1)
    guard room > 0 else { return screen }
    let first = max(0, min(selected - room + 1, title.candidates.count - room))
    for (offset, film) in title.candidates.dropFirst(first).prefix(room).enumerated() {
      drawCandidate(
        film, in: title, selected: first + offset == selected, row: layout.list.row + offset, width: layout.list.width,
        into: &screen)
    }
    return screen
  }

  /// The keys that do something now, as the browser's key bar shows them.
  func hints(_ title: UnresolvedTitle) -> [BarChrome.Hint] {
    if query != nil { return [BarChrome.Hint("⏎", tr("search")), BarChrome.Hint("Esc", tr("cancel"))] }
    let moves = title.candidates.isEmpty ? [] : [BarChrome.Hint("↑↓", tr("move")), BarChrome.Hint("⏎", tr("take"))]
    return moves + [
      BarChrome.Hint("/", tr("search again")), BarChrome.Hint("s", tr("skip")), BarChrome.Hint("q", tr("quit")),
    ]
  }

  /// The file's row for the title in hand: its title and year (or that the file gives none), the
  /// day, the rating, and where the rows are.
  private func drawRowFacts(_ title: UnresolvedTitle, row: Int, into screen: inout Screen) {
    var column = 1
    column += screen.put(Self.clean(title.title), row: row, column: column, style: Style(.title, bold: true))
    let year = title.year.map { " (\($0))" } ?? " · " + tr("no year in the file")
    var facts = [year]
    if let day = title.day { facts.append(" · " + Dates.written(text: Self.clean(day))) }
    let places = title.places.map(\.description).joined(separator: ", ")
    if !places.isEmpty { facts.append(" · " + Self.clean(places)) }
    for fact in facts { column += screen.put(fact, row: row, column: column, style: Style(.muted)) }
    if let rating = title.rating {
      column += screen.put(" · ", row: row, column: column, style: Style(.muted))
      screen.put("★" + String(rating), row: row, column: column, style: Style(.yours, bold: true))
    }
  }

  /// One candidate's row: its title, its facts muted after it, the selection as the browser's.
  private func drawCandidate(
    _ film: MediaSummary, in title: UnresolvedTitle, selected: Bool, row: Int, width: Int, into screen: inout Screen
  ) {
    // A long title gives way before its year and director, which tell films apart.
    let (name, facts) = describe(film, in: title)
    let nameRoom = max(12, width - 2 - TextWidth.width(of: facts))
    if selected {
      screen.fill(row: row, to: width, style: Style(selected: true))
      screen.cursor = Position(row: row, column: 2)
    }
    let used = screen.put(
      TextLayout.truncate(name, to: nameRoom), row: row, column: 2,
      style: Style(.normal, bold: selected, selected: selected), limit: width - 2)
    screen.put(
      TextLayout.truncate(facts, to: max(0, width - 2 - used)), row: row, column: 2 + used,
      style: Style(.muted, selected: selected), limit: width - 2 - used)
  }

  /// A candidate as its line names it: the title, then the year (the release day when another
  /// candidate has the same title and year), the director when known and the original title when
  /// it differs. No id: these are what tell films apart.
  func describe(_ film: MediaSummary, in title: UnresolvedTitle) -> (name: String, facts: String) {
    let name = Self.clean(film.title)
    let director = self.director(of: film.id, in: title)
    let twin = title.candidates.contains { other in
      other.id != film.id && Self.clean(other.title) == name && other.year == film.year
    }
    let when = twin ? film.releaseDate?.description : film.year.map(String.init)
    var facts = when.map { " (\($0))" } ?? ""
    if let director { facts += "  " + tr("by %s", director) }
    if let original = film.originalTitle.map(Self.clean), original != name, !original.isEmpty {
      facts += "  " + original
    }
    return (name, facts)
  }
}
