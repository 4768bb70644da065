import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The screens at 160x48 and 250x70, where the wide layout takes over: the table as wide as its
/// titles, the poster pane and the facts under it, text at a readable measure, sections side by side.
@Suite("Snapshots: the wide layout")
struct WideLayoutSnapshotTests {
  static let sizes = [Size(width: 160, height: 48), Size(width: 250, height: 70)]

  init() {
    TextWidth.prepareLocale()
  }

  private func check(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    ScreenSnapshotTests.check(state, name, sourceLocation: sourceLocation)
  }

  @Test(arguments: sizes)
  func theListWithItsPosterAndTheSelectedFilmsFacts(size: Size) {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    var state = Scenes.list(size, films: films)
    state.shared[film: films[1].id] = Loadable(value: Scenes.fullDetails, fetchedAt: Scenes.now)
    check(PosterSnapshotTests.withPoster(state), "wide-list")
  }

  @Test(arguments: sizes)
  func theFilmAtAReadableMeasureWithCastBesideCrew(size: Size) {
    var details = Scenes.fullDetails
    details.posterPath = "/oppenheimer.jpg"
    check(PosterSnapshotTests.withPoster(Scenes.detail(size, details: details)), "wide-film")
  }

  @Test(arguments: sizes)
  func aPersonWithoutAPhotoGetsTheirInitials(size: Size) {
    var state = ScreenSnapshotTests.person(size)
    state.shared.imagesEnabled = true
    check(state, "wide-person")
  }

  @Test(arguments: sizes)
  func theHelpInColumns(size: Size) {
    var state = Scenes.list(size)
    _ = Reducer.reduce(&state, .key(.character("?")))
    check(state, "wide-help")
  }
}
