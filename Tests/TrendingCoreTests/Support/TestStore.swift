import TestSupport
import Testing

@testable import TrendingCore

/// Drives the reducer the way The Composable Architecture's `TestStore` does: each `send` states
/// how the whole state changes and exactly which effects come out, and anything else fails (but the
/// undo stack, which `UndoTests` states).
struct TestStore {
  /// The state after the last action.
  private(set) var state: AppState
  /// Where a mismatch is reported: a test issue, unless a test of the store itself listens.
  private let report: (String, SourceLocation) -> Void

  /// A store starting from `state`.
  init(
    _ state: AppState,
    report: @escaping (String, SourceLocation) -> Void = { Issue.record(Comment(rawValue: $0), sourceLocation: $1) }
  ) {
    self.state = state
    self.report = report
  }

  /// Sends `action`; `change` says how the state should change (everything else must not), and
  /// `effects` are the effects expected, in order.
  mutating func send(
    _ action: Action, effects expected: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout AppState) -> Void = { _ in }
  ) {
    var wanted = state
    change(&wanted)
    let effects = Reducer.reduce(&state, action)
    if effects != expected {
      report("effects of \(action): expected \(expected), got \(effects)", sourceLocation)
    }
    // What `u` would take back, and the count of saves answered it goes by, are the undo tests' to
    // state (`UndoTests`), not every mark's.
    (wanted.shared.undo, wanted.shared.undoDropped) = (state.shared.undo, state.shared.undoDropped)
    wanted.shared.changesAnswered = state.shared.changesAnswered
    wanted.shared.lastToggle = state.shared.lastToggle
    if state != wanted {
      report(
        "state after \(action) differs in: \(Self.differences(wanted, state).joined(separator: "; "))",
        sourceLocation)
      state = wanted
    }
  }

  /// Sends `action` without stating every change, as TCA's non-exhaustive store: the effects must
  /// be exactly `expected`, and what `change` states must hold afterwards (for the steps of a walk
  /// whose end is what the test is about).
  mutating func step(
    _ action: Action, effects expected: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
    holding change: (inout AppState) -> Void = { _ in }
  ) {
    let effects = Reducer.reduce(&state, action)
    if effects != expected {
      report("effects of \(action): expected \(expected), got \(effects)", sourceLocation)
    }
    var wanted = state
    change(&wanted)
    if state != wanted {
      report(
        "state after \(action) is not as stated: \(Self.differences(wanted, state).joined(separator: "; "))",
        sourceLocation)
    }
  }

  /// The stored properties that differ, with both values.
  static func differences(_ expected: AppState, _ actual: AppState) -> [String] {
    let left = Mirror(reflecting: expected).children
    let right = Array(Mirror(reflecting: actual).children)
    return zip(left, right).compactMap { pair in
      let (wanted, got) = pair
      let wantedText = String(describing: wanted.value)
      let gotText = String(describing: got.value)
      return wantedText == gotText ? nil : "\(wanted.label ?? "?"): expected \(wantedText), got \(gotText)"
    }
  }
}

@Suite("The test store")
struct TestStoreTests {
  @Test func anUnstatedChangeOrEffectFails() {
    var heard: [String] = []
    var unstated = TestStore(Sample.state()) { message, _ in heard.append(message) }
    unstated.send(.start, effects: [.loadMarks, .fetchList(ListPage())])
    #expect(heard.count == 1 && heard[0].contains("stack"), "a change nobody stated: \(heard)")
    heard = []
    var unexpected = TestStore(Sample.state()) { message, _ in heard.append(message) }
    unexpected.send(.start) { $0.rootList.list.begin() }
    #expect(heard.count == 1 && heard[0].hasPrefix("effects of start"), "an effect nobody expected: \(heard)")
    heard = []
    var exact = TestStore(Sample.state()) { message, _ in heard.append(message) }
    exact.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    #expect(heard.isEmpty)
  }

  @Test func theWaitOfAFilmIsStateTheStoreSees() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.enter), effects: [.fetchFilm(1)]) {
      $0.push(.film(FilmScreen(id: 1, known: $0.rootList.movies[0])))
      $0.shared[film: 1] = Loadable()
      $0.shared[film: 1]?.begin()
    }
    store.send(.waiting(.fetch(.film(1)), seconds: 30)) {
      $0.shared.waits[.fetch(.film(1))] = Sample.start.addingTimeInterval(30)
    }
    store.send(.key(.escape)) { $0.pop() }
  }
}

extension TestStore {
  /// Opens the film selected in the list showing with `key`: it is pushed, starting from its row,
  /// and asked for, the kept answer first, unless it is loaded already.
  mutating func openSelectedFilm(with key: Key = .enter, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let movie = state.shownList.selectedMovie else {
      Issue.record("no film is selected", sourceLocation: sourceLocation)
      return
    }
    let asked = state.shared.film(movie.id).value == nil
    send(.key(key), effects: asked ? [.fetchFilm(movie.id)] : [], sourceLocation: sourceLocation) {
      $0.push(.film(FilmScreen(id: movie.id, known: movie)))
      guard asked else { return }
      $0.shared[film: movie.id] = Loadable()
      $0.shared[film: movie.id]?.begin()
    }
  }

  /// Moves the list's selection down a row `count` times, the top row following once the
  /// selection leaves the screen.
  mutating func moveDown(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 0..<count {
      let rows = state.shared.visibleRows
      send(.key(.down), sourceLocation: sourceLocation) {
        $0.rootList.selection += 1
        $0.rootList.top = max($0.rootList.top, $0.rootList.selection - rows + 1)
      }
    }
  }
}
