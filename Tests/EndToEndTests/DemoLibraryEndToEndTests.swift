import Foundation
import Testing

@testable import TestSupport

/// The demo's marks kept apart: `--demo` writes libraries of its own, never the real record, and
/// never its sync folder. These runs give `TRENDING_DEMO_LIBRARY` empty, as a user's shell has it.
@Suite("End to end: the demo's own library")
struct DemoLibraryEndToEndTests {
  private let home = FileManager.default.temporaryDirectory.appendingPathComponent("demo-apart-\(UUID().uuidString)")

  private var environment: [String: String] {
    [
      "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "TRENDING_DEMO_LIBRARY": "",
    ]
  }

  private func run(_ arguments: [String]) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(arguments, environment: environment)
  }

  @Test func theDemosMarksNeverReachTheRealLibrary() throws {
    #expect(try run(["--demo", "seen", "550", "--on", "2026-11-01"]).status == 0)
    #expect(try run(["--demo", "--profile", "anna", "seen", "603", "--on", "2026-11-02"]).status == 0)
    let real = try run(["history", "--json"])
    #expect(real.status == 0 && real.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(real.stdout)")
    let demo = try run(["--demo", "history", "--json"])
    #expect(demo.stdout.contains("\"id\" : 550") && !demo.stdout.contains("603"), "\(demo.stdout)")
    let anna = try run(["--demo", "--profile", "anna", "history", "--json"])
    #expect(anna.stdout.contains("\"id\" : 603") && !anna.stdout.contains("550"), "\(anna.stdout)")
    let data = home.appendingPathComponent("data/trending")
    #expect(FileManager.default.fileExists(atPath: data.path + "/demo/library.sqlite3"))
    #expect(FileManager.default.fileExists(atPath: data.path + "/demo/profiles/anna/library.sqlite3"))
    #expect(!FileManager.default.fileExists(atPath: data.path + "/profiles/anna"), "no real profile made")
    let sync = try run(["--demo", "sync", "status"])
    #expect(sync.status == 2 && sync.stderr.contains("never syncs"), "\(sync.stderr)")
  }

  /// The demo reads no cache: its cache commands would be the real cache's, so they are refused,
  /// and the real cache is left whole.
  @Test func theDemoNeverClearsTheRealCache() throws {
    var environment = self.environment
    environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
    let kept = home.appendingPathComponent("cache/trending/details")
    try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: kept.appendingPathComponent("kept.json"))
    for command in [["cache", "clear"], ["cache", "info"]] {
      let outcome = try BinaryRunner.run(["--demo"] + command, environment: environment)
      #expect(outcome.status == 2 && outcome.stderr.contains("the demo keeps no cache"), "\(outcome.stderr)")
    }
    #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent("kept.json").path))
  }

  /// The demo's Fauda, like amodb's, dates only its first episode of 2015: the rest aired before
  /// season 2 began, so they can be marked, and progress counts them aired.
  @Test func episodesWithNoDateOfASeasonALaterOneFollowedCanBeMarked() throws {
    let last = try run(["--demo", "seen", "tv/66119", "--season", "1", "--episode", "12"])
    #expect(last.status == 0, "\(last.stderr)")
    let through = try run(["--demo", "seen", "tv/66119", "--season", "1", "--through", "11"])
    #expect(through.status == 0 && !through.stderr.contains("not aired"), "\(through.stderr)")
    let progress = try run(["--demo", "progress"])
    #expect(progress.stdout.contains("Fauda") && progress.stdout.contains("12/"), "\(progress.stdout)")
  }

  @Test func theDemoNeverJoinsTheSyncFolderTheSettingsName() throws {
    let folder = home.appendingPathComponent("sync")
    let config = home.appendingPathComponent("config/trending")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "set sync-folder \(folder.path)\n".write(
      to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let session = try TmuxSession(["--demo"], environment: environment)
    try session.waitFor("1/20")
    try session.send("a")
    try session.waitFor("to the watchlist")
    try session.send("r")
    try session.waitForIdle()
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the demo wrote to the sync folder")
    #expect(
      try run(["--demo", "watchlist", "--json"]).stdout.contains("\"watchlist\" : true"), "kept in the demo's own")
  }
}
