/// What holds posters drawn or on their way: the browser's `Shared`, or a screen of its own
/// (`PosterSlots`), so both go through the same rules (`PosterLogic`).
public protocol PosterHolding {
  /// Posters drawn or on their way, by image and box.
  var posters: [PosterRequest: PosterSlot] { get set }
  /// The poster being fetched, at most one at a time.
  var posterInFlight: PosterRequest? { get set }
  /// The poster shown before the one wanted, and the neighbours fetched ahead.
  var posterTrail: PosterTrail { get set }
}

extension Shared: PosterHolding {}

/// The posters of a full-screen view run outside the browser (`import --resolve`): the browser's
/// rules for wanting, fetching once the selection rests, cancelling and keeping what answered.
public struct PosterSlots: PosterHolding, Equatable, Sendable {
  /// Posters drawn or on their way, by image and box.
  public var posters: [PosterRequest: PosterSlot] = [:]
  /// The poster being fetched, at most one at a time.
  public var posterInFlight: PosterRequest?
  /// The poster shown before the one wanted, and the neighbours fetched ahead.
  public var posterTrail = PosterTrail()

  /// Makes an empty set.
  public init() {}

  /// What is known of `request`'s poster: on its way, drawn, or not to be had (nil: not asked).
  public subscript(_ request: PosterRequest) -> PosterSlot? { posters[request] }

  /// Wants `request`'s poster (nil: none): the effects that fetch it once the selection has rested
  /// and cancel the one no longer wanted.
  public mutating func want(_ request: PosterRequest?) -> [Effect] {
    PosterLogic.reconcile(wanted: request, &self)
  }

  /// Takes an effect's answer about a poster; the effects it leads to, or nil when `action` is not
  /// about posters.
  public mutating func take(_ action: Action) -> [Effect]? {
    switch action {
    case .posterDue(let request): return PosterLogic.due(request, self)
    case .posterLoaded(let request, let art):
      PosterLogic.loaded(request, art, &self)
      return []
    case .graphicsReady(let request, let art, let transmit):
      return PosterLogic.graphics(request, art, transmit: transmit, &self)
    case .pixelsReady(let request, let poster, let transmit):
      return PosterLogic.pixels(request, poster, transmit: transmit, &self)
    default: return nil
    }
  }

  /// Lets go of every poster (they are drawn another way from now on); the effects that cancel.
  public mutating func forgetAll() -> [Effect] {
    PosterLogic.forgetAll(&self)
  }
}
