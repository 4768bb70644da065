import Foundation
import Testing

@testable import TestSupport

/// What scripts read stays the same whatever language the shell speaks: `stats --json` names genres
/// in English, while its text is the interface's.
@Suite("End to end: script output in any language")
struct ScriptOutputTests {
  private let home = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString)")

  private func run(_ arguments: [String], language: String) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(
      arguments,
      environment: [
        "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path, "LANG": language,
        "LC_ALL": "",
      ])
  }

  @Test func statsJSONNamesGenresInEnglish() throws {
    #expect(try run(["seen", "550", "--demo"], language: "C.UTF-8").status == 0)
    let json = try run(["stats", "--json", "--demo"], language: "fr_FR.UTF-8")
    let stats = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(stats["top_genres"] as? [String: Int] == ["Drama": 1], "\(json.stdout)")
    let text = try run(["stats", "--demo"], language: "fr_FR.UTF-8")
    #expect(text.stdout.contains("Drame ×1"), "the text in the interface's language: \(text.stdout)")
  }

  /// The calendar's progress line on a terminal: redrawn in place (`\r`, erase to the end), but
  /// not on a `dumb` one (Emacs' shell), which shows escapes as text.
  @Test(
    .enabled(if: BinaryRunner.has("script"), "needs util-linux's script"),
    arguments: [("xterm", true), ("dumb", false)])
  func theCalendarsProgressLineRedrawsOnlyWhereTheTerminalCan(term: String, redraws: Bool) throws {
    let environment = ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path]
    #expect(try BinaryRunner.run(["watchlist", "add", "550", "--demo"], environment: environment).status == 0)
    // `script` gives the binary a terminal for standard error and copies what it writes.
    let outcome = try BinaryRunner.shell(
      "TERM=\(term) script -qec '\"$TRENDING\" calendar --demo >/dev/null' /dev/null", environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("\u{1B}[K") == redraws, "\(outcome.stdout.debugDescription)")
  }
}
