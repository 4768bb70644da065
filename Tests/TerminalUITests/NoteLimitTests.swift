import LibraryKit
import Testing
import TrendingCore

/// The note's line (the browser's) and the library take notes of one length.
@Suite("The note's line and the library: one longest note")
struct NoteLimitTests {
  @Test func theNotesLineIsAsLongAsTheLongestNote() {
    #expect(Prompt.longestNote == Library.longestNote)
  }
}
