import AmodbKit

/// "On my services" names where each row streams, from each title's details: the rows in view ask
/// for theirs, once a title, as the pane asks for the selected one's. A title asked for and failed
/// is not asked again by this (its row then names nothing, rather than a guess).
enum ServiceRows {
  /// The details the services tab's rows in view still need: none asked for yet.
  static func wanted(_ state: AppState) -> [APIRequest] {
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
      return request.flatMap { state.shared.answers[$0] == nil ? $0 : nil }
    }
  }

  /// Asks for the details the rows in view need.
  static func reconcile(_ state: inout AppState) -> [Effect] {
    wanted(state).flatMap { state.shared.load($0) }
  }
}
