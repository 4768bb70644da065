import AmodbKit

/// The wide list's pane shows the selected title's facts: its details are asked for once the
/// selection rests on it (as the search line waits before it asks), one request a title, kept
/// with the other answers, so the pane is drawn with them from then on and holding `j` asks nothing.
enum PaneFacts {
  /// How long the selection rests before the details are asked for.
  static let delay = Duration.milliseconds(300)

  /// The details the pane wants now: the selected film's or series' on a list showing its facts.
  static func wanted(_ state: AppState) -> APIRequest? {
    let shared = state.shared
    let shown = shared.imagesEnabled || shared.size.width >= PosterLayout.splitMinimumWidth
    guard shown, state.search == nil, state.palette == nil, shared.size.width >= PosterLayout.factsMinimumWidth,
      case .list(let list)? = state.stack.last, let movie = list.selectedMovie
    else { return nil }
    switch movie.kind {
    case .film: return shared.filmRequest(movie.id)
    case .series: return shared.seriesRequest(movie.id)
    case .person: return nil
    }
  }

  /// Schedules the wait for newly wanted details not yet had (replacing the last wait), or
  /// cancels the wait when nothing is wanted.
  static func reconcile(_ state: inout AppState) -> [Effect] {
    let wanted = wanted(state)
    guard wanted != state.shared.paneFactsWanted else { return [] }
    let waiting = state.shared.paneFactsWanted.map { state.shared.answers[$0] == nil } ?? false
    state.shared.paneFactsWanted = wanted
    guard let wanted, state.shared.answers[wanted] == nil else { return waiting ? [.cancel(.paneFacts)] : [] }
    return [.after(delay, .paneFactsDue(wanted), id: .paneFacts)]
  }

  /// The selection rested: the details are asked for when they are still the ones wanted.
  static func due(_ request: APIRequest, _ shared: inout Shared) -> [Effect] {
    shared.paneFactsWanted == request ? shared.load(request) : []
  }
}
