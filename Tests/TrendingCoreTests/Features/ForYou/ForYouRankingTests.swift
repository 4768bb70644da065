import AmodbKit
import Testing

@testable import TrendingCore

@Suite("For you: seeds, merging and ranking, reasons; a seeded pick")
struct ForYouRankingTests {
  let dune = ForYou.Seed(media: .film(693134), title: "Dune: Part Two", rating: 9, lastSeen: "2026-10-01")
  let matrix = ForYou.Seed(media: .film(603), title: "The Matrix", rating: 8)
  let alien = ForYou.Seed(media: .film(348), title: "Alien", lastSeen: "2026-11-20")
  let disliked = ForYou.Seed(media: .film(19), title: "Metropolis", rating: 3, lastSeen: "2026-11-25")
  let dark = ForYou.Seed(media: .series(70523), title: "Dark", rating: 10)

  func film(_ id: Int, _ score: Double, votes: Int = 100) -> MediaSummary {
    MediaSummary(id: id, title: "Film \(id)", voteAverage: score, voteCount: votes)
  }

  @Test func seedsAreTheBestRatedThenTheLatestSeenFiveAtMostOfTheKind() {
    let all = [dune, matrix, alien, disliked, dark]
    #expect(ForYou.seeds(all, kind: .film).map(\.title) == ["Dune: Part Two", "The Matrix", "Alien"])
    #expect(ForYou.seeds(all, kind: .series).map(\.title) == ["Dark"])
    #expect(ForYou.seeds(all, kind: nil).map(\.title) == ["Dark", "Dune: Part Two", "The Matrix", "Alien"])
    let many = (1...9).map { ForYou.Seed(media: .film($0), title: "R\($0)", rating: 8, lastSeen: "2026-01-0\($0)") }
    let recent = (1...4).map { ForYou.Seed(media: .film(100 + $0), title: "S\($0)", lastSeen: "2026-11-1\($0)") }
    let chosen = ForYou.seeds(many + recent, kind: .film)
    #expect(chosen.count == ForYou.seedLimit)
    #expect(chosen.map(\.title) == ["R9", "R8", "R7", "S4", "S3"], "three by rating, then the latest watches")
    #expect(ForYou.seeds([disliked], kind: .film).isEmpty, "a title rated below 8 never seeds")
  }

  @Test func titlesNamedByMoreSeedsComeFirstThenByScoreAndNothingKnownIsRecommended() {
    let recommendations: [(seed: ForYou.Seed, titles: [MediaSummary])] = [
      (dune, [film(1, 6.0), film(2, 9.0), film(3, 7.0), film(603, 8.7)]),
      (matrix, [film(1, 6.0), film(4, 8.0), film(5, 9.5)]),
      (alien, [film(1, 6.0), film(3, 7.0), film(4, 8.0)]),
    ]
    let ranked = ForYou.rank(recommendations, excluding: [.film(5)])
    #expect(ranked.map(\.summary.id) == [1, 4, 3, 2], "three seeds, then two (by score), then one; 5 excluded")
    #expect(ranked[0].seeds.map(\.title) == ["Dune: Part Two", "The Matrix", "Alien"])
    #expect(!ranked.contains { $0.summary.id == 603 }, "a seed is never recommended to itself")
    let tie = ForYou.rank([(dune, [film(9, 7.0), film(8, 7.0)])], excluding: [])
    #expect(tie.map(\.summary.id) == [8, 9], "equal scores: by id, so a refresh keeps the order")
  }

  @Test func eachRowSaysWhy() {
    let one = ForYou.Ranked(summary: film(1, 7), seeds: [dune])
    #expect(ForYou.reason(one) == "because you rated Dune: Part Two 9")
    let seen = ForYou.Ranked(summary: film(1, 7), seeds: [alien])
    #expect(ForYou.reason(seen) == "because you saw Alien")
    let three = ForYou.Ranked(summary: film(1, 7), seeds: [dune, matrix, alien])
    #expect(ForYou.reason(three) == "because you rated Dune: Part Two 9, and 2 more")
    let page = ForYou.page([one, seen])
    #expect(page.results.map(\.reason) == ["because you rated Dune: Part Two 9", "because you saw Alien"])
  }

  @Test func recommendAsksEachSeedOfTheKindCountsFailuresAndFailsOnlyWhenAllDo() async {
    let taste = [dune, matrix, dark]
    let found = await ForYou.recommend(seeds: taste, excluding: [.film(2)], kind: .film) { media in
      media == matrix.media ? .failure(.transport(description: "down")) : .success([film(1, 7), film(2, 9)])
    }
    let value = try? found.get()
    #expect(value?.seeds.map(\.title) == ["Dune: Part Two", "The Matrix"], "the series is not of the kind")
    #expect(value?.failed == 1)
    #expect(value?.ranked.map(\.summary.id) == [1], "the excluded title is left out")
    let none = await ForYou.recommend(seeds: taste, excluding: [], kind: nil) { _ in
      .failure(.transport(description: "down"))
    }
    #expect(throws: AmodbError.transport(description: "down")) { try none.get() }
    let empty = await ForYou.recommend(seeds: [], excluding: [], kind: nil) { _ in .success([]) }
    #expect((try? empty.get())?.seeds.isEmpty == true, "nothing to seed is no error")
  }

  @Test func aPickPassesItsFiltersAndTheSameSeedPicksTheSameTitle() {
    let short = Pick.Candidate(summary: film(1, 7), runtime: 95, genres: ["Drama"], services: ["MUBI"])
    let long = Pick.Candidate(summary: film(2, 8), runtime: 170, genres: ["Drama", "History"], services: ["Netflix"])
    let unknown = Pick.Candidate(summary: film(3, 8))
    let all = [short, long, unknown]
    #expect(Pick.reasons(unknown, Pick.Filters(maxRuntime: 200)) == nil, "an unknown runtime does not pass")
    #expect(Pick.reasons(unknown, Pick.Filters(services: ["MUBI"])) == nil, "unknown offers do not pass")
    #expect(
      Pick.reasons(short, Pick.Filters(genres: ["drama"], maxRuntime: 120)) == ["genre drama", "95 min, at most 120"])
    #expect(Pick.reasons(long, Pick.Filters(services: ["netflix", "MUBI"])) == ["on Netflix"])
    #expect(Pick.reasons(long, Pick.Filters(kind: .series)) == nil)
    #expect(Pick.choose(all, Pick.Filters(maxRuntime: 100), seed: 1)?.candidate == short)
    #expect(Pick.choose(all, Pick.Filters(maxRuntime: 60), seed: 1) == nil)
    let picks = (0..<40).map { Pick.choose(all, Pick.Filters(), seed: UInt64($0))?.candidate.summary.id }
    #expect(picks == (0..<40).map { Pick.choose(all, Pick.Filters(), seed: UInt64($0))?.candidate.summary.id })
    #expect(Set(picks) == [1, 2, 3], "every candidate can come up")
  }
}
