import TestSupport
import Testing

@testable import AmodbKit

@Suite("Cleaning text for the terminal")
struct TextSanitizerTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("red\u{1B}[31mtext\u{1B}[0m", "redtext"),
    ("title\u{1B}]0;owned\u{07}after", "titleafter"),
    ("osc\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "osclink"),
    ("c1\u{9B}2Jcsi", "c1csi"),
    ("bell\u{07}\u{07}", "bell"),
    ("tab\there", "tab here"),
    ("del\u{7F}ete", "delete"),
    ("\u{202E}reversed\u{202C}", "reversed"),
    ("dcs\u{1B}P1$r\u{1B}\\end", "dcsend"),
    ("  many   spaces  ", "many spaces"),
    ("two  spaces", "two spaces"),
    (" leading", "leading"),
    ("trailing ", "trailing"),
    ("no\u{A0}break\u{2003}em", "no break em"),
    ("", ""),
    ("עברית", "עברית"),
    ("e\u{301}", "e\u{301}"),
    ("👨‍👩‍👧", "👨‍👩‍👧"),
  ])
  func cleans(input: String, expected: String) {
    #expect(TextSanitizer.clean(input) == expected)
  }

  @Test func keepsParagraphsWhenAsked() {
    #expect(TextSanitizer.clean("one\r\n\r\n\n\ntwo\n", keepNewlines: true) == "one\n\ntwo")
    #expect(TextSanitizer.clean("one\ntwo") == "one two")
  }

  @Test func boundsTheLength() {
    #expect(TextSanitizer.clean(String(repeating: "a", count: 10_000), limit: 300).count == 300)
  }

  @Test func plainASCIIIsKeptUpToTheLimitAndCutBeyondIt() {
    let title = "The Lord of the Rings: The Return of the King (2003)"
    #expect(TextSanitizer.isPlain(title, limit: title.count))
    #expect(TextSanitizer.clean(title, limit: title.count) == title)
    #expect(!TextSanitizer.isPlain(title, limit: title.count - 1))
    #expect(TextSanitizer.clean(title, limit: 8) == "The Lord")
    for text in ["a  b", " a", "a ", "", "a\u{1B}b", "caf\u{E9}"] {
      #expect(!TextSanitizer.isPlain(text, limit: 100), "\(text.debugDescription) needs the full pass")
    }
  }

  @Test func noControlCharacterSurvivesAnyInput() {
    var generator = SeededGenerator.fromEnvironment()
    for _ in 0..<500 {
      let scalars = (0..<40).compactMap { _ in Unicode.Scalar(UInt32.random(in: 0...0x250, using: &generator)) }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars)
      let cleaned = TextSanitizer.clean(String(text), keepNewlines: true)
      #expect(cleaned.unicodeScalars.allSatisfy { $0 == "\n" || !TextSanitizer.isDropped($0.value) }, generator.replay)
    }
  }
}
