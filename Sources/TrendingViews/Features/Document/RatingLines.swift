import AmodbKit
import Localization
import TrendingCore

/// A title's ratings in the one layout every screen uses (films, series, episodes and the wide
/// list's pane): the user's own rating first, then each service's score and votes
/// ("IMDb 8.3/10 (880K)"), entries kept whole and wrapped between them, every score in the one
/// score colour.
enum RatingLines {
  /// One rating as shown: a label, the value in its colour, and the votes.
  struct Entry: Equatable, Sendable {
    /// The service's name, or nothing for the user's own rating.
    let label: String
    /// The score as its scale writes it ("8.3/10", "90/100", "93%").
    let value: String
    /// The votes in brackets, or nothing.
    let votes: String
    /// The value's colour.
    let tone: Tone

    /// The entry as spans: the label muted, the value bold in its colour, the votes muted.
    var spans: [Span] {
      var spans: [Span] = []
      if !label.isEmpty { spans.append(Span(label + " ", Style(.muted))) }
      spans.append(Span(value, Style(tone, bold: tone != .muted)))
      if !votes.isEmpty { spans.append(Span(votes, Style(.muted))) }
      return spans
    }

    /// The columns the entry takes.
    var width: Int { spans.reduce(0) { $0 + TextWidth.width(of: $1.text) } }
  }

  /// A film's: the user's rating, then every service's that came, TMDB's always.
  static func entries(_ details: MovieDetails, mine: Int?) -> [Entry] {
    entries(RatingService.allCases.map { ($0, $0.rating(in: details)) }, mine: mine)
  }

  /// A series': the user's rating, then every service's that came, TMDB's always.
  static func entries(_ details: SeriesDetails, mine: Int?) -> [Entry] {
    entries(RatingService.allCases.map { ($0, $0.rating(in: details)) }, mine: mine)
  }

  /// A title known by its list row alone (or an episode): the user's rating, then TMDB's score.
  static func entries(average: Double?, votes: Int, mine: Int? = nil) -> [Entry] {
    entries([(.tmdb, average.flatMap { votes > 0 ? Rating(value: $0, votes: votes) : nil })], mine: mine)
  }

  /// The entries of these ratings: those that came, and TMDB's ("–") when it did not.
  static func entries(_ ratings: [(RatingService, Rating?)], mine: Int?) -> [Entry] {
    let own = mine.map { [Entry(label: "", value: tr("★ your rating %s/10", String($0)), votes: "", tone: .yours)] }
    let scores = ratings.compactMap { service, rating -> Entry? in
      guard rating != nil || service == .tmdb else { return nil }
      return Entry(
        label: service.name, value: Formatters.rating(rating, scale: service.scale),
        votes: rating?.votes.map { " (" + Formatters.votes($0) + ")" } ?? "", tone: tone(rating, scale: service.scale))
    }
    return (own ?? []) + scores
  }

  /// The entries on as few lines of `width` as hold them, " · " between; an entry wider than a
  /// line is cut with "…" (never split, so no score loses its colour where a line ends).
  static func lines(_ entries: [Entry], width: Int) -> [DocumentLine] {
    let width = max(1, width)
    var lines: [DocumentLine] = []
    var line: DocumentLine = []
    var used = 0
    for entry in entries {
      if !line.isEmpty, used + 3 + entry.width > width {
        lines.append(line)
        (line, used) = ([], 0)
      }
      if !line.isEmpty {
        line.append(Span(" · ", Style(.muted)))
        used += 3
      }
      line += entry.width > width ? cut(entry.spans, to: width) : entry.spans
      used += min(entry.width, width)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The lines, at most `count` of them: the last says "…" where more did not fit.
  static func lines(_ entries: [Entry], width: Int, atMost count: Int) -> [DocumentLine] {
    let all = lines(entries, width: width)
    guard all.count > count, count > 0 else { return all }
    var shown = Array(all.prefix(count))
    let last = shown[count - 1]
    let lastWidth = last.reduce(0) { $0 + TextWidth.width(of: $1.text) }
    let more = Span(" …", Style(.muted))
    shown[count - 1] = (lastWidth + 2 <= width ? last : cut(last, to: width - 2)) + [more]
    return shown
  }

  /// The ratings as a document's block: a gap, then the lines.
  static func append(_ entries: [Entry], width: Int, into document: inout Document) {
    guard !entries.isEmpty else { return }
    document.gap()
    document.append(contentsOf: lines(entries, width: width))
  }

  /// A rating's colour on its scale: the list's one score rule, out of ten.
  static func tone(_ rating: Rating?, scale: RatingScale) -> Tone {
    guard let rating else { return .muted }
    let outOfTen = scale == .outOfTen ? rating.value : rating.value / 10
    return ListView.tone(forScore: outOfTen, votes: rating.votes ?? 1)
  }

  /// Spans cut to `width` columns, ending in "…" where anything was left off.
  static func cut(_ spans: [Span], to width: Int) -> [Span] {
    var left = max(0, width)
    var kept: [Span] = []
    for (index, span) in spans.enumerated() {
      guard left > 0 else { break }
      let spanWidth = TextWidth.width(of: span.text)
      if spanWidth < left || (spanWidth == left && index == spans.count - 1) {
        kept.append(span)
        left -= spanWidth
      } else {
        kept.append(Span(TextLayout.truncate(span.text + (spanWidth == left ? " " : ""), to: left), span.style))
        left = 0
      }
    }
    return kept
  }
}
