/// What the poster box shows around the poster wanted: the one it showed before (kept there while
/// the next is decoded) and the neighbours decoded ahead, so a move shows its poster at once.
public struct PosterTrail: Equatable, Sendable {
  /// The poster last wanted.
  public var wanted: PosterRequest?
  /// The poster last wanted that was drawn: the box shows it while the wanted one loads, when
  /// their boxes are the same size.
  public var standIn: PosterRequest?
  /// The neighbour being fetched ahead, at most one at a time (under `.posterAhead`).
  public var ahead: PosterRequest?

  /// Makes an empty trail.
  public init() {}
}

extension PosterSlot {
  /// Whether the slot holds something drawn: cell art or pixels.
  var isDrawn: Bool {
    switch self {
    case .loaded, .pixels: true
    case .loading, .unavailable: false
    }
  }
}

extension PosterHolding {
  /// What the box shows for `request` with `slot`: the slot itself, or while it loads, the poster
  /// drawn before in a box of the same size.
  public func shown(_ request: PosterRequest?, slot: PosterSlot?) -> PosterSlot? {
    guard let request, slot == nil || slot == .loading, let standIn = posterTrail.standIn,
      standIn.columns == request.columns, standIn.rows == request.rows, let kept = posters[standIn], kept.isDrawn
    else { return slot }
    return kept
  }
}
