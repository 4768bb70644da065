import AmodbKit
import Localization
import TrendingCore

/// Lays a collection out as a document: its name, how many films over which years, its overview,
/// then its films oldest first, each a link (year, title, score): the screen and `trending collection`.
public enum CollectionDocument {
  /// The document for a collection at a width; before its answer, the name the film's line gave.
  public static func document(name: String?, details: CollectionDetails?, width: Int) -> Document {
    let width = max(10, width)
    var document = Document()
    let heading = details?.name ?? name ?? tr("Collection")
    document.append(contentsOf: TextLayout.wrap(heading, width: width).map { [Span($0, Style(.title, bold: true))] })
    guard let details else { return document }
    let facts = [details.parts.isEmpty ? nil : trn("%s film", "%s films", details.parts.count), details.years]
      .compactMap { $0 }
    if !facts.isEmpty {
      document.append(
        contentsOf: TextLayout.wrap(facts: facts, width: width).map { [Span($0, Style(.muted))] })
    }
    if let overview = details.overview {
      document.gap()
      document.append(contentsOf: TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] })
    }
    guard !details.parts.isEmpty else {
      document.gap()
      document.append([Span(tr("No films listed in this collection."), Style(.muted))])
      return document
    }
    document.heading(tr("Films"))
    for film in details.parts {
      document.append(FilmDocument.filmLine(film, note: nil, width: width), link: .film(film.id, known: film))
    }
    return document
  }
}
