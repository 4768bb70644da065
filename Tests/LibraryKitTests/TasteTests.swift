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
      series: dark,
      episodes: [EpisodeInfo(number: EpisodeKey(season: 1, number: 1), name: "Secrets", airDate: nil, runtime: 51)],
      on: "2026-11-20", recorded: "2026-11-20")
    #expect(try library.add(alien, to: Schema.watchlistName, day: "2026-11-03"))
    #expect(try library.hide(parasite, true, day: "2026-11-04"))

    let taste = try library.taste()
    #expect(taste.seeds.map(\.media) == [dune.media, matrix.media, dark.media])
    #expect(taste.seeds[0] == TasteSeed(media: dune.media, title: "Dune: Part Two", rating: 9, lastSeen: nil))
    #expect(taste.seeds[2].lastSeen == "2026-11-20", "an episode's watch is the series' latest")
    #expect(taste.excluded == [dune.media, matrix.media, dark.media, alien.media, parasite.media])
    // A title seen and rated, then marked not interested: no seed of For you ("because you saw…").
    #expect(try library.hide(dark, true, day: "2026-11-21"))
    let hidden = try library.taste()
    #expect(hidden.seeds.map(\.media) == [dune.media, matrix.media])
    #expect(hidden.excluded.contains(dark.media))
  }

  @Test func anEmptyLibraryHasNoTaste() throws {
    #expect(try freshLibrary().taste() == Taste(seeds: [], excluded: []))
  }

  @Test func followedTitlesAndTheirLastKnownOffersAndFacts() throws {
    let library = try freshLibrary()
    let film = TitleInfo(media: .film(550), title: "Fight Club")
    let watched = TitleInfo(media: .series(1399), title: "Game of Thrones")
    let listed = TitleInfo(media: .series(1396), title: "Breaking Bad")
    let seenWhole = TitleInfo(media: .series(1668), title: "Friends")
    #expect(try library.add(film, to: Schema.watchlistName, day: "2026-11-01"))
    #expect(try library.add(listed, to: Schema.watchlistName, day: "2026-11-01"))
    try library.watch(
      series: watched,
      episodes: [EpisodeInfo(number: EpisodeKey(season: 1, number: 1), name: "", airDate: nil, runtime: nil)],
      on: "2026-11-02", recorded: "2026-11-02")
    try library.watch(seenWhole, on: "2026-11-03", recorded: "2026-11-03")
    let followed = try library.followed()
    #expect(followed.map(\.title.media) == [film.media, listed.media, watched.media])
    #expect(followed.map(\.onWatchlist) == [true, true, false])

    #expect(try library.lastKnownOffers(film.media, region: "US") == nil, "never checked")
    try library.storeOffers(film, region: "US", WatchProviders(), day: "2026-11-04")
    #expect(try library.lastKnownOffers(film.media, region: "US") == [:], "checked: none")
    try library.storeOffers(
      film, region: "US", WatchProviders(subscription: ["MUBI"], rent: ["Apple TV", "MUBI"]), day: "2026-11-05")
    #expect(
      try library.lastKnownOffers(film.media, region: "US") == ["MUBI": ["flatrate", "rent"], "Apple TV": ["rent"]])
    #expect(try library.lastKnownOffers(film.media, region: "GB") == nil)
    #expect(try library.connection.scalar("SELECT count(*) FROM title_providers")?.int == 3)

    #expect(try library.fact("new.since-last") == nil)
    try library.record("new.since-last", "2026-11-05")
    try library.record("new.since-last", "2026-11-06")
    #expect(try library.fact("new.since-last") == "2026-11-06")
  }
}
