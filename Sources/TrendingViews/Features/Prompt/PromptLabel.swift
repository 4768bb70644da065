import AmodbKit
import TrendingCore

extension Prompt {
  /// The words before what is typed in at most `width` columns: the title shortened first
  /// ("Dr. Strangelove or: How I…", an episode's code kept), so what the keys do stays said; where
  /// even a short title leaves them over, the line cuts them as any.
  func label(width: Int) -> String {
    let full = label
    let over = TextWidth.width(of: full) - width
    guard problem == nil, over > 0, !film.title.isEmpty else { return full }
    let kept = TextWidth.width(of: film.title) - over
    guard kept >= Self.shortestTitle else { return full }
    let shortened = TextLayout.truncate(film.title, to: kept)
    return label(naming: episode.map { shortened + " " + $0.code } ?? shortened)
  }

  /// The fewest columns a shortened title keeps: fewer names nothing.
  static let shortestTitle = 12
}
