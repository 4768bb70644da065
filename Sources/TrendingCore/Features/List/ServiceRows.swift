import AmodbKit

/// "On my services" names where each row streams, from each title's details: the rows in view ask
/// for theirs, once a title, as the pane asks for the selected one's. A title asked for and failed
/// is not asked again by this (its row then names nothing, rather than a guess).
///
/// They are asked in the background, `inFlightAtMost` at a time, as the calendar asks for its
/// titles: a screen of 55 rows would otherwise spend the smallest plan's budget at once, and the
/// user's next search would wait half a minute behind them.
enum ServiceRows {
  /// The most of the rows' details asked at once.
  static let inFlightAtMost = 2

  /// The details the services tab's rows in view still need: none asked for yet.
  static func wanted(_ state: AppState) -> [APIRequest] {
    inView(state).filter { state.shared.answers[$0] == nil }
  }

  /// The details of the services tab's rows in view, asked for or not.
  private static func inView(_ state: AppState) -> [APIRequest] {
    guard state.search == nil, state.stack.count == 1, case .list(let list)? = state.stack.last,
      list.source.tab?.saved?.name == .services, state.shared.region != nil
    else { return [] }
    let rows = list.movies
    let shown = rows.indices.clamped(to: list.top..<(list.top + state.shared.visibleRows))
    return rows[shown].compactMap { movie in
      let request: APIRequest? =
        switch movie.kind {
        case .film: state.shared.filmRequest(movie.id)
        case .series: state.shared.seriesRequest(movie.id)
        case .person: nil
        }
      return request
    }
  }

  /// Asks for the next of the details the rows in view need, in the background, while fewer than
  /// `inFlightAtMost` of theirs are on their way.
  static func reconcile(_ state: inout AppState) -> [Effect] {
    let rows = inView(state)
    return rows.isEmpty ? [] : state.shared.askInBackground(rows, atMost: inFlightAtMost)
  }
}
