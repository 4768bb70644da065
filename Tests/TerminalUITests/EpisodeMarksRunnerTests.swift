import AmodbKit
import Foundation
import LibraryKit
import TestSupport
import Testing
import TrendingCore

@testable import TerminalUI

@Suite("Episodes' seen marks in a real library, through the effect runner")
struct EpisodeMarksRunnerTests {
  /// A runner over the demo data with a library file of its own (not made yet).
  private func runner() throws -> (EffectRunner, ActionInbox, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trending-episodes-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("library.sqlite3")
    let inbox = ActionInbox()
    let configuration = DemoTransport.configuration()
    let runner = EffectRunner(
      client: AmodbClient(configuration: configuration, transport: DemoTransport()),
      images: ImageLoader(configuration: configuration, transport: DemoTransport()), posterMode: .indexed256,
      inbox: inbox, library: LibraryService(path: file))
    return (runner, inbox, file)
  }

  /// Performs an effect and waits for what it answers (the deadline only ends a hung test: a busy
  /// machine may hold the runner for minutes).
  private func answer(_ effect: Effect, _ runner: EffectRunner, _ inbox: ActionInbox) async -> [Action] {
    runner.perform(effect)
    let deadline = ContinuousClock.now + .seconds(300)
    var actions: [Action] = []
    while ContinuousClock.now < deadline {
      actions += inbox.drain()
      if runner.inFlight == 0, !actions.isEmpty { break }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return actions + inbox.drain()
  }

  @Test func episodesMarkedSeenAreStoredReadBackAndUnmarked() async throws {
    let (runner, inbox, file) = try runner()
    let series = MediaSummary(id: 1399, kind: .series, title: "Game of Thrones", releaseDate: ReleaseDate("2011"))
    let episodes = (1...3).map {
      MarkedEpisode(Episode(season: 1, number: $0, name: "Part \($0)", airDate: ReleaseDate("2011-04-1\($0)")))
    }
    let key = { (number: Int) in EpisodeKey(season: 1, number: number) }
    let seen = LibraryChange(series: series, episodes: episodes, seen: true, day: "2026-12-01")
    let saved = await answer(.save(seen), runner, inbox)
    #expect(
      saved == [.changeSaved(.episodes(series: 1399, .on("2026-12-01", [key(1), key(2), key(3)])), problem: nil)],
      "\(saved)")
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(
      await answer(.loadEpisodeMarks(1399), runner, inbox) == [
        .episodeMarksLoaded(1399, .on("2026-12-01", [key(1), key(2), key(3)]))
      ])
    let unseen = LibraryChange(series: series, episodes: [episodes[1]], seen: false, day: "2026-12-01")
    #expect(
      await answer(.save(unseen), runner, inbox) == [
        .changeSaved(.episodes(series: 1399, .on("2026-12-01", [key(1), key(3)])), problem: nil)
      ])
    #expect(await answer(.loadEpisodeMarks(1400), runner, inbox) == [.episodeMarksLoaded(1400, [])])
  }

  /// `m` on an episode the screen showed unseen, a moment after another shell marked it: the watch
  /// is not doubled.
  @Test func anEpisodeMarkedElsewhereAMomentBeforeIsNotWatchedTwice() async throws {
    let (runner, inbox, file) = try runner()
    let series = MediaSummary(id: 1399, kind: .series, title: "Game of Thrones", releaseDate: ReleaseDate("2011"))
    let episode = MarkedEpisode(Episode(season: 1, number: 1, name: "Part 1", airDate: ReleaseDate("2011-04-11")))
    let elsewhere = try Library(path: file)
    try elsewhere.watch(
      series: TitleInfo(media: .series(1399), title: "Game of Thrones", year: 2011),
      episodes: [EpisodeInfo(number: episode.key, name: "Part 1", airDate: "2011-04-11", runtime: 60)],
      on: "2026-12-01", recorded: "2026-12-01")
    let seen = LibraryChange(series: series, episodes: [episode], seen: true, day: "2026-12-01")
    _ = await answer(.save(seen), runner, inbox)
    #expect(try elsewhere.history().count == 1)
  }

  @Test func aLibraryThatIsNotSQLiteIsReadAsNothingAndRefusesTheChange() async throws {
    let (runner, inbox, file) = try runner()
    try Data("not a database".utf8).write(to: file)
    let loaded = await answer(.loadEpisodeMarks(1399), runner, inbox)
    #expect(loaded == [.episodeMarksLoaded(1399, nil)], "\(loaded)")
    let change = LibraryChange(
      series: MediaSummary(id: 1399, kind: .series, title: "Game of Thrones"),
      episodes: [MarkedEpisode(Episode(season: 1, number: 1, airDate: ReleaseDate("2011-04-17")))], seen: true,
      day: "2026-12-01")
    let answered = await answer(.save(change), runner, inbox)
    guard case .changeSaved(nil, let problem?) = answered.first else {
      Issue.record("expected a refusal, got \(answered)")
      return
    }
    #expect(problem.hasPrefix("The episodes were not saved: ") && problem.contains(file.path), "\(problem)")
    #expect(try Data(contentsOf: file) == Data("not a database".utf8), "left byte for byte")
  }
}
