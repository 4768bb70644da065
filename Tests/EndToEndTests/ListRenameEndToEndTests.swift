import Foundation
import Testing

@testable import TestSupport

/// `trending lists NAME rename NEW-NAME`: the list under its new name, said; the watchlist, a name
/// another list has, and a list that is not there refused, each with its exit code.
@Suite("End to end: renaming a list")
struct ListRenameEndToEndTests {
  @Test func aListIsRenamedAndWhatCannotBeIsRefused() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("trending-rename-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let run = { (arguments: [String]) in try BinaryRunner.run(arguments, environment: ["XDG_DATA_HOME": data.path]) }
    #expect(try run(["--demo", "lists", "Sci-fi faves", "add", "550"]).status == 0)
    #expect(try run(["--demo", "lists", "Noir", "add", "680"]).status == 0)
    let renamed = try run(["lists", "sci-fi FAVES", "rename", "Science fiction"])
    #expect(renamed.status == 0 && renamed.stdout == "renamed the list Sci-fi faves to Science fiction\n")
    #expect(try run(["lists", "Science fiction"]).stdout.hasPrefix("550\tFight Club (1999)"))
    #expect(try run(["lists", "Sci-fi faves"]).status == 6)
    let taken = try run(["lists", "Science fiction", "rename", "noir"])
    #expect(taken.status == 1 && taken.stderr.contains("There is a list named Noir already."), "\(taken.stderr)")
    let watchlist = try run(["lists", "watchlist", "rename", "Later"])
    #expect(watchlist.status == 2 && watchlist.stderr.contains("the watchlist keeps its name"))
    #expect(try run(["lists", "Nope", "rename", "Other"]).status == 6)
    let bad = try run(["lists", "Noir", "rname", "x"])
    #expect(bad.status == 2 && bad.stderr.contains("'rename NEW-NAME'"), "\(bad.stderr)")
  }
}
