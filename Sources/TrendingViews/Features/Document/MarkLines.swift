import AmodbKit
import Localization
import TrendingCore

/// What a film's or series' screen says of the user's own marks: on the watchlist, seen, "not
/// interested", then their note (their rating leads the ratings, `RatingLines`).
enum MarkLines {
  /// The lines, wrapped to `width` (none when the mark says nothing).
  static func append(_ mark: Mark?, width: Int, into document: inout Document) {
    guard let mark else { return }
    let words = [
      mark.onWatchlist ? tr("+ on your watchlist") : nil,
      mark.seen.map { tr("✓ seen %s", Dates.written(text: $0)) },
      mark.hidden ? tr("not interested (x shows it again)") : nil,
    ].compactMap { $0 }
    if !words.isEmpty {
      let tone: Tone = mark.seen != nil ? .good : .accent
      document.append(
        contentsOf: TextLayout.wrap(facts: words, width: width).map { [Span($0, Style(tone))] })
    }
    note(mark.note, width: width, into: &document)
  }

  /// The user's note ("✎ …"), wrapped to `width` under its mark, its own lines kept: a title's or
  /// an episode's.
  static func note(_ note: String?, width: Int, into document: inout Document) {
    guard let note else { return }
    let lines = TextLayout.wrap(note, width: max(1, width - 2))
    document.append(
      contentsOf: lines.enumerated().map { index, line in [Span((index == 0 ? "✎ " : "  ") + line, Style(.muted))] })
  }
}
