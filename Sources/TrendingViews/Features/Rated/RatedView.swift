import AmodbKit
import Localization
import TrendingCore

/// The Recently rated tab's rows, in columns: the title (an episode as "Dark · S01E01 Secrets"),
/// the day it was rated, the user's score ("★8") and the public one beside it.
enum RatedView {
  /// One row's words, before they are fitted to the columns.
  private struct Row {
    /// "film" or "series", when the list holds both.
    var kind: String
    /// The film's or series' title.
    var title: String
    /// " · S01E02 Lies", and " · S01E02" for where room is short (empty for a title's own rating).
    var episode: [String]
    /// The day it was rated, as dates are written.
    var day: String
    /// The user's score, "★8".
    var mine: String
    /// The public score, or a dash.
    var score: String
    /// The public score's colour.
    var tone: Tone
  }

  /// Draws the column titles above the rows and the rows in the body, from the list's top row,
  /// the columns as wide as the ratings need within the first `width` columns; returns the columns
  /// the table took.
  @discardableResult
  static func draw(
    _ shown: ListScreen, _ shared: Shared, titleRow: Int, rows: Range<Int>, width: Int? = nil,
    into screen: inout Screen
  ) -> Int {
    let width = width ?? screen.width
    let movies = shown.movies
    // Only the rows on screen are worded: a frame costs the same with 20 ratings or 500 (the widest
    // title and day were measured once, as the ratings were read).
    let visible = movies.indices.clamped(to: shown.top..<(shown.top + rows.count))
    let kinds = ListView.kindWidth(movies, search: false)
    let kindWidth = kinds > 0 ? max(kinds, TextWidth.width(of: Vocabulary.episodeKind)) : 0
    let separator = Formatters.decimalSeparator
    let lines = movies[visible].map { movie -> Row in
      let kind = kindWidth > 0 ? Vocabulary.kind(movie.kind) : ""
      guard let entry = shared.rated?.entry(movie) else {
        return Row(kind: kind, title: movie.shownTitle, episode: [], day: "", mine: "", score: "", tone: .muted)
      }
      return Row(
        kind: kindWidth > 0 && entry.episode != nil ? Vocabulary.episodeKind : kind, title: entry.title.shownTitle,
        episode: [entry.episodeLabel, entry.episode?.code].compactMap { $0.map { " · " + $0 } },
        day: Dates.written(text: entry.day), mine: "★\(entry.rating)",
        score: Formatters.score(entry.publicScore, votes: entry.publicVotes, separator: separator),
        tone: ListView.tone(forScore: entry.publicScore, votes: entry.publicVotes))
    }
    let widest = { (words: KeyPath<Row, String>) in lines.map { TextWidth.width(of: $0[keyPath: words]) }.max() ?? 0 }
    let rankWidth = max(2, String(movies.count).count)
    let mineTitle = trc("column title, Recently rated", "Yours")
    let scoreTitle = trc("column title, at most 5 columns", "Score")
    let dayTitle = trc("column title, Recently rated", "Rated")
    let mineWidth = max(3, TextWidth.width(of: mineTitle))
    let scoreWidth = max(4, TextWidth.width(of: scoreTitle))
    let dayWidth = max(shared.rated?.widestDay ?? widest(\.day), TextWidth.width(of: dayTitle))
    let titleColumn = rankWidth + 3
    let kindColumns = kindWidth > 0 ? kindWidth + 1 : 0
    // No wider than the rows need, so a wide screen leaves no gap between a title and its day; the
    // widest of every rating's (measured once, as they were read), so the columns stay put from
    // page to page.
    let titled =
      shared.rated?.widestTitle ?? lines.map { TextWidth.width(of: $0.title + ($0.episode.first ?? "")) }.max() ?? 0
    let needed = titleColumn + kindColumns + max(titled, 12) + 2 + dayWidth + 2 + mineWidth + 2 + scoreWidth
    let end = min(width - 1, needed)
    let scoreColumn = end - scoreWidth
    let mineColumn = scoreColumn - 2 - mineWidth
    // The day when the title keeps at least a dozen columns beside it; the kind ("series") only
    // where no title or episode's name is cut for it: the title says more.
    let room = mineColumn - 2 - titleColumn
    let showsDay = room - dayWidth - 2 >= 12
    let showsKind = kindWidth > 0 && room - (showsDay ? dayWidth + 2 : 0) - kindColumns >= titled
    let textColumn = titleColumn + (showsKind ? kindColumns : 0)
    let dayColumn = mineColumn - 2 - dayWidth
    let textWidth = (showsDay ? dayColumn : mineColumn) - 2 - textColumn
    let muted = Style(.muted)
    if titleRow >= 0 {
      screen.put(TextLayout.fit("#", to: rankWidth, alignRight: true), row: titleRow, column: 1, style: muted)
      screen.put(
        TextLayout.truncate(tr("Title"), to: max(1, textWidth)), row: titleRow, column: textColumn, style: muted)
      if showsDay {
        screen.put(
          TextLayout.fit(dayTitle, to: dayWidth, alignRight: true), row: titleRow, column: dayColumn, style: muted)
      }
      screen.put(
        TextLayout.fit(mineTitle, to: mineWidth, alignRight: true), row: titleRow, column: mineColumn, style: muted)
      screen.put(
        TextLayout.fit(scoreTitle, to: scoreWidth, alignRight: true), row: titleRow, column: scoreColumn, style: muted)
    }
    for (offset, row) in rows.enumerated() {
      let index = shown.top + offset
      guard lines.indices.contains(offset) else { break }
      let line = lines[offset]
      let selected = index == shown.selection
      if selected { screen.fill(row: row, to: end, style: Style(selected: true)) }
      screen.put(
        TextLayout.fit(String(index + 1), to: rankWidth, alignRight: true), row: row, column: 1,
        style: Style(.muted, selected: selected))
      if showsKind {
        screen.put(line.kind, row: row, column: titleColumn, style: Style(.muted, selected: selected), limit: kindWidth)
      }
      if textWidth > 3 {
        let (title, episode) = fitted(line.title, line.episode, width: textWidth)
        let used = screen.put(
          title, row: row, column: textColumn, style: Style(.normal, bold: selected, selected: selected),
          limit: textWidth)
        if !episode.isEmpty {
          screen.put(
            TextLayout.truncate(episode, to: textWidth - used), row: row, column: textColumn + used,
            style: Style(.accent, selected: selected), limit: textWidth - used)
        }
      }
      if showsDay {
        screen.put(
          TextLayout.fit(line.day, to: dayWidth, alignRight: true), row: row, column: dayColumn,
          style: Style(.muted, selected: selected))
      }
      screen.put(
        TextLayout.fit(line.mine, to: mineWidth, alignRight: true), row: row, column: mineColumn,
        style: Style(.yours, bold: true, selected: selected))
      screen.put(
        TextLayout.fit(line.score, to: scoreWidth, alignRight: true), row: row, column: scoreColumn,
        style: Style(line.tone, bold: true, selected: selected))
    }
    return end + 1
  }

  /// The fewest columns a series' title is cut to before its episode's name goes.
  static let keptTitle = 16

  /// A title and its episode's words in `width`: whole when they fit; else the title cut (to no
  /// less than `keptTitle` columns) before the episode's name goes, then before its code, down to
  /// a few columns; else the title alone.
  static func fitted(_ title: String, _ episode: [String], width: Int) -> (title: String, episode: String) {
    let titleWidth = TextWidth.width(of: title)
    for words in episode {
      let left = width - TextWidth.width(of: words)
      if titleWidth <= left { return (title, words) }
      if left >= min(titleWidth, keptTitle) { return (TextLayout.truncate(title, to: left), words) }
    }
    for words in episode where width - TextWidth.width(of: words) >= min(titleWidth, 4) {
      return (TextLayout.truncate(title, to: width - TextWidth.width(of: words)), words)
    }
    return (TextLayout.truncate(title, to: width), "")
  }
}
