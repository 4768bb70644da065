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
}
