import AmodbKit
import Localization
import TrendingCore

/// The Up next tab's rows, in columns: a series, its next episode (code, name, when it airs or
/// aired) and how far the user is ("6/10"); an episode still to come is marked. From a pane's
/// width the selected series' pane stands beside them, as on the other lists.
enum UpNextView {
  /// One row's words, before they are fitted to the columns.
  private struct Row {
    var title: String
    var code: String
    var name: String
    var when: String
    var coming: Bool
    var progress: String
    var behind: Bool
  }

  /// Draws the column titles above the rows and the rows in the body, from the list's top row,
  /// the columns as wide as the rows on screen need within the first `width` columns; returns the
  /// columns the table took.
  @discardableResult
  static func draw(
    _ shown: ListScreen, _ shared: Shared, titleRow: Int, rows: Range<Int>, width: Int? = nil,
    into screen: inout Screen
  ) -> Int {
    let width = width ?? screen.width
    let today = shared.today.description
    // Only the rows on screen are worded and measured: a frame costs the same with 20 series or 2,000.
    let movies = shown.movies
    let visible = movies.indices.clamped(to: shown.top..<(shown.top + rows.count))
    let lines = movies[visible].map { series -> Row in
      guard let entry = shared.upNext[series.id] else {
        return Row(title: series.shownTitle, code: "", name: "", when: "", coming: false, progress: "", behind: false)
      }
      let coming = entry.isComing(today: today)
      let when =
        entry.next.airDate.flatMap(ReleaseDate.init).map { date in
          coming ? tr("coming %s", Dates.written(date)) : Dates.written(date)
        } ?? (coming ? tr("date not announced") : "")
      return Row(
        title: series.shownTitle, code: entry.next.key.code, name: entry.next.name ?? "", when: when, coming: coming,
        progress: "\(entry.seen)/\(entry.aired)", behind: entry.seen < entry.aired)
    }
    let widest = { (words: KeyPath<Row, String>) in lines.map { TextWidth.width(of: $0[keyPath: words]) }.max() ?? 0 }
    let rankWidth = max(2, String(movies.count).count)
    let progressWidth = max(widest(\.progress), TextWidth.width(of: trc("column title, Up next", "Seen")))
    let codeWidth = max(widest(\.code), 6)
    let titleColumn = rankWidth + 3
    let room = max(1, width - progressWidth - 1 - titleColumn - 2)
    let titleWidth = min(max(widest(\.title), 6), max(8, room * 2 / 5))
    let codeColumn = titleColumn + titleWidth + 2
    let nameColumn = codeColumn + codeWidth + 2
    let whenTitle = whenTitle(lines.filter { !$0.when.isEmpty }.map(\.coming))
    let whenWidth = widest(\.when) > 0 ? max(widest(\.when), TextWidth.width(of: whenTitle)) : 0
    // No wider than the rows need, so a wide screen leaves no gap between a name and its date.
    let needed = nameColumn + max(widest(\.name), 12) + 2 + (whenWidth > 0 ? whenWidth + 2 : 0) + progressWidth + 1
    let progressColumn = min(width, needed) - progressWidth - 1
    // The air date when the name keeps at least a dozen columns beside it.
    let shownWhen = progressColumn - 2 - whenWidth - nameColumn >= 12 && whenWidth > 0
    let whenColumn = progressColumn - 2 - whenWidth
    let nameWidth = (shownWhen ? whenColumn : progressColumn) - 2 - nameColumn
    let muted = Style(.muted)
    if titleRow >= 0 {
      screen.put(TextLayout.fit("#", to: rankWidth, alignRight: true), row: titleRow, column: 1, style: muted)
      screen.put(TextLayout.truncate(tr("Series"), to: titleWidth), row: titleRow, column: titleColumn, style: muted)
      if codeColumn + codeWidth < progressColumn {
        // Over the episode's code and its name: a longer word than "Next" ("Suivant") is not cut.
        let nextWidth = max(codeWidth, (shownWhen ? whenColumn : progressColumn) - 2 - codeColumn)
        screen.put(
          TextLayout.truncate(trc("column title, Up next", "Next"), to: nextWidth), row: titleRow, column: codeColumn,
          style: muted)
      }
      if shownWhen {
        screen.put(
          TextLayout.fit(whenTitle, to: whenWidth, alignRight: true), row: titleRow,
          column: whenColumn, style: muted)
      }
      screen.put(
        TextLayout.fit(trc("column title, Up next", "Seen"), to: progressWidth, alignRight: true), row: titleRow,
        column: progressColumn, style: muted)
    }
    for (offset, row) in rows.enumerated() {
      let index = shown.top + offset
      guard lines.indices.contains(offset) else { break }
      let line = lines[offset]
      let selected = index == shown.selection
      if selected { screen.fill(row: row, to: progressColumn + progressWidth, style: Style(selected: true)) }
      screen.put(
        TextLayout.fit(String(index + 1), to: rankWidth, alignRight: true), row: row, column: 1,
        style: Style(.muted, selected: selected))
      screen.put(
        TextLayout.truncate(line.title, to: titleWidth), row: row, column: titleColumn,
        style: Style(.normal, bold: selected, selected: selected), limit: titleWidth)
      if codeColumn + codeWidth < progressColumn {
        screen.put(line.code, row: row, column: codeColumn, style: Style(.accent, bold: true, selected: selected))
      }
      if nameWidth > 3 {
        screen.put(
          TextLayout.truncate(line.name, to: nameWidth), row: row, column: nameColumn,
          style: Style(.normal, selected: selected), limit: nameWidth)
      }
      if shownWhen {
        screen.put(
          TextLayout.fit(line.when, to: whenWidth, alignRight: true), row: row, column: whenColumn,
          style: Style(line.coming ? .warning : .muted, selected: selected))
      }
      screen.put(
        TextLayout.fit(line.progress, to: progressWidth, alignRight: true), row: row, column: progressColumn,
        style: Style(line.behind ? .accent : .muted, selected: selected))
    }
    return progressColumn + progressWidth + 1
  }

  /// The date column's title for rows still to come (`true`) or aired: "Airs" when all are to
  /// come, "Aired" when none is, else "Air date".
  static func whenTitle(_ coming: [Bool]) -> String {
    if !coming.isEmpty, coming.allSatisfy({ $0 }) { return trc("column title, Up next", "Airs") }
    if !coming.contains(true) { return trc("column title, Up next", "Aired") }
    return trc("column title, Up next", "Air date")
  }
}
