import AmodbKit
import Localization
import TrendingCore

/// Lays a season out as a document: its name and facts, its overview, then its episodes as rows
/// (number, name, air date, runtime, score), those not yet aired marked and not scored, those seen
/// ticked; on wide screens each with its overview under it.
public enum SeasonDocument {
  /// How many overview lines show above the episodes.
  static let overviewLines = 4

  /// The document for a season at a width; with `overviews`, each episode's overview follows its
  /// row, whole, under its name; `ratings` are the user's own, by episode.
  public static func document(
    _ season: SeasonDetails?, series: SeriesDetails?, name: String, today: ReleaseDate, width: Int,
    seen: Set<EpisodeKey> = [], overviews: Bool = false, ratings: [EpisodeKey: Int] = [:]
  ) -> Document {
    let width = max(10, width)
    var document = Document()
    let heading = [series?.name, name].compactMap { $0 }.joined(separator: " · ")
    document.append(contentsOf: TextLayout.wrap(heading, width: width).map { [Span($0, Style(.title, bold: true))] })
    guard let season else { return document }
    var facts: [String] = []
    if let date = season.airDate { facts.append(Dates.written(date)) }
    if !season.episodes.isEmpty { facts.append(Formatters.episodes(season.episodes.count)) }
    let aired = season.episodes.filter { $0.hasAired(by: today) }.count
    if aired < season.episodes.count, !season.episodes.isEmpty {
      facts.append(tr("%1$s of %2$s aired", String(aired), String(season.episodes.count)))
    }
    // How far the user is, as the series' seasons say it: seen of those aired.
    let seenCount = season.episodes.filter { seen.contains($0.key) }.count
    if seenCount > 0 { facts.append(tr("%1$s/%2$s seen", String(seenCount), String(max(aired, seenCount)))) }
    if !facts.isEmpty {
      document.append(
        contentsOf: TextLayout.wrap(facts: facts, width: width).map { [Span($0, Style(.muted))] })
    }
    if let overview = season.overview {
      let lines = TextLayout.wrap(overview, width: width - 2)
      let shown = lines.count > overviewLines + 1 ? overviewLines : lines.count
      document.gap()
      document.append(contentsOf: lines.prefix(shown).map { [Span("  " + $0)] })
      if shown < lines.count { document.append([Span("  …", Style(.muted))]) }
    }
    guard !season.episodes.isEmpty else {
      document.gap()
      document.append([Span(tr("No episodes listed yet."), Style(.muted))])
      return document
    }
    document.heading(tr("Episodes"))
    let columns = RowColumns(season.episodes, today: today, rated: !ratings.isEmpty)
    for (index, episode) in season.episodes.enumerated() {
      // A date shows once where it does not change (a season released in one day).
      let sameDay = index > 0 && episode.airDate != nil && season.episodes[index - 1].airDate == episode.airDate
      document.append(
        row(
          episode, columns: columns, today: today, width: width, seen: seen.contains(episode.key), sameDay: sameDay,
          mine: ratings[episode.key]),
        link: series.map { .episode(series: $0.id, season: season.number, number: episode.number) })
      if overviews, let overview = episode.overview {
        let indent = 2 + columns.number + 2
        let lines = TextLayout.wrap(overview, width: max(1, width - indent))
        document.append(
          contentsOf: lines.map { [Span(String(repeating: " ", count: indent) + $0, Style(.muted))] })
      }
    }
    return document
  }

  /// The widths the rows of a season share, so their dates, runtimes and scores line up right
  /// after the longest name rather than at the far edge of a wide screen.
  struct RowColumns {
    /// The episode numbers' width.
    var number: Int
    /// The longest name's width.
    var name: Int
    /// The longest date's width.
    var date: Int
    /// The longest runtime's width (0: none has one).
    var runtime: Int
    /// The user's ratings' width ("★10"; 0: none is rated).
    var chip: Int

    /// The columns of `episodes`, with a column for the user's ratings when `rated`.
    init(_ episodes: [Episode], today: ReleaseDate, rated: Bool) {
      let widest = { (words: (Episode) -> String) in episodes.map { TextWidth.width(of: words($0)) }.max() ?? 0 }
      number = max(2, String(episodes.map(\.number).max() ?? 0).count)
      name = widest(SeasonDocument.name)
      date = widest { SeasonDocument.date($0, today: today) }
      runtime = widest { $0.runtime.map(Formatters.runtime) ?? "" }
      chip = rated ? 3 : 0
    }
  }

  /// An episode's name, else its code.
  static func name(_ episode: Episode) -> String {
    episode.name ?? Episode(season: episode.season, number: episode.number).code
  }

  /// An episode's air date ("today" when it is), or that it is to come.
  static func date(_ episode: Episode, today: ReleaseDate) -> String {
    if episode.airDate == today { return tr("today") }
    // Aired, its day unknown: no date rather than one to come.
    return episode.airDate.map(Dates.written) ?? (episode.hasAired(by: today) ? "" : tr("date to come"))
  }

  /// One episode as a row: its seen mark, number and name, then as much of its date (blank when
  /// `sameDay` as the row above), runtime and score as fits, and the user's rating ("★9").
  static func row(
    _ episode: Episode, columns: RowColumns, today: ReleaseDate, width: Int, seen: Bool = false,
    sameDay: Bool = false, mine: Int? = nil
  ) -> DocumentLine {
    let aired = episode.hasAired(by: today)
    let date = TextLayout.fit(sameDay ? "" : date(episode, today: today), to: columns.date, alignRight: true)
    let width = width - (columns.chip > 0 ? columns.chip + 2 : 0)
    let runtime = TextLayout.fit(episode.runtime.map(Formatters.runtime) ?? "", to: columns.runtime, alignRight: true)
    // Scores and "soon" take one width, so the dates and runtimes before them line up.
    let soon = tr("soon")
    let score = TextLayout.fit(
      aired ? Formatters.score(episode.voteAverage, votes: episode.voteCount) : soon,
      to: max(4, TextWidth.width(of: soon)), alignRight: true)
    // The tail is as much as fits after a name of at least 12 columns.
    let tails: [[String]] =
      columns.runtime > 0 ? [[date, runtime, score], [date, score], [date], []] : [[date, score], [date], []]
    let fixed = 2 + columns.number + 2
    let chosen =
      tails.first { tail in
        let used = tail.isEmpty ? 0 : tail.map { TextWidth.width(of: $0) }.reduce(0, +) + 2 * tail.count
        return width - fixed - used >= 12
      } ?? []
    let tailText = chosen.joined(separator: "  ")
    let room = min(columns.name, max(1, width - fixed - (tailText.isEmpty ? 0 : TextWidth.width(of: tailText) + 2)))
    let name = TextLayout.fit(name(episode), to: room)
    let tone: Tone = aired ? .normal : .muted
    let number = TextLayout.fit(String(episode.number), to: columns.number, alignRight: true) + "  "
    var line: DocumentLine =
      seen ? [Span("✓ ", Style(.good, bold: true)), Span(number, Style(.muted))] : [Span("  " + number, Style(.muted))]
    line.append(Span(name, Style(tone)))
    if !tailText.isEmpty {
      let scoreStyle =
        aired
        ? Style(ListView.tone(forScore: episode.voteAverage, votes: episode.voteCount), bold: true) : Style(.accent)
      let head = chosen.dropLast().joined(separator: "  ")
      line.append(Span("  " + head + (head.isEmpty ? "" : "  "), Style(.muted)))
      // The padding stays plain: only the score is coloured (or underlined).
      let last = chosen.last ?? ""
      let value = String(last.drop { $0 == " " })
      line.append(Span(String(repeating: " ", count: last.count - value.count)))
      line.append(Span(value, scoreStyle))
    }
    if columns.chip > 0, let mine {
      let chip = "★\(mine)"
      line.append(Span(String(repeating: " ", count: 2 + columns.chip - TextWidth.width(of: chip))))
      line.append(Span(chip, Style(.yours, bold: true)))
    }
    return line
  }
}

/// Lays an episode out as a document: its code and name, when it airs or aired, runtime and
/// rating, overview, director and writers, and its guest stars, each a link.
public enum EpisodeDocument {
  /// The document for an episode at a width; the series' name links to its screen (`series`);
  /// `seenOn`: the day of its latest watch, when it has one.
  public static func document(
    _ episode: Episode?, seriesName: String?, series: LinkTarget? = nil, today: ReleaseDate, width: Int,
    seenOn: String? = nil, notes: EpisodeNotes? = nil
  ) -> Document {
    let width = max(10, width)
    var document = Document()
    guard let episode else {
      document.append([Span(tr("Episode"), Style(.title, bold: true))])
      return document
    }
    let heading = episode.code + (episode.name.map { " · \($0)" } ?? "")
    document.append(contentsOf: TextLayout.wrap(heading, width: width).map { [Span($0, Style(.title, bold: true))] })
    if let seriesName {
      // One link however many lines the name takes, so `j` stops on it once.
      for (index, line) in TextLayout.wrap(seriesName, width: width).enumerated() {
        document.append([Span(line, Style(.muted))], link: index == 0 ? series : nil)
      }
    }
    var facts: [String] = []
    let aired = episode.hasAired(by: today)
    if let date = episode.airDate {
      facts.append(
        date == today
          ? tr("today") + tr(", ") + Dates.written(date)
          : aired
            ? Dates.written(date) : tr("airs %1$s, %2$s", Dates.written(date), Formatters.days(from: today, to: date))
      )
    } else if !aired {
      facts.append(tr("air date to come"))
    }
    if let runtime = episode.runtime { facts.append(Formatters.runtime(runtime)) }
    document.append(
      contentsOf: TextLayout.wrap(facts: facts, width: width).map {
        [Span($0, Style(aired ? .muted : .accent))]
      })
    // The user's own rating leads TMDB's, in the one ratings layout; then seen, then their note.
    let score = aired ? episode.score : nil
    if score != nil || notes?.rating != nil {
      let entries = RatingLines.entries(average: score, votes: episode.voteCount, mine: notes?.rating)
      document.append(contentsOf: RatingLines.lines(entries, width: width))
    }
    if let seenOn { document.append([Span(tr("✓ seen %s", Dates.written(text: seenOn)), Style(.good))]) }
    MarkLines.note(notes?.note, width: width, into: &document)
    if let overview = episode.overview {
      document.heading(tr("Overview"))
      document.append(contentsOf: TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] })
    }
    let column = SeriesDocument.labelColumn
    let directors = episode.directingCrew
    let writers = episode.writingCrew
    if !directors.isEmpty || !writers.isEmpty { document.gap() }
    for (index, member) in directors.enumerated() {
      document.append(
        FilmDocument.labelled(index == 0 ? tr("Directed by") : "", member.name, column: column, width: width),
        link: FilmDocument.link(member.id, name: member.name))
    }
    for (index, member) in writers.enumerated() {
      document.append(
        FilmDocument.labelled(
          index == 0 ? tr("Written by") : "", member.name, note: writingNote(member.job), column: column,
          width: width),
        link: FilmDocument.link(member.id, name: member.name))
    }
    if !episode.guestStars.isEmpty {
      document.heading(tr("Guest stars"))
      let nameWidth = min(24, max(8, (width - 4) / 2))
      for star in episode.guestStars {
        let name = TextLayout.fit(star.name, to: nameWidth)
        let character = TextLayout.truncate(star.character ?? "", to: max(0, width - nameWidth - 4))
        document.append(
          [Span("  " + name + "  "), Span(character, Style(.muted))], link: FilmDocument.link(star.id, name: star.name))
      }
    }
    return document
  }

  /// The job beside a writer's name, when "Written by" does not say it already ("Story", "Teleplay").
  static func writingNote(_ job: String?) -> String? {
    guard let job, job != "Writer" else { return nil }
    return Vocabulary.job(job)
  }
}
