import Foundation

@testable import TestSupport

/// The set-up the library's end-to-end suites share: a data home of their own, the binary run in
/// it, its demo library's file and a command's JSON.
protocol LibraryEndToEnd {}

extension LibraryEndToEnd {
  /// A data home of its own.
  func dataHome() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The binary run with `data` as its data home.
  func run(_ arguments: [String], data: URL, environment: [String: String] = [:]) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(arguments, environment: environment.merging(["XDG_DATA_HOME": data.path]) { $1 })
  }

  /// The demo's library in `data`.
  func library(_ data: URL) -> URL { data.appendingPathComponent("trending/demo/library.sqlite3") }

  /// What a command printed, as JSON.
  func json(_ outcome: BinaryRunner.Outcome) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
  }
}
