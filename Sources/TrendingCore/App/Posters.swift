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

  /// Schedules the wanted poster (after a short rest) and cancels the one no longer wanted; once
  /// the wanted one is in, fetches the first of `ahead` not had yet (the neighbours of the
  /// selection), one at a time.
  static func reconcile(
    wanted: PosterRequest?, ahead: [PosterRequest] = [], _ shared: inout some PosterHolding
  ) -> [Effect] {
    var effects: [Effect] = []
    if wanted != shared.posterTrail.wanted {
      // The poster the box showed stays there while the next one is decoded.
      if let shown = shared.posterTrail.wanted, shared.posters[shown]?.isDrawn == true {
        shared.posterTrail.standIn = shown
      }
      shared.posterTrail.wanted = wanted
    }
    if let inFlight = shared.posterInFlight, inFlight != wanted {
      effects.append(.cancel(.poster))
      shared.posters[inFlight] = nil
      shared.posterInFlight = nil
    }
    if let wanted, shared.posters[wanted] == nil {
      makeRoom(&shared)
      shared.posters[wanted] = .loading
      shared.posterInFlight = wanted
      effects.append(.after(delay, .posterDue(wanted), id: .poster))
    }
    return effects + fetchAhead(ahead, wanted: wanted, &shared)
  }

  /// The neighbours' posters, fetched one at a time once the wanted one is no longer loading; one
  /// on its way that is no longer a neighbour (nor the one wanted) is cancelled.
  private static func fetchAhead(
    _ ahead: [PosterRequest], wanted: PosterRequest?, _ shared: inout some PosterHolding
  ) -> [Effect] {
    var effects: [Effect] = []
    if let going = shared.posterTrail.ahead {
      guard shared.posters[going] == .loading else {
        shared.posterTrail.ahead = nil
        return fetchAhead(ahead, wanted: wanted, &shared)
      }
      if ahead.contains(going) || going == wanted { return [] }
      effects.append(.cancel(.posterAhead))
      shared.posters[going] = nil
      shared.posterTrail.ahead = nil
    }
    if let wanted, shared.posters[wanted] == .loading { return effects }
    guard let next = ahead.first(where: { shared.posters[$0] == nil }) else { return effects }
    makeRoom(&shared)
    shared.posters[next] = .loading
    shared.posterTrail.ahead = next
    // After the same rest as the wanted one: holding `j` starts no downloads ahead.
    return effects + [.after(delay, .posterDue(next), id: .posterAhead)]
  }

  /// At `capacity`, lets go of every poster but those on their way, the one wanted and the one
  /// the box shows meanwhile.
  private static func makeRoom(_ shared: inout some PosterHolding) {
    guard shared.posters.count >= capacity else { return }
    let trail = shared.posterTrail
    shared.posters = shared.posters.filter { $0.value == .loading || $0.key == trail.wanted || $0.key == trail.standIn }
  }

  /// The selection rested: the poster is fetched now when it is still the one wanted (under the
  /// same identity, so the wait is replaced), or the neighbour to decode ahead.
  static func due(_ request: PosterRequest, _ shared: some PosterHolding) -> [Effect] {
    if shared.posterInFlight == request { return [.fetchPoster(request)] }
    return shared.posterTrail.ahead == request ? [.fetchPosterAhead(request)] : []
  }

  /// A poster drawn as cells, or not to be had.
  static func loaded(_ request: PosterRequest, _ art: PosterArt?, _ shared: inout some PosterHolding) {
    guard shared.posters[request] == .loading else { return }
    shared.posters[request] = art.map(PosterSlot.loaded) ?? .unavailable
    settled(request, &shared)
  }

  /// `request`'s poster is in: neither the one nor the neighbour on its way any more.
  private static func settled(_ request: PosterRequest, _ shared: inout some PosterHolding) {
    if shared.posterInFlight == request { shared.posterInFlight = nil }
    if shared.posterTrail.ahead == request { shared.posterTrail.ahead = nil }
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
    settled(request, &shared)
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
    settled(request, &shared)
    return transmit.map { [.writeTerminal($0)] } ?? []
  }

  /// Posters are drawn another way from now on: every one is drawn again.
  static func redrawAll(note: String, _ shared: inout Shared) -> [Effect] {
    shared.imagesNote = note
    return forgetAll(&shared)
  }

  /// Lets go of every poster drawn or on its way (cancelling the download), to draw them again.
  static func forgetAll(_ holder: inout some PosterHolding) -> [Effect] {
    var effects: [Effect] = holder.posterInFlight != nil ? [.cancel(.poster)] : []
    if holder.posterTrail.ahead != nil { effects.append(.cancel(.posterAhead)) }
    holder.posters = [:]
    holder.posterInFlight = nil
    holder.posterTrail = PosterTrail()
    return effects
  }
}
