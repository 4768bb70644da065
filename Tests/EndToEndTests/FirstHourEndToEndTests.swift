import Foundation
import Testing

@testable import TestSupport

/// What a newcomer types in the first hour, through the real binary: the README's steps on a new
/// machine, and the natural guesses the commands answer rather than refuse.
@Suite("End to end: the first hour")
struct FirstHourEndToEndTests {
  private let home = FileManager.default.temporaryDirectory.appendingPathComponent("first-hour-\(UUID().uuidString)")

  private func run(_ arguments: [String]) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(arguments, environment: ["HOME": home.path, "XDG_DATA_HOME": home.path + "/data"])
  }

  @Test func syncInitMakesTheFolderWhereItsFileSyncsFolderIsThere() throws {
    let folder = home.appendingPathComponent("Sync/trending")
    let lost = try run(["sync", "init", folder.path])
    #expect(lost.status == 1 && lost.stderr.contains("nor is the folder it would go in"), "\(lost.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    #expect(!FileManager.default.fileExists(atPath: home.path + "/data/trending"), "no library made")
    try FileManager.default.createDirectory(
      at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    let made = try run(["sync", "init", folder.path])
    #expect(made.status == 0 && made.stderr.contains("Made the folder"), "\(made.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1, "this device's folder")
  }

  @Test func aSettingNotSetIsSaidNotLeftBlank() throws {
    let region = try BinaryRunner.run(["config", "region"], environment: ["HOME": home.path, "LANG": "C.UTF-8"])
    #expect(region.status == 0 && region.stdout.isEmpty, "a script reads nothing: \(region.stdout)")
    #expect(region.stderr.contains("region is not set"), "\(region.stderr)")
    #expect(try run(["config", "language"]).stderr.isEmpty, "a default is a value")
  }

  @Test func ourOwnLetterboxdFileIsNamedForWhatItIsWhenImported() throws {
    #expect(try run(["--demo", "seen", "550", "--on", "2026-11-01"]).status == 0)
    let exported = try run(["--demo", "export", "letterboxd"])
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let file = home.appendingPathComponent("mine.csv")
    try exported.stdout.write(to: file, atomically: true, encoding: .utf8)
    let imported = try run(["--demo", "import", "letterboxd", file.path])
    #expect(imported.status == 1, "\(imported.stdout)")
    #expect(imported.stderr.contains("is a file for Letterboxd's importer"), "\(imported.stderr)")
    #expect(imported.stderr.contains("'import json'"))
  }

  @Test func exportToAFileNameSaysItWritesToStandardOutput() throws {
    let outcome = try run(["export", "json", "library.json"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("'trending export json > library.json'"), "\(outcome.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("library.json").path))
  }

  @Test func aPersonsIdAsTheSearchPrintsItIsTakenByPersonAndShow() throws {
    let found = try run(["--demo", "search", "fincher", "--kind", "all"])
    let id = try #require(found.stdout.split(separator: "\t").first { $0.hasPrefix("person/") }, "\(found.stdout)")
    for verb in ["person", "show"] {
      let outcome = try run(["--demo", verb, String(id)])
      #expect(outcome.status == 0 && outcome.stdout.hasPrefix("David Fincher"), "\(verb): \(outcome.stderr)")
    }
  }

  @Test func theWideListsPaneNeverEndsInALoneEllipsis() throws {
    let session = try TmuxSession(["--demo"], width: 170, height: 45)
    try session.waitFor("Dune: Part Two")
    for _ in 0..<6 {
      try session.send("j")
      let idle = try session.waitForIdle()
      let screen = try session.capture()
      let pane = screen.split(separator: "\n").map { $0.split(separator: "  ").last.map(String.init) ?? "" }
      #expect(!pane.contains { $0.trimmingCharacters(in: .whitespaces) == "…" }, "\(idle)\n\(screen)")
    }
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }
}
