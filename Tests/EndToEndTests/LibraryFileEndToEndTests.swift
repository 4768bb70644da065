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
    #expect(FileManager.default.fileExists(atPath: real.path + "/.local/share/trending/demo/library.sqlite3"))
  }

  @Test func aVersionItNeverWroteIsAMessageNotACrash() throws {
    let data = try folder()
    let environment = ["XDG_DATA_HOME": data.path]
    #expect(try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: environment).status == 0)
    let file = data.appendingPathComponent("trending/demo/library.sqlite3")
    try sqlite(file, "PRAGMA user_version = -1")
    let before = try Data(contentsOf: file)
    for command in [["watchlist"], ["seen", "550"], ["stats"]] {
      let outcome = try BinaryRunner.run(["--demo"] + command, environment: environment)
      #expect(outcome.status == 1, "\(command): exit \(outcome.status), \(outcome.stderr)")
      #expect(outcome.stderr.contains("is not a trending library or is damaged"), "\(outcome.stderr)")
    }
    #expect(try Data(contentsOf: file) == before)
  }

  /// A damaged index: the message's way out (export, move aside, import) gives back every watch.
  @Test func aDamagedLibrarysWayOutIsTheExport() throws {
    let data = try folder()
    let environment = ["XDG_DATA_HOME": data.path]
    let file = data.appendingPathComponent("trending/demo/library.sqlite3")
    for day in ["2025-01-01", "2025-02-01"] {
      #expect(try BinaryRunner.run(["--demo", "seen", "550", "--on", day], environment: environment).status == 0)
    }
    let root = try BinaryRunner.program(
      "/usr/bin/sqlite3", [file.path, "SELECT rootpage FROM sqlite_master WHERE name = 'watch_events_by_uid'"])
    let page = try #require(Int(root.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    let size = try #require(
      Int(
        try BinaryRunner.program("/usr/bin/sqlite3", [file.path, "PRAGMA page_size"]).stdout
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    let handle = try FileHandle(forUpdating: file)
    try handle.seek(toOffset: UInt64((page - 1) * size))
    handle.write(Data(repeating: 0xDE, count: size))
    try handle.close()
    let check = try BinaryRunner.run(["--demo", "library", "check"], environment: environment)
    #expect(check.status == 1 && check.stderr.contains("'trending export json' may still read"), "\(check.stderr)")
    let exported = try BinaryRunner.run(["export", "json"], environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")
    let copy = data.appendingPathComponent("copy.json")
    try Data(exported.stdout.utf8).write(to: copy)
    try FileManager.default.moveItem(at: file, to: data.appendingPathComponent("damaged.sqlite3"))
    #expect(try BinaryRunner.run(["import", "json", copy.path], environment: environment).status == 0)
    let history = try BinaryRunner.run(["history"], environment: environment).stdout
    #expect(history.contains("2025-01-01\t550") && history.contains("2025-02-01\t550"), "\(history)")
  }

  /// A damaged table: the export holds every other table whole, names the damaged one, and fails,
  /// so a script never takes it for the whole library; imported, the watches are back.
  @Test func aDamagedTablesExportKeepsTheRestAndSaysWhatIsMissing() throws {
    let data = try folder()
    let environment = ["XDG_DATA_HOME": data.path]
    let file = data.appendingPathComponent("trending/demo/library.sqlite3")
    #expect(
      try BinaryRunner.run(["--demo", "seen", "550", "--on", "2025-01-01"], environment: environment).status == 0)
    #expect(try BinaryRunner.run(["--demo", "rate", "550", "8"], environment: environment).status == 0)
    try sqlite(file, "PRAGMA wal_checkpoint(TRUNCATE)")
    let root = try BinaryRunner.program(
      "/usr/bin/sqlite3", [file.path, "SELECT rootpage FROM sqlite_master WHERE name = 'ratings'"])
    let page = try #require(Int(root.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    let handle = try FileHandle(forUpdating: file)
    try handle.seek(toOffset: UInt64((page - 1) * 4096))
    handle.write(Data(repeating: 0, count: 4096))
    try handle.close()
    let exported = try BinaryRunner.run(["export", "json"], environment: environment)
    #expect(exported.status == 1, "\(exported.stderr)")
    #expect(exported.stderr.contains("not read whole: ratings"), "\(exported.stderr)")
    let copy = data.appendingPathComponent("copy.json")
    try Data(exported.stdout.utf8).write(to: copy)
    try FileManager.default.moveItem(at: file, to: data.appendingPathComponent("damaged.sqlite3"))
    #expect(try BinaryRunner.run(["import", "json", copy.path], environment: environment).status == 0)
    #expect(try BinaryRunner.run(["history"], environment: environment).stdout.contains("2025-01-01\t550"))
  }

  /// A file cut short (a copy that stopped): SQLite cannot read even its tables' list, so no
  /// command, the export included, opens it; each says the ways left, never the export.
  @Test func aLibraryTooDamagedToExportSaysTheWaysLeft() throws {
    let data = try folder()
    let environment = ["XDG_DATA_HOME": data.path]
    let file = data.appendingPathComponent("trending/demo/library.sqlite3")
    for id in ["550", "603", "680", "238"] {
      #expect(
        try BinaryRunner.run(
          ["--demo", "note", id, String(repeating: "a long note ", count: 80)],
          environment: environment
        ).status == 0)
    }
    try sqlite(file, "PRAGMA wal_checkpoint(TRUNCATE)")
    let whole = try Data(contentsOf: file)
    try whole.prefix(whole.count * 2 / 3).write(to: file)
    // Every command says so: the export opens the file as they do.
    let check = try BinaryRunner.run(["--demo", "library", "check"], environment: environment)
    #expect(check.status == 1 && check.stderr.contains("is too damaged to be read"), "\(check.stderr)")
    let exported = try BinaryRunner.run(["export", "json"], environment: environment)
    #expect(exported.status == 1 && exported.stdout.isEmpty)
    #expect(
      exported.stderr.contains("is too damaged to be read, even for an export; it was left as it is. Put a backup"),
      "\(exported.stderr)")
    #expect(!exported.stderr.contains("'trending export json' may"), "\(exported.stderr)")
  }

  /// Doctor tells the file as opening it would: a newer library is read only, another program's
  /// database, a link and a folder are refused; none is "read and written".
  @Test func doctorSaysOfTheFileWhatEveryCommandFinds() throws {
    let data = try folder()
    let environment = ["XDG_DATA_HOME": data.path]
    let file = data.appendingPathComponent("trending/demo/library.sqlite3")
    let said = { () throws -> String in
      let doctor = try BinaryRunner.run(["--demo", "doctor"], environment: environment)
      #expect(doctor.status == 1 && doctor.stdout.contains("library file"), "\(doctor.stdout)")
      return doctor.stdout.split(separator: "\n").first { $0.contains(file.path) }.map(String.init) ?? ""
    }
    #expect(try BinaryRunner.run(["--demo", "seen", "550"], environment: environment).status == 0)
    try sqlite(file, "PRAGMA user_version = 99")
    #expect(try said().contains("(read only: made by a newer trending (schema 99): read, never changed)"))
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    try sqlite(file, "CREATE TABLE titles (name TEXT)")
    #expect(try said().contains("(not a trending library (another program's database"))
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: data.appendingPathComponent("elsewhere"))
    #expect(try said().contains("(a symbolic link: the library is opened only as a file of its own"))
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    #expect(try said().contains("(not a file: left as it is)"))
  }

  @Test func anotherProgramsDatabaseAtThePlaceIsNeverTouched() throws {
    let data = try folder()
    let file = data.appendingPathComponent("trending/demo/library.sqlite3")
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
