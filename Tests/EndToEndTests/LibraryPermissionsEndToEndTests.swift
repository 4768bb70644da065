import Foundation
import Testing

@testable import TestSupport

/// The library as a user who is not root finds it (the tests run as root, whom no mode refuses):
/// a file made read-only and writable again, a folder that cannot be written.
@Suite("End to end: the library's file and folder under a user's modes", .serialized)
struct LibraryPermissionsEndToEndTests {
  /// A home owned by `nobody`, with its data, cache and settings folders.
  private func home() throws -> URL {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("library-modes-\(UUID().uuidString)")
    for folder in ["", "data", "cache", "config"] {
      let path = home.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
      #expect(chown(path.path, 65534, 65534) == 0)
    }
    return home
  }

  /// Runs the binary as `nobody` in `home`.
  private func run(_ arguments: [String], home: URL) throws -> BinaryRunner.Outcome {
    try BinaryRunner.program(
      "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Fixtures.binary.path] + arguments,
      environment: [
        "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
        "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      ])
  }

  @Test func aLibraryReadWhileReadOnlyIsWrittenAgainOnceItsFileIsWritable() throws {
    let home = try home()
    let file = home.appendingPathComponent("data/trending/demo/library.sqlite3").path
    #expect(try run(["--demo", "seen", "550", "--on", "2026-11-01"], home: home).status == 0)
    #expect(chmod(file, 0o444) == 0)
    let read = try run(["history"], home: home)
    #expect(read.status == 0 && read.stdout.contains("Fight Club"), "\(read.stderr)")
    #expect(try run(["--demo", "doctor"], home: home).stdout.contains("read only: the file cannot be written"))
    #expect(chmod(file, 0o600) == 0)
    let written = try run(["--demo", "seen", "603", "--on", "2026-11-02"], home: home)
    #expect(written.status == 0, "the read's side files do not keep it read-only: \(written.stderr)")
    #expect(try run(["history"], home: home).stdout.contains("The Matrix"))
  }

  @Test func aFolderThatCannotBeWrittenStillReadsItsLibrary() throws {
    let home = try home()
    let folder = home.appendingPathComponent("data/trending/demo").path
    #expect(try run(["--demo", "seen", "550", "--on", "2026-11-01"], home: home).status == 0)
    #expect(chmod(folder, 0o500) == 0)
    defer { chmod(folder, 0o700) }
    let read = try run(["history"], home: home)
    #expect(read.status == 0 && read.stdout.contains("Fight Club"), "\(read.stderr)")
    let written = try run(["--demo", "seen", "603"], home: home)
    #expect(written.status == 1 && written.stderr.contains("cannot be written"), "\(written.stderr)")
    #expect(!written.stderr.contains("could not create"), "\(written.stderr)")
    let doctor = try run(["--demo", "doctor"], home: home).stdout
    #expect(doctor.contains("read only: its folder cannot be written"), "\(doctor)")
  }

  /// Doctor finds what the first mark, the cache or every command would stumble on, and fails.
  @Test func doctorNamesAFolderNoLibraryCanBeMadeInAClosedCacheAndADamagedLibrary() throws {
    let home = try home()
    let data = home.appendingPathComponent("data").path
    #expect(chmod(data, 0o500) == 0 && chmod(home.appendingPathComponent("cache").path, 0o500) == 0)
    let closed = try run(["doctor"], home: home)
    #expect(closed.status == 1, "\(closed.stdout)")
    #expect(closed.stdout.contains("(\(data) cannot be written)"), "\(closed.stdout)")
    #expect(closed.stdout.contains("cannot be written: nothing is kept, and nothing opens offline"), "\(closed.stdout)")
    #expect(closed.stdout.contains("problems: library file, cache, key."), "\(closed.stdout)")
    #expect(chmod(data, 0o700) == 0)
    #expect(try run(["--demo", "seen", "550", "--on", "2026-11-01"], home: home).status == 0)
    let file = try FileHandle(forWritingTo: home.appendingPathComponent("data/trending/demo/library.sqlite3"))
    try file.seek(toOffset: 4096)
    try file.write(contentsOf: Data(repeating: 0xFF, count: 8192))
    try file.close()
    let damaged = try run(["--demo", "doctor"], home: home)
    #expect(damaged.status == 1 && damaged.stdout.contains("(damaged: "), "\(damaged.stdout)")
  }
}
