import AmodbKit
import Localization
import TrendingCore

/// The person screen: their picture, facts, biography and films.
enum PersonView {
  /// Draws the person showing and returns its layout.
  static func draw(_ person: PersonScreen, _ state: AppState, into screen: inout Screen) -> DocumentLayout {
    let entry = state.shared.person(person.id)
    return DocumentView.drawPage(
      state, cursor: person.cursor, fetchedAt: entry.fetchedAt, hasPicture: entry.value?.profilePath != nil,
      initials: entry.value.map { PosterView.initials(of: $0.name) },
      into: &screen
    ) {
      width in
      var document = Document()
      if let value = entry.value {
        document = PersonDocument.document(value, byScore: person.byScore, expanded: person.expanded, width: width)
      } else {
        document.append([Span(person.known ?? tr("Person"), Style(.title, bold: true))])
        if let error = entry.error {
          document.appendFailure(
            tr("Could not load the person."),
            state.shared.said(error, for: .fetch(state.shared.personRequest(person.id))), width: width)
        }
      }
      return document
    } status: { scroll, visible, total in
      DocumentView.status(
        entry, waitID: .fetch(state.shared.personRequest(person.id)), loading: tr("Loading the person…"),
        scroll: scroll, visible: visible, total: total,
        state: state)
    }
  }
}
