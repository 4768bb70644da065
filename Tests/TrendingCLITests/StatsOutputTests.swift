import Localization
import Testing

@testable import LibraryKit
@testable import TrendingCLI

/// `trending stats` as text, in the user's language.
@Suite("Output: stats in the user's notation")
struct StatsOutputTests {
  let stats = LibraryStats(
    films: 3, filmWatches: 4, series: 1, episodes: 2, episodeWatches: 2, minutes: 2778, unmeasured: 0,
    byMonth: [(month: "2026-10", count: 6)], topGenres: [(genre: "Drama", count: 2)],
    ratings: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0])

  @Test func hoursHaveTheLanguagesDecimalSeparator() {
    let french = Translator.$override.withValue(Translator.catalogue(for: "fr")) { Output.stats(stats, json: false) }
    #expect(french.contains("46,3"), "\(french)")
    #expect(Output.stats(stats, json: false).contains("hours: 46.3"))
  }

  @Test func aFullWidthColonHoldsItsOwnSpace() {
    let chinese = Translator.$override.withValue(Translator.catalogue(for: "zh")) { Output.stats(stats, json: false) }
    #expect(chinese.contains("：2026-10 ×6") && !chinese.contains("： "), "\(chinese)")
    #expect(Output.stats(stats, json: false).contains("by month: 2026-10 ×6"))
  }

  @Test func aLifetimeOfMonthsIsSaidByYearThenItsLatestTwelve() throws {
    var lifetime = stats
    // 2010-01 to 2014-12, each month's count its month number: 78 a year.
    lifetime.byMonth = (2010...2014).flatMap { year in
      (1...12).map { number in (month: "\(year)-\(number < 10 ? "0" : "")\(number)", count: number) }
    }
    let lines = Output.stats(lifetime, json: false).split(separator: "\n").map(String.init)
    #expect(lines.contains("by year: 2010 ×78, 2011 ×78, 2012 ×78, 2013 ×78, 2014 ×78"), "\(lines)")
    let latest = try #require(lines.first { $0.hasPrefix("the latest 12 months: ") })
    #expect(latest.hasPrefix("the latest 12 months: 2014-01 ×1, ") && latest.hasSuffix("2014-12 ×12"))
    #expect(!lines.contains { $0.hasPrefix("by month:") })
    // With a gap, the twelve calendar months up to the latest watch: not older months.
    var gap = stats
    gap.byMonth =
      (1...12).map { (month: "2009-\($0 < 10 ? "0" : "")\($0)", count: 1) }
      + [
        (month: "2011-03", count: 2), (month: "2011-12", count: 3), (month: "2012-01", count: 4),
        (month: "2012-02", count: 5),
      ]
    let gapLines = Output.stats(gap, json: false).split(separator: "\n").map(String.init)
    #expect(gapLines.contains("the latest 12 months: 2011-03 ×2, 2011-12 ×3, 2012-01 ×4, 2012-02 ×5"), "\(gapLines)")
    #expect(Output.month("2012-02", minus: 11) == "2011-03" && Output.month("2012-12", minus: 11) == "2012-01")
    // The JSON keeps every month.
    #expect(Output.stats(lifetime, json: true).contains("\"2010-01\""))
  }
}
