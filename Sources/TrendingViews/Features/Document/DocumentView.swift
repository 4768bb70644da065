import AmodbKit
import FoundationEssentials
import Localization
import TrendingCore

/// What the film and person screens draw alike: header, the scrolled document with its selected
/// link, the poster (or picture), a status line and the key hint.
enum DocumentView {
  /// The widest a document's text runs, in columns: lines longer than this are hard to read.
  static let readableMeasure = 90

  /// The narrowest second column a split detail screen gives its people or seasons.
  static let sideMinimumWidth = 44
  /// The gutter between the two columns.
  static let columnGutter = 3

  /// The narrowest second column beside a third: a person's name, part and episodes stay whole.
  static let sideBesideThirdWidth = 66
  /// The narrowest third column: a related title's year, title and score.
  static let thirdMinimumWidth = 50

  /// The widths of a detail page's columns: the main one; from `PosterLayout.splitMinimumWidth` a
  /// second beside it (people, seasons); where the main one keeps its whole measure and the second
  /// its lines beside a third, a third (related titles).
  static func columns(screenWidth: Int, textLeft: Int) -> PageColumns {
    let room = screenWidth - textLeft - 1
    guard screenWidth >= PosterLayout.splitMinimumWidth, room >= 70 + columnGutter + sideMinimumWidth else {
      return PageColumns(main: min(room, readableMeasure))
    }
    let rest = room - readableMeasure - 2 * columnGutter
    guard rest >= sideBesideThirdWidth + thirdMinimumWidth else {
      let main = min(readableMeasure, room - columnGutter - sideMinimumWidth)
      return PageColumns(main: main, side: min(readableMeasure, room - columnGutter - main))
    }
    let side = min(readableMeasure, rest - thirdMinimumWidth)
    return PageColumns(main: readableMeasure, side: side, third: min(readableMeasure, rest - side))
  }

  /// Draws a document screen: the chrome, the document scrolled with its selected link
  /// highlighted, the picture beside or above it.
  static func drawPage(
    _ state: AppState, cursor: DocumentCursor, fetchedAt: Date?, hasPicture: Bool, initials: String? = nil,
    into screen: inout Screen,
    document make: (Int) -> Document, status: (Int, Int, Int) -> (String, Tone),
    split: ((PageColumns) -> Document)? = nil
  ) -> DocumentLayout {
    Renderer.bar(
      Renderer.breadcrumb(for: state),
      rights: Renderer.withSync(
        Renderer.ages(fetchedAt, now: state.shared.now, on: &screen), state.shared, on: &screen),
      row: 0, into: &screen)
    let layout = state.shared.imagesEnabled ? PosterLayout.detailBox(for: state.shared.size) : nil
    let request = Reducer.posterInView(state)
    let textLeft = layout.map { $0.beside ? $0.box.width + 3 : 1 } ?? 1
    // Text keeps to a readable measure however wide the screen; the widest add a second column.
    let widths = columns(screenWidth: screen.width, textLeft: textLeft)
    let measure = min(screen.width - textLeft - 1, readableMeasure)
    var document = if widths.side != nil, let split { split(widths) } else { make(measure) }
    if let layout, !layout.beside {
      // Narrow: the poster sits above the text and scrolls away with it.
      document.indent(top: layout.box.height + 1)
    }
    let chrome = Chrome(state.shared)
    let top = chrome.body.row
    let visible = max(1, chrome.body.height)
    let maxScroll = max(0, document.lines.count - visible)
    let scroll = min(cursor.scroll, maxScroll)
    let selectedLink = cursor.selected.flatMap { index in
      cursor.layout.links.indices.contains(index) ? cursor.layout.links[index] : nil
    }
    // The focus starts at the selected link when it shows, else at a failure showing, else at the
    // first line showing.
    let showing = scroll..<(scroll + visible)
    screen.cursor = Position(row: top, column: textLeft)
    if let link = selectedLink, showing.contains(link.line) {
      screen.cursor = Position(row: top + link.line - scroll, column: link.columns?.lowerBound ?? textLeft)
    } else if let line = document.attention, showing.contains(line) {
      screen.cursor = Position(row: top + line - scroll, column: textLeft)
    }
    for (offset, line) in document.lines.dropFirst(scroll).prefix(visible).enumerated() {
      let selected = selectedLink?.line == scroll + offset && document.links.contains { $0.line == scroll + offset }
      // A link sharing its line highlights its own columns only; a line's own, the text's measure
      // (not the rest of a wide screen).
      let whole = (textLeft - 1)..<min(screen.width - 1, textLeft + measure + 1)
      let highlight = selected ? selectedLink?.columns ?? whole : nil
      var column = textLeft
      if let highlight {
        screen.fill(
          row: top + offset, from: highlight.lowerBound, to: highlight.upperBound, style: Style(selected: true))
      }
      for span in line {
        var style = span.style
        if let highlight, highlight.contains(column) { style = Style(style.tone, bold: true, selected: true) }
        column += screen.put(
          span.text, row: top + offset, column: column, style: style, limit: screen.width - 1 - column)
      }
    }
    if let layout, layout.beside || scroll < layout.box.height {
      let posterTop = layout.beside ? top : top - scroll
      let area = Rect(row: posterTop, column: 1, width: layout.box.width, height: layout.box.height)
      if !hasPicture, let initials {
        PosterView.drawPortrait(initials: initials, in: area, clip: chrome.body.rows, into: &screen)
      } else {
        PosterView.draw(
          hasPicture ? request : nil, state: state, in: area, clip: chrome.body.rows, atTop: true, into: &screen)
      }
    }
    var (text, tone) = status(scroll, visible, document.lines.count)
    if let notice = state.shared.currentNotice {
      (text, tone) = (" " + notice.text, notice.kind.isWarning ? .warning : .accent)
    }
    // The hints first: a screen reader's whole message may take their row.
    KeyHints.draw(state, in: chrome.hints, into: &screen)
    ScreenReader.status(
      text, tone: tone, row: chrome.status.row, limit: screen.width,
      wraps: state.shared.currentNotice != nil && state.prompt == nil,
      state.shared, into: &screen)
    // Links that share a line are told apart by their columns on the screen.
    let links = document.links.map { link in
      DocumentLink(
        line: link.line, target: link.target,
        columns: link.columns.map { ($0.lowerBound + textLeft)..<($0.upperBound + textLeft) })
    }
    return DocumentLayout(maxScroll: maxScroll, links: links, visible: visible)
  }

  static func status<Value>(
    _ entry: Loadable<Value>, waitID: EffectID, loading: String, scroll: Int, visible: Int, total: Int, state: AppState
  ) -> (String, Tone) {
    if entry.isLoading, let until = state.shared.waitUntil(waitID) {
      let seconds = String(Int(until.timeIntervalSince(state.shared.now).rounded(.up)))
      return (ScreenReader.busy(tr("Waiting %s s for the rate limit…", seconds), state.shared), .warning)
    } else if entry.isLoading {
      return (ScreenReader.busy(entry.value == nil ? loading : tr("Reloading…"), state.shared), .accent)
    } else if entry.value != nil, let error = entry.error {
      return ("! " + tr("Reload failed: %s.", state.shared.said(error, for: waitID).summary), .warning)
    } else if total > visible {
      let last = min(total, scroll + visible)
      return (
        " " + tr("lines %1$s–%2$s of %3$s", String(scroll + 1), String(last), String(total))
          + (last < total ? "  " + tr("↓ more") : ""), .muted
      )
    }
    return ("", .muted)
  }
}

/// The widths of a detail page's columns, in cells: the main one's, and the others' where they fit.
public struct PageColumns: Equatable, Sendable {
  /// The main column's: facts, overview, where to watch.
  public var main: Int
  /// The second column's (people, or a series' seasons and people), on a split page.
  public var side: Int?
  /// The third column's (related titles), on the widest pages.
  public var third: Int?

  public init(main: Int, side: Int? = nil, third: Int? = nil) {
    self.main = main
    self.side = side
    self.third = third
  }
}
