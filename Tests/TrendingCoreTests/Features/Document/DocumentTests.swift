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
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .documentLayout(Self.layout))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.cursor?.selectedTarget == .person(7))
    #expect(state.detailScroll == 0)
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.cursor?.selectedTarget == .person(8))
    // The next link is far below: j scrolls a line at a time until it comes into view.
    _ = Reducer.reduce(&state, .key(.down))
    #expect(state.detailScroll == 1)
    #expect(state.cursor?.selectedTarget == .person(8))
    for _ in 0..<40 { _ = Reducer.reduce(&state, .key(.down)) }
    #expect(state.cursor?.selectedTarget == .film(99))
    _ = Reducer.reduce(&state, .key(.home))
    #expect(state.detailScroll == 0)
    #expect(state.cursor?.selected == nil, "a link scrolled away is let go")
    #expect(Reducer.reduce(&state, .key(.enter)).isEmpty, "enter without a link does nothing")
  }

  @Test func clicksOnADocumentSelectThenOpenLinks() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    let layout = DocumentLayout(maxScroll: 10, links: [DocumentLink(line: 4, target: .person(5))])
    _ = Reducer.reduce(&state, .documentLayout(layout))
    let body = Chrome(state.shared.size).body.row
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: body + 3, column: 5)))
    #expect(state.cursor?.selected == nil, "not a link")
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.press, row: body + 4, column: 5)))
    #expect(state.cursor?.selectedTarget == .person(5))
    #expect(
      Reducer.reduce(&state, .mouse(MouseEvent(.press, row: body + 4, column: 5))) == [
        .fetchPerson(5)
      ])
    _ = Reducer.reduce(&state, .key(.escape))
    _ = Reducer.reduce(&state, .mouse(MouseEvent(.wheelDown, row: body, column: 5)))
    #expect(state.detailScroll == 3)
  }
}
