import AmodbKit
import Localization
import TrendingCore

/// A styled run of text.
public struct Span: Equatable, Sendable {
  /// The text.
  public var text: String
  /// How it looks.
  public var style: Style

  /// Makes a span.
  public init(_ text: String, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// A line of a document: spans laid left to right.
public typealias DocumentLine = [Span]

/// Lines of text at a width, some of them links: a film's or a person's screen, and what
/// `trending show` and `trending person` print.
public struct Document: Equatable, Sendable {
  /// The lines, top to bottom.
  public var lines: [DocumentLine] = []
  /// The selectable lines.
  public var links: [DocumentLink] = []

  /// Makes an empty document.
  public init() {}

  /// Adds a line, selectable when it has a target.
  public mutating func append(_ line: DocumentLine, link: LinkTarget? = nil) {
    if let link { links.append(DocumentLink(line: lines.count, target: link)) }
    lines.append(line)
  }

  /// Adds lines that are not links.
  public mutating func append(contentsOf more: [DocumentLine]) {
    lines += more
  }

  /// Adds a blank line, unless the document is empty or already ends in one.
  public mutating func gap() {
    if let last = lines.last, !last.isEmpty { lines.append([]) }
  }

  /// Adds a section heading after a gap.
  public mutating func heading(_ title: String) {
    gap()
    lines.append([Span(title, Style(.title, bold: true))])
  }

  /// Moves every line (and link) down by `count` blank lines.
  public mutating func indent(top count: Int) {
    lines = Array(repeating: [], count: count) + lines
    links = links.map { DocumentLink(line: $0.line + count, target: $0.target) }
  }

  /// The document as plain text, trailing spaces trimmed, for non-terminal output.
  public var plainText: String {
    lines.map { line in
      var text = line.map(\.text).joined()
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }
}

/// Lays a film out as a document at a width, facts first: what decides whether to watch it fits
/// the first screen at 80x24 however long the overview; the rest follows.
public enum DetailDocument {
  /// How many cast members the full cast lists.
  static let castLimit = 30
  /// How many crew members are listed.
  static let crewLimit = 20
  /// How many films each related list shows.
  static let relatedLimit = 10
  /// The jobs listed under Crew, in this order, after the directors and writers.
  static let crewJobs = [
    "Director", "Screenplay", "Writer", "Novel", "Book", "Story", "Producer", "Original Music Composer",
    "Director of Photography", "Editor",
  ]

  /// The document for a film: everything known of it, wrapped to `width` columns.
  public static func document(
    summary: MovieSummary?, details: MovieDetails?, region: String?, mark: Mark? = nil, width: Int
  ) -> Document {
    let width = max(10, width)
    var document = Document()
    let title = details?.title ?? summary?.title ?? tr("Film")
    let year = details?.year ?? summary?.year
    let heading = year.map { "\(title) (\($0))" } ?? title
    document.append(contentsOf: TextLayout.wrap(heading, width: width).map { [Span($0, Style(.title, bold: true))] })
    if let original = details?.originalTitle ?? summary?.originalTitle {
      document.append(contentsOf: TextLayout.wrap(original, width: width).map { [Span($0, Style(.muted))] })
    }
    if let tagline = details?.tagline {
      document.append(contentsOf: TextLayout.wrap(tagline, width: width).map { [Span($0, Style(.accent))] })
    }
    guard let details else {
      if let summary {
        let score = Formatters.score(summary.voteAverage, votes: summary.voteCount)
        document.append([Span("TMDB " + score, Style(.muted))])
        if let overview = summary.overview {
          document.heading(tr("Overview"))
          document.append(contentsOf: TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] })
        }
      }
      return document
    }
    document.append(contentsOf: facts(details, region: region, width: width))
    if let mark {
      let words = [
        mark.onWatchlist ? tr("+ on your watchlist") : nil,
        mark.seen.map { tr("✓ seen %s", Formatters.date(text: $0)) },
      ].compactMap { $0 }
      document.append([Span(words.joined(separator: " · "), Style(mark.seen != nil ? .good : .accent))])
    }
    ratings(details, width: width, into: &document)
    leads(details, width: width, into: &document)
    if let overview = details.overview {
      document.heading(tr("Overview"))
      document.append(contentsOf: TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] })
    }
    watch(details, region: region, width: width, into: &document)
    extras(details, width: width, into: &document)
    cast(details, width: width, into: &document)
    crew(details, width: width, into: &document)
    related(tr("Recommended"), details.recommendations, width: width, into: &document)
    related(tr("Similar"), details.similar, width: width, into: &document)
    return document
  }

  /// Certification, runtime, genres, date and id, on one line when they fit.
  private static func facts(_ details: MovieDetails, region: String?, width: Int) -> [DocumentLine] {
    var parts: [String] = []
    if let certification = details.certification(in: region) { parts.append(certification) }
    if let runtime = details.runtime { parts.append(Formatters.runtime(runtime)) }
    if !details.genres.isEmpty { parts.append(details.genres.joined(separator: tr(", "))) }
    if let date = details.releaseDate {
      parts.append(Formatters.date(date))
    } else if let status = details.status {
      parts.append(Vocabulary.status(status))
    }
    parts.append(tr("id %s", String(details.id)))
    return TextLayout.wrap(parts.joined(separator: " · "), width: width).map { [Span($0, Style(.muted))] }
  }

  private static func ratings(_ details: MovieDetails, width: Int, into document: inout Document) {
    document.heading(tr("Ratings"))
    let nameWidth = 16
    for service in RatingService.allCases {
      let rating = service.rating(in: details)
      let value = Formatters.rating(rating, scale: service.scale)
      // The count with its word where it fits, the count alone where it does not.
      let votes =
        rating?.votes.map { count in
          let worded = "  " + trn("%s vote", "%s votes", count, Formatters.votes(count))
          return 2 + min(nameWidth, width - 10) + 7 + TextWidth.width(of: worded) <= width
            ? worded : "  " + Formatters.votes(count)
        } ?? ""
      let tone: Tone = rating == nil ? .muted : toneFor(rating, scale: service.scale)
      document.append([
        Span("  " + TextLayout.fit(service.name, to: min(nameWidth, width - 10))),
        Span(TextLayout.fit(value, to: 7, alignRight: true), Style(tone, bold: rating != nil)),
        Span(votes, Style(.muted)),
      ])
    }
  }

  private static func toneFor(_ rating: Rating?, scale: RatingScale) -> Tone {
    guard let rating else { return .muted }
    let outOfTen = scale == .outOfTen ? rating.value : rating.value / 10
    return outOfTen >= 7.5 ? .good : outOfTen >= 6 ? .fair : .poor
  }

  /// A labelled line: a muted label column, then the text (cut to the width).
  private static func labelled(
    _ label: String, _ text: String, note: String? = nil, column labelWidth: Int, width: Int
  ) -> DocumentLine {
    var line = [Span(TextLayout.fit(label, to: labelWidth), Style(.muted))]
    let room = max(1, width - labelWidth)
    line.append(Span(TextLayout.truncate(text, to: room)))
    if let note, TextWidth.width(of: text) + 4 < room {
      line.append(Span(TextLayout.truncate("  " + note, to: room - TextWidth.width(of: text)), Style(.muted)))
    }
    return line
  }

  /// The width of the label column: the longest label in the interface's language, plus a gap.
  private static var labelColumn: Int {
    let labels = [
      tr("Director"), tr("Directors"), tr("Starring"), tr("Trailer"), tr("Trailers"), tr("Part of"), tr("Stream"),
      tr("Free"), tr("Rent"), tr("Buy"),
    ]
    return min(20, max(11, (labels.map { TextWidth.width(of: $0) }.max() ?? 0) + 2))
  }

  /// The director(s) and the first three billed actors, each a link to the person.
  private static func leads(_ details: MovieDetails, width: Int, into document: inout Document) {
    let directors = unique((details.credits?.crew ?? []).filter { $0.job == "Director" })
    let stars = details.cast.prefix(3)
    guard !directors.isEmpty || !stars.isEmpty else { return }
    let column = labelColumn
    document.gap()
    for (index, director) in directors.enumerated() {
      let label = index == 0 ? (directors.count > 1 ? tr("Directors") : tr("Director")) : ""
      document.append(labelled(label, director.name, column: column, width: width), link: link(director.id))
    }
    for (index, star) in stars.enumerated() {
      document.append(
        labelled(
          index == 0 ? tr("Starring") : "", star.name, note: star.character.map { tr("as %s", $0) },
          column: column, width: width),
        link: link(star.id))
    }
  }

  /// Where to watch in the region, with JustWatch's credit.
  private static func watch(_ details: MovieDetails, region: String?, width: Int, into document: inout Document) {
    let country = region ?? "US"
    guard let providers = details.providers[country] else { return }
    document.heading(tr("Where to watch (%s)", country))
    let column = labelColumn
    let rows: [(String, [String])] = [
      (tr("Stream"), providers.subscription), (tr("Free"), providers.free), (tr("Rent"), providers.rent),
      (tr("Buy"), providers.buy),
    ]
    for (label, names) in rows where !names.isEmpty {
      let wrapped = TextLayout.wrap(names.joined(separator: ", "), width: max(1, width - column))
      for (index, text) in wrapped.enumerated() {
        document.append([Span(TextLayout.fit(index == 0 ? label : "", to: column), Style(.muted)), Span(text)])
      }
    }
    document.append([Span(tr("Where-to-watch data by JustWatch"), Style(.muted))])
  }

  /// The trailer's link (the film's videos page on TMDB when amodb names no trailer) and the collection.
  private static func extras(_ details: MovieDetails, width: Int, into document: inout Document) {
    document.gap()
    let column = labelColumn
    if let trailer = details.trailer {
      document.append(labelled(tr("Trailer"), trailer.url, column: column, width: width))
    } else {
      document.append(
        labelled(
          tr("Trailers"), "https://www.themoviedb.org/movie/\(details.id)/videos", column: column, width: width))
    }
    if let collection = details.collection {
      document.append(labelled(tr("Part of"), collection.name, column: column, width: width))
    }
  }

  private static func cast(_ details: MovieDetails, width: Int, into document: inout Document) {
    let cast = details.cast.prefix(castLimit)
    guard !cast.isEmpty else { return }
    document.heading(
      details.cast.count > castLimit
        ? tr("Cast (first %1$s of %2$s)", String(castLimit), String(details.cast.count)) : tr("Cast"))
    let nameWidth = min(24, max(8, (width - 4) / 2))
    for member in cast {
      let name = TextLayout.fit(member.name, to: nameWidth)
      let character = TextLayout.truncate(member.character ?? "", to: max(0, width - nameWidth - 4))
      document.append([Span("  " + name + "  "), Span(character, Style(.muted))], link: link(member.id))
    }
  }

  private static func crew(_ details: MovieDetails, width: Int, into document: inout Document) {
    let crew = details.credits?.crew ?? []
    var seen = Set<String>()
    var lines: [(CrewMember, String)] = []
    for job in crewJobs {
      for member in crew where member.job == job && seen.insert("\(member.id)|\(member.name)|\(job)").inserted {
        lines.append((member, job))
      }
    }
    guard !lines.isEmpty else { return }
    document.heading(tr("Crew"))
    let nameWidth = min(24, max(8, (width - 4) / 2))
    for (member, job) in lines.prefix(crewLimit) {
      let name = TextLayout.fit(member.name, to: nameWidth)
      document.append(
        [
          Span("  " + name + "  "),
          Span(TextLayout.truncate(Vocabulary.job(job), to: max(0, width - nameWidth - 4)), Style(.muted)),
        ],
        link: link(member.id))
    }
  }

  /// A list of films, each a link: title, year and score.
  static func related(_ title: String, _ movies: [MovieSummary], width: Int, into document: inout Document) {
    guard !movies.isEmpty else { return }
    document.heading(title)
    for movie in movies.prefix(relatedLimit) {
      document.append(filmLine(movie, note: nil, width: width), link: .film(movie.id))
    }
  }

  /// One film as a line: year, title, an optional note (a part, a job), and the score at the right.
  static func filmLine(_ movie: MovieSummary, note: String?, width: Int) -> DocumentLine {
    let year = movie.year.map(String.init) ?? "    "
    let score = TextLayout.fit(Formatters.score(movie.voteAverage, votes: movie.voteCount), to: 4, alignRight: true)
    let room = max(1, width - 2 - 6 - 6)
    var title = movie.title
    if note != nil { title += "  " }
    let titleText = TextLayout.truncate(title, to: room)
    let noteText = note.map { TextLayout.truncate($0, to: max(0, room - TextWidth.width(of: titleText))) } ?? ""
    let used = TextWidth.width(of: titleText) + TextWidth.width(of: noteText)
    return [
      Span("  " + TextLayout.fit(year, to: 4) + "  ", Style(.muted)), Span(titleText), Span(noteText, Style(.muted)),
      Span(String(repeating: " ", count: max(0, room - used)) + "  "),
      Span(score, Style(ListView.tone(forScore: movie.voteAverage, votes: movie.voteCount), bold: true)),
    ]
  }

  private static func link(_ id: Int) -> LinkTarget? {
    id > 0 ? .person(id) : nil
  }

  private static func unique(_ members: [CrewMember]) -> [CrewMember] {
    var seen = Set<String>()
    return members.filter { seen.insert($0.name).inserted }
  }
}

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
    facts.append(tr("id %s", String(person.id)))
    document.append(
      contentsOf: TextLayout.wrap(facts.joined(separator: " · "), width: width).map { [Span($0, Style(.muted))] })
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
    let films = person.films(byScore: byScore)
    if films.isEmpty { return document }
    document.heading(
      byScore
        ? trn("%s film, by score", "%s films, by score", films.count)
        : trn("%s film, newest first", "%s films, newest first", films.count))
    for credit in films.prefix(filmLimit) {
      let role =
        credit.role.map { credit.isCast ? tr("as %s", $0) : Vocabulary.job($0) } ?? (credit.isCast ? "" : tr("crew"))
      document.append(DetailDocument.filmLine(credit.movie, note: role, width: width), link: .film(credit.movie.id))
    }
    return document
  }
}
