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
  /// The frame: the title in hand with its rows, its candidates, the selected one's poster, and the keys.
  func screen(_ size: Size) -> Screen {
    var screen = Screen(width: size.width, height: size.height)
    guard !isDone, size.height >= 4 else { return screen }
    let title = titles[current]
    let heading = tr("Not matched %1$s of %2$s:", String(current + 1), String(titles.count))
    let named = Self.clean(title.title) + (title.year.map { " (\($0))" } ?? "")
    screen.put(heading + " " + named, row: 0, column: 0, style: Style(.title, bold: true))
    let places = title.places.map(\.description).joined(separator: ", ")
    screen.put(Self.clean(places), row: 1, column: 0, style: Style(.muted))
    let keys = tr("↑↓ choose, Enter takes it, s skips, q quits (what was taken is saved)")
    screen.put(TextLayout.truncate(keys, to: size.width), row: size.height - 1, column: 0, style: Style(.muted))
    guard !title.candidates.isEmpty else {
      screen.put(tr("The search found no film: s skips it."), row: 3, column: 2)
      return screen
    }
    let layout = ChooserLayout(size, posters: showsPosters)
    if let box = layout.poster {
      let request = wantedPoster(size)
      PosterView.draw(request, slot: request.flatMap { posters[$0] }, in: box, into: &screen)
    }
    let room = layout.list.height
    guard room > 0 else { return screen }
    let first = max(0, min(selected - room + 1, title.candidates.count - room))
    for (offset, film) in title.candidates.dropFirst(first).prefix(room).enumerated() {
      let isSelected = first + offset == selected
      // A long title gives way before its year and director, which tell films apart.
      let (name, facts) = describe(film, in: title)
      let nameRoom = max(12, layout.list.width - 2 - TextWidth.width(of: facts))
      let line = TextLayout.truncate(
        (isSelected ? "> " : "  ") + TextLayout.truncate(name, to: nameRoom) + facts, to: layout.list.width)
      let row = layout.list.row + offset
      if isSelected { screen.fill(row: row, to: layout.list.width, style: Style(selected: true)) }
      screen.put(line, row: row, column: 0, style: Style(selected: isSelected), limit: layout.list.width)
    }
    return screen
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
