import AmodbKit
import Localization
import TrendingCore

/// Lays a film out as a document at a width, facts first: what decides whether to watch it fits
/// the first screen at 80x24 however long the overview; the rest follows.
public enum FilmDocument {
  /// How many cast members the full cast lists.
  static let castLimit = 30
  /// How many crew members are listed.
  static let crewLimit = 20
  /// How many films each related list shows.
  static let relatedLimit = 10
  /// The narrowest text that puts two sections side by side (on screen; printed text keeps one
  /// column, for what reads it after).
  static let sideBySideWidth = 80

  /// A section as entries: its heading, then one line and link an entry.
  typealias Section = (heading: String, entries: [(line: DocumentLine, link: LinkTarget?)])
  /// The jobs listed under Crew, in this order, after the directors and writers.
  static let crewJobs = [
    "Director", "Screenplay", "Writer", "Novel", "Book", "Story", "Producer", "Original Music Composer",
    "Director of Photography", "Editor",
  ]

  /// The document for a film: everything known of it, wrapped to `width` columns.
  public static func document(
    summary: MediaSummary?, details: MovieDetails?, region: String?, mark: Mark? = nil, width: Int,
    sideBySide: Bool = false, reviewExpanded: Bool = false, side: Int? = nil, third: Int? = nil
  ) -> Document {
    let width = max(10, width)
    var document = Document()
    let title = details?.title ?? summary?.shownTitle ?? tr("Film")
    let year = details?.year ?? summary?.year
    let heading = year.map { "\(title) (\($0))" } ?? title
    document.append(contentsOf: TextLayout.wrap(heading, width: width).map { [Span($0, Style(.title, bold: true))] })
    if let original = details?.originalTitle ?? summary?.originalTitle {
      document.append(contentsOf: TextLayout.wrap(original, width: width).map { [Span($0, Style(.muted))] })
    }
    if let tagline = details?.tagline {
      document.append(contentsOf: TextLayout.wrap(tagline, width: width).map { [Span($0, Style(.muted))] })
    }
    guard let details else {
      if let summary {
        document.append(
          contentsOf: RatingLines.lines(
            RatingLines.entries(average: summary.voteAverage, votes: summary.voteCount, mine: mark?.rating),
            width: width))
        if let overview = summary.overview {
          document.heading(tr("Overview"))
          document.append(contentsOf: TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] })
        }
      }
      return document
    }
    document.append(contentsOf: facts(details, region: region, width: width))
    MarkLines.append(mark, width: width, expanded: reviewExpanded, into: &document)
    RatingLines.append(RatingLines.entries(details, mine: mark?.rating), width: width, into: &document)
    leads(details, width: width, into: &document)
    if let overview = details.overview {
      document.heading(tr("Overview"))
      document.append(contentsOf: TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] })
    }
    watch(details.providers, region: region, width: width, into: &document)
    about(details, width: width, into: &document)
    reviews(details.reviews, expanded: reviewExpanded, width: width, into: &document)
    extras(details, width: width, into: &document)
    if let side {
      // Widest: cast and crew in a second column beside the rest, related films in a third.
      var people = Document()
      append(castSection(details, width: side), into: &people)
      append(crewSection(details, width: side), into: &people)
      relatedColumns(
        details.recommendations, details.similar, width: width, side: side, third: third,
        main: &document, people: &people)
      document.place(beside: people, width: width)
    } else if sideBySide, width >= sideBySideWidth {
      // Wide: cast beside crew, recommended beside similar.
      let half = (width - 2) / 2
      pair(castSection(details, width: half), crewSection(details, width: half), width: half, into: &document)
      pair(
        relatedSection(tr("Recommended"), details.recommendations, width: half),
        relatedSection(tr("Similar"), details.similar, width: half), width: half, into: &document)
    } else {
      cast(details, width: width, into: &document)
      crew(details, width: width, into: &document)
      related(tr("Recommended"), details.recommendations, width: width, into: &document)
      related(tr("Similar"), details.similar, width: width, into: &document)
    }
    return document
  }

  /// Certification, runtime, genres and date, on one line when they fit (the id is under `?`).
  private static func facts(_ details: MovieDetails, region: String?, width: Int) -> [DocumentLine] {
    var parts: [String] = []
    if let certification = details.certification(in: region) { parts.append(certification) }
    if let runtime = details.runtime { parts.append(Formatters.runtime(runtime)) }
    if !details.genres.isEmpty {
      parts.append(GenreNames.shown(details.genres, media: .film).joined(separator: tr(", ")))
    }
    if let date = details.releaseDate {
      parts.append(Dates.written(date))
    } else if let status = details.status {
      parts.append(Vocabulary.status(status))
    }
    guard !parts.isEmpty else { return [] }
    return TextLayout.wrap(facts: parts, width: width).map { [Span($0, Style(.muted))] }
  }

  /// A labelled line: a muted label column, then the text (cut to the width).
  static func labelled(
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

  /// A labelled line whose text is a web page's address, drawn as links are (the line is the link).
  static func linked(_ label: String, _ page: WebPage, column: Int, width: Int) -> DocumentLine {
    labelled(label, page.url, column: column, width: width).enumerated().map { index, span in
      index == 1 ? Span(span.text, Style(.link)) : span
    }
  }

  /// The labels a film's page puts in its label column, in the interface's language: the credits',
  /// where to watch, the About lines' and the web pages', so all of them share one column.
  static var labels: [String] {
    [
      tr("Director"), tr("Directors"), tr("Starring"), tr("Trailer"), tr("Trailers"), tr("Part of"), tr("Stream"),
      tr("Free"), tr("Rent"), tr("Buy"), tr("Language"), tr("Budget"), tr("Revenue"), tr("Studio"), tr("Studios"),
      tr("Keywords"), tr("Website"),
    ]
  }

  /// The width of the label column: the longest label in the interface's language, plus a gap.
  static var labelColumn: Int { labelColumn(labels) }

  /// The width of a label column for these labels.
  static func labelColumn(_ labels: [String]) -> Int {
    min(20, max(11, (labels.map { TextWidth.width(of: $0) }.max() ?? 0) + 2))
  }

  /// The director(s) and the first three billed actors, each a link to the person.
  private static func leads(_ details: MovieDetails, width: Int, into document: inout Document) {
    let directors = (details.credits?.crew ?? []).filter { $0.job == "Director" }.uniquedByName
    let stars = details.cast.prefix(3)
    guard !directors.isEmpty || !stars.isEmpty else { return }
    let column = labelColumn
    document.gap()
    for (index, director) in directors.enumerated() {
      let label = index == 0 ? (directors.count > 1 ? tr("Directors") : tr("Director")) : ""
      document.append(
        labelled(label, director.name, column: column, width: width), link: link(director.id, name: director.name))
    }
    for (index, star) in stars.enumerated() {
      document.append(
        labelled(
          index == 0 ? tr("Starring") : "", star.name, note: star.character.map { tr("as %s", $0) },
          column: column, width: width),
        link: link(star.id, name: star.name))
    }
  }

  /// Where to watch in the region, with JustWatch's credit.
  static func watch(
    _ byCountry: [String: WatchProviders], region: String?, width: Int, into document: inout Document
  ) {
    let country = region ?? "US"
    guard let providers = byCountry[country] else { return }
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
    // A link, drawn as links are: Enter opens the trailer, or the film's videos when none is named.
    let (label, page) = details.trailer.map { (tr("Trailer"), $0.page) } ?? (tr("Trailers"), .filmVideos(details.id))
    document.append(linked(label, page, column: column, width: width), link: .web(page))
    if let collection = details.collection {
      document.append(
        labelled(tr("Part of"), collection.name, column: column, width: width), link: .collection(collection))
    }
    webLinks(details, width: width, into: &document)
  }

  private static func cast(_ details: MovieDetails, width: Int, into document: inout Document) {
    append(castSection(details, width: width), into: &document)
  }

  private static func crew(_ details: MovieDetails, width: Int, into document: inout Document) {
    append(crewSection(details, width: width), into: &document)
  }

  /// A list of films, each a link: title, year and score.
  static func related(_ title: String, _ movies: [MediaSummary], width: Int, into document: inout Document) {
    append(relatedSection(title, movies, width: width), into: &document)
  }

  /// Puts Recommended and Similar under the main column, or in a third column beside the people's
  /// when there is one.
  static func relatedColumns(
    _ recommendations: [MediaSummary], _ similar: [MediaSummary], width: Int, side: Int, third: Int?,
    main: inout Document, people: inout Document
  ) {
    guard let third else {
      related(tr("Recommended"), recommendations, width: width, into: &main)
      related(tr("Similar"), similar, width: width, into: &main)
      return
    }
    var column = Document()
    related(tr("Recommended"), recommendations, width: third, into: &column)
    related(tr("Similar"), similar, width: third, into: &column)
    people.place(beside: column, width: side)
  }

  /// Adds a section on its own: its heading, then its entries.
  static func append(_ section: Section?, into document: inout Document) {
    guard let section else { return }
    document.heading(section.heading)
    for entry in section.entries { document.append(entry.line, link: entry.link) }
  }

  /// Adds two sections side by side, each `width` wide; one alone when the other is empty.
  static func pair(_ left: Section?, _ right: Section?, width: Int, into document: inout Document) {
    guard let left, let right else {
      append(left ?? right, into: &document)
      return
    }
    document.gap()
    let title = Style(.title, bold: true)
    document.append(
      ([Span(TextLayout.fit(left.heading, to: width), title)], nil), beside: ([Span(right.heading, title)], nil),
      leftWidth: width)
    let first = document.links.count
    for row in 0..<max(left.entries.count, right.entries.count) {
      let leftEntry = left.entries.indices.contains(row) ? left.entries[row] : ([], nil)
      let rightEntry = right.entries.indices.contains(row) ? right.entries[row] : nil
      document.append(leftEntry, beside: rightEntry, leftWidth: width)
    }
    document.orderLinksByColumn(from: first)
  }

  static func castSection(_ details: MovieDetails, width: Int) -> Section? {
    let cast = details.cast.prefix(castLimit)
    guard !cast.isEmpty else { return nil }
    let heading =
      details.cast.count > castLimit
      ? tr("Cast (first %1$s of %2$s)", String(castLimit), String(details.cast.count)) : tr("Cast")
    let nameWidth = SeriesDocument.nameWidth(cast.map(\.name), width: width)
    return (
      heading,
      cast.map { member in
        let name = TextLayout.fit(member.name, to: nameWidth)
        let character = TextLayout.truncate(member.character ?? "", to: max(0, width - nameWidth - 4))
        return ([Span("  " + name + "  "), Span(character, Style(.muted))], link(member.id, name: member.name))
      }
    )
  }

  static func crewSection(_ details: MovieDetails, width: Int) -> Section? {
    let crew = details.credits?.crew ?? []
    // One line a person, in the order of their first job, naming each of their jobs once
    // ("Director, Screenplay").
    var people: [(member: CrewMember, jobs: [String])] = []
    for job in crewJobs {
      for member in crew where member.job == job {
        if let index = people.firstIndex(where: { $0.member.id == member.id && $0.member.name == member.name }) {
          if !people[index].jobs.contains(job) { people[index].jobs.append(job) }
        } else {
          people.append((member, [job]))
        }
      }
    }
    guard !people.isEmpty else { return nil }
    let shown = people.prefix(crewLimit)
    let nameWidth = SeriesDocument.nameWidth(shown.map(\.member.name), width: width)
    return (
      tr("Crew"),
      shown.map { member, jobs in
        let name = TextLayout.fit(member.name, to: nameWidth)
        let role = TextLayout.truncate(
          jobs.map(Vocabulary.job).joined(separator: tr(", ")), to: max(0, width - nameWidth - 4))
        return ([Span("  " + name + "  "), Span(role, Style(.muted))], link(member.id, name: member.name))
      }
    )
  }

  static func relatedSection(_ title: String, _ movies: [MediaSummary], width: Int) -> Section? {
    var entries: [(line: DocumentLine, link: LinkTarget?)] = []
    for movie in movies.prefix(relatedLimit) {
      guard let media = movie.media else { continue }
      entries.append((filmLine(movie, note: nil, width: width), LinkTarget.media(media, known: movie)))
    }
    return entries.isEmpty ? nil : (title, entries)
  }

  /// One film or series as a line: year, title, an optional note (a part, a job), and the score at the right.
  static func filmLine(_ movie: MediaSummary, note: String?, width: Int) -> DocumentLine {
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

  /// The link to a person's screen, which shows their name while their page loads.
  static func link(_ id: Int, name: String) -> LinkTarget? {
    id > 0 ? .person(id, name: name) : nil
  }
}
