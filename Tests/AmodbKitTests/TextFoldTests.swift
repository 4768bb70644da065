import Testing

@testable import AmodbKit

/// Text folded for matching what a user types: Latin accents away, other scripts kept.
@Suite("Text folded for matching")
struct TextFoldTests {
  @Test func foldingKeepsWhatIsNotLatin() {
    #expect(TextFold.folded("Amélie Łódź Ærø Straße") == "amelie lodz aero strasse")
    #expect(TextFold.folded("Сталкер 卧虎藏龙 ואלס") == "сталкер 卧虎藏龙 ואלס")
    #expect(TextFold.latinBase(of: "ð") == nil, "eth is a letter of its own")
    #expect(TextFold.latinBase(of: "ı") == nil, "a dotless i is not named for an i")
  }

  @Test func russiansYoIsTheirYe() {
    #expect(TextFold.folded("Крёстный отец") == TextFold.folded("крестный отец"))
    #expect(TextFold.folded("ЁЛКИ") == "елки")
    #expect(TextFold.folded("Їжак") == "їжак", "a Ukrainian yi is a letter of its own")
  }
}
