import FoundationEssentials
import Testing
import TrendingCore

@testable import TerminalUI

/// The terminal's bytes as the decoder sees them, split across reads as a slow link splits them.
@Suite("Reading the terminal: reports, pastes, answers")
struct InputDecoderTests {
  private let start = Date(timeIntervalSince1970: 1_800_000_000)

  private func codes(_ text: String) -> [RawInput] {
    text.unicodeScalars.map { RawInput.code($0.value) }
  }

  private func at(_ milliseconds: Double) -> Date {
    start.addingTimeInterval(milliseconds / 1000)
  }

  @Test func aMouseReportSplitAfterItsEscIsStillAReport() {
    var decoder = InputDecoder(mouse: true)
    #expect(decoder.decode(codes("\u{1B}"), now: at(0)).isEmpty, "a lone ESC waits for what may follow")
    #expect(decoder.deadline == at(150))
    let later = decoder.decode(codes("[<0;5;3M"), now: at(120))
    #expect(later == [.mouse(MouseEvent(.press, row: 2, column: 4))])
    #expect(decoder.deadline == nil)
  }

  @Test func aReportSplitInItsMiddleIsAwaitedToo() {
    var decoder = InputDecoder(mouse: true)
    #expect(decoder.decode(codes("\u{1B}[<64;1"), now: at(0)).isEmpty)
    #expect(decoder.decode(codes("0;7M"), now: at(100)) == [.mouse(MouseEvent(.wheelUp, row: 6, column: 9))])
  }

  @Test func aLoneEscIsTheEscapeKeyOnceItsWindowPasses() {
    var decoder = InputDecoder(mouse: true)
    #expect(decoder.decode(codes("\u{1B}"), now: at(0)).isEmpty)
    #expect(decoder.decode([], now: at(100)).isEmpty, "still inside the window")
    #expect(decoder.decode([], now: at(151)) == [.key(.escape)])
    #expect(decoder.deadline == nil)
    // ESC with a key after it in one read is Escape and the key, at once, as before.
    #expect(decoder.decode(codes("\u{1B}q"), now: at(200)) == [.key(.escape), .key(.character("q"))])
  }

  @Test func anUnfinishedReportIsDroppedNotTyped() {
    var decoder = InputDecoder(mouse: true)
    #expect(decoder.decode(codes("\u{1B}[<0;12"), now: at(0)).isEmpty)
    #expect(decoder.decode([], now: at(200)).isEmpty, "digits of a broken report never switch tabs")
  }

  @Test func pastedTextIsOnePasteEvenWithEscapesAndKeysInIt() {
    var decoder = InputDecoder(mouse: true)
    let inputs = decoder.decode(codes("\u{1B}[200~quiet\u{1B} planet q\u{1B}[201~j"), now: at(0))
    #expect(inputs == [.paste("quiet planet q"), .key(.character("j"))])
  }

  @Test func aPasteSpanningReadsAndItsEndMarkerSplitComeTogether() {
    var decoder = InputDecoder(mouse: false)
    #expect(decoder.decode(codes("\u{1B}[20"), now: at(0)).isEmpty)
    #expect(decoder.decode(codes("0~Blade "), now: at(50)).isEmpty)
    #expect(decoder.decode(codes("Runner\u{1B}[2"), now: at(60)).isEmpty)
    #expect(decoder.decode(codes("01~"), now: at(70)) == [.paste("Blade Runner")])
  }

  @Test func aHugePasteKeepsItsLimit() {
    var decoder = InputDecoder(mouse: false)
    let body = String(repeating: "x", count: 100_000)
    let inputs = decoder.decode(codes("\u{1B}[200~" + body + "\u{1B}[201~"), now: at(0))
    #expect(inputs == [.paste(String(repeating: "x", count: InputDecoder.pasteLimit))])
  }

  @Test func answersAreBelievedOnlyWhileAskedAndOnceEach() {
    var decoder = InputDecoder(mouse: false)
    let version = "\u{1B}P>|kitty(0.35.2)\u{1B}\\"
    let attributes = "\u{1B}[?62;4c"
    let background = "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}"
    #expect(decoder.decode(codes(version + background), now: at(0)).isEmpty, "not asked: swallowed, not keys")
    decoder.asked(at: at(0))
    #expect(
      decoder.decode(codes(version + version), now: at(10)) == [.reply(.version("kitty(0.35.2)"))],
      "a second version is not believed")
    #expect(decoder.decode(codes(attributes), now: at(20)) == [.reply(.deviceAttributes([62, 4]))])
    #expect(decoder.decode(codes(background + attributes), now: at(30)).isEmpty, "answers after the last one")
    decoder.asked(at: at(1000))
    #expect(decoder.decode(codes(background), now: at(5000)).isEmpty, "an answer after its time")
  }
}
