import AmodbKit
import Localization

/// What a selectable line of a document opens: a screen (the route it pushes, so a new kind of
/// screen needs no case here), the rest of a clamped text in place, or a web page.
public enum LinkTarget: Equatable, Sendable {
  /// A screen, opened on top.
  case open(Route)
  /// The rest of a clamped text, in place.
  case expand
  /// A web page, opened in the browser.
  case web(WebPage)
}

extension LinkTarget: CustomStringConvertible {
  /// How tests and logs name it: the screen it opens as the status file names it, `expand`, or the page.
  public var description: String {
    switch self {
    case .open(let route): return route.screen.statusName
    case .expand: return "expand"
    case .web(let page): return "web \(page.url)"
    }
  }
}

/// A selectable line of a drawn document, or a part of one when a line holds two links side by side.
public struct DocumentLink: Equatable, Sendable {
  /// The line, from the document's top.
  public var line: Int
  /// What it opens.
  public var target: LinkTarget
  /// The columns it takes, when it shares its line (nil: the whole line).
  public var columns: Range<Int>?

  /// Makes a link.
  public init(line: Int, target: LinkTarget, columns: Range<Int>? = nil) {
    self.line = line
    self.target = target
    self.columns = columns
  }

  /// Whether a click at a column of its line is on it.
  func contains(column: Int) -> Bool { columns?.contains(column) ?? true }
}

/// What drawing a document learned: how far it scrolls and where its links are.
public struct DocumentLayout: Equatable, Sendable {
  /// The most the document can scroll.
  public var maxScroll: Int
  /// Its selectable lines, top to bottom.
  public var links: [DocumentLink]
  /// How many of its lines show at once (0: not known).
  public var visible: Int

  /// Makes a layout.
  public init(maxScroll: Int, links: [DocumentLink] = [], visible: Int = 0) {
    self.maxScroll = maxScroll
    self.links = links
    self.visible = visible
  }
}

/// Where a document screen is: its scroll, its links as last drawn, and the selected one.
public struct DocumentCursor: Equatable, Sendable {
  /// How far the screen is scrolled, in lines.
  public var scroll = 0
  /// The layout as last drawn.
  public var layout = DocumentLayout(maxScroll: 0)
  /// The selected link, an index into the layout's links.
  public var selected: Int?

  /// Makes a cursor at the top, nothing selected.
  public init() {}

  /// The selected link's target, when one is selected.
  public var selectedTarget: LinkTarget? {
    selected.flatMap { layout.links.indices.contains($0) ? layout.links[$0].target : nil }
  }
}

/// The film and person screens' moves: lines scroll, and `j`/`k` stop at each link on the way, as
/// text browsers do.
enum DocumentLogic {
  /// Moves to the next (or previous) link when it is on screen or just past its edge; else
  /// scrolls a line.
  static func step(_ cursor: inout DocumentCursor, down: Bool, visible: Int) {
    let links = cursor.layout.links
    let current = cursor.selected.flatMap { links.indices.contains($0) ? $0 : nil }
    let candidate: Int?
    // Links are in reading order (down a column, then the next column): the next or previous one,
    // else the first below the top or the last above the bottom.
    if let current {
      candidate = down ? current + 1 : current - 1
      // Into the next column (its first link above the screen) or back to the last one's end (below
      // it): the screen goes to the link, as reading goes to the column's top.
      if let next = candidate, links.indices.contains(next),
        down ? links[next].line < cursor.scroll : links[next].line >= cursor.scroll + visible
      {
        cursor.selected = next
        let line = links[next].line
        // Into the next column: its heading above the link shows too.
        cursor.scroll = min(max(down ? line - 2 : line - visible + 1, 0), cursor.layout.maxScroll)
        return
      }
    } else if down {
      candidate = links.indices.first { links[$0].line > cursor.scroll - 1 }
    } else {
      candidate = links.indices.last { links[$0].line < cursor.scroll + visible }
    }
    if let candidate, links.indices.contains(candidate), links[candidate].line >= cursor.scroll - 1,
      links[candidate].line <= cursor.scroll + visible
    {
      cursor.selected = candidate
      let line = links[candidate].line
      cursor.scroll = min(max(cursor.scroll, line - visible + 1), line)
      cursor.scroll = min(max(cursor.scroll, 0), cursor.layout.maxScroll)
      return
    }
    scroll(&cursor, by: down ? 1 : -1, visible: visible)
  }

  /// Scrolls by `delta` lines; a selected link scrolled off the screen is let go.
  static func scroll(_ cursor: inout DocumentCursor, by delta: Int, visible: Int) {
    cursor.scroll = min(max(cursor.scroll + delta, 0), cursor.layout.maxScroll)
    keepSelectionVisible(&cursor, visible: visible)
  }

  /// Takes a new layout (after a draw), keeping the scroll and selection inside it.
  static func relayout(_ cursor: inout DocumentCursor, _ layout: DocumentLayout) {
    let target = cursor.selectedTarget
    cursor.layout = layout
    cursor.scroll = min(cursor.scroll, layout.maxScroll)
    if let target {
      cursor.selected = layout.links.firstIndex { $0.target == target }
    } else {
      cursor.selected = nil
    }
    // A smaller window (a resize) keeps the selected link in view: Enter never opens one unseen.
    guard let selected = cursor.selected, layout.visible > 0 else { return }
    let line = layout.links[selected].line
    if line < cursor.scroll {
      cursor.scroll = line
    } else if line >= cursor.scroll + layout.visible {
      cursor.scroll = min(layout.maxScroll, line - layout.visible + 1)
    }
  }

  /// Selects the first (or last) link on screen, as Home and End select a list's first or last row:
  /// `m` on a season's episodes then marks the episode the user sees selected.
  static func selectEdge(_ cursor: inout DocumentCursor, last: Bool, visible: Int) {
    let shown = cursor.layout.links.indices.filter {
      (cursor.scroll..<(cursor.scroll + visible)).contains(cursor.layout.links[$0].line)
    }
    guard let edge = last ? shown.last : shown.first else { return }
    cursor.selected = edge
  }

  private static func keepSelectionVisible(_ cursor: inout DocumentCursor, visible: Int) {
    guard let selected = cursor.selected, cursor.layout.links.indices.contains(selected) else {
      cursor.selected = nil
      return
    }
    let line = cursor.layout.links[selected].line
    if line < cursor.scroll || line >= cursor.scroll + visible { cursor.selected = nil }
  }
}

extension DocumentCursor {
  /// A command on a document screen that moves: `j`/`k` step through links, the rest scroll.
  mutating func move(_ command: ScreenCommand, visible page: Int) {
    switch command {
    case .moveDown: DocumentLogic.step(&self, down: true, visible: page)
    case .moveUp: DocumentLogic.step(&self, down: false, visible: page)
    case .pageDown: DocumentLogic.scroll(&self, by: page, visible: page)
    case .pageUp: DocumentLogic.scroll(&self, by: -page, visible: page)
    case .halfPageDown: DocumentLogic.scroll(&self, by: max(1, page / 2), visible: page)
    case .halfPageUp: DocumentLogic.scroll(&self, by: -max(1, page / 2), visible: page)
    case .first:
      DocumentLogic.scroll(&self, by: -scroll, visible: page)
      DocumentLogic.selectEdge(&self, last: false, visible: page)
    case .last:
      DocumentLogic.scroll(&self, by: layout.maxScroll - scroll, visible: page)
      DocumentLogic.selectEdge(&self, last: true, visible: page)
    default: return
    }
  }

  /// Whether moving does anything: the document scrolls, or has links to step through.
  var canMove: Bool { layout.maxScroll > 0 || !layout.links.isEmpty }

  /// Answers the wheel (scrolls) and clicks (a link selects, a selected one opens); returns the
  /// target to open.
  mutating func mouse(_ event: MouseEvent, size: Size) -> LinkTarget? {
    let body = Chrome(size).body
    let visible = max(1, body.height)
    switch event.kind {
    case .wheelUp, .wheelDown:
      DocumentLogic.scroll(
        &self, by: event.kind == .wheelDown ? MouseLogic.wheelStep : -MouseLogic.wheelStep, visible: visible)
      return nil
    case .press:
      guard body.rows.contains(event.row) else { return nil }
      let line = scroll + event.row - body.row
      guard let index = layout.links.firstIndex(where: { $0.line == line && $0.contains(column: event.column) })
      else { return nil }
      if selected == index { return selectedTarget }
      selected = index
      return nil
    }
  }

  /// How many lines a page of a document is at a size.
  static func page(_ size: Size) -> Int { max(1, Chrome(size).body.height) }
}

/// A screen that is a scrolled document with links, as a film's, a series' and a person's are:
/// what they share of a feature.
public protocol DocumentScreen: ScreenFeature {
  /// Scroll and selection.
  var cursor: DocumentCursor { get set }
  /// The request `r` asks again, and whose answer on its way makes `r` wait.
  func reloadRequest(_ shared: Shared) -> APIRequest
  /// Shows the rest of its clamped text, or clamps it again (an `expand` link).
  mutating func toggleExpanded()
}

extension DocumentScreen {
  public var selectsLines: Bool { !cursor.layout.links.isEmpty }

  public var layout: DocumentLayout? { cursor.layout }

  public mutating func laidOut(_ layout: DocumentLayout) { DocumentLogic.relayout(&cursor, layout) }

  public mutating func mouse(_ event: MouseEvent, _ shared: inout Shared) -> Reaction {
    guard cursor.mouse(event, size: shared.size) != nil else { return .nothing }
    return perform(.open, &shared) ?? .nothing
  }

  /// The poster (or picture) beside or above the text, for an image path.
  func picture(_ path: String?, _ shared: Shared) -> PosterRequest? {
    guard let layout = PosterLayout.detailBox(for: shared.size), let path else { return nil }
    return PosterRequest(path: path, columns: layout.box.width, rows: layout.box.height)
  }
}

extension DocumentScreen {
  /// Screens with no clamped text to open ignore `expand`.
  public mutating func toggleExpanded() {}

  /// The document's default: see `reactAsDocument`.
  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    reactAsDocument(command, &shared)
  }

  /// The document's default: see `isAvailableAsDocument`.
  public func isAvailable(_ command: ScreenCommand, _ shared: Shared) -> Bool {
    isAvailableAsDocument(command, shared)
  }

  /// What documents answer alike: moves scroll and step through the links, back pops, `r` asks the
  /// network again for the screen's request, and Enter follows the selected link (a screen, a web
  /// page, or the rest of a text); the rest is not a document's own.
  public mutating func reactAsDocument(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
      cursor.move(command, visible: DocumentCursor.page(shared.size))
      return .nothing
    case .back: return Reaction(go: .pop)
    case .refresh: return Reaction(shared.reload(reloadRequest(shared)))
    case .open:
      switch cursor.selectedTarget {
      case .open(let route): return Reaction(go: .push(route))
      case .web(let page):
        shared.say(tr("Opening %s", page.url), .link)
        return Reaction([.openURL(page.url)])
      case .expand:
        toggleExpanded()
        return .nothing
      case nil: return .nothing
      }
    default: return nil
    }
  }

  /// Whether a document offers a command: moving when it scrolls or has links, opening a selected
  /// link, back always, `r` unless its answer is on its way.
  public func isAvailableAsDocument(_ command: ScreenCommand, _ shared: Shared) -> Bool {
    switch command {
    case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last: return cursor.canMove
    case .open: return cursor.selectedTarget != nil
    case .back: return true
    case .refresh: return shared.answers[reloadRequest(shared)]?.isLoading != true
    default: return false
    }
  }
}
