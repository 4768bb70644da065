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
    let lines = store.state.shared.keys.helpLines(in: .list).count
    let last = lines - (12 - 2)
    for line in 1...last { store.send(.key(.character("j"))) { $0.help?.scroll = line } }
    // The last line and no further.
    store.send(.key(.character("j")))
    store.send(.key(.character("k"))) { $0.help?.scroll = last - 1 }
    // Keys that close the help do nothing else.
    store.send(.key(.character("x"))) { $0.help = nil }
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
