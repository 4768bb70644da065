import AmodbKit
import Localization
import TrendingCore

/// What a film's or series' screen says of the user's own marks: on the watchlist, seen, "not
/// interested", then their note (their rating leads the ratings, `RatingLines`).
enum MarkLines {
  /// The most lines of a note shown before "… more": an imported review can run to pages, and the
  /// film's facts come after it.
  static let noteLines = 6

  /// The lines, wrapped to `width` (none when the mark says nothing); `expanded` as in `note`.
  static func append(_ mark: Mark?, width: Int, expanded: Bool? = nil, into document: inout Document) {
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
    note(mark.note, width: width, expanded: expanded, into: &document)
  }

  /// The user's note ("✎ …"), wrapped to `width` under its mark, its own lines kept: a title's or
  /// an episode's. `expanded`: a screen that folds long texts (false: the first `noteLines` and
  /// "… more", true: whole with "less"); nil: whole, as printed.
  static func note(_ note: String?, width: Int, expanded: Bool? = nil, into document: inout Document) {
    guard let note else { return }
    let lines = TextLayout.wrap(note, width: max(1, width - 2))
    let folds = expanded != nil && lines.count > noteLines + 1
    let shown = folds && expanded == false ? noteLines : lines.count
    document.append(
      contentsOf: lines.prefix(shown).enumerated().map { index, line in
        [Span((index == 0 ? "✎ " : "  ") + line, Style(.muted))]
      })
    guard folds else { return }
    let toggle = shown < lines.count ? trn("… more (%s line)", "… more (%s lines)", lines.count - shown) : tr("less")
    document.append([Span("  " + toggle, Style(.link))], link: .expand)
  }
}
