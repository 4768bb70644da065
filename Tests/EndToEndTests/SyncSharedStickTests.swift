import Foundation
import Testing

@testable import TestSupport

/// A stick shared by two users of one machine (or two machines whose users have other ids): a
/// device's folder one user may not read is said, and read once it is made readable.
@Suite("End to end: a sync folder shared between two users")
struct SyncSharedStickTests {
  /// A folder of the test's, open to every user as `mode` says.
  private func folder(_ name: String, mode: Int16 = 0o755) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    return url
  }

  /// The other user, nobody, with a home of its own (`name`) and a copy of the binary it may run:
  /// the binary run as nobody with arguments.
  private func nobody(_ name: String) throws -> ([String]) throws -> BinaryRunner.Outcome {
    let other = try folder(name)
    let binary = other.appendingPathComponent("trending")
    // Copied by a process of its own: a file this process held open for writing would be inherited
    // by the other tests' processes started meanwhile, and running it would fail as busy.
    #expect(try BinaryRunner.program("cp", [Fixtures.binary.path, binary.path]).status == 0)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
    try FileManager.default.setAttributes([.ownerAccountID: 65_534], ofItemAtPath: other.path)
    return { arguments in
      try BinaryRunner.program(
        "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments,
        environment: [
          "XDG_DATA_HOME": other.path + "/data", "XDG_CONFIG_HOME": other.path + "/config",
          "XDG_CACHE_HOME": other.path + "/cache", "HOME": other.path,
        ])
    }
  }

  @Test func aDeviceFolderAnotherUserCannotReadIsSaidAndReadOnceItCanBe() throws {
    let stick = try folder("shared-stick", mode: 0o777)
    let root = try folder("sync-root")
    let rooted = ["XDG_DATA_HOME": root.path, "HOME": root.path]
    #expect(try BinaryRunner.run(["seen", "550", "--on", "2026-11-01"], environment: rooted).status == 0)
    #expect(try BinaryRunner.run(["sync", "init", stick.path], environment: rooted).status == 0)
    let asNobody = try nobody("sync-nobody")
    let joined = try asNobody(["sync", "init", stick.path])
    #expect(joined.status == 0, "\(joined.stderr)")
    #expect(joined.stderr.contains("/: could not be read: Permission denied"), "\(joined.stdout) \(joined.stderr)")
    #expect(!(try asNobody(["history"]).stdout.contains("550")))
    let status = try asNobody(["sync", "status"])
    #expect(status.stdout.contains("/: could not be read: Permission denied"), "\(status.stdout)")
    // Its owner opens the folder, not yet its files: each file is said, and tried again.
    #expect(
      try BinaryRunner.program("find", [stick.path, "-type", "d", "-exec", "chmod", "a+rx", "{}", "+"]).status == 0)
    let files = try asNobody(["sync"])
    #expect(files.stderr.contains("00000001.jsonl: could not be read: Permission denied"), "\(files.stderr)")
    // And then its files: the next sync reads them, though neither their size nor their time changed.
    #expect(try BinaryRunner.program("chmod", ["-R", "a+rX", stick.path]).status == 0)
    let synced = try asNobody(["sync"])
    #expect(synced.status == 0 && !synced.stderr.contains("could not be read"), "\(synced.stdout) \(synced.stderr)")
    #expect(try asNobody(["history"]).stdout.contains("550"))
    // Its own folder made read-only: a change made meanwhile is not sent, that is said with what
    // becomes of it, and the next sync once it is writable sends it.
    let own = try #require(
      try FileManager.default.contentsOfDirectory(atPath: stick.path).first { name in
        let attributes = try? FileManager.default.attributesOfItem(atPath: stick.appendingPathComponent(name).path)
        return (attributes?[.ownerAccountID] as? Int) == 65_534
      })
    #expect(try BinaryRunner.program("chmod", ["0555", stick.appendingPathComponent(own).path]).status == 0)
    #expect(try asNobody(["seen", "949", "--on", "2026-11-02"]).status == 0)
    let refused = try asNobody(["sync"])
    #expect(refused.status != 0, "\(refused.stdout)")
    #expect(
      refused.stderr.contains("Permission denied. Nothing is lost: this library keeps its changes, and the next sync"),
      "\(refused.stderr)")
    #expect(try BinaryRunner.program("chmod", ["0755", stick.appendingPathComponent(own).path]).status == 0)
    #expect(try asNobody(["sync"]).status == 0)
    #expect(try BinaryRunner.run(["sync"], environment: rooted).status == 0)
    #expect(try BinaryRunner.run(["history"], environment: rooted).stdout.contains("949"))
  }

  /// A folder this user cannot write is not joined, and that is said; the library stays as it was.
  @Test func aFolderThatCannotBeWrittenIsNotJoined() throws {
    let stick = try folder("root-stick", mode: 0o755)
    let asNobody = try nobody("sync-nobody-join")
    let joined = try asNobody(["sync", "init", stick.path])
    #expect(joined.status != 0)
    #expect(
      joined.stderr.contains("Permission denied. This library did not join the folder; nothing was changed."),
      "\(joined.stderr)")
    #expect(!joined.stderr.contains("the next sync"), "no next sync is promised: \(joined.stderr)")
    #expect(try asNobody(["sync", "status"]).stderr.contains("This library does not sync yet"))
  }
}
