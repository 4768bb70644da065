import PosterKit

/// The posters: which one the screen wants, one download at a time under the identity `.poster`,
/// and what each answer leaves drawn.
enum PosterLogic {
  /// The most posters kept drawn in the state: as many as the details kept. A 34×26-cell poster
  /// takes 21 KB and one on a 200-column screen 65 KB; one let go is drawn again from the disk cache
  /// in a few milliseconds.
  static let capacity = 24

  /// How long the selection rests on a film before its poster is fetched, so that holding `j`
  /// starts (almost) no downloads.
  static let delay = Duration.milliseconds(120)

  /// Schedules the wanted poster (after a short rest) and cancels the one no longer wanted.
  static func reconcile(wanted: PosterRequest?, _ shared: inout some PosterHolding) -> [Effect] {
    var effects: [Effect] = []
    if let inFlight = shared.posterInFlight, inFlight != wanted {
      effects.append(.cancel(.poster))
      shared.posters[inFlight] = nil
      shared.posterInFlight = nil
    }
    if let wanted, shared.posters[wanted] == nil {
      if shared.posters.count >= capacity {
        shared.posters = shared.posters.filter { $0.value == .loading }
      }
      shared.posters[wanted] = .loading
      shared.posterInFlight = wanted
      effects.append(.after(delay, .posterDue(wanted), id: .poster))
    }
    return effects
  }

  /// The selection rested: the poster is fetched now when it is still the one wanted (under the
  /// same identity, so the wait is replaced).
  static func due(_ request: PosterRequest, _ shared: some PosterHolding) -> [Effect] {
    shared.posterInFlight == request ? [.fetchPoster(request)] : []
  }

  /// A poster drawn as cells, or not to be had.
  static func loaded(_ request: PosterRequest, _ art: PosterArt?, _ shared: inout some PosterHolding) {
    guard shared.posters[request] == .loading else { return }
    shared.posters[request] = art.map(PosterSlot.loaded) ?? .unavailable
    if shared.posterInFlight == request { shared.posterInFlight = nil }
  }

  /// A poster as kitty placeholders; the image id used again lets go of the poster holding it.
  static func graphics(
    _ request: PosterRequest, _ art: PosterArt, transmit: String, _ shared: inout some PosterHolding
  )
    -> [Effect]
  {
    guard shared.posters[request] == .loading else { return [] }
    if let id = art.cells.first.flatMap(KittyGraphics.id) {
      shared.posters = shared.posters.filter { entry in
        guard case .loaded(let old) = entry.value else { return true }
        return old.cells.first.flatMap(KittyGraphics.id) != id
      }
    }
    shared.posters[request] = .loaded(art)
    if shared.posterInFlight == request { shared.posterInFlight = nil }
    return [.writeTerminal(transmit)]
  }

  /// A poster as pixels over the cells; an id used again (kitty) lets go of the poster holding it.
  static func pixels(
    _ request: PosterRequest, _ poster: PixelPoster, transmit: String?, _ shared: inout some PosterHolding
  )
    -> [Effect]
  {
    guard shared.posters[request] == .loading else { return [] }
    if let erase = poster.erase {
      shared.posters = shared.posters.filter { entry in
        guard case .pixels(let old) = entry.value else { return true }
        return old.erase != erase
      }
    }
    shared.posters[request] = .pixels(poster)
    if shared.posterInFlight == request { shared.posterInFlight = nil }
    return transmit.map { [.writeTerminal($0)] } ?? []
  }

  /// Posters are drawn another way from now on: every one is drawn again.
  static func redrawAll(note: String, _ shared: inout Shared) -> [Effect] {
    shared.imagesNote = note
    return forgetAll(&shared)
  }

  /// Lets go of every poster drawn or on its way (cancelling the download), to draw them again.
  static func forgetAll(_ holder: inout some PosterHolding) -> [Effect] {
    let effects: [Effect] = holder.posterInFlight != nil ? [.cancel(.poster)] : []
    holder.posters = [:]
    holder.posterInFlight = nil
    return effects
  }
}
