import Foundation
import Testing

@testable import TestSupport

/// `trending sync` through the real binary: two homes sharing a plain folder, and two homes whose
/// folders are copied back and forth with `cp`, as a USB stick would carry them.
@Suite("End to end: sync through a folder")
struct SyncEndToEndTests {
  /// A machine: a home and data folder of its own.
  private struct Machine {
    let data: URL

    init() throws {
      data = FileManager.default.temporaryDirectory.appendingPathComponent("sync-e2e-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    }

    @discardableResult
    func run(_ arguments: [String], expect status: Int32 = 0) throws -> BinaryRunner.Outcome {
      let outcome = try BinaryRunner.run(arguments, environment: ["XDG_DATA_HOME": data.path, "HOME": data.path])
      #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
      return outcome
    }

    /// The library as `export json` writes it, the day left out.
    func export() throws -> String {
      try run(["export", "json"]).stdout.split(separator: "\n").filter { !$0.contains("\"exported\"") }
        .joined(separator: "\n")
    }
  }

  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sync-folder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func twoHomesSharingAFolderEndWithTheSameLibrary() throws {
    let shared = try folder()
    let laptop = try Machine()
    let desktop = try Machine()
    try laptop.run(["seen", "550", "--on", "2026-11-01"])
    try desktop.run(["note", "949", "with Dad"])
    try desktop.run(["watchlist", "add", "tv/1399"])
    try laptop.run(["sync", "init", shared.path])
    try desktop.run(["sync", "init", shared.path])
    // Named while the folder is away (a stick not mounted): named, and said to go out next time.
    let away = shared.deletingLastPathComponent().appendingPathComponent(shared.lastPathComponent + ".away")
    try FileManager.default.moveItem(at: shared, to: away)
    let named = try laptop.run(["sync", "name", "Laptop"])
    #expect(named.stdout.contains("now named Laptop") && named.stdout.contains("next sync"), "\(named.stdout)")
    try FileManager.default.moveItem(at: away, to: shared)
    try laptop.run(["rate", "550", "9"])
    try laptop.run(["sync"])
    let taken = try desktop.run(["sync"])
    #expect(taken.stdout.contains("taken in from the other device"), "\(taken.stdout)")
    #expect(!taken.stdout.contains("devices"), "\(taken.stdout)")
    try laptop.run(["sync"])
    #expect(try laptop.export() == desktop.export())
    let history = try desktop.run(["history", "--json"]).stdout
    #expect(history.contains("\"id\":550") || history.contains("\"id\" : 550"), "\(history)")
    let asJSON = try desktop.run(["sync", "--json"], expect: 2)
    #expect(asJSON.status == 2 && asJSON.stderr.contains("--json goes with 'trending sync status'"), "\(asJSON.stderr)")
    let status = try desktop.run(["sync", "status", "--json"]).stdout
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
    let devices = try #require(parsed["devices"] as? [[String: Any]])
    #expect(devices.count == 2)
    #expect(devices.contains { $0["name"] as? String == "Laptop" && $0["this"] as? Bool == false })
    #expect(devices.allSatisfy { $0["partial_files"] as? Int == 0 && $0["last_change"] is String }, "\(status)")
    #expect(try desktop.run(["library", "check"]).status == 0)
    // This device is not one to forget: said so, not "no such device".
    let itself = try laptop.run(["sync", "forget", "Laptop"], expect: 1)
    #expect(itself.stderr.contains("Laptop is this device"), "\(itself.stderr)")
    // A device forgotten is no longer read; what it sent stays.
    let nobody = try desktop.run(["sync", "forget", "Nope"], expect: 6)
    #expect(nobody.stderr.contains("No device of the sync folder is Nope."), "\(nobody.stderr)")
    try desktop.run(["sync", "forget", "Laptop"])
    try laptop.run(["seen", "949", "--on", "2026-11-03"])
    try laptop.run(["sync"])
    let unread = try desktop.run(["sync"])
    #expect(unread.stdout.contains("forgotten here") && !unread.stdout.contains("no other device"), "\(unread.stdout)")
    #expect(!(try desktop.run(["history"]).stdout.contains("949")))
    #expect(try desktop.run(["history"]).stdout.contains("550"))
    // Remembered, it is read again: what it sent while forgotten is taken in.
    let remembered = try desktop.run(["sync", "remember", "Laptop"])
    #expect(
      remembered.stdout.contains("Laptop (") && remembered.stdout.contains("is read again"), "\(remembered.stdout)")
    try desktop.run(["sync"])
    #expect(try desktop.run(["history"]).stdout.contains("949"))
  }

  @Test func foldersCarriedBackAndForthByCopyEndEqual() throws {
    let laptop = try Machine()
    let desktop = try Machine()
    let laptopFolder = try folder()
    let desktopFolder = try folder()
    try laptop.run(["sync", "init", laptopFolder.path])
    try desktop.run(["sync", "init", desktopFolder.path])
    // Apart: each marks and rates; then the stick carries each folder to the other, both ways.
    try laptop.run(["seen", "550", "--on", "2026-11-01"])
    try laptop.run(["rate", "550", "7"])
    try desktop.run(["seen", "550", "--on", "2026-11-05"])
    try desktop.run(["rate", "949", "8"])
    try desktop.run(["watchlist", "add", "13"])
    try laptop.run(["sync"])
    try desktop.run(["sync"])
    for (from, to) in [(laptopFolder, desktopFolder), (desktopFolder, laptopFolder)] {
      let copy = try BinaryRunner.program("sh", ["-c", "cp -R \"$0\"/. \"$1\"/", from.path, to.path])
      #expect(copy.status == 0, "\(copy.stderr)")
    }
    try laptop.run(["sync"])
    try desktop.run(["sync"])
    #expect(try laptop.export() == desktop.export())
    let watches = try laptop.run(["history", "--json"]).stdout
    #expect(
      watches.components(separatedBy: "2026-11-0").count - 1 == 2, "a rewatch on another machine is a second watch")
    // Nothing new: a sync takes nothing in.
    #expect(try laptop.run(["sync"]).stdout.contains("0 sent, 0 taken in"))
  }

  @Test func theSyncFolderSettingJoinsOnTheFirstSync() throws {
    let shared = try folder()
    let config = try folder().appendingPathComponent("config")
    try "set sync-folder \(shared.path)\n".write(to: config, atomically: true, encoding: .utf8)
    let laptop = try Machine()
    try laptop.run(["seen", "550", "--on", "2026-11-01"])
    let outcome = try BinaryRunner.run(
      ["sync"],
      environment: ["XDG_DATA_HOME": laptop.data.path, "HOME": laptop.data.path, "TRENDING_CONFIG": config.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("now syncs through \(shared.path)"))
    #expect(try laptop.run(["sync", "status", "--json"]).stdout.contains(shared.path))
    let desktop = try Machine()
    try desktop.run(["sync", "init", shared.path])
    #expect(try desktop.run(["history"]).stdout.contains("550"))
    // The folder gone (a stick not mounted): the status says so, and fails.
    try FileManager.default.removeItem(at: shared)
    let gone = try laptop.run(["sync", "status"], expect: 1)
    #expect(gone.stderr.contains("\(shared.path) is not a folder"), "\(gone.stderr)")
  }

  /// The settings file is every profile's: its folder is the default library's alone, or every
  /// profile would join it and take in the others' records.
  @Test func theSyncFolderSettingJoinsNoProfile() throws {
    let shared = try folder()
    let config = try folder().appendingPathComponent("config")
    try "set sync-folder \(shared.path)\n".write(to: config, atomically: true, encoding: .utf8)
    let laptop = try Machine()
    let environment = [
      "XDG_DATA_HOME": laptop.data.path, "HOME": laptop.data.path, "TRENDING_CONFIG": config.path,
      "TRENDING_PROFILE": "carl",
    ]
    #expect(try BinaryRunner.run(["seen", "550", "--on", "2026-11-01"], environment: environment).status == 0)
    let outcome = try BinaryRunner.run(["sync"], environment: environment)
    #expect(outcome.status == 1 && outcome.stderr.contains("trending sync init"), "\(outcome.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: shared.path)
    #expect(files.isEmpty, "the profile wrote nothing to the folder: \(files)")
  }

  /// Two profiles of one machine in one folder would merge two people's records: each is named
  /// after its profile, and the second to join hears of the first.
  @Test func aSecondProfileOfThisMachineJoiningAFolderIsWarned() throws {
    let shared = try folder()
    let home = try Machine()
    func run(_ profile: String, _ arguments: [String]) throws -> BinaryRunner.Outcome {
      try BinaryRunner.run(
        ["--profile", profile] + arguments,
        environment: ["XDG_DATA_HOME": home.data.path, "HOME": home.data.path])
    }
    let anna = try run("anna", ["sync", "init", shared.path])
    #expect(anna.status == 0 && !anna.stderr.contains("this machine's name"), "\(anna.stderr)")
    #expect(anna.stderr.contains(" · anna."), "named after the machine and the profile: \(anna.stderr)")
    let bob = try run("bob", ["sync", "init", shared.path])
    #expect(bob.status == 0, "\(bob.stderr)")
    #expect(bob.stderr.contains(" · anna ("), "\(bob.stderr)")
    #expect(bob.stderr.contains("in this folder has this machine's name"), "\(bob.stderr)")
  }

  @Test func syncWithoutAFolderSaysHowToStart() throws {
    let machine = try Machine()
    let outcome = try machine.run(["sync"], expect: 1)
    #expect(outcome.stderr.contains("trending sync init"))
    #expect(
      try machine.run(["sync", "bogus"], expect: 2).stderr.contains("sync takes init, status, name, forget or remember")
    )
  }
}
