import AmodbKit
import Foundation
import Testing

@testable import LibraryKit

@Suite("The library's recently rated: films, series and episodes, newest first, on a real SQLite file")
struct RatedTests {
  let dune = TitleInfo(
    media: .film(693134), title: "Dune: Part Two", year: 2024, posterPath: "/dune.jpg", voteAverage: 8.2,
    voteCount: 6000)
  let alien = TitleInfo(media: .film(348), title: "Alien", year: 1979)
  let dark = TitleInfo(media: .series(70523), title: "Dark", year: 2017, voteAverage: 8.4, voteCount: 7000)

  @Test func ratingsComeNewestFirstWithTheirScoresDaysAndEpisodes() throws {
    let library = try freshLibrary()
    let pilot = EpisodeInfo(number: EpisodeKey(season: 1, number: 1), name: "Secrets", airDate: nil, runtime: 51)
    try library.watch(series: dark, episodes: [pilot], on: "2026-11-02", recorded: "2026-11-02")
    #expect(try library.rate(Subject(dune.media), 9, title: dune, day: "2026-11-01"))
    #expect(try library.rate(Subject(dark.media, episode: pilot.number), 8, title: dark, day: "2026-11-03"))
    #expect(
      try library.rate(
        Subject(dark.media, episode: EpisodeKey(season: 2, number: 4)), 6, title: dark, day: "2026-11-03"))
    #expect(try library.rate(Subject(dark.media), 10, title: dark, day: "2026-11-02"))
    #expect(try library.rate(Subject(alien.media), 7, title: alien, day: "2026-10-30"))

    let rated = try library.recentlyRated()
    #expect(rated.map(\.day) == ["2026-11-03", "2026-11-03", "2026-11-02", "2026-11-01", "2026-10-30"])
    // One day's ratings, the later first, however close together they were made.
    #expect(rated[0].episode == EpisodeKey(season: 2, number: 4) && rated[0].episodeName == nil, "a name not known")
    #expect(
      rated[1] == RatedTitle(title: dark, episode: pilot.number, episodeName: "Secrets", rating: 8, day: "2026-11-03"))
    #expect(rated[2] == RatedTitle(title: dark, rating: 10, day: "2026-11-02"), "the series' own rating")
    #expect(rated[3].title == dune && rated[3].rating == 9 && rated[3].title.voteAverage == 8.2)
    #expect(rated[4].title.voteAverage == nil, "no public score kept")
    #expect(try library.recentlyRated(limit: 2).count == 2)
    // Every rating by default, however many: the tab once stopped at 500 and said nothing.
    _ = try library.change {
      for id in 1...600 {
        let film = TitleInfo(media: .film(900_000 + id), title: "Film \(id)")
        _ = try library.rate(Subject(film.media), 5, title: film, day: "2020-01-01")
      }
    }
    #expect(try library.recentlyRated().count == 605)
    // Rated with its season's answer at hand (the browser's season page): named though never seen.
    let ghosts = EpisodeInfo(
      number: EpisodeKey(season: 2, number: 3), name: "Ghosts", airDate: "2019-06-21", runtime: 55)
    #expect(
      try library.rate(
        Subject(dark.media, episode: ghosts.number), 7, title: dark, day: "2026-11-04", episodes: [ghosts]))
    #expect(try library.recentlyRated().first?.episodeName == "Ghosts")
    #expect(try library.seenEpisodes(dark.media.id).contains(ghosts.number) == false, "named, not marked seen")
  }

  @Test func aRatingChangedOrClearedMovesOrLeaves() throws {
    let library = try freshLibrary()
    #expect(try library.rate(Subject(dune.media), 9, title: dune, day: "2026-11-01"))
    #expect(try library.rate(Subject(alien.media), 7, title: alien, day: "2026-11-02"))
    #expect(try library.rate(Subject(dune.media), 6, title: dune, day: "2026-11-05"))
    #expect(
      try library.recentlyRated().map { [$0.title.title, String($0.rating)] } == [
        ["Dune: Part Two", "6"], ["Alien", "7"],
      ])
    #expect(try library.rate(Subject(dune.media), nil, title: dune, day: "2026-11-06"))
    #expect(try library.recentlyRated().map(\.title.media) == [alien.media])
  }

  @Test func ratingsOfOneDayGoNewestFirstAndThoseWithoutAMomentByTitleAfter() throws {
    let library = try freshLibrary()
    for info in [dune, alien, dark] {
      #expect(try library.rate(Subject(info.media), 8, title: info, day: "2026-11-01"))
    }
    #expect(try library.recentlyRated().map(\.title.title) == ["Dark", "Alien", "Dune: Part Two"])
    // Ratings imported with their day alone, or made before moments were kept: after, by title.
    try library.write { try library.connection.rows("UPDATE ratings SET rated_at = NULL WHERE title_id != 70523") }
    #expect(try library.recentlyRated().map(\.title.title) == ["Dark", "Alien", "Dune: Part Two"])
    try library.write { try library.connection.rows("UPDATE ratings SET rated_at = NULL") }
    #expect(try library.recentlyRated().map(\.title.title) == ["Alien", "Dark", "Dune: Part Two"])
    // Rated again, it comes first.
    #expect(try library.rate(Subject(dune.media), 9, title: dune, day: "2026-11-01"))
    #expect(try library.recentlyRated().first?.title == dune)
  }

  @Test func anEmptyLibraryHasRatedNothing() throws {
    let library = try freshLibrary()
    #expect(try library.recentlyRated().isEmpty)
    try library.watch(alien, on: "2026-11-01", recorded: "2026-11-01")
    #expect(try library.recentlyRated().isEmpty, "seen is not rated")
  }
}
