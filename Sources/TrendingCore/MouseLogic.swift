/// The tab bar's labels and where they stand: the view draws them, the mouse finds them.
public enum TabBar {
  /// Each tab's label and columns at a width, longest labels that fit first.
  public static func labels(active: ListKind, width: Int) -> [(kind: ListKind, label: String, columns: Range<Int>)] {
    let kinds = ListKind.allCases
    let styles: [(ListKind) -> String] = [
      { " \($0.title) " }, { " \($0.shortTitle) " },
      { kind in " \((kinds.firstIndex(of: kind) ?? 0) + 1)\(kind == active ? " " + kind.shortTitle : "") " },
    ]
    let widths = { (labels: [String]) in labels.reduce(0) { $0 + TextWidth.width(of: $1) } }
    let labels =
      styles.lazy.map { label in kinds.map(label) }.first { widths($0) + 1 <= width } ?? kinds.map(styles[2])
    var column = 1
    return zip(kinds, labels).map { kind, label in
      let columns = TextWidth.width(of: label)
      defer { column += columns }
      return (kind, label, column..<(column + columns))
    }
  }
}

/// What the mouse does: the wheel scrolls, a click selects, a click on the selection opens, the
/// tabs and the back marker in the header answer clicks.
enum MouseLogic {
  /// How many rows or lines one notch of the wheel moves.
  static let wheelStep = 3
  /// The header columns that go back when the stack has screens above the list: the "‹" marker.
  static let backMarker = 0..<3

  static func handle(_ event: MouseEvent, _ state: inout AppState) -> [Effect] {
    // The mouse runs commands, never keys: a user's own bindings cannot change what a click does.
    if state.showsHelp {
      let lines = state.keys.helpLines(in: state.keyContext, notes: state.imagesNote.map { [$0] } ?? []).count
      switch event.kind {
      case .wheelDown:
        state.helpScroll = min(
          state.helpScroll + 1, KeyTable.helpMaxScroll(lineCount: lines, height: state.size.height))
      case .wheelUp: state.helpScroll = max(0, state.helpScroll - 1)
      case .press:
        state.showsHelp = false
        state.helpScroll = 0
      }
      return []
    }
    let chrome = Chrome(state.size)
    if event.kind == .press, event.row == chrome.header.row {
      guard state.stack.count > 1, state.search == nil, backMarker.contains(event.column) else { return [] }
      return Reducer.perform(.back, &state)
    }
    if state.search != nil || state.screen == .list { return list(event, &state, chrome: chrome) }
    return document(event, &state, chrome: chrome)
  }

  private static func list(_ event: MouseEvent, _ state: inout AppState, chrome: Chrome) -> [Effect] {
    switch event.kind {
    case .wheelUp, .wheelDown:
      let command: Command = event.kind == .wheelDown ? .moveDown : .moveUp
      var effects: [Effect] = []
      for _ in 0..<wheelStep { effects += Reducer.perform(command, &state) }
      return effects
    case .press:
      if event.row == chrome.body.row, state.search == nil, state.stack.count == 1 {
        let tabs = TabBar.labels(active: state.activeTab, width: state.size.width)
        let commands: [Command] = [.tab1, .tab2, .tab3, .tab4, .tab5, .tab6]
        guard let tab = tabs.first(where: { $0.columns.contains(event.column) }),
          let command = commands.first(where: { $0.tab == tab.kind })
        else { return [] }
        return Reducer.perform(command, &state)
      }
      let rows = ListLayout.rows(for: state.size)
      guard rows.rows.contains(event.row) else { return [] }
      let shown = Reducer.shownList(state)
      let index = shown.top + event.row - rows.row
      guard shown.movies.indices.contains(index) else { return [] }
      if index == shown.selection { return Reducer.perform(.open, &state) }
      if state.search != nil {
        state.search?.results?.selection = index
      } else {
        state.selection = index
      }
      return []
    }
  }

  private static func document(_ event: MouseEvent, _ state: inout AppState, chrome: Chrome) -> [Effect] {
    guard var cursor = state.cursor else { return [] }
    let visible = max(1, chrome.body.height)
    switch event.kind {
    case .wheelUp, .wheelDown:
      DocumentLogic.scroll(&cursor, by: event.kind == .wheelDown ? wheelStep : -wheelStep, visible: visible)
      state.cursor = cursor
      return []
    case .press:
      guard chrome.body.rows.contains(event.row) else { return [] }
      let line = cursor.scroll + event.row - chrome.body.row
      guard let index = cursor.layout.links.firstIndex(where: { $0.line == line }) else { return [] }
      if cursor.selected == index { return Reducer.perform(.open, &state) }
      cursor.selected = index
      state.cursor = cursor
      return []
    }
  }
}
