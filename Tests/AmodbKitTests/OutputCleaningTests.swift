import Foundation
import Testing

@testable import AmodbKit

@Suite("Cleaning a command's whole output")
struct OutputCleaningTests {
  @Test(arguments: [
    ("plain\ttext\nrows\n", "plain\ttext\nrows\n"),
    ("  spaces   kept  \n", "  spaces   kept  \n"),
    ("clear\u{1B}[2Jscreen", "clearscreen"),
    ("osc\u{1B}]52;c;SGVsbG8=\u{07}after", "oscafter"),
    ("link\u{1B}]8;;http://x\u{1B}\\text\u{1B}]8;;\u{1B}\\", "linktext"),
    ("c1\u{9B}31mred", "c1red"),
    ("del\u{7F}ete\u{85}\u{202E}", "delete"),
    ("crlf\r\nkept\r\n", "crlf\r\nkept\r\n"),
    ("lone\rreturn\r", "lonereturn"),
    ("open\u{1B}]0;never closed\tnext field\nnext row", "open\tnext field\nnext row"),
    ("open\u{9B}12;\nnext row", "open\nnext row"),
  ])
  func cleanOutput(input: String, expected: String) {
    #expect(TextSanitizer.cleanOutput(input) == expected)
    #expect(TextSanitizer.cleanOutput(expected) == expected, "cleaning twice changes nothing")
  }

  @Test func jsonKeepsItsMeaningWithEveryControlAsAnEscape() throws {
    let json = "[\n  \"a\u{9B}31m\u{7F}\u{202E}\u{E0001}b\",\n\t\"\\u001b\"\r\n]"
    let escaped = TextSanitizer.escapingControls(inJSON: json)
    #expect(escaped == "[\n  \"a\\u009b31m\\u007f\\u202e\\udb40\\udc01b\",\n\t\"\\u001b\"\r\n]")
    let read = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String]
    #expect(read == ["a\u{9B}31m\u{7F}\u{202E}\u{E0001}b", "\u{1B}"])
    #expect(TextSanitizer.escapingControls(inJSON: "{\"plain\": 1}") == "{\"plain\": 1}")
  }
}
