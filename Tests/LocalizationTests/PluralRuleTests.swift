import Localization
import Testing

@Suite struct PluralRuleTests {
  @Test func parsesEnglish() throws {
    let rule = try #require(PluralRule(header: " nplurals=2; plural=(n != 1);"))
    #expect([0, 1, 2, 5].map(rule.form) == [1, 0, 1, 1])
  }
}
