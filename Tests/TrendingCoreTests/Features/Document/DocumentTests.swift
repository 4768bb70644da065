import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("Documents: links and scrolling")
struct DocumentTests {
  static let layout = DocumentLayout(
    maxScroll: 40,
    links: [
      DocumentLink(line: 12, target: .person(7)), DocumentLink(line: 13, target: .person(8)),
      DocumentLink(line: 60, target: .film(99)),
    ])

  @Test func jStopsAtEachLinkOnScreenAndScrollsBetween() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    store.send(.documentLayout(Self.layout)) { $0.cursor?.layout = Self.layout }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.down)) { $0.cursor?.selected = 1 }
    // The next link is far below: j scrolls a line at a time until it comes into view.
    store.send(.key(.down)) { $0.detailScroll = 1 }
    for _ in 0..<40 { store.step(.key(.down)) }
    store.step(.key(.down)) { $0.cursor?.selected = 2 }
    // A link scrolled away is let go.
    store.send(.key(.pageUp)) {
      $0.detailScroll = 19
      $0.cursor?.selected = nil
    }
    // Enter without a link does nothing.
    store.send(.key(.enter))
    // Home goes to the top and selects the first link there, End the last at the bottom, as a
    // list's first and last rows are.
    store.send(.key(.home)) {
      $0.detailScroll = 0
      $0.cursor?.selected = 0
    }
    store.send(.key(.end)) {
      $0.detailScroll = 40
      $0.cursor?.selected = 2
    }
  }

  @Test func clicksOnADocumentSelectThenOpenLinks() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    let layout = DocumentLayout(maxScroll: 10, links: [DocumentLink(line: 4, target: .person(5))])
    store.send(.documentLayout(layout)) { $0.cursor?.layout = layout }
    let body = Chrome(store.state.shared.size).body.row
    // Not a link.
    store.send(.mouse(MouseEvent(.press, row: body + 3, column: 5)))
    store.send(.mouse(MouseEvent(.press, row: body + 4, column: 5))) { $0.cursor?.selected = 0 }
    store.send(.mouse(MouseEvent(.press, row: body + 4, column: 5)), effects: [.fetchPerson(5)]) {
      $0.push(.person(PersonScreen(id: 5)))
      $0.shared[person: 5] = Loadable()
      $0.shared[person: 5]?.begin()
    }
    store.send(.key(.escape)) { $0.pop() }
    // Three lines a notch; the link, still on screen, stays selected.
    store.send(.mouse(MouseEvent(.wheelDown, row: body, column: 5))) { $0.detailScroll = 3 }
  }

  @Test func linksSideBySideAreSteppedInReadingOrderAndClickedByColumn() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    let layout = DocumentLayout(
      maxScroll: 0,
      links: [
        DocumentLink(line: 3, target: .person(1), columns: 1..<40),
        DocumentLink(line: 3, target: .person(2), columns: 42..<80),
        DocumentLink(line: 4, target: .person(3), columns: 1..<40),
      ])
    store.send(.documentLayout(layout)) { $0.cursor?.layout = layout }
    // Left, then right on the same line, then the next line.
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.down)) { $0.cursor?.selected = 1 }
    store.send(.key(.down)) { $0.cursor?.selected = 2 }
    store.send(.key(.up)) { $0.cursor?.selected = 1 }
    let row = Chrome(store.state.shared.size).body.row + 3
    store.send(.mouse(MouseEvent(.press, row: row, column: 10))) { $0.cursor?.selected = 0 }
    store.send(.mouse(MouseEvent(.press, row: row, column: 60))) { $0.cursor?.selected = 1 }
    // Between the two: on neither.
    store.send(.mouse(MouseEvent(.press, row: row, column: 41)))
    store.send(.mouse(MouseEvent(.press, row: row, column: 60)), effects: [.fetchPerson(2)]) {
      $0.push(.person(PersonScreen(id: 2)))
      $0.shared[person: 2] = Loadable()
      $0.shared[person: 2]?.begin()
    }
  }
}
