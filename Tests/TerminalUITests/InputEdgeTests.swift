import FoundationEssentials
import Testing
import TrendingCore

@testable import TerminalUI

/// Issue 38, finding 7: the decoder's edges, with values and a clock (the pseudo-terminal tests
/// in `EndToEndTests/InputEdgesEndToEndTests` write the same bytes at measured gaps).
@Suite("Reading the terminal: slow sequences, endless pastes, stray strings")
struct InputEdgeTests {
  private let start = Date(timeIntervalSince1970: 1_800_000_000)

  private func codes(_ text: String) -> [RawInput] {
    text.unicodeScalars.map { RawInput.code($0.value) }
  }

  private func at(_ milliseconds: Double) -> Date {
    start.addingTimeInterval(milliseconds / 1000)
  }

  @Test func keysArriveAsSequencesTheDecoderReads() {
    var decoder = InputDecoder(mouse: false)
    let keys = decoder.decode(
      codes("\u{1B}OB\u{1B}[A\u{1B}[1;5C\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z\u{1B}[15~\u{1B}[3~x"), now: at(0))
    #expect(
      keys == [
        .key(.down), .key(.up), .key(.right), .key(.pageUp), .key(.pageDown), .key(.home), .key(.end),
        .key(.backTab), .key(.delete), .key(.character("x")),
      ])
  }

  @Test func aDownArrowWhoseBytesAre30msApartIsStillDown() {
    var decoder = InputDecoder(mouse: true)
    #expect(decoder.decode(codes("\u{1B}"), now: at(0)).isEmpty)
    #expect(decoder.decode([], now: at(30)).isEmpty)
    #expect(decoder.decode(codes("O"), now: at(30)).isEmpty)
    #expect(decoder.decode(codes("B"), now: at(60)) == [.key(.down)])
  }

  @Test func theWindowCountsFromTheLastCodeUpToOneSecond() {
    var decoder = InputDecoder(mouse: true)
    let report = Array("\u{1B}[<0;15;7M".unicodeScalars)
    var inputs: [TerminalInput] = []
    // A code every 100 ms: 0.9 s in all, each gap inside the window (it was 150 ms from the ESC).
    for (offset, scalar) in report.enumerated() {
      inputs += decoder.decode([.code(scalar.value)], now: at(Double(offset) * 100))
      if offset < report.count - 1 {
        let expected = at(Double(offset) * 100 + 150)
        #expect(abs(decoder.deadline?.timeIntervalSince(expected) ?? 1) < 0.001, "\(offset)")
      }
    }
    #expect(inputs == [.mouse(MouseEvent(.press, row: 6, column: 14))])
    // However slowly it comes, a sequence is awaited at most a second from its ESC.
    var slow = InputDecoder(mouse: true)
    _ = slow.decode(codes("\u{1B}[<0;1"), now: at(0))
    for step in 1...7 { #expect(slow.decode(codes("1"), now: at(Double(step) * 140)).isEmpty) }
    #expect(abs(slow.deadline?.timeIntervalSince(at(1000)) ?? 1) < 0.001, "not 980 + 150")
    #expect(slow.decode([], now: at(1000)).isEmpty, "dropped, not typed")
  }

  @Test func aPasteThatNeverEndsIsOverAfterASecondOfSilence() {
    var decoder = InputDecoder(mouse: false)
    #expect(decoder.decode(codes("\u{1B}[200~some text"), now: at(0)).isEmpty)
    #expect(abs(decoder.deadline?.timeIntervalSince(at(1000)) ?? 1) < 0.001)
    #expect(decoder.decode([], now: at(999)).isEmpty)
    #expect(decoder.decode([], now: at(1000)) == [.paste("some text")])
    #expect(decoder.decode(codes("q"), now: at(1100)) == [.key(.character("q"))], "keys are keys again")
    var typedLate = InputDecoder(mouse: false)
    _ = typedLate.decode(codes("\u{1B}[200~abc"), now: at(0))
    #expect(typedLate.decode(codes("q"), now: at(1500)) == [.paste("abc"), .key(.character("q"))])
  }

  @Test func anEndMarkerInsideAPasteIsText() {
    var decoder = InputDecoder(mouse: false)
    let inputs = decoder.decode(codes("\u{1B}[200~one\u{1B}[201~q two\u{1B}[201~j"), now: at(0))
    #expect(inputs == [.paste("one[201~q two"), .key(.character("j"))])
    var two = InputDecoder(mouse: false)
    #expect(
      two.decode(codes("\u{1B}[200~a\u{1B}[201~\u{1B}[200~b\u{1B}[201~"), now: at(0)) == [.paste("a"), .paste("b")])
  }

  @Test func aPasteKeepsEveryPrintableCharacter() {
    var decoder = InputDecoder(mouse: false)
    let inputs = decoder.decode(codes("\u{1B}[200~quiet\u{1B} planet\u{7}\u{9B}!\u{7F}\u{1B}[201~"), now: at(0))
    #expect(inputs == [.paste("quiet planet!")])
  }

  @Test func stringsThatAreNoAnswerLeaveTheKeysAfterThem() {
    var decoder = InputDecoder(mouse: false)
    #expect(
      decoder.decode(codes("\u{1B}Pjj"), now: at(0)) == [
        .key(.escape), .key(.character("P")), .key(.character("j")), .key(.character("j")),
      ])
    #expect(
      decoder.decode(codes("\u{1B}]jk"), now: at(10)) == [
        .key(.escape), .key(.character("]")), .key(.character("j")), .key(.character("k")),
      ])
    #expect(decoder.decode(codes("\u{1B}P"), now: at(20)).isEmpty, "could still be an answer")
    #expect(decoder.decode([], now: at(171)) == [.key(.escape), .key(.character("P"))])
  }

  @Test func anX10MouseReportIsOneEventOrNothing() {
    var decoder = InputDecoder(mouse: true)
    #expect(decoder.decode(codes("\u{1B}[M !!"), now: at(0)) == [.mouse(MouseEvent(.press, row: 0, column: 0))])
    #expect(decoder.decode(codes("\u{1B}[M#!!j"), now: at(10)) == [.key(.character("j"))], "a release is nothing")
    #expect(decoder.decode(codes("\u{1B}[M`+%"), now: at(20)) == [.mouse(MouseEvent(.wheelUp, row: 4, column: 10))])
    var off = InputDecoder(mouse: false)
    #expect(off.decode(codes("\u{1B}[M !!"), now: at(0)).isEmpty, "six keys before")
  }
}
