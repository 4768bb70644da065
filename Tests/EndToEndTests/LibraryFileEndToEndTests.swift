import Foundation
import TestSupport
import Testing

/// A fresh folder for one test.
private func folder() throws -> URL {
  let made = FileManager.default.temporaryDirectory.appendingPathComponent("trending-file-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
  return made
}

/// Runs `sqlite3` on `file` with `sql`, as another program or a hand would.
private func sqlite(_ file: URL, _ sql: String) throws {
  let outcome = try BinaryRunner.program("/usr/bin/sqlite3", [file.path, sql])
  #expect(outcome.status == 0, "\(outcome.stderr)")
}

@Suite("The library's file through the real binary: a linked home, versions it never wrote, others' files")
struct LibraryFileEndToEndTests {
  @Test func aHomeReachedThroughALinkKeepsTheLibrary() throws {
    let root = try folder()
    let real = root.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    let home = root.appendingPathComponent("home")
    try FileManager.default.createSymbolicLink(at: home, withDestinationURL: real)
    // HOME through a link (/home → /var/home), the data folder left to XDG's default under it.
    let environment = ["HOME": home.path, "XDG_DATA_HOME": ""]
    let add = try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: environment)
    #expect(add.status == 0, "\(add.stderr)")
    let list = try BinaryRunner.run(["--demo", "watchlist"], environment: environment)
    #expect(list.status == 0 && list.stdout.contains("Fight Club"), "\(list.stdout)\(list.stderr)")
    #expect(FileManager.default.fileExists(atPath: real.path + "/.local/share/trending/library.sqlite3"))
  }

  @Test func aVersionItNeverWroteIsAMessageNotACrash() throws {
    let data = try folder()
    let environment = ["XDG_DATA_HOME": data.path]
    #expect(try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: environment).status == 0)
    let file = data.appendingPathComponent("trending/library.sqlite3")
    try sqlite(file, "PRAGMA user_version = -1")
    let before = try Data(contentsOf: file)
    for command in [["watchlist"], ["seen", "550"], ["stats"]] {
      let outcome = try BinaryRunner.run(["--demo"] + command, environment: environment)
      #expect(outcome.status == 1, "\(command): exit \(outcome.status), \(outcome.stderr)")
      #expect(outcome.stderr.contains("is not a trending library or is damaged"), "\(outcome.stderr)")
    }
    #expect(try Data(contentsOf: file) == before)
  }

  @Test func anotherProgramsDatabaseAtThePlaceIsNeverTouched() throws {
    let data = try folder()
    let file = data.appendingPathComponent("trending/library.sqlite3")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try sqlite(file, "CREATE TABLE titles (name TEXT); INSERT INTO titles VALUES ('mine')")
    let before = try Data(contentsOf: file)
    let outcome = try BinaryRunner.run(
      ["--demo", "watchlist", "add", "550"], environment: ["XDG_DATA_HOME": data.path])
    #expect(outcome.status == 1 && outcome.stderr.contains("left as it is"), "\(outcome.stderr)")
    #expect(try Data(contentsOf: file) == before)
    #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
  }
}
