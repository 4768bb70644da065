import Foundation
import TestSupport
import Testing

@Suite("End to end: quitting while another process holds the library")
struct BusyLibraryEndToEndTests {
  /// A mark kept for a library another process holds: the first `q` says it waits, the second quits
  /// and says on the terminal it was not saved, exit 1; never lost without a word.
  @Test func quittingWithAChangeStillWaitingAsksOnceThenSaysItWasLost() throws {
    let session = try TmuxSession(["--demo"])
    try session.waitForIdle()
    let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
    #expect(try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: data).status == 0)
    let held = try HeldLibrary(session.home.appendingPathComponent("data/trending/demo/library.sqlite3"))
    defer { held.release() }
    try session.send("m")
    try session.waitFor("busy elsewhere")
    try session.send("q")
    try session.waitFor("1 change not saved yet, the library is busy: quit again to lose it.")
    #expect(session.status()["unsaved"] == "1")
    try session.send("q")
    let exit = try session.waitForExit()
    #expect(exit.status == 1)
    try session.waitFor("1 change was not saved: the library was busy with another process.")
    // What to do again is named: the first row's title, as the piped list gives it.
    let first = try BinaryRunner.run(["--demo", "list"], environment: data).stdout.split(separator: "\n").first
    let title = try #require(first?.split(separator: "\t").dropFirst(2).first)
    try session.waitFor("Not saved: \(title).")
  }

  /// For a screen reader the question takes the cursor, as a dialog's would: it is heard before a
  /// second `q` loses the change.
  @Test func theQuitQuestionTakesAScreenReadersCursor() throws {
    let session = try TmuxSession(["--demo", "--screen-reader"])
    try session.waitForIdle()
    let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
    #expect(try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: data).status == 0)
    let held = try HeldLibrary(session.home.appendingPathComponent("data/trending/demo/library.sqlite3"))
    defer { held.release() }
    try session.send("a")
    try session.waitFor("busy elsewhere")
    try session.send("q")
    try session.waitFor("quit again to lose it.")
    // The library is retried meanwhile, so the app is never idle: the cursor is waited for.
    let deadline = Date().addingTimeInterval(15)
    var focus = try session.focusedLine()
    while !focus.line.contains("change not saved yet"), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      focus = try session.focusedLine()
    }
    #expect(focus.line.contains("change not saved yet") && focus.column == 0, "\(focus)")
    held.release()
    try session.waitForGone("quit again to lose it.", timeout: 20)
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// Once the other process lets go, the change is stored and that is said: quitting is plain.
  @Test func aChangeStoredOnceTheLibraryIsFreeIsSaidAndQuitsPlainly() throws {
    let session = try TmuxSession(["--demo"])
    try session.waitForIdle()
    let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
    #expect(try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: data).status == 0)
    let held = try HeldLibrary(session.home.appendingPathComponent("data/trending/demo/library.sqlite3"))
    try session.send("m")
    try session.waitFor("busy elsewhere")
    held.release()
    try session.waitFor("The library is free again: your changes are saved.")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// A command on a terminal that waits for another process's hold on the library says so after a
  /// second, then does its work once the library is free.
  @Test func aCommandWaitingForTheLibrarySaysSoOnATerminal() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("trending-wait-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    #expect(
      try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: ["XDG_DATA_HOME": data.path]).status == 0
    )
    let held = try HeldLibrary(data.appendingPathComponent("trending/demo/library.sqlite3"))
    defer { held.release() }
    let session = try TmuxSession(["--demo", "seen", "550"], environment: ["XDG_DATA_HOME": data.path])
    try session.waitFor("Waiting for the library: another process is using it…")
    held.release()
    try session.waitFor("seen")
    #expect(try session.waitForExit().status == 0)
  }
}
