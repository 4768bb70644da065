import AmodbKit
import Foundation
import LibraryKit
import Synchronization
import TestSupport
import Testing
import TrendingCore

@testable import TerminalUI
@testable import TrendingViews

/// A terminal in memory: scripted input, every drawn screen kept.
final class MemoryBackend: TerminalBackend {
  var size: Size
  var inputs: [TerminalInput] = []
  var screens: [Screen] = []
  var isShutDown = false

  init(size: Size) {
    self.size = size
  }

  var inputDescriptor: Int32 { -1 }

  func draw(_ screen: Screen) {
    screens.append(screen)
  }

  func pendingInput() -> [TerminalInput] {
    defer { inputs.removeAll() }
    return inputs
  }

  func suspend() {}
  func resumeAfterOutsideStop() {}
  func redraw() {}

  func adoptNewSize() -> Size { size }

  func shutdown() {
    isShutDown = true
  }
}

/// The demo's answers, with every request's URL kept.
final class CountingTransport: Transport {
  private let demo = DemoTransport()
  /// The URLs asked for, in order.
  let requests = Mutex<[String]>([])

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    requests.withLock { $0.append(request.url.absoluteString) }
    return try await demo.send(request)
  }
}

@Suite("The run loop with the demo client")
struct AppRunnerTests {
  /// How long a wait for the demo's answers may last. Generous: the answers are pool tasks, and
  /// while the other suites' blocking tests hold both of the pool's threads they come late (106 s
  /// into this suite with two busy neighbours); each wait ends as soon as its answer is in.
  static let answerDeadline: Duration = .seconds(300)

  private func waitUntilIdle(_ app: AppRunner, runner: EffectRunner) async {
    let deadline = ContinuousClock.now + Self.answerDeadline
    while ContinuousClock.now < deadline {
      // Nothing counting before the step means everything answered is in the inbox it drains.
      let quiet = runner.inFlight == 0
      app.step()
      app.draw()
      if quiet, runner.inFlight == 0, !app.currentState.isBusy, app.currentState.shared.posterInFlight == nil { return }
      try? await Task.sleep(for: .milliseconds(10))
    }
  }

  /// An effect runner over the demo data, and the inbox its answers go to.
  private func demoRunner() -> (EffectRunner, ActionInbox) {
    TextWidth.prepareLocale()
    let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())
    let inbox = ActionInbox()
    let images = ImageLoader(configuration: DemoTransport.configuration(), transport: DemoTransport())
    return (EffectRunner(client: client, images: images, posterMode: .indexed256, inbox: inbox), inbox)
  }

  @Test func theFirstListAskedBeforeTheTerminalIsTheFirstFrame() async throws {
    TextWidth.prepareLocale()
    let transport = CountingTransport()
    let client = AmodbClient(configuration: DemoTransport.configuration(), transport: transport)
    let inbox = ActionInbox()
    let images = ImageLoader(configuration: DemoTransport.configuration(), transport: DemoTransport())
    let runner = EffectRunner(client: client, images: images, posterMode: .indexed256, inbox: inbox)
    var state = AppState(language: "en-US", size: Size(width: 80, height: 24), now: Date())
    let held = AppRunner.askFirst(&state, runner: runner)
    #expect(runner.inFlight > 0, "the list was asked for")
    #expect(held == [.loadMarks], "the marks wait for the first frame")
    // The terminal takes its time to set up; the answers wait in the inbox meanwhile.
    let deadline = ContinuousClock.now + Self.answerDeadline
    while runner.inFlight > 0, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    let backend = MemoryBackend(size: Size(width: 90, height: 24))
    let app = AppRunner(
      state: state, backend: backend, runner: runner, inbox: inbox, asked: true, afterFirstFrame: held)
    app.start()
    let first = try #require(backend.screens.first)
    #expect(backend.screens.count == 1)
    #expect(first.width == 90, "drawn at the terminal's size")
    #expect(first.plainText.contains("Dune: Part Two"), "the list, not a frame of Loading…")
    await waitUntilIdle(app, runner: runner)
    let firstPages = transport.requests.withLock { $0.filter { $0.contains("/trending/") && $0.contains("page=1") } }
    #expect(firstPages.count == 1, "\(firstPages)")
  }

  /// On a held executor the first list's request waits for the drain, and the thread that drains
  /// it has the answer in the inbox when the drain returns (the demo's, shared request and all).
  @Test func theFirstListAskedOnAHeldExecutorIsAnsweredByItsDrain() {
    let (runner, inbox) = demoRunner()
    let executor = HeldExecutor { [inbox] in inbox.wake() }
    var state = AppState(language: "en-US", size: Size(width: 80, height: 24), now: Date())
    let held = AppRunner.askFirst(&state, runner: runner, on: executor)
    #expect(held == [.loadMarks])
    #expect(!inbox.drain().contains { if case .fetched = $0 { true } else { false } }, "nothing ran before the drain")
    #expect(executor.drain() > 0)
    let answers = inbox.drain()
    #expect(answers.contains { if case .fetched(_, .success) = $0 { true } else { false } }, "\(answers)")
    executor.release()
  }

  @Test func theMarksWaitForTheFirstFrameUnlessSeenTitlesAreHidden() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("held-\(UUID().uuidString)")
    let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())
    let images = ImageLoader(configuration: DemoTransport.configuration(), transport: DemoTransport())
    let inbox = ActionInbox()
    let runner = EffectRunner(
      client: client, images: images, posterMode: .indexed256, inbox: inbox,
      library: LibraryService(path: folder.appendingPathComponent("library.sqlite3")))
    var hiding = AppState(language: "en-US", size: Size(width: 80, height: 24), now: Date())
    hiding.shared.hideSeen = true
    #expect(AppRunner.askFirst(&hiding, runner: runner).isEmpty, "hidden rows need the marks first")
    var state = AppState(language: "en-US", size: Size(width: 80, height: 24), now: Date())
    let held = AppRunner.askFirst(&state, runner: runner)
    #expect(held == [.loadMarks])
    let backend = MemoryBackend(size: Size(width: 80, height: 24))
    let app = AppRunner(
      state: state, backend: backend, runner: runner, inbox: inbox, asked: true, afterFirstFrame: held)
    app.start()
    await waitUntilIdle(app, runner: runner)
    let read = app.currentState.shared.marksRead
    #expect(read, "read once the first frame was out")
  }

  @Test func keysAndAnswersFlowThroughToTheScreen() async throws {
    let (runner, inbox) = demoRunner()
    let backend = MemoryBackend(size: Size(width: 120, height: 30))
    var state = AppState(language: "en-US", size: backend.size, now: Date())
    state.shared.imagesEnabled = true
    let started = AppRunner(state: state, backend: backend, runner: runner, inbox: inbox)
    started.start()
    await waitUntilIdle(started, runner: runner)
    let list = try #require(backend.screens.last)
    #expect(list.plainText.contains("Dune: Part Two"))
    let posterCells = (0..<list.height).flatMap { row in (0..<list.width).map { list[row, $0] } }
      .filter { $0.style.background != nil }
    #expect(posterCells.count > 100, "the demo poster is drawn in the side pane")
    backend.inputs = [.key(.down), .key(.down), .key(.enter)]
    await waitUntilIdle(started, runner: runner)
    #expect(started.currentState.top.statusName == "detail:550")
    #expect(backend.screens.last?.plainText.contains("David Fincher") == true)
    backend.inputs = [.resize(Size(width: 40, height: 12))]
    backend.size = Size(width: 40, height: 12)
    await waitUntilIdle(started, runner: runner)
    #expect(backend.screens.last?.width == 40)
    backend.inputs = [.key(.escape), .key(.character("q"))]
    started.step()
    #expect(started.currentState.top.statusName == "list")
    #expect(started.currentState.rootList.selection == 2)
    #expect(started.isQuitting)
  }
}
