import TestSupport
import Testing

@testable import HTTPKit

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

  @Test func anEscapeLeftOpenCostsItsOwnLineNotTheParagraphsAfter() {
    let overview = "First \u{1B}]0;never closed\n\nSecond paragraph.\n\nThird \u{1B}[31"
    #expect(TextSanitizer.clean(overview, keepNewlines: true) == "First\n\nSecond paragraph.\n\nThird")
    #expect(TextSanitizer.clean("a\u{9D}open\nb") == "a b")
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
    for text in ["a  b", " a", "a ", "", "a\u{1B}b", "a\u{00A0}b", "a\u{3000}b", "a\u{200B}b", "a\u{9B}b", "a\nb"] {
      #expect(!TextSanitizer.isPlain(text, limit: 100), "\(text.debugDescription) needs the full pass")
    }
    for text in ["caf\u{E9}", "卧虎藏龙", "ואלס עם באשיר", "Amélie — “Le Fabuleux Destin”", "🎬 Dune"] {
      #expect(TextSanitizer.isPlain(text, limit: 100), "\(text.debugDescription) is clean as it is")
    }
    #expect(TextSanitizer.isPlain("One.\n\nTwo.", limit: 100, keepNewlines: true))
    for text in ["One.\n\n\nTwo.", "One. \nTwo.", "One.\n Two.", "\nOne.", "One.\n"] {
      #expect(
        !TextSanitizer.isPlain(text, limit: 100, keepNewlines: true), "\(text.debugDescription) needs the full pass")
    }
    #expect(!TextSanitizer.isPlain("One.\nTwo.", limit: 100), "a break becomes a space when paragraphs are not kept")
  }

  @Test func whatPassesAsPlainIsWhatTheFullPassGivesBack() {
    // Random text from scalars each rule is about: ASCII, spaces of every kind, controls,
    // formatters, escape introducers, letters from several scripts.
    let pool: [UInt32] = [
      0x20, 0x20, 0x41, 0x61, 0x7A, 0x2E, 0x09, 0x0A, 0x0D, 0x1B, 0x5B, 0x6D, 0x7F, 0x85, 0x9B, 0x9C, 0xA0, 0xE9,
      0x5D0, 0x61C, 0x1680, 0x180E, 0x2000, 0x200A, 0x200B, 0x200E, 0x2028, 0x2029, 0x202E, 0x202F, 0x205F, 0x2060,
      0x2066, 0x3000, 0x4E2D, 0xFEFF, 0xFFFB, 0x1F3AC, 0xE0041,
    ]
    var generator = SeededGenerator.fromEnvironment()
    var plainSeen = 0
    var paragraphsSeen = 0
    for _ in 0..<6000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        // Half letters, spaces and breaks, so that clean text with paragraphs comes up often.
        let common: [UInt32] = [0x61, 0x61, 0x4E2D, 0x20, 0x0A]
        let value =
          Bool.random(using: &generator)
          ? common.randomElement(using: &generator) : pool.randomElement(using: &generator)
        if let scalar = Unicode.Scalar(value ?? 0x41) { text.append(scalar) }
      }
      let string = String(text)
      let limit = Int.random(in: 4...16, using: &generator)
      for keepNewlines in [false, true] where TextSanitizer.isPlain(string, limit: limit, keepNewlines: keepNewlines) {
        plainSeen += 1
        if string.contains("\n") { paragraphsSeen += 1 }
        let full = TextSanitizer.rewritten(string, keepNewlines: keepNewlines, limit: limit)
        #expect(full == string, "\(string.debugDescription) passed as plain; \(generator.replay)")
      }
    }
    #expect(plainSeen > 100 && paragraphsSeen > 10, "the check was exercised: \(plainSeen), \(paragraphsSeen)")
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
