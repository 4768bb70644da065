import AmodbKit
import Foundation
import Testing

@testable import LibraryKit

@Suite("The library's taste: seeds and titles not to recommend, on a real SQLite file")
struct TasteTests {
  @Test func seedsAreRatedOrSeenBestRatedFirstAndTheRestExcluded() throws {
    let library = try freshLibrary()
    let dune = TitleInfo(media: .film(693134), title: "Dune: Part Two")
    let matrix = TitleInfo(media: .film(603), title: "The Matrix")
    let dark = TitleInfo(media: .series(70523), title: "Dark")
    let alien = TitleInfo(media: .film(348), title: "Alien")
    let parasite = TitleInfo(media: .film(496243), title: "Parasite")
    #expect(try library.rate(Subject(dune.media), 9, title: dune, day: "2026-11-01"))
    #expect(try library.rate(Subject(matrix.media), 6, title: matrix, day: "2026-11-02"))
    try library.watch(matrix, on: "2026-11-02", recorded: "2026-11-02")
    try library.watch(
      series: dark, episodes: [EpisodeInfo(number: EpisodeNumber(season: 1, episode: 1), name: "Secrets", airDate: nil, runtime: 51)],
      on: "2026-11-20", recorded: "2026-11-20")
    #expect(try library.add(alien, to: Schema.watchlistName, day: "2026-11-03"))
    #expect(try library.hide(parasite, true, day: "2026-11-04"))

    let taste = try library.taste()
    #expect(taste.seeds.map(\.media) == [dune.media, matrix.media, dark.media])
    #expect(taste.seeds[0] == TasteSeed(media: dune.media, title: "Dune: Part Two", rating: 9, lastSeen: nil))
    #expect(taste.seeds[2].lastSeen == "2026-11-20", "an episode's watch is the series' latest")
    #expect(taste.excluded == [dune.media, matrix.media, dark.media, alien.media, parasite.media])
  }

  @Test func anEmptyLibraryHasNoTaste() throws {
    #expect(try freshLibrary().taste() == Taste(seeds: [], excluded: []))
  }
}
