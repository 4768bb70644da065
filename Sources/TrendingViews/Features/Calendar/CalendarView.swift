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

  /// Draws the lines in the body's rows, scrolled so the selected event and, when it fits, its week show.
  static func drawRows(_ shown: ListScreen, _ shared: Shared, rows: Range<Int>, into screen: inout Screen) {
    let lines = lines(CalendarTab.events(shared), span: CalendarTab.span(shared))
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
    for (offset, line) in lines.dropFirst(top).prefix(visible).enumerated() {
      let row = rows.lowerBound + offset
      switch line {
      case .week(let monday):
        screen.put(
          TextLayout.truncate(" " + CalendarWords.weekHeading(monday), to: screen.width), row: row, column: 0,
          style: Style(.title, bold: true))
      case .event(let index, let event):
        let isSelected = index == shown.selection
        if isSelected {
          screen.fill(row: row, style: Style(selected: true))
          screen.cursor = Position(row: row, column: 0)
        }
        let day = "  " + CalendarWords.shortDay(event.day) + "  "
        screen.put(day, row: row, column: 0, style: Style(.muted, selected: isSelected))
        var column = TextWidth.width(of: day)
        let mark = event.onWatchlist ? "+ " : "  "
        screen.put(mark, row: row, column: column, style: Style(.accent, bold: true, selected: isSelected))
        column += 2
        let room = max(1, screen.width - column - 1)
        let title = TextLayout.truncate(event.title, to: room)
        screen.put(title, row: row, column: column, style: Style(.normal, bold: isSelected, selected: isSelected))
        column += TextWidth.width(of: title)
        let what = TextLayout.truncate("  " + event.what, to: max(0, screen.width - column - 1))
        screen.put(what, row: row, column: column, style: Style(.muted, selected: isSelected))
      }
    }
  }
}
