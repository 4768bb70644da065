import Foundation
import Testing

@testable import TestSupport

/// A backup or an export with no library (a cron job's other `HOME`) fails and makes none, as
/// `library check` does; a listing still finds an empty library.
@Suite("End to end: no library to back up or export")
struct NoLibraryEndToEndTests {
  private let home = FileManager.default.temporaryDirectory.appendingPathComponent("no-library-\(UUID().uuidString)")

  private var environment: [String: String] {
    ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path, "TRENDING_DEMO_LIBRARY": ""]
  }

  @Test func aBackupOrAnExportOfNoLibraryFailsAndMakesNone() throws {
    let library = home.appendingPathComponent("data/trending/library.sqlite3")
    for arguments in [
      ["library", "backup", home.appendingPathComponent("copy.sqlite3").path], ["export", "json"],
      ["export", "letterboxd"], ["library", "check"],
    ] {
      let outcome = try BinaryRunner.run(arguments, environment: environment)
      #expect(outcome.status == 1 && outcome.stdout.isEmpty, "\(arguments): \(outcome.stdout)")
      #expect(outcome.stderr.contains("There is no library at \(library.path) yet."), "\(outcome.stderr)")
      #expect(!FileManager.default.fileExists(atPath: library.path), "\(arguments) made a library")
    }
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("copy.sqlite3").path))
    let history = try BinaryRunner.run(["history", "--json"], environment: environment)
    #expect(history.status == 0 && history.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
  }
}
