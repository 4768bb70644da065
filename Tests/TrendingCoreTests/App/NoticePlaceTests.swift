import AmodbKit
import Testing

@testable import TrendingCore

/// A status message belongs to where it was said: another list in the same place (`w`'s other
/// window) takes it away, a move in the same list does not.
@Suite("A message and the place it was said")
struct NoticePlaceTests {
  @Test func anotherWindowOfTheListTakesTheMessageAway() {
    var state = Sample.loaded(5)
    state.shared.say("Seen titles hidden: 0 here.", .message)
    _ = Reducer.reduce(&state, .key(.character("j")))
    #expect(state.shared.currentNotice?.text == "Seen titles hidden: 0 here.", "a move keeps it")
    _ = Reducer.reduce(&state, .key(.character("w")))
    #expect(state.rootList.window == .day)
    #expect(state.shared.currentNotice == nil, "said of the week's list, not the day's")
  }
}
