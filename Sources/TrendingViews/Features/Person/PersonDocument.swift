import AmodbKit
import Localization
import TrendingCore

/// Lays a person out as a document: who they are, their biography (clamped until expanded) and
/// their films, each a link.
public enum PersonDocument {
  /// How many biography lines show before it is expanded.
  static let biographyLines = 6
  /// How many films are listed.
  static let filmLimit = 200

  /// The document for a person at a width.
  public static func document(_ person: PersonDetails, byScore: Bool, expanded: Bool, width: Int) -> Document {
    let width = max(10, width)
    var document = Document()
    document.append(
      contentsOf: TextLayout.wrap(person.name, width: width).map { [Span($0, Style(.title, bold: true))] })
    var facts: [String] = []
    if let knownFor = person.knownFor { facts.append(Vocabulary.department(knownFor)) }
    if let born = person.birthday {
      facts.append(
        person.placeOfBirth.map { tr("born %1$s in %2$s", Formatters.date(born), $0) }
          ?? tr("born %s", Formatters.date(born)))
    } else if let place = person.placeOfBirth {
      facts.append(tr("born in %s", place))
    }
    if let died = person.deathday { facts.append(tr("died %s", Formatters.date(died))) }
    if !facts.isEmpty {
      document.append(
        contentsOf: TextLayout.wrap(facts.joined(separator: " · "), width: width).map { [Span($0, Style(.muted))] })
    }
    if let biography = person.biography {
      document.heading(tr("Biography"))
      let lines = TextLayout.wrap(biography, width: width - 2)
      let clamped = !expanded && lines.count > biographyLines + 1
      document.append(contentsOf: lines.prefix(clamped ? biographyLines : lines.count).map { [Span("  " + $0)] })
      if clamped {
        document.append(
          [Span("  " + trn("… more (%s line)", "… more (%s lines)", lines.count - biographyLines), Style(.accent))],
          link: .expand)
      } else if lines.count > biographyLines + 1 {
        document.append([Span("  " + tr("less"), Style(.accent))], link: .expand)
      }
    }
    let films = merged(person.works(byScore: byScore))
    if films.isEmpty { return document }
    document.heading(
      byScore
        ? trn("%s film, by score", "%s films, by score", films.count)
        : trn("%s film, newest first", "%s films, newest first", films.count))
    for film in films.prefix(filmLimit) {
      document.append(
        FilmDocument.filmLine(film.movie, note: film.roles.joined(separator: tr(", ")), width: width),
        link: .film(film.movie.id))
    }
    return document
  }

  /// One line a film, in the order given: a person who directed and wrote it is "Director,
  /// Screenplay", not two lines.
  static func merged(_ credits: [PersonCredit]) -> [(movie: MediaSummary, roles: [String])] {
    var films: [(movie: MediaSummary, roles: [String])] = []
    var index: [Int: Int] = [:]
    for credit in credits {
      let role =
        credit.role.map { credit.isCast ? tr("as %s", $0) : Vocabulary.job($0) } ?? (credit.isCast ? "" : tr("crew"))
      if let at = index[credit.media.id] {
        if !role.isEmpty, !films[at].roles.contains(role) { films[at].roles.append(role) }
      } else {
        index[credit.media.id] = films.count
        films.append((credit.media, role.isEmpty ? [] : [role]))
      }
    }
    return films
  }
}
