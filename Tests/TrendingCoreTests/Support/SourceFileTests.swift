import Foundation
import TestSupport
import Testing

/// The house rule of `DESIGN.md` and issue 53: a Swift file, source or test, reads in one sitting.
@Suite("Swift files of a readable size")
struct SourceFileTests {
  /// The most lines a Swift file may have.
  static let mostLines = 400

  @Test func noSwiftFileIsOver400Lines() throws {
    var over: [String] = []
    var counted = 0
    for folder in ["Sources", "Tests", "Scripts"] {
      let root = Fixtures.packageRoot.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
      for case let path as String in walker where path.hasSuffix(".swift") {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        counted += 1
        if lines > Self.mostLines { over.append("\(folder)/\(path): \(lines)") }
      }
    }
    #expect(counted > 300, "the walk found the package's files")
    #expect(over.isEmpty, "split these: \(over.sorted())")
  }
}
