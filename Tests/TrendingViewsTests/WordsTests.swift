import Localization
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Words: counts in ten thousands for Chinese, quotation marks by language, weeks across months")
struct WordsTests {
  @Test func chineseAndJapaneseCountInTenThousands() {
    Translator.$override.withValue(Translator.catalogue(for: "zh")) {
      #expect(Formatters.votes(640_000) == "64万")
      #expect(Formatters.votes(12_000) == "1.2万")
      #expect(Formatters.votes(950) == "950")
      #expect(Formatters.votes(230_000_000) == "2.3亿")
    }
    #expect(Formatters.myriads(150_000_000, hundredMillions: "億") == "1.5億")
    Translator.$override.withValue(Translator.catalogue(for: "en")) {
      #expect(Formatters.votes(640_000) == "640K")
    }
  }

  @Test func namesAreQuotedAsTheLanguageQuotes() {
    Translator.$override.withValue(Translator.catalogue(for: "ru")) {
      #expect(Quoted.name("Люди") == "«Люди»")
    }
    Translator.$override.withValue(Translator.catalogue(for: "en")) {
      #expect(Quoted.name("Humans") == "“Humans”")
    }
  }

  @Test func aWeekThatCrossesAMonthNamesBothEnds() {
    Translator.$override.withValue(Translator.catalogue(for: "en")) {
      #expect(
        CalendarWords.weekHeading(CivilDay(year: 2026, month: 12, day: 28))
          == "Week of 28 December 2026 – 3 January 2027")
      #expect(CalendarWords.weekHeading(CivilDay(year: 2026, month: 10, day: 26)) == "Week of 26 October – 1 November")
      #expect(CalendarWords.weekHeading(CivilDay(year: 2026, month: 12, day: 7)) == "Week of 7 December")
    }
  }
}
