import AmodbKit
import Localization
import TrendingCore

/// Lays a series out as a document at a width, facts first: its years, status, certification,
/// networks, creators, the next episode, ratings and the seasons fit the first screen at 80x24;
/// then the overview, where to watch, the trailer, cast, crew and related series.
public enum SeriesDocument {
  /// How many cast members are listed.
  static let castLimit = 30
  /// How many crew members are listed.
  static let crewLimit = 12

  /// The label column of series, seasons and episodes: the film page's labels and their own.
  static var labelColumn: Int {
    FilmDocument.labelColumn(
      FilmDocument.labels + [tr("Created by"), tr("Directed by"), tr("Written by"), tr("Next"), tr("Last aired")])
  }

  /// The document for a series: everything known of it, wrapped to `width` columns.
  public static func document(
    summary: MediaSummary?, details: SeriesDetails?, region: String?, today: ReleaseDate, mark: Mark? = nil,
    width: Int, sideBySide: Bool = false, side: Int? = nil, third: Int? = nil, noteExpanded: Bool? = nil,
    progress: (SeasonSummary) -> (seen: Int, aired: Int)? = { _ in nil }, nextForYou: Episode? = nil
  ) -> Document {
    let width = max(10, width)
    var document = Document()
    let name = details?.name ?? summary?.shownTitle ?? tr("Series")
    let years = details?.years ?? summary?.year.map(String.init)
    let heading = years.map { "\(name) (\($0))" } ?? name
    document.append(contentsOf: TextLayout.wrap(heading, width: width).map { [Span($0, Style(.title, bold: true))] })
    if let original = details?.originalName ?? summary?.originalTitle {
      document.append(contentsOf: TextLayout.wrap(original, width: width).map { [Span($0, Style(.muted))] })
    }
    guard let details else {
      if let summary {
        document.append(
          contentsOf: RatingLines.lines(
            RatingLines.entries(average: summary.voteAverage, votes: summary.voteCount, mine: mark?.rating),
            width: width))
        if let overview = summary.overview { overviewSection(overview, width: width, into: &document) }
      }
      return document
    }
    if let tagline = details.tagline {
      document.append(contentsOf: TextLayout.wrap(tagline, width: width).map { [Span($0, Style(.muted))] })
    }
    document.append(contentsOf: facts(details, region: region, width: width))
    creators(details, width: width, into: &document)
    episodeLine(details, today: today, width: width, into: &document)
    nextForYouLine(nextForYou, series: details.id, width: width, into: &document)
    MarkLines.append(mark, width: width, expanded: noteExpanded, into: &document)
    RatingLines.append(RatingLines.entries(details, mine: mark?.rating), width: width, into: &document)
    // The seasons come right after the facts: what a series screen is mostly opened for (on the
    // widest screens, at the top of the second column, over the cast and crew).
    var column = Document()
    if let side {
      seasons(details, width: side, progress: progress, into: &column)
    } else {
      seasons(details, width: width, progress: progress, into: &document)
    }
    if let overview = details.overview { overviewSection(overview, width: width, into: &document) }
    FilmDocument.watch(details.providers, region: region, width: width, into: &document)
    if let trailer = details.trailer {
      document.gap()
      document.append(
        FilmDocument.labelled(tr("Trailer"), trailer.url, column: SeriesDocument.labelColumn, width: width))
    }
    if let side {
      FilmDocument.append(castSection(details, width: side), into: &column)
      FilmDocument.append(crewSection(details, width: side), into: &column)
      FilmDocument.relatedColumns(
        details.recommendations, details.similar, width: width, side: side, third: third, main: &document,
        people: &column)
      document.place(beside: column, width: width)
    } else if sideBySide, width >= FilmDocument.sideBySideWidth {
      let half = (width - 2) / 2
      FilmDocument.pair(
        castSection(details, width: half), crewSection(details, width: half), width: half, into: &document)
      FilmDocument.pair(
        FilmDocument.relatedSection(tr("Recommended"), details.recommendations, width: half),
        FilmDocument.relatedSection(tr("Similar"), details.similar, width: half), width: half, into: &document)
    } else {
      FilmDocument.append(castSection(details, width: width), into: &document)
      FilmDocument.append(crewSection(details, width: width), into: &document)
      FilmDocument.append(
        FilmDocument.relatedSection(tr("Recommended"), details.recommendations, width: width), into: &document)
      FilmDocument.append(FilmDocument.relatedSection(tr("Similar"), details.similar, width: width), into: &document)
    }
    return document
  }

  /// Status, certification, networks, seasons and episodes, runtime and genres, wrapped.
  private static func facts(_ details: SeriesDetails, region: String?, width: Int) -> [DocumentLine] {
    var parts: [String] = []
    if let status = details.status { parts.append(Vocabulary.seriesStatus(status)) }
    if let certification = details.certification(in: region) { parts.append(certification) }
    if !details.networks.isEmpty { parts.append(details.networks.joined(separator: tr(", "))) }
    if let seasons = details.numberOfSeasons, seasons > 0 { parts.append(Formatters.seasons(seasons)) }
    if let episodes = details.numberOfEpisodes, episodes > 0 { parts.append(Formatters.episodes(episodes)) }
    if let runtime = details.episodeRuntime { parts.append(Formatters.runtime(runtime)) }
    var lines = TextLayout.wrap(facts: parts, width: width).map { [Span($0, Style(.muted))] }
    if !details.genres.isEmpty {
      let genres = GenreNames.shown(details.genres, media: .series)
      lines += TextLayout.wrap(genres.joined(separator: tr(", ")), width: width).map {
        [Span($0, Style(.muted))]
      }
    }
    return lines
  }

  /// Who created it, each a link to the person.
  private static func creators(_ details: SeriesDetails, width: Int, into document: inout Document) {
    let column = SeriesDocument.labelColumn
    for (index, creator) in details.createdBy.prefix(4).enumerated() {
      document.append(
        FilmDocument.labelled(index == 0 ? tr("Created by") : "", creator.name, column: column, width: width),
        link: FilmDocument.link(creator.id, name: creator.name))
    }
  }

  /// The next episode ("Next S03E05 “Name” · 5 December 2026 · in 4 days"), else the last aired.
  private static func episodeLine(
    _ details: SeriesDetails, today: ReleaseDate, width: Int, into document: inout Document
  ) {
    let next = details.nextEpisode.flatMap { $0.hasAired(by: today) ? nil : $0 }
    guard let episode = next ?? details.lastEpisode else { return }
    var parts = [episode.code + (episode.name.map { " " + Quoted.name($0) } ?? "")]
    if let date = episode.airDate {
      parts.append(Dates.written(date))
      if next != nil { parts.append(Formatters.days(from: today, to: date)) }
    }
    let label = next != nil ? tr("Next") : tr("Last aired")
    let column = SeriesDocument.labelColumn
    let text = TextLayout.wrap(facts: parts, width: max(1, width - column))
    for (index, line) in text.enumerated() {
      document.append([
        Span(TextLayout.fit(index == 0 ? label : "", to: column), Style(.muted)),
        Span(line, Style(next != nil ? .accent : .normal)),
      ])
    }
  }

  /// The user's next episode, once they have begun the series: a link to it.
  private static func nextForYouLine(_ episode: Episode?, series: Int, width: Int, into document: inout Document) {
    guard let episode else { return }
    let column = SeriesDocument.labelColumn
    let text = episode.code + (episode.name.map { " “\($0)”" } ?? "")
    document.append(
      [
        Span(TextLayout.fit(tr("Watch next"), to: column), Style(.muted)),
        Span(TextLayout.truncate(text, to: max(1, width - column)), Style(.accent, bold: true)),
      ], link: .episode(series: series, season: episode.season, number: episode.number))
  }

  private static func overviewSection(_ overview: String, width: Int, into document: inout Document) {
    document.heading(tr("Overview"))
    document.append(contentsOf: TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] })
  }

  /// The seasons, numbered ones first and the specials last, each a link to its episodes, with the
  /// episodes seen of those aired ("6/8") once the user has seen one.
  private static func seasons(
    _ details: SeriesDetails, width: Int, progress: (SeasonSummary) -> (seen: Int, aired: Int)?,
    into document: inout Document
  ) {
    let seasons = details.orderedSeasons
    guard !seasons.isEmpty else { return }
    document.heading(tr("Seasons"))
    let names = seasons.map { SeasonScreen.shownName($0.name, number: $0.number) }
    let nameWidth = min(max(names.map { TextWidth.width(of: $0) }.max() ?? 8, 8), max(8, width / 2))
    for (season, name) in zip(seasons, names) {
      let year = season.airDate.map { String($0.year) } ?? "    "
      let episodes = season.episodeCount.map(Formatters.episodes)
      let seen = progress(season).map { "\($0.seen)/\($0.aired)" }
      let score = season.voteAverage.flatMap { $0 > 0 ? Formatters.decimal($0) : nil } ?? ""
      var line: DocumentLine = [
        Span("  " + year + "  ", Style(.muted)), Span(TextLayout.fit(name, to: nameWidth) + "  "),
      ]
      let room = width - 2 - 6 - nameWidth - 2
      // Where both do not fit, the progress stays and the episode count goes.
      let both = [episodes, seen].compactMap { $0 }.joined(separator: " · ")
      let count = seen.map { TextWidth.width(of: both) > room - 5 ? $0 : both } ?? both
      if room > 4 { line.append(Span(TextLayout.truncate(count, to: room - 5), Style(.muted))) }
      if room > 12, !score.isEmpty {
        let used = TextWidth.width(of: TextLayout.truncate(count, to: room - 5))
        line.append(Span(String(repeating: " ", count: max(1, room - used - 4))))
        let tone = ListView.tone(forScore: season.voteAverage, votes: 1)
        line.append(Span(TextLayout.fit(score, to: 4, alignRight: true), Style(tone, bold: true)))
      }
      document.append(line, link: .season(series: details.id, number: season.number))
    }
  }

  /// The name column of a list of people: as wide as the longest name, within 8 and 24 columns and
  /// half the width, so the notes beside short names are not cut for room they do not use.
  static func nameWidth(_ names: [String], width: Int) -> Int {
    let longest = names.map { TextWidth.width(of: $0) }.max() ?? 8
    return max(8, min(24, (width - 4) / 2, longest))
  }

  /// A person's note in `room` columns: the roles or jobs, then the episode count when it fits
  /// too. The count is cut first (with "…", or left out where too little of it would show), then
  /// the last roles go, each whole, and how many went is said ("Executive Producer +1" rather than
  /// "Executive Producer, Dire…"): only a first role that alone does not fit is cut.
  static func note(_ roles: [String], separator: String, episodes: Int, room: Int) -> String {
    let count = episodes > 0 ? Formatters.episodes(episodes) : ""
    let all = roles.joined(separator: separator)
    let whole = all.isEmpty ? count : count.isEmpty ? all : all + " · " + count
    let spare = room - TextWidth.width(of: all)
    if TextWidth.width(of: whole) <= room || roles.isEmpty || (roles.count == 1 && spare < 0) || spare >= 6 {
      return TextLayout.truncate(whole, to: max(0, room))
    }
    if spare >= 0 { return all }
    // Fewer roles, whole, and how many were left out ("Executive Producer +1").
    for kept in stride(from: roles.count - 1, through: 1, by: -1) {
      let some = roles.prefix(kept).joined(separator: separator) + " +\(roles.count - kept)"
      if TextWidth.width(of: some) <= room { return some }
    }
    return TextLayout.truncate(roles[0], to: max(0, room))
  }

  static func castSection(_ details: SeriesDetails, width: Int) -> FilmDocument.Section? {
    let cast = details.credits.cast.prefix(castLimit)
    guard !cast.isEmpty else { return nil }
    let nameWidth = nameWidth(cast.map(\.name), width: width)
    return (
      tr("Cast"),
      cast.map { member in
        let note = note(
          Array(member.characters.prefix(2)), separator: " / ", episodes: member.episodeCount,
          room: width - nameWidth - 4)
        let name = TextLayout.fit(member.name, to: nameWidth)
        return (
          [Span("  " + name + "  "), Span(note, Style(.muted))],
          FilmDocument.link(member.id, name: member.name)
        )
      }
    )
  }

  static func crewSection(_ details: SeriesDetails, width: Int) -> FilmDocument.Section? {
    let crew = details.credits.crew.prefix(crewLimit)
    guard !crew.isEmpty else { return nil }
    let nameWidth = nameWidth(crew.map(\.name), width: width)
    return (
      tr("Crew"),
      crew.map { member in
        var jobs: [String] = []
        for job in member.jobs where !jobs.contains(job) { jobs.append(job) }
        let note = note(
          jobs.prefix(2).map(Vocabulary.job), separator: tr(", "), episodes: member.episodeCount,
          room: width - nameWidth - 4)
        let name = TextLayout.fit(member.name, to: nameWidth)
        return (
          [Span("  " + name + "  "), Span(note, Style(.muted))],
          FilmDocument.link(member.id, name: member.name)
        )
      }
    )
  }
}
