import AmodbKit
import Localization
import TrendingCore

extension ListView {
  /// Column positions for the list at a width.
  struct Columns {
    /// The narrowest list that also shows genres and vote counts.
    static let wideMinimumWidth = PosterLayout.wideTableMinimum
    /// How much wider than its shortest entry a text column gets: a row leaves no run of 40 blanks.
    static let widestSpread = 37
    /// The narrowest genres column a table without vote counts adds beside its titles.
    static let narrowestGenres = 16

    let rank: Int
    let rankWidth: Int
    let mark: Int
    let title: Int
    let titleWidth: Int
    let genres: Int?
    let genresWidth: Int
    let year: Int
    let yearWidth: Int
    let votes: Int?
    let votesWidth: Int
    let score: Int
    /// The columns after the score for the user's own rating ("★9" and a blank before it; 0 when
    /// no row has one).
    let chip: Int
    /// Whether a title wider than its column runs on over the genres' room, its genres after it.
    let runsOn: Bool

    /// The table's width: from the left edge to the end of the scores.
    var width: Int { score + 5 + chip }

    /// The columns a rating chip takes after the score: a blank and "★10" at most.
    static let chipWidth = 4

    /// The widest vote count's columns, as the interface's language words counts ("999K", "9.9M").
    static var measuredVotesWidth: Int {
      max(6, TextWidth.width(of: Formatters.votes(999_999)), TextWidth.width(of: Formatters.votes(9_900_000)))
    }

    /// The vote column's width for the language last measured: a count's words depend on nothing else.
    static let votesWidths = Memo<Catalogue, Int>()

    /// The columns at a width. With `needs` (what the rows draw, measured), the title and genres
    /// columns share the room by what their rows need, neither wider than keeps every row free of
    /// a wide gap; what neither may take is left after the table. With `runOn`, a longer title
    /// runs on over the genres' room (decision *titles-run-on*). With `split`, the split list's
    /// table, which always shows genres and vote counts, runs titles on, and is no wider than its
    /// rows need (the pane takes the rest). With `chip`, the user's rating follows the score.
    init(
      width: Int, count: Int, needs: RowNeeds? = nil, yearWidth: Int = 4, split: Bool = false, runOn: Bool = false,
      chip: Bool = false
    ) {
      self.chip = chip ? Self.chipWidth : 0
      let width = width - self.chip
      let rankWidth = max(2, String(count).count)
      rank = 1
      mark = rank + rankWidth + 1
      title = mark + 2
      self.rankWidth = rankWidth
      self.yearWidth = yearWidth
      let wide = split || width >= Self.wideMinimumWidth
      let votesWidth = Self.votesWidths.value(for: Translator.current) { Self.measuredVotesWidth }
      self.votesWidth = votesWidth
      // Year, votes and score from the right edge of a table `width` wide.
      let year = { (width: Int) in width - 5 - (wide ? votesWidth + 1 : 0) - yearWidth - 2 }
      var tableWidth = width
      var titleWidth: Int
      var genresWidth = 0
      var withGenres = wide
      if let needs {
        let room = year(width) - 2 - title
        // Titles whole (as far as no row gets a wide gap), then genres if they still get some room.
        let titles = max(1, min(room, needs.title, needs.shortestTitle + Self.widestSpread))
        withGenres = needs.genres > 0 && (wide || room - 2 - titles >= Self.narrowestGenres)
        if withGenres {
          let plan = Self.share(room - 2, needs, fill: !split, runOn: split || runOn)
          (titleWidth, genresWidth) = (plan.title, plan.genres)
          tableWidth -= plan.left
        } else {
          titleWidth = titles
          tableWidth -= room - titleWidth
        }
      } else {
        genresWidth = wide ? min(34, (year(width) - title) / 3) : 0
        titleWidth = max(1, year(width) - (wide ? genresWidth + 2 : 0) - title - 2)
      }
      score = tableWidth - 5
      votes = wide ? score - votesWidth - 1 : nil
      self.year = year(tableWidth)
      self.titleWidth = titleWidth
      self.genresWidth = genresWidth
      genres = withGenres ? self.year - genresWidth - 2 : nil
      runsOn = withGenres && (split || runOn)
    }

    /// How the title and genres columns share `room`: each as wide as its widest row needs, at most
    /// `widestSpread` wider than its narrowest (so no row has a wide gap), the rest shared out to
    /// those limits (with `fill`) and what is still over (`left`) given up; when both need more
    /// than there is, the titles keep what they need up to half the room and the genres are cut.
    /// With `runOn`, the genres column also widens (to its limit) for the rows whose titles run on
    /// over it, so those titles are whole.
    static func share(
      _ room: Int, _ needs: RowNeeds, fill: Bool = true, runOn: Bool = false
    ) -> (title: Int, genres: Int, left: Int) {
      let titleLimit = needs.shortestTitle + widestSpread
      let genresLimit = max(1, needs.shortestGenres + widestSpread)
      var title = max(1, min(needs.title, titleLimit))
      var genres = min(needs.genres, genresLimit)
      guard title + genres <= room else {
        title = max(1, room - genres, min(title, room / 2))
        return (title, max(0, room - title), 0)
      }
      if runOn { genres = max(genres, min(room - title, runOnRoom(needs.rows, title: title, limit: genresLimit))) }
      guard fill else {
        // As narrow as the rows need, but the column titles whole.
        title = max(title, min(titleLimit, room - genres, needs.titleHeading))
        genres = max(genres, min(genresLimit, room - title, needs.genresHeading))
        return (title, genres, room - title - genres)
      }
      var slack = room - title - genres
      let toTitle = min(slack / 2, titleLimit - title)
      title += toTitle
      slack -= toTitle
      let toGenres = min(slack, genresLimit - genres)
      genres += toGenres
      slack -= toGenres
      let more = min(slack, titleLimit - title)
      return (title + more, genres, slack - more)
    }

    /// The genres column a run-on table needs beside a title column `title` wide: the rows whose
    /// titles are wider run on over it, and each that can be whole within `limit` (with its genres
    /// after it, as far as they fit) widens it; a title too long for that is cut in any case, and
    /// widens nothing (the pane keeps the room).
    static func runOnRoom(_ rows: [RowWidths], title: Int, limit: Int) -> Int {
      rows.reduce(0) { widest, row in
        guard row.title > title, row.title <= title + 2 + limit else { return widest }
        return max(widest, min(limit, row.title + row.genres - title))
      }
    }
  }

  /// One row's words, measured: its title with its kind and note, and its genres.
  struct RowWidths: Equatable, Sendable {
    var title: Int
    var genres: Int
  }

  /// What a list's rows draw, measured: the widest and narrowest title with its note ("· S03E01 in
  /// 4 days", "· Netflix") and kind, and the widest and narrowest genres ("–" for none), the
  /// column titles counted among the narrowest.
  struct RowNeeds: Equatable, Sendable {
    var title: Int
    var shortestTitle: Int
    var genres: Int
    /// The narrowest genres less the blanks a short year ("–", right-aligned) leaves after them.
    var shortestGenres: Int
    /// Each row's title and genres, for a table whose titles run on over the genres' room.
    var rows: [RowWidths] = []
    /// The title column's title.
    var titleHeading = 0
    /// The genres column's title.
    var genresHeading = 0
  }

  /// What the rows' words depend on: the films loaded and which of them show, the day, the
  /// language, the answers (a series' next episode, a title's services) and the user's services.
  struct NeedsKey: Equatable, Sendable {
    let movies: [MediaSummary]
    let filter: String?
    let hidden: Set<MediaID>
    let search: Bool
    let today: ReleaseDate
    let catalogue: Catalogue
    let answers: [APIRequest: Loadable<APIAnswer>]
    let services: Set<String>?
    let region: String?
  }

  /// The needs of the list last measured.
  static let rowNeeds = Memo<NeedsKey, RowNeeds>()

  /// What the rows of `shown` draw, measured once a change of the list or of what its words say,
  /// not once a frame.
  static func needs(_ shown: ListScreen, _ shared: Shared) -> RowNeeds {
    let services = services(of: shown.source.tab?.saved)
    let search: Bool
    if case .search = shown.source { search = true } else { search = false }
    let key = NeedsKey(
      movies: shown.list.value?.movies ?? [], filter: shown.filter?.text, hidden: shown.hidden, search: search,
      today: shared.today, catalogue: Translator.current, answers: shared.answers, services: services,
      region: shared.region)
    return rowNeeds.value(for: key) { measure(shown.movies, search: search, services: services, shared) }
  }

  /// Measures the rows as `drawRows` words them.
  private static func measure(
    _ movies: [MediaSummary], search: Bool, services: Set<String>?, _ shared: Shared
  ) -> RowNeeds {
    let kindWidth = kindWidth(movies, search: search)
    let kind = kindWidth > 0 ? kindWidth + 1 : 0
    let comma = tr(", ")
    var needs = RowNeeds(title: 0, shortestTitle: .max, genres: 0, shortestGenres: .max)
    for movie in movies {
      let note = SearchMatch.rowNote(movie, services: services, comma: comma, shared)
      let title = kind + TextWidth.width(of: rowTitle(movie, shared) + note)
      let genres = movie.kind == .person ? 1 : max(1, TextWidth.width(of: genresText(movie, comma: comma)))
      let year = TextWidth.width(of: rowYears(movie, shared) ?? Formatters.missing)
      needs.title = max(needs.title, title)
      needs.shortestTitle = min(needs.shortestTitle, title)
      needs.genres = max(needs.genres, genres)
      needs.shortestGenres = min(needs.shortestGenres, genres - max(0, 4 - year))
      needs.rows.append(RowWidths(title: title, genres: genres))
    }
    // The column titles are a row too.
    needs.titleHeading = TextWidth.width(of: tr("Title"))
    needs.genresHeading = TextWidth.width(of: tr("Genres"))
    needs.shortestTitle = min(needs.shortestTitle, needs.title, needs.titleHeading)
    needs.shortestGenres = min(needs.shortestGenres, needs.genres, needs.genresHeading)
    return needs
  }

  /// What the kind column depends on: the rows, whether they are a search's, and the language.
  struct KindKey: Equatable, Sendable {
    let movies: [MediaSummary]
    let search: Bool
    let catalogue: Catalogue
  }

  /// The kind column's width last worked out.
  static let kindWidths = Memo<KindKey, Int>()

  /// The kind column's width when each row is marked with its kind (a search, or a list of more
  /// than one kind, as the watchlist), else 0: worked out once a change of the rows, not by a
  /// pass over all of them each frame.
  static func kindWidth(_ movies: [MediaSummary], search: Bool) -> Int {
    kindWidths.value(for: KindKey(movies: movies, search: search, catalogue: Translator.current)) {
      let firstKind = movies.first?.kind
      guard search || movies.contains(where: { $0.kind != firstKind || $0.kind == .person }) else { return 0 }
      return MediaKind.allCases.map { TextWidth.width(of: Vocabulary.kind($0)) }.max() ?? 0
    }
  }

  /// The columns each row's kind takes before its title, its space after it included: a search's
  /// rows, or a list of more than one kind; 0 for none, or where the title would be left too narrow.
  static func kindColumns(_ shown: ListScreen, titleWidth: Int) -> Int {
    let isSearch: Bool
    if case .search = shown.source { isSearch = true } else { isSearch = false }
    let width = kindWidth(shown.movies, search: isSearch)
    return width > 0 && titleWidth > width + 8 ? width + 1 : 0
  }

  /// A row's genres column: a person's department and known titles, else the genres ("" for none).
  static func genresText(_ movie: MediaSummary, comma: String) -> String {
    genreNames(movie).joined(separator: comma)
  }

  /// A row's genres (or a person's department and known titles), one a name.
  static func genreNames(_ movie: MediaSummary) -> [String] {
    movie.knownFor.map { known in
      [known.department.map(Vocabulary.department)].compactMap { $0 } + known.titles
    } ?? movie.genres
  }

  /// As many of a row's genres as fit `width` whole, joined, and how many more were left out
  /// ("Comedy +1"); the first cut when even it does not fit.
  static func wholeNames(_ movie: MediaSummary, comma: String, width: Int) -> String {
    let names = genreNames(movie)
    for count in stride(from: names.count, through: 1, by: -1) {
      let left = names.count - count
      let text = names.prefix(count).joined(separator: comma) + (left > 0 ? " +\(left)" : "")
      if TextWidth.width(of: text) <= width { return text }
    }
    return TextLayout.truncate(names.first ?? "", to: width)
  }
}
