import AmodbKit
import Testing
import TrendingCore

@testable import TrendingViews

/// A terminal below the smallest size shows only that, and keeps what is being typed.
@Suite("A terminal too small")
struct TooSmallTests {
  /// A note half typed when the terminal shrinks: q is a letter of it, not the way out, and it is
  /// all there once the terminal is larger; ^C drops it, as on any line, and then q quits.
  @Test func aLineBeingTypedOutlastsATerminalTooSmall() {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.prompt = Prompt(.note, film: Scenes.films[0], state.shared)
    state.prompt?.text = "a long note"
    _ = Reducer.reduce(&state, .resize(Size(width: 26, height: 6)))
    #expect(Reducer.reduce(&state, .key(.character("q"))).isEmpty)
    let screen = Renderer.render(state).screen
    #expect((0..<screen.height).map(screen.line).joined().contains("What you typed is kept."))
    _ = Reducer.reduce(&state, .resize(Size(width: 80, height: 24)))
    #expect(state.prompt?.text == "a long note")
    _ = Reducer.reduce(&state, .resize(Size(width: 26, height: 6)))
    _ = Reducer.reduce(&state, .key(.control("c")))
    #expect(state.prompt == nil, "^C drops the line")
    #expect(Reducer.reduce(&state, .key(.character("q"))).contains(.quit))
  }
}
