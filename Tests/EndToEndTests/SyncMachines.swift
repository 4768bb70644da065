import Foundation
import TestSupport
import Testing

/// A machine of the sync tests: the loopback amodb and a data home of its own, joined to `folder`.
func syncingMachine(_ amodb: FakeAmodb, folder: URL) throws -> [String: String] {
  let data = FileManager.default.temporaryDirectory.appendingPathComponent("sync-machine-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
  let environment = amodb.environment.merging(["XDG_DATA_HOME": data.path]) { $1 }
  let joined = try BinaryRunner.run(["sync", "init", folder.path], environment: environment)
  #expect(joined.status == 0, "\(joined.stderr)")
  return environment
}

extension TmuxSession {
  /// From the series list with Series 3000 selected: opens series 3002 and its first season.
  func openSeasonOneOfSeries3002() throws {
    try press("j", "j", "Enter")
    try waitFor("Details of series 3002")
    try press("j", "Enter")
    try waitFor("Episode one of 3002")
    try waitForIdle()
  }
}
