import AmodbKit
import Localization
import TrendingCore

/// The film screen: the film's document (facts, ratings, overview, cast and crew, related films).
enum FilmView {
  /// Draws the film showing and returns its layout: how far it scrolls and where its links are.
  static func draw(_ film: FilmScreen, _ state: AppState, into screen: inout Screen) -> DocumentLayout {
    let id = film.id
    let entry = state.shared.film(id)
    let summary = film.known
    let hasPoster = (entry.value?.posterPath ?? summary?.posterPath) != nil
    let build = { (width: Int, columns: PageColumns?) -> Document in
      var document = FilmDocument.document(
        summary: summary, details: entry.value, region: state.shared.region, mark: state.shared.marks[.film(id)],
        width: width, sideBySide: true, reviewExpanded: film.reviewExpanded, side: columns?.side,
        third: columns?.third)
      if entry.value == nil, let error = entry.error {
        document.appendFailure(
          tr("Could not load the film."), state.shared.said(error, for: .fetch(state.shared.filmRequest(id))),
          width: width)
      }
      return document
    }
    return DocumentView.drawPage(
      state, cursor: film.cursor, fetchedAt: entry.fetchedAt, hasPicture: hasPoster, into: &screen
    ) { width in
      build(width, nil)
    } status: { scroll, visible, total in
      DocumentView.status(
        entry, waitID: .fetch(state.shared.filmRequest(id)), loading: tr("Loading the film…"), scroll: scroll,
        visible: visible, total: total,
        state: state)
    } split: { columns in
      build(columns.main, columns)
    }
  }
}
