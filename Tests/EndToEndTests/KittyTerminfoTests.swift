import Foundation
import TestSupport
import Testing

extension BrowserEndToEndTests {
  /// kitty runs its children with TERM=xterm-kitty, TERMINFO naming kitty's own folder and
  /// COLORTERM=truecolor: the browser must start there (it crashed in ncurses' keypad, after a
  /// newterm of an entry outside that folder failed).
  @Suite("End to end: a terminal that names its own terminfo folder")
  struct KittyTerminfoTests {
    @Test func theBrowserStartsWhenTerminfoNamesAFolderWithoutADirectEntry() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      try FileManager.default.createDirectory(at: folder.appendingPathComponent("x"), withIntermediateDirectories: true)
      // kitty's folder holds its own entry: here, xterm-256color's under kitty's name.
      let entry = try #require(
        ["/usr/share/terminfo/x/xterm-256color", "/lib/terminfo/x/xterm-256color"].first {
          FileManager.default.fileExists(atPath: $0)
        })
      try FileManager.default.copyItem(
        atPath: entry, toPath: folder.appendingPathComponent("x/xterm-kitty").path)
      let session = try TmuxSession(
        ["--demo"], environment: ["TERMINFO": folder.path, "COLORTERM": "truecolor"], terminal: "xterm-kitty")
      try session.waitFor("Dune: Part Two")
      try session.waitForIdle()
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
