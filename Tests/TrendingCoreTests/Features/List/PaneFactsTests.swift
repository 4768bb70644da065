import AmodbKit
import TestSupport
import Testing

@testable import TrendingCore

/// The split list's pane asks for the selected title's details once the selection rests: one
/// request a title, none while `j` is held, none for details already had, none on narrow screens.
@Suite("The wide list's pane asks for the selection's details")
struct PaneFactsTests {
  static let wide = Size(width: 250, height: 70)

  @Test func theDetailsAreAskedOnceTheSelectionRests() {
    let state = Sample.loaded(30, size: Self.wide)
    #expect(state.shared.paneFactsWanted == .film(1), "the first row's, from the first frame")
    var store = TestStore(state)
    // Each move replaces the wait: holding j asks nothing.
    store.step(.key(.character("j")), effects: [.after(PaneFacts.delay, .paneFactsDue(.film(2)), id: .paneFacts)])
    #expect(store.state.rootList.selection == 1 && store.state.shared.paneFactsWanted == .film(2))
    store.step(.key(.character("j")), effects: [.after(PaneFacts.delay, .paneFactsDue(.film(3)), id: .paneFacts)])
    #expect(store.state.rootList.selection == 2 && store.state.shared.paneFactsWanted == .film(3))
    // A wait that was replaced asks nothing if it ever answers; the current one asks once.
    store.send(.paneFactsDue(.film(2)))
    store.send(.paneFactsDue(.film(3)), effects: [.fetchFilm(3)]) {
      $0.shared[film: 3] = Loadable()
      $0.shared[film: 3]?.begin()
    }
    store.send(.filmLoaded(3, .success(Sample.fetched(MovieDetails(id: 3, title: "Film 3"))))) {
      $0.shared[film: 3]?.succeed(MovieDetails(id: 3, title: "Film 3"), at: Sample.start)
    }
    // Back on it later: the details are had, nothing is asked or awaited.
    store.step(.key(.character("k")), effects: [.after(PaneFacts.delay, .paneFactsDue(.film(2)), id: .paneFacts)])
    #expect(store.state.rootList.selection == 1 && store.state.shared.paneFactsWanted == .film(2))
    store.step(.key(.character("j")), effects: [.cancel(.paneFacts)])
    #expect(store.state.rootList.selection == 2 && store.state.shared.paneFactsWanted == .film(3))
  }

  @Test func aNarrowListOrAnotherScreenWantsNone() {
    #expect(Sample.loaded(30).shared.paneFactsWanted == nil, "80 columns have no pane")
    var state = Sample.loaded(30, size: Self.wide)
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(state.shared.paneFactsWanted == nil, "a film screen asks for its own")
  }
}
