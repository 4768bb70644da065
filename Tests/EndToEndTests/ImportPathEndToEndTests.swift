import Foundation
import Testing

@testable import TestSupport

/// What an import is given to read: an export piped from another command, a link, a process's
/// output (`<(…)`), through the real binary and bash.
@Suite("End to end: an import reads a pipe, a link or standard input")
struct ImportPathEndToEndTests {
  /// A data home of its own.
  private func home() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-path-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// An export piped into another library's import, or named through a link, is read as a file is.
  @Test func anExportPipedOrLinkedIsImported() throws {
    let from = try home()
    let into = try home()
    #expect(
      try BinaryRunner.run(["seen", "550", "--on", "2026-01-02"], environment: ["XDG_DATA_HOME": from.path]).status == 0
    )
    let script = #"""
      "$TRENDING" export json | XDG_DATA_HOME="$INTO" "$TRENDING" import json - &&
      "$TRENDING" export json > "$INTO/copy.json" && ln -s "$INTO/copy.json" "$INTO/link.json" &&
      XDG_DATA_HOME="$INTO" "$TRENDING" import json "$INTO/link.json" &&
      XDG_DATA_HOME="$INTO" "$TRENDING" import json <("$TRENDING" export json) &&
      ! "$TRENDING" export json | "$TRENDING" import letterboxd - &&
      ! XDG_DATA_HOME="$INTO" "$TRENDING" import json - < "$INTO"
      """#
    let piped = try BinaryRunner.program(
      "bash", ["-c", script],
      environment: ["XDG_DATA_HOME": from.path, "INTO": into.path, "TRENDING": Fixtures.binary.path])
    #expect(piped.status == 0, "\(piped.stdout) \(piped.stderr)")
    #expect(
      piped.stdout.components(separatedBy: "already there").count == 4,
      "the first adds, the others find: \(piped.stdout)")
    #expect(piped.stderr.contains("a pipe or standard input is read by 'trending import json' only"), "\(piped.stderr)")
    let letterboxd = try BinaryRunner.run(["import", "letterboxd", "-"], environment: ["XDG_DATA_HOME": into.path])
    #expect(letterboxd.status == 2, "a usage error, as a wrong option is: \(letterboxd.stderr)")
    #expect(piped.stderr.contains("standard input: Is a directory"), "a read that fails stops: \(piped.stderr)")
    #expect(
      try BinaryRunner.run(["history"], environment: ["XDG_DATA_HOME": into.path]).stdout.contains("2026-01-02\t550"))
  }
}
