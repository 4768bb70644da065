import AmodbKit
import TrendingCore

extension Prompt {
  /// The words before what is typed in at most `width` columns: the title shortened first
  /// ("Dr. Strangelove or: How I…", an episode's code kept), then what the keys do left to the hint
  /// bar ("Note on Squid Game:"), the title shortened again; where even that leaves them over, the
  /// line cuts them as any.
  func label(width: Int) -> String {
    let full = label
    guard problem == nil, TextWidth.width(of: full) > width, !film.title.isEmpty else { return full }
    return fitted(width, brief: false) ?? fitted(width, brief: true)
      ?? label(naming: Self.name(of: film, episode: episode), brief: true)
  }

  /// The label in `width` columns, the title shortened as far as `shortestTitle`; nil when it cannot be.
  private func fitted(_ width: Int, brief: Bool) -> String? {
    let whole = label(naming: Self.name(of: film, episode: episode), brief: brief)
    let over = TextWidth.width(of: whole) - width
    guard over > 0 else { return whole }
    let kept = TextWidth.width(of: film.title) - over
    guard kept >= Self.shortestTitle else { return nil }
    let shortened = TextLayout.truncate(film.title, to: kept)
    return label(naming: episode.map { shortened + " " + $0.code } ?? shortened, brief: brief)
  }

  /// The fewest columns a shortened title keeps: fewer names nothing.
  static let shortestTitle = 12
}
