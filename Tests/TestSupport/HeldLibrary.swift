import Foundation

/// Another process holding a library's write lock: Python's sqlite3 in a transaction, until told
/// to let go.
public final class HeldLibrary {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// What the other process runs: the lock taken, said, then held until a line arrives.
  private static let script = """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO facts VALUES ('held', 'x')")
    print("held", flush=True)
    sys.stdin.readline()
    db.execute("ROLLBACK")
    """

  /// Takes the lock on `file` and returns once it holds it (waits on its line, not on time).
  public init(_ file: URL) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", Self.script, file.path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("held") {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw TmuxError(message: "python3 ended before it held the lock") }
      seen += chunk
    }
  }

  /// Ends the transaction (rolled back) and the process with it; again, nothing.
  public func release() {
    guard process.isRunning else { return }
    input.fileHandleForWriting.write(Data("\n".utf8))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
