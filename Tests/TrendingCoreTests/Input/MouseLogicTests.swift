import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The mouse")
struct MouseLogicTests {
  @Test func theWheelScrollsAClickSelectsAndASecondClickOpens() {
    var state = Sample.loaded(30)
    let first = ListLayout.rows(for: state.shared.size).row
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.wheelDown, row: first, column: 10)))
    #expect(state.rootList.selection == 3)
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: first + 5, column: 10)))
    #expect(state.rootList.selection == 5)
    #expect(
      Reducer.reduce(&state, .mouse(MouseEvent(.press, row: first + 5, column: 10))) == [
        .fetchFilm(6)
      ])
    // On the film: the back marker in the header goes back.
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: 0, column: 40)))
    #expect(state.stack.count == 2, "the header's title is not a button")
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: 0, column: 1)))
    #expect(state.stack.count == 1)
    // A click on a tab shows it.
    let tabs = TabBar.labels(active: .trending, width: state.shared.size.width)
    let popular = tabs[1].columns.lowerBound + 1
    #expect(
      Reducer.reduce(&state, .mouse(MouseEvent(.press, row: 1, column: popular))) == [
        .fetchList(ListPage(.popular, page: 1))
      ])
  }

  @Test func theMouseRunsCommandsWhateverTheKeysAreBoundTo() {
    var state = Sample.loaded(30)
    state.shared.keys.unbind(.enter, in: KeyTable.pages)
    state.shared.keys.unbind(.character("2"), in: [.list])
    let first = ListLayout.rows(for: state.shared.size).row
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: first + 1, column: 10)))
    #expect(
      Reducer.reduce(&state, .mouse(MouseEvent(.press, row: first + 1, column: 10))) == [
        .fetchFilm(2)
      ])
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: 0, column: 1)))
    let popular = TabBar.labels(active: .trending, width: state.shared.size.width)[1].columns.lowerBound + 1
    #expect(
      Reducer.reduce(&state, .mouse(MouseEvent(.press, row: 1, column: popular))) == [
        .fetchList(ListPage(.popular, page: 1))
      ])
  }
}
