import Foundation

/// Finds the shared fixtures and the package's own paths from a test.
public enum Fixtures {
  /// The package root, found from this file's path.
  public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The shared TMDB fixtures directory beside the project.
  public static let tmdbDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/fixtures/tmdb")

  /// Reads a shared fixture such as `movie-details.json`.
  public static func tmdb(_ name: String) throws -> Data {
    try Data(contentsOf: tmdbDirectory.appendingPathComponent(name))
  }

  /// The debug build of the `trending` binary.
  public static var binary: URL {
    packageRoot.appendingPathComponent(".build/debug/trending")
  }
}
