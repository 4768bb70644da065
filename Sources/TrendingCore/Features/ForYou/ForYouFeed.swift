import AmodbKit
import Localization

/// The For you tab: the seeds' recommendations, read by the runner from the library and the seeds'
/// details (`LocalQuery.forYou`) and ranked by `ForYou`, each row saying why it is there.
struct ForYouFeed: Feed {
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  var localQuery: LocalQuery? { .forYou }

  func loads(force: Bool, _ shared: Shared) -> [Effect] { [.readLocal(.forYou)] }

  func page(from answer: LocalAnswer) -> MediaPage? {
    guard case .forYou(let page) = answer else { return nil }
    return page
  }

  /// A mark shows on its row at once; the recommendations are made again by `r` (its seeds read
  /// anew), not by every `m` or `a`, which reshuffled the rows under the cursor.
  var followsMarks: Bool { false }
  var followsEpisodes: Bool { false }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    guard shared.marks.values.contains(where: { $0.rating != nil || $0.seen != nil }) else {
      return (
        tr("Nothing to recommend yet: the tab learns from what you rate and see."),
        tr("Rate a title 8 or more, or mark it seen (m), then press r.")
      )
    }
    // Recommendations of the other kind only: the tab of each kind lists its own.
    return shared.browsing == .series
      ? (tr("No series to recommend yet."), tr("Rate a series 8 or more, or mark one seen, then press r."))
      : (tr("No films to recommend yet."), tr("Rate a film 8 or more, or mark one seen, then press r."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", ListKind.forYou.title), tr("Could not load “%s”.", ListKind.forYou.title))
  }
}

extension ListScreen {
  /// Shows only the rows of one kind (nil: all), the selection kept on its title where it still
  /// shows, else on the nearest row: For you lists films under the films' tabs, series under the series'.
  mutating func showOnly(_ kind: MediaKind?, rows: Int) {
    guard kind != only else { return }
    let selected = selectedMovie?.media
    only = kind
    if let selected, let index = movies.firstIndex(where: { $0.media == selected }) { selection = index }
    selection = max(0, min(selection, movies.count - 1))
    ListLogic.scrollIntoView(&self, rows: rows)
  }
}
