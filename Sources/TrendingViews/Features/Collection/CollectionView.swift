import AmodbKit
import Localization
import TrendingCore

/// The collection screen: its document beside the collection's poster.
enum CollectionView {
  /// Draws the collection showing and returns its layout.
  static func draw(_ collection: CollectionScreen, _ state: AppState, into screen: inout Screen) -> DocumentLayout {
    let shared = state.shared
    let entry = shared.collection(collection.id)
    return DocumentView.drawPage(
      state, cursor: collection.cursor, fetchedAt: entry.fetchedAt, hasPicture: entry.value?.posterPath != nil,
      into: &screen
    ) { width in
      var document = CollectionDocument.document(name: collection.knownName, details: entry.value, width: width)
      if entry.value == nil, let error = entry.error {
        document.appendFailure(
          tr("Could not load the collection."),
          shared.said(error, for: .fetch(shared.collectionRequest(collection.id))), width: width)
      }
      return document
    } status: { scroll, visible, total in
      DocumentView.status(
        entry, waitID: .fetch(shared.collectionRequest(collection.id)), loading: tr("Loading the collection…"),
        scroll: scroll, visible: visible, total: total, state: state)
    }
  }
}
