import AmodbKit
import Foundation
import LibraryKit
import Synchronization
import TestSupport
import Testing
import TrendingCore

@testable import TerminalUI

@Suite("A save while another process holds the library: kept, tried again, said")
struct BusyLibraryTests {
  private let dune = MediaSummary(id: 693134, kind: .film, title: "Dune: Part Two", releaseDate: ReleaseDate("2024"))

  /// A runner with a library made already, whose saves wait `busy` ms a try, `tries` times.
  private func runner(busy: Int32, tries: Int) throws -> (EffectRunner, ActionInbox, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trending-busy-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(Library.fileName)
    _ = try Library(path: file)
    let inbox = ActionInbox()
    let configuration = DemoTransport.configuration()
    let runner = EffectRunner(
      client: AmodbClient(configuration: configuration, transport: DemoTransport()),
      images: ImageLoader(configuration: configuration, transport: DemoTransport()), posterMode: .indexed256,
      inbox: inbox,
      library: LibraryService(
        path: file, patience: LibraryPatience(busyMilliseconds: busy, pause: .milliseconds(10), tries: tries)))
    return (runner, inbox, file)
  }

  /// The actions that arrive until `done` says enough, or a deadline far past any wait the runner
  /// makes: a machine whose cores the rest of the suite holds for minutes (two shared cores, the
  /// other tests' threads) may leave this loop asleep that long, so what arrived is drained last.
  private func collect(_ inbox: ActionInbox, until done: ([Action]) -> Bool) async -> [Action] {
    let deadline = ContinuousClock.now + .seconds(600)
    var actions: [Action] = []
    while ContinuousClock.now < deadline, !done(actions) {
      actions += inbox.drain()
      try? await Task.sleep(for: .milliseconds(5))
    }
    return actions + inbox.drain()
  }

  private func isSaved(_ action: Action) -> Bool {
    if case .changeSaved = action { return true }
    return false
  }

  @Test func aChangeWaitsOutAnotherProcessAndIsSaved() async throws {
    let (runner, inbox, file) = try runner(busy: 100, tries: 100_000)
    let lock = try HeldLibrary(file)
    let change = LibraryChange(
      id: dune.id, media: .film, title: dune.title, year: 2024, kind: .watchlist(true), day: "2026-12-04")
    runner.perform(.save(change))
    // The runner says it keeps the change; only then is the other process's lock let go.
    let waiting = await collect(inbox) { $0.contains(EffectRunner.busyNotice) }
    #expect(waiting.contains(EffectRunner.busyNotice))
    #expect(!waiting.contains(where: isSaved), "not given up while the library is busy")
    lock.release()
    let answers = await collect(inbox) { $0.contains(where: isSaved) }
    let saved = answers.first(where: isSaved)
    guard case .changeSaved(.mark(let media, let mark), let problem) = saved else {
      Issue.record("the change was not saved: \(answers)")
      return
    }
    #expect(problem == nil)
    #expect(media == .film(693134) && mark?.onWatchlist == true)
    #expect(try Library(path: file).marks()[.film(693134)]?.onWatchlist == true, "in the file")
  }

  @Test func aChangeGivenUpIsSaidNotDroppedSilently() async throws {
    let (runner, inbox, file) = try runner(busy: 50, tries: 2)
    let lock = try HeldLibrary(file)
    defer { lock.release() }
    let change = LibraryChange(
      id: dune.id, media: .film, title: dune.title, year: 2024, kind: .watchlist(true), day: "2026-12-04")
    runner.perform(.save(change))
    let answers = await collect(inbox) { $0.contains(where: isSaved) }
    #expect(answers.contains(EffectRunner.busyNotice))
    guard case .changeSaved(nil, let problem?) = answers.first(where: isSaved) else {
      Issue.record("no failure said: \(answers)")
      return
    }
    #expect(problem.contains("was not saved") && problem.contains("busy"), "\(problem)")
  }

  @Test func anEpisodeMarkWaitsOutAnotherProcessToo() async throws {
    let (runner, inbox, file) = try runner(busy: 100, tries: 100_000)
    let lock = try HeldLibrary(file)
    let series = MediaSummary(id: 1399, kind: .series, title: "Game of Thrones", releaseDate: ReleaseDate("2011"))
    let episode = MarkedEpisode(
      Episode(season: 1, number: 1, name: "Winter Is Coming", airDate: ReleaseDate("2011-04-17")))
    runner.perform(.save(LibraryChange(series: series, episodes: [episode], seen: true, day: "2026-12-04")))
    _ = await collect(inbox) { $0.contains(EffectRunner.busyNotice) }
    lock.release()
    let answers = await collect(inbox) {
      $0.contains(where: isSaved)
    }
    #expect(
      answers.contains(
        .changeSaved(.episodes(series: 1399, .on("2026-12-04", [EpisodeKey(season: 1, number: 1)])), problem: nil)),
      "\(answers)")
  }
}

@Suite("The run loop's clock: what arrives is said from now")
struct RunLoopClockTests {
  @Test func anAnswerAfterALongQuietIsShownForItsWholeLifetime() {
    let inbox = ActionInbox()
    let configuration = DemoTransport.configuration()
    let runner = EffectRunner(
      client: AmodbClient(configuration: configuration, transport: DemoTransport()),
      images: ImageLoader(configuration: configuration, transport: DemoTransport()), posterMode: .indexed256,
      inbox: inbox)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let clock = Mutex(start)
    let app = AppRunner(
      state: AppState(language: "en-US", size: Size(width: 80, height: 24), now: start),
      backend: MemoryBackend(size: Size(width: 80, height: 24)), runner: runner, inbox: inbox,
      now: { clock.withLock { $0 } })
    app.step()
    // Nothing animates for 40 seconds (no tick), then a save's answer says a problem.
    clock.withLock { $0 = start.addingTimeInterval(40) }
    inbox.send(.changeSaved(nil, problem: "The change was not saved"))
    app.step()
    #expect(app.currentState.shared.currentNotice?.text == "The change was not saved")
    #expect(app.currentState.shared.currentNotice?.until == start.addingTimeInterval(40 + Notice.Kind.problem.lifetime))
  }
}
