import Testing
import TrendingCore

@testable import TerminalUI

@Suite("SGR mouse reports")
struct SGRMouseTests {
  @Test func sgrMouseReportsDecode() {
    func parse(_ text: String) -> (MouseEvent?, Int)? {
      SGRMouse.parse(Array(text.unicodeScalars.map(\.value))[...]).map { ($0.event, $0.length) }
    }
    #expect(parse("[<0;300;7M")?.0 == MouseEvent(.press, row: 6, column: 299), "past column 223")
    #expect(parse("[<0;10;7m")?.0 == nil, "a release is read and ignored")
    #expect(parse("[<0;10;7m")?.1 == 9, "all of it is consumed")
    #expect(parse("[<64;1;1M")?.0 == MouseEvent(.wheelUp, row: 0, column: 0))
    #expect(parse("[<65;1;1M")?.0 == MouseEvent(.wheelDown, row: 0, column: 0))
    #expect(parse("[<32;1;1M")?.0 == nil, "a drag")
    #expect(parse("[<0;1M") == nil, "too few numbers")
    #expect(parse("[A") == nil, "an arrow key is not a report")
    #expect(parse("[<0;1;1;1;1M") == nil)
  }

  @Test func terminalAnswersAreReadWholeOrWaitedFor() {
    func parse(_ text: String) -> TerminalReply.Parsed? {
      TerminalReply.parse(Array(text.unicodeScalars.map(\.value))[...])
    }
    #expect(parse("P>|kitty(0.35.2)\u{1B}\\") == .reply(.version("kitty(0.35.2)"), length: 18))
    #expect(parse("[?62;4;22c") == .reply(.deviceAttributes([62, 4, 22]), length: 10))
    #expect(parse("P>|kitty(0.3") == .incomplete)
    #expect(parse("[?62;4") == .incomplete)
    #expect(parse("[A") == nil, "an arrow key is a key")
    #expect(parse("OP") == nil)
    #expect(TerminalReply.showsKittyPlaceholders(version: "kitty(0.28.0)"))
    #expect(!TerminalReply.showsKittyPlaceholders(version: "kitty(0.26.5)"))
    #expect(TerminalReply.showsKittyPlaceholders(version: "WezTerm 20240203-110809-5046fc22"))
    #expect(!TerminalReply.showsKittyPlaceholders(version: "tmux 3.3a"))
    #expect(!TerminalReply.showsKittyPlaceholders(version: "XTerm(379)"))
    // The background colour, as xterm (BEL) and others (ST) end it.
    #expect(parse("]11;rgb:ffff/ffff/ffff\u{07}") == .reply(.background(red: 1, green: 1, blue: 1), length: 23))
    #expect(parse("]11;rgb:00/00/00\u{1B}\\") == .reply(.background(red: 0, green: 0, blue: 0), length: 18))
    #expect(parse("]11;rgb:ffff/ff") == .incomplete)
    #expect(parse("]52;c;abc\u{07}") == nil, "only the background is an answer we asked for")
    // The cell's size in pixels (CSI 16 t), never confused with PageDown (CSI 6 ~).
    #expect(parse("[6;20;10t") == .reply(.cellSize(width: 10, height: 20), length: 9))
    #expect(parse("[6;20;1") == .incomplete)
    #expect(parse("[6~") == nil, "PageDown is a key")
    #expect(parse("[6;0;10t") == nil, "a zero size is no answer")
    #expect(parse("[6;1;2;3t") == nil)
    #expect(TerminalReply.isLight(red: 1, green: 1, blue: 0.9))
    #expect(!TerminalReply.isLight(red: 0.1, green: 0.1, blue: 0.15))
  }
}
