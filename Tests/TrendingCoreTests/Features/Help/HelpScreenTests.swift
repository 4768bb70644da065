import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The help overlay")
struct HelpScreenTests {
  @Test func helpOpensAndAnyKeyClosesIt() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("?"))) { $0.help = HelpScreen() }
    store.send(.key(.character("q"))) { $0.help = nil }
    store.send(.key(.character("?"))) { $0.help = HelpScreen() }
    store.send(.key(.control("c")), effects: [.quit])
  }

  @Test func helpScrollsOnShortTerminalsAndAnyOtherKeyClosesIt() {
    var store = TestStore(Sample.loaded(size: Size(width: 40, height: 12)))
    store.send(.key(.character("?"))) { $0.help = HelpScreen() }
    let last = HelpScreen.rowCount(store.state) - (12 - 2)
    for line in 1...last { store.send(.key(.character("j"))) { $0.help?.scroll = line } }
    // The last line and no further.
    store.send(.key(.character("j")))
    store.send(.key(.character("k"))) { $0.help?.scroll = last - 1 }
    // Keys that close the help do nothing else.
    store.send(.key(.character("x"))) { $0.help = nil }
  }

  @Test func pagesFirstAndLastScrollTheHelpInsteadOfClosingIt() {
    var store = TestStore(Sample.loaded(size: Size(width: 40, height: 12)))
    store.send(.key(.character("?"))) { $0.help = HelpScreen() }
    let last = HelpScreen.rowCount(store.state) - (12 - 2)
    store.send(.key(.character("G"))) { $0.help?.scroll = last }
    store.send(.key(.character("g"))) { $0.help?.scroll = 0 }
    store.send(.key(.pageDown)) { $0.help?.scroll = min(last, 12 - 3) }
    store.send(.key(.pageUp)) { $0.help?.scroll = 0 }
    store.send(.key(.escape)) { $0.help = nil }
  }

  @Test func aWideScreenShowsTheHelpInColumnsSplitBetweenGroups() {
    let state = Sample.loaded(size: Size(width: 200, height: 60))
    let lines = HelpScreen.lines(state)
    let layout = HelpLayout(lines, width: 200)
    #expect(layout.columns.count >= 2, "two or three columns at 200")
    // Every line, in order: a long meaning goes on under blank keys, a note on lines of its own.
    let rejoined = layout.columns.flatMap { $0 }.reduce(into: [KeyTable.HelpLine]()) { joined, line in
      if case .binding("", let more) = line, case .binding(let keys, let meaning)? = joined.last {
        joined[joined.count - 1] = .binding(keys: keys, meaning: meaning + " " + more)
      } else {
        joined.append(line)
      }
    }
    let words = { (lines: [KeyTable.HelpLine]) in
      lines.map { line -> String in
        if case .note(let text) = line { return text }
        return "\(line)"
      }.joined(separator: " ")
    }
    #expect(words(rejoined) == words(lines))
    #expect(
      rejoined.filter { if case .note = $0 { false } else { true } }
        == lines.filter {
          if case .note = $0 { false } else { true }
        })
    for column in layout.columns.dropFirst() {
      if case .group = column.first {} else { Issue.record("a column starts with a group's name") }
    }
    #expect(layout.rows < lines.count)
    #expect(HelpLayout(lines, width: 80).columns.count == 1)
    // At 160x48 the list's help needs no scrolling: three columns, meanings wrapped within them.
    let middle = HelpLayout(lines, width: 160)
    #expect(middle.columns.count == 3 && middle.rows <= 46, "\(middle.columns.count) columns, \(middle.rows) rows")
    #expect(!lines.contains { if case .note(let text) = $0 { text.hasPrefix("id ") } else { false } }, "no ids")
  }

  @Test func theWheelScrollsTheHelpAndAClickClosesIt() {
    var store = TestStore(Sample.loaded(size: Size(width: 40, height: 12)))
    store.send(.key(.character("?"))) { $0.help = HelpScreen() }
    store.send(.mouse(MouseEvent(.wheelDown, row: 5, column: 5))) { $0.help?.scroll = 1 }
    store.send(.mouse(MouseEvent(.wheelUp, row: 5, column: 5))) { $0.help?.scroll = 0 }
    store.send(.mouse(MouseEvent(.wheelUp, row: 5, column: 5)))
    store.send(.mouse(MouseEvent(.press, row: 5, column: 5))) { $0.help = nil }
  }
}
