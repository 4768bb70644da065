import AmodbKit
import Localization
import TrendingCore

/// The Up next tab's rows: a series, its next episode (code, name, when it airs) and how far the
/// user is ("6/10"); an episode still to come is marked.
enum UpNextView {
  /// Draws the rows in the body, from the list's top row.
  static func drawRows(_ shown: ListScreen, _ shared: Shared, rows: Range<Int>, into screen: inout Screen) {
    let movies = shown.movies
    let width = screen.width
    let rankWidth = max(2, String(movies.count).count)
    let today = shared.today.description
    for (offset, row) in rows.enumerated() {
      let index = shown.top + offset
      guard movies.indices.contains(index) else { break }
      let series = movies[index]
      let selected = index == shown.selection
      if selected { screen.fill(row: row, to: width - 1, style: Style(selected: true)) }
      screen.put(
        TextLayout.fit(String(index + 1), to: rankWidth, alignRight: true), row: row, column: 1,
        style: Style(.muted, selected: selected))
      let column = rankWidth + 3
      guard let entry = shared.upNext[series.id] else {
        screen.put(
          TextLayout.truncate(series.title, to: max(1, width - column - 1)), row: row, column: column,
          style: Style(.normal, bold: selected, selected: selected))
        continue
      }
      let progress = " \(entry.seen)/\(entry.aired)"
      let progressWidth = TextWidth.width(of: progress)
      let coming = entry.isComing(today: today)
      let when =
        entry.next.airDate.flatMap(ReleaseDate.init).map { date in
          coming ? tr("coming %s", Formatters.date(date)) : Formatters.date(date)
        } ?? (coming ? tr("date not announced") : "")
      // The title takes up to 40% of the row; the episode its code, then its name and air date as room allows.
      let room = max(1, width - column - progressWidth - 2)
      let titleWidth = min(TextWidth.width(of: series.title), max(8, room * 2 / 5))
      let title = TextLayout.truncate(series.title, to: titleWidth)
      screen.put(title, row: row, column: column, style: Style(.normal, bold: selected, selected: selected))
      var next = column + TextWidth.width(of: title) + 2
      let code = entry.next.key.code
      if next + TextWidth.width(of: code) <= width - progressWidth - 1 {
        screen.put(code, row: row, column: next, style: Style(.accent, bold: true, selected: selected))
        next += TextWidth.width(of: code) + 2
      }
      let whenWidth = TextWidth.width(of: when)
      let dateColumn = width - progressWidth - 1 - whenWidth
      if let name = entry.next.name, !name.isEmpty {
        let nameRoom = (dateColumn > next + 4 ? dateColumn : width - progressWidth - 1) - next - 1
        if nameRoom > 3 {
          screen.put(
            TextLayout.truncate(name, to: nameRoom), row: row, column: next, style: Style(.normal, selected: selected),
            limit: nameRoom)
        }
      }
      if dateColumn > next + 4, !when.isEmpty {
        screen.put(when, row: row, column: dateColumn, style: Style(coming ? .warning : .muted, selected: selected))
      }
      screen.put(
        progress, row: row, column: width - progressWidth - 1,
        style: Style(entry.seen < entry.aired ? .accent : .muted, selected: selected))
    }
  }
}
