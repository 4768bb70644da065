import Foundation
import Testing

@testable import TestSupport

/// `u` in the real binary: a title taken off a list of yours with `d` goes back where it stood, and a
/// film marked seen by mistake is unmarked, both stored as the command line reads them after.
@Suite("End to end: u takes back your last change")
struct UndoEndToEndTests {
  private let home = FileManager.default.temporaryDirectory.appendingPathComponent("undo-\(UUID().uuidString)")

  private var environment: [String: String] {
    ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path]
  }

  private func run(_ arguments: [String]) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(arguments, environment: environment)
  }

  /// The ids on the list, in its order.
  private func noir() throws -> [String] {
    try run(["lists", "Noir"]).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  @Test func aTitleTakenOffAListGoesBackWhereItStoodAndAMarkIsTakenBack() throws {
    for id in ["693134", "872585", "550", "146"] {
      #expect(try run(["lists", "Noir", "add", id, "--demo"]).status == 0)
    }
    let before = try run(["lists", "Noir"]).stdout
    #expect(try noir() == ["693134", "872585", "550", "146"], "\(before)")
    let session = try TmuxSession(["--demo"], environment: environment)
    try session.waitFor("1/20")
    try session.send(":")
    try session.send("Noir")
    try session.waitFor("Noir")
    try session.send("Enter")
    try session.waitFor("Fight Club")
    try session.send("j")
    try session.send("d")
    try session.waitFor("Removed Oppenheimer from the list Noir.")
    try session.send("u")
    try session.waitFor("Undone: Oppenheimer is back on the list Noir.")
    try session.waitFor("Oppenheimer")
    try session.send("m")
    try session.waitFor("seen.")
    try session.send("u")
    try session.waitFor("Undone: the watch of")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
    #expect(try run(["lists", "Noir"]).stdout == before, "back where it stood, with its day")
    #expect(try run(["history", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
  }

  @Test func aListMadeByATypoGoesWithItsUndo() throws {
    let session = try TmuxSession(["--demo"], environment: environment)
    try session.waitFor("1/20")
    try session.send("L")
    try session.waitFor("list")
    try session.send("Noirr")
    try session.send("Enter")
    try session.waitFor("to the list Noirr")
    try session.send("u")
    try session.waitFor("Undone:")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
    let lists = try run(["lists"])
    #expect(!lists.stdout.contains("Noirr"), "\(lists.stdout)")
  }
}
