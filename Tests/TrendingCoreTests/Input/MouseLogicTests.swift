import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The mouse")
struct MouseLogicTests {
  /// A click on a film row: its id, as a film pushed from that row and asked for.
  private func opened(_ movie: MediaSummary) -> (inout AppState) -> Void {
    { state in
      state.push(.film(FilmScreen(id: movie.id, known: movie)))
      state.shared[film: movie.id] = Loadable()
      state.shared[film: movie.id]?.begin()
    }
  }

  /// The popular tab shown, the trending one kept as it was left.
  private func popularShown(_ state: inout AppState) {
    state.tabs[.trending] = state.rootList
    state.rootList = ListScreen(kind: .popular, window: .week)
    state.rootList.list.begin()
  }

  @Test func theWheelScrollsAClickSelectsAndASecondClickOpens() {
    var store = TestStore(Sample.loaded(30))
    let first = ListLayout.rows(for: store.state.shared.size).row
    store.send(.mouse(MouseEvent(.wheelDown, row: first, column: 10))) { $0.rootList.selection = 3 }
    store.send(.mouse(MouseEvent(.press, row: first + 5, column: 10))) { $0.rootList.selection = 5 }
    let sixth = store.state.rootList.movies[5]
    store.send(.mouse(MouseEvent(.press, row: first + 5, column: 10)), effects: [.fetchFilm(6)], opened(sixth))
    // On the film: the header's title is not a button; the back marker goes back.
    store.send(.mouse(MouseEvent(.press, row: 0, column: 40)))
    store.send(.mouse(MouseEvent(.press, row: 0, column: 1))) { $0.pop() }
    // A click on a tab shows it.
    let tabs = TabBar.labels(active: .trending, browsing: .film, width: store.state.shared.size.width)
    let popular = (tabs.first { $0.target == .tab(.popular) }?.columns.lowerBound ?? 0) + 1
    store.send(
      .mouse(MouseEvent(.press, row: 1, column: popular)), effects: [.fetchList(ListPage(.popular))], popularShown)
  }

  @Test func theMouseRunsCommandsWhateverTheKeysAreBoundTo() {
    var state = Sample.loaded(30)
    state.shared.keys.unbind(.enter, in: KeyTable.pages)
    state.shared.keys.unbind(.character("2"), in: [.list])
    var store = TestStore(state)
    let first = ListLayout.rows(for: state.shared.size).row
    store.send(.mouse(MouseEvent(.press, row: first + 1, column: 10))) { $0.rootList.selection = 1 }
    store.send(
      .mouse(MouseEvent(.press, row: first + 1, column: 10)), effects: [.fetchFilm(2)],
      opened(state.rootList.movies[1]))
    store.send(.mouse(MouseEvent(.press, row: 0, column: 1))) { $0.pop() }
    let labels = TabBar.labels(active: .trending, browsing: .film, width: state.shared.size.width)
    let popular = (labels.first { $0.target == .tab(.popular) }?.columns.lowerBound ?? 0) + 1
    store.send(
      .mouse(MouseEvent(.press, row: 1, column: popular)), effects: [.fetchList(ListPage(.popular))], popularShown)
  }

  @Test(arguments: [80, 160])
  func aClickOnTheSwitchTurnsToTheOtherKindWhetherFoldedOrWhole(width: Int) {
    var state = Sample.loaded(30, size: Size(width: width, height: 24))
    let labels = TabBar.labels(active: .trending, browsing: .film, width: width)
    // At 80 columns the switch folds to "Films │" so that every film tab keeps its name.
    #expect((labels.first?.target == .folded(.film)) == (width == 80), "\(labels.map(\.label))")
    if width == 160 {
      let films = (labels.first { $0.target == .media(.film) }?.columns.lowerBound ?? 0) + 1
      #expect(Reducer.reduce(&state, .mouse(MouseEvent(.press, row: 1, column: films))).isEmpty)
      #expect(state.shared.browsing == .film, "Films is the kind shown: nothing to do")
    }
    let target = labels.first { [.folded(.film), .media(.series)].contains($0.target) }
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: 1, column: (target?.columns.lowerBound ?? 0) + 1)))
    #expect(state.shared.browsing == .series)
  }
}
