import Foundation
import Testing

/// Compares text with a snapshot file beside the test; records it when missing or asked to.
///
/// A missing snapshot, or `RECORD_SNAPSHOTS=1`, writes the file and fails the test, so that
/// every new baseline is read by a person before it is trusted.
public func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent("\(name).txt")
  let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: file)
    Issue.record("Recorded snapshot \(name).txt; read it, then run the tests again.", sourceLocation: sourceLocation)
    return
  }
  if expected != text {
    let diff = zip(
      expected.split(separator: "\n", omittingEmptySubsequences: false),
      text.split(separator: "\n", omittingEmptySubsequences: false)
    )
    .enumerated().first { $0.element.0 != $0.element.1 }
    let detail =
      diff.map {
        "first difference on line \($0.offset + 1):\n  expected: \($0.element.0)\n  actual:   \($0.element.1)"
      } ?? "line counts differ"
    Issue.record(
      "Snapshot \(name).txt does not match; \(detail)\n--- actual ---\n\(text)", sourceLocation: sourceLocation)
  }
}
