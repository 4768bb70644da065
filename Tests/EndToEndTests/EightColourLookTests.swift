import Foundation
import TestSupport
import Testing

/// The roles at eight colours as a terminal receives them (issue 56, part 3): the real binary in
/// tmux with `TERM=xterm`, its rows read back with their SGR sequences.
@Suite("End to end: the roles at eight colours", .serialized)
struct EightColourLookTests {
  /// The demo's list at 80x24 with the first film rated 9, its rows as tmux holds them (with escapes).
  private func rows(theme: String) throws -> [String] {
    let session = try TmuxSession(["--demo"], environment: ["TRENDING_THEME": theme], terminal: "xterm")
    try session.waitFor("Dune: Part Two")
    try session.send("R", "9", "Enter")
    try session.waitFor("★9")
    // The rated row off the selection: its own colours, once the selection bar is on the next row.
    try session.send("j")
    let deadline = Date().addingTimeInterval(10)
    var screen = ""
    repeat {
      screen = try session.command(["capture-pane", "-p", "-e", "-t", "main"])
      let lines = screen.split(separator: "\n").map(String.init)
      let selected = { (title: String) in lines.first { $0.contains(title) }?.contains("44m")
      }
      if selected("Oppenheimer") == true, selected("Dune: Part Two") == false { break }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test(arguments: ["dark", "light"])
  func mutedIsTheDefaultDimmedAndNoScoreIsUnderlined(theme: String) throws {
    let rows = try rows(theme: theme)
    let dune = try #require(rows.first { $0.contains("Dune: Part Two") })
    // The year: faint in the default colour, never cyan (the accent) or magenta.
    let year = try #require(dune.range(of: "2024"))
    let before = String(dune[..<year.lowerBound].suffix(12))
    let faint = before.range(of: "\u{1B}\\[([0-9]*;)*2m", options: .regularExpression)
    #expect(faint != nil, "the year is faint: \(before.debugDescription)")
    #expect(!dune.contains("\u{1B}[36m") && !dune.contains("[0;36m"), "no cyan in the row: \(dune.debugDescription)")
    // The chip in the user's role and the score bold, neither underlined like a link.
    let body = rows.dropFirst(3).prefix(18).joined(separator: "\n")
    #expect(!body.contains("\u{1B}[4m") && !body.contains(";4m"), "an underline in the rows")
    #expect(dune.contains("★9"))
    if theme == "dark" { #expect(dune.contains("35m★9"), "magenta: \(dune.debugDescription)") }
  }
}
