import AmodbKit
import Localization
import TrendingCore

/// The Calendar tab's rows: a heading a week ("Week of 7 December"), then one line an event
/// ("Fri  4  + Dune: Part Three — in cinemas"), the selected event kept in view with its week.
enum CalendarView {
  /// One line of the tab: a week's heading, or an event with its index among the list's rows.
  enum Line: Equatable {
    case week(CivilDay)
    case event(Int, CalendarEvent)
  }

  /// The lines of the weeks that have events, in order.
  static func lines(_ events: [CalendarEvent], span: ClosedRange<CivilDay>) -> [Line] {
    var lines: [Line] = []
    var index = 0
    for week in CalendarLogic.weeks(events, span: span) where !week.events.isEmpty {
      lines.append(.week(week.monday))
      for event in week.events {
        lines.append(.event(index, event))
        index += 1
      }
    }
    return lines
  }

  /// The events whose rows the list shows, in date order: a title hidden (`x`, hide seen) or
  /// filtered out is not drawn, so the n-th event drawn is the list's n-th row (`Enter`, the pane).
  static func shownEvents(_ events: [CalendarEvent], _ shown: ListScreen) -> [CalendarEvent] {
    let loaded = shown.list.value?.movies ?? []
    let rows = shown.movies
    guard rows != loaded else { return events }
    // The rows shown keep the loaded order (the tab is not sorted): a row kept is the next one shown.
    var kept: [CalendarEvent] = []
    for (index, event) in zip(loaded.indices, events) where kept.count < rows.count && loaded[index] == rows[kept.count]
    {
      kept.append(event)
    }
    return kept
  }

  /// Draws the lines in the body's rows within the first `width` columns, scrolled so the selected
  /// event and, when it fits, its week show; returns the columns the lines took.
  @discardableResult
  static func drawRows(
    _ shown: ListScreen, _ shared: Shared, rows: Range<Int>, width: Int? = nil, into screen: inout Screen
  ) -> Int {
    let width = width ?? screen.width
    let lines = lines(shownEvents(CalendarTab.events(shared), shown), span: CalendarTab.span(shared))
    let lineOf = { (row: Int) in
      lines.firstIndex {
        if case .event(let index, _) = $0 { return index == row }
        return false
      } ?? 0
    }
    let selected = lineOf(shown.selection)
    let visible = max(1, rows.count)
    // From the list's top row, its week's heading above it; then the selection kept in view.
    var top = lineOf(shown.top)
    if top > 0, case .week = lines[top - 1] { top -= 1 }
    top = max(0, max(min(top, selected), selected - visible + 1))
    let onScreen = Array(lines.dropFirst(top).prefix(visible))
    // Beside a pane the lines are a table as wide as they need, each week's heading ruled to its
    // end; alone, they run on across the screen.
    // A screen reader hears a row, not the week's heading above it: the day names its month.
    let month = shared.screenReader
    let table = width < screen.width ? Table(onScreen, width: width, month: month) : nil
    let used = table?.used ?? width
    // Alone, the titles still start in one column, however wide a day with its month is (without
    // it, every day is as wide).
    let dayColumn =
      table.map { $0.title - 2 }
      ?? onScreen.map { line in
        if case .event(_, let event) = line { return TextWidth.width(of: dayWords(event, month: month)) }
        return 0
      }.max() ?? 0
    for (offset, line) in onScreen.enumerated() {
      let row = rows.lowerBound + offset
      switch line {
      case .week(let monday):
        let heading = TextLayout.truncate(" " + CalendarWords.weekHeading(monday), to: used)
        let end = screen.put(heading, row: row, column: 0, style: Style(.title, bold: true))
        if table != nil, used - 1 - end > 1 {
          screen.put(String(repeating: "─", count: used - 2 - end), row: row, column: end + 1, style: Style(.muted))
        }
      case .event(let index, let event):
        let isSelected = index == shown.selection
        if isSelected {
          screen.fill(row: row, to: used, style: Style(selected: true))
          screen.cursor = Position(row: row, column: 0)
        }
        let day = dayWords(event, month: month)
        screen.put(day, row: row, column: 0, style: Style(.muted, selected: isSelected))
        let column = dayColumn
        let mark = event.onWatchlist ? "+ " : "  "
        screen.put(mark, row: row, column: column, style: Style(.accent, bold: true, selected: isSelected))
        // The title first, then what comes out in what is left (in a table, in its own column).
        let title = TextLayout.truncate(event.title, to: table?.titleWidth ?? max(1, used - column - 3))
        let whatColumn = table?.what ?? column + 2 + TextWidth.width(of: title) + 2
        let what = TextLayout.truncate(event.what, to: max(0, used - 1 - whatColumn))
        screen.put(title, row: row, column: column + 2, style: Style(.normal, bold: isSelected, selected: isSelected))
        if !what.isEmpty {
          screen.put(what, row: row, column: whatColumn, style: Style(.muted, selected: isSelected))
        }
      }
    }
    return used
  }

  /// The lines as a table beside a pane: the day, the title's column and what comes out in a
  /// column of its own, each column no wider than its narrowest entry on screen and 37 more (as a
  /// list's: no row has a run of 40 blanks), the whole within the width given.
  struct Table {
    /// Where the titles start.
    let title: Int
    /// The titles' width.
    let titleWidth: Int
    /// Where what comes out starts.
    let what: Int
    /// The columns the table takes, with the one after it.
    let used: Int

    /// The table of `lines` in at most `width` columns; `month`: the days name their month.
    init(_ lines: [Line], width: Int, month: Bool) {
      var days: [Int] = []
      var titles: [Int] = []
      var whats: [Int] = []
      var headings = 0
      for line in lines {
        switch line {
        case .week(let monday): headings = max(headings, 2 + TextWidth.width(of: CalendarWords.weekHeading(monday)))
        case .event(_, let event):
          days.append(TextWidth.width(of: CalendarView.dayWords(event, month: month)))
          titles.append(TextWidth.width(of: event.title))
          whats.append(TextWidth.width(of: event.what))
        }
      }
      let narrowest = { (widths: [Int]) in min(widths.max() ?? 0, (widths.min() ?? 0) + 37) }
      title = (days.max() ?? 0) + 2
      let whatWidth = narrowest(whats)
      // The titles give way first, down to a dozen columns; then what comes out is cut.
      titleWidth = max(min(12, narrowest(titles)), min(narrowest(titles), width - 1 - title - 2 - whatWidth))
      what = title + titleWidth + 2
      used = min(width, max(headings, what + whatWidth + 1))
    }
  }

  /// An event's day as its line starts: "  Fri  4  ", or "  Fri 4 December  " with `month`.
  static func dayWords(_ event: CalendarEvent, month: Bool = false) -> String {
    "  "
      + (month
        ? CalendarWords.weekdayName(event.day.weekday) + " " + CalendarWords.dayAndMonth(event.day)
        : CalendarWords.shortDay(event.day)) + "  "
  }
}
