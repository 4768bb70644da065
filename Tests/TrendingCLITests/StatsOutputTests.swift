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
}
