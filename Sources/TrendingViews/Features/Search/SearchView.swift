import Localization
import TrendingCore

/// The search line over a list: the line itself, and what shows before the first query is asked.
/// The results draw as a list.
enum SearchView {
  /// Draws the search line over the results of the query last asked (the list below until then).
  static func draw(_ search: SearchBox, _ state: AppState, into screen: inout Screen) {
    let place = ListView.Place.search(search.line, asked: search.results != nil)
    ListView.draw(search.results ?? state.topList, at: place, state, into: &screen)
  }

  /// The search line: a prompt, the text typed, and a cursor block where typing goes.
  static func drawLine(_ line: LineEditor, row: Int, into screen: inout Screen) {
    TypedLine.draw(prompt: tr("Search:") + " ", text: line.text, cursor: line.cursor, row: row, into: &screen)
  }

  /// What the body says before anything is typed.
  static func drawPrompt(rows: Range<Int>, into screen: inout Screen) {
    Renderer.centred(
      [
        (tr("Type a title; results appear as you type."), Style(.muted)),
        (tr("year:1999 or a trailing (1999) narrows by year."), Style(.muted)),
      ], rows: rows, into: &screen)
  }
}
