import AmodbKit
import Localization
import TrendingCore

/// Lays a person out as a document: who they are, their biography (clamped until expanded) and
/// their films and series together, each a link.
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
        person.placeOfBirth.map { tr("born %1$s in %2$s", Dates.written(born), $0) }
          ?? tr("born %s", Dates.written(born)))
    } else if let place = person.placeOfBirth {
      facts.append(tr("born in %s", place))
    }
    if let died = person.deathday { facts.append(tr("died %s", Dates.written(died))) }
    if !facts.isEmpty {
      document.append(
        contentsOf: TextLayout.wrap(facts: facts, width: width).map { [Span($0, Style(.muted))] })
    }
    if let biography = person.biography {
      document.heading(tr("Biography"))
      let lines = TextLayout.wrap(biography, width: width - 2)
      let clamped = !expanded && lines.count > biographyLines + 1
      document.append(contentsOf: lines.prefix(clamped ? biographyLines : lines.count).map { [Span("  " + $0)] })
      if clamped {
        document.append(
          [Span("  " + trn("… more (%s line)", "… more (%s lines)", lines.count - biographyLines), Style(.link))],
          link: .expand)
      } else if lines.count > biographyLines + 1 {
        document.append([Span("  " + tr("less"), Style(.link))], link: .expand)
      }
    }
    let works = merged(person.works(byScore: byScore))
    if works.isEmpty { return document }
    let films = works.filter { $0.movie.kind == .film }.count
    let series = works.count - films
    let counted = [
      films > 0 ? trn("%s film", "%s films", films) : nil, series > 0 ? trn("%s series", "%s series", series) : nil,
    ].compactMap { $0 }.joined(separator: tr(" and "))
    document.heading(byScore ? tr("%s, by score", counted) : tr("%s, newest first", counted))
    for work in works.prefix(filmLimit) {
      guard let media = work.movie.media else { continue }
      var notes = work.roles
      if let episodes = work.episodes { notes.append(Formatters.episodes(episodes)) }
      if media.kind == .series { notes.insert(Vocabulary.kind(.series), at: 0) }
      document.append(
        FilmDocument.filmLine(work.movie, note: notes.joined(separator: tr(", ")), width: width),
        link: .media(media, known: work.movie))
    }
    return document
  }

  /// One line a film or series, in the order given: a person who directed and wrote it is
  /// "Director, Screenplay", not two lines; a series counts the episodes of all their parts.
  static func merged(_ credits: [PersonCredit]) -> [(movie: MediaSummary, roles: [String], episodes: Int?)] {
    var works: [(movie: MediaSummary, roles: [String], episodes: Int?)] = []
    var index: [MediaID: Int] = [:]
    for credit in credits {
      guard let media = credit.media.media else { continue }
      let role =
        credit.role.map { credit.isCast ? tr("as %s", $0) : Vocabulary.job($0) } ?? (credit.isCast ? "" : tr("crew"))
      if let at = index[media] {
        if !role.isEmpty, !works[at].roles.contains(role) { works[at].roles.append(role) }
        if let count = credit.episodeCount { works[at].episodes = max(works[at].episodes ?? 0, count) }
      } else {
        index[media] = works.count
        works.append((credit.media, role.isEmpty ? [] : [role], credit.episodeCount))
      }
    }
    return works
  }
}
