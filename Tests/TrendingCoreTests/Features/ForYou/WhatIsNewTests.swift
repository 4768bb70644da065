import AmodbKit
import FoundationEssentials
import Testing

@testable import TrendingCore

@Suite("What is new: episodes aired and not seen, regional releases, services, oldest first")
struct WhatIsNewTests {
  let today = ReleaseDate(day: Date(timeIntervalSince1970: 1_796_083_200))  // 2026-12-01

  func episode(_ number: Int, _ day: String?) -> Episode {
    Episode(season: 2, number: number, name: "E\(number)", airDate: day.flatMap(ReleaseDate.init))
  }

  @Test func episodesAiredInTheWindowAndNotSeenNeverOneToCome() throws {
    let episodes = [
      episode(1, "2026-11-10"), episode(2, "2026-11-20"), episode(3, "2026-11-24"), episode(4, "2026-12-01"),
      episode(5, "2026-12-08"), episode(6, nil),
    ]
    let since = try #require(ReleaseDate("2026-11-20"))
    let items = WhatIsNew.episodes(
      of: .series(7), title: "Silo", episodes, seen: ["S02E03"], since: since, today: today)
    #expect(items.map(\.detail) == ["S02E02 “E2”", "S02E04 “E4”"])
    #expect(items.last?.line == "2026-12-01  Silo S02E04 “E4”: new episode")
    // A run on the 20th said E2; the next, from that day on, says what it did not.
    let again = WhatIsNew.episodes(of: .series(7), title: "Silo", episodes, seen: [], since: since, today: today)
    let said = Set(items.filter { $0.day == since }.map(\.datedKey))
    #expect(
      WhatIsNew.unsaid(again, said: said).map(\.detail) == ["S02E03 “E3”", "S02E04 “E4”"],
      "the last run's day again, less what it said")
    let film = WhatIsNew.Item(day: since, media: .film(550), title: "Fight Club", kind: .cinema)
    #expect(WhatIsNew.unsaid([film], said: said) == [film], "another title of that day is said")
    // What a run kept before days were kept is of its own day; dated keys are read as they are.
    let kept = WhatIsNew.saidKeys("episode tv/7 S2E2\n2026-11-24 episode tv/7 S2E3", day: since)
    #expect(kept == ["2026-11-20 episode tv/7 S2E2", "2026-11-24 episode tv/7 S2E3"])
    #expect(WhatIsNew.unsaid(again, said: kept).map(\.detail) == ["S02E04 “E4”"])
  }

  @Test func theSeasonsAskedAreThoseThatMayHaveAiredInTheWindow() throws {
    let starts = ["2011-04-17", "2012-04-01", "2013-03-31", "2014-04-06"]
    let series = SeriesDetails(
      id: 1399, name: "Game of Thrones",
      lastEpisode: Episode(season: 4, number: 10, name: nil, airDate: ReleaseDate("2014-06-15")),
      seasons: [SeasonSummary(number: 0)]
        + starts.enumerated().map { SeasonSummary(number: $0 + 1, airDate: ReleaseDate($1)) }
        + [SeasonSummary(number: 5, airDate: ReleaseDate("2099-01-01"))])
    let day = { (text: String) in try #require(ReleaseDate(text)) }
    #expect(WhatIsNew.seasons(of: series, since: try day("2014-06-01"), today: today) == [4], "a week: the last")
    #expect(WhatIsNew.seasons(of: series, since: try day("2012-05-01"), today: today) == [4, 3, 2])
    #expect(WhatIsNew.seasons(of: series, since: try day("2000-01-01"), today: today) == [4, 3, 2, 1], "no specials")
    let long = SeriesDetails(
      id: 1, name: "Long", lastEpisode: Episode(season: 30, number: 1, name: nil, airDate: ReleaseDate("2020-01-01")),
      seasons: (1...30).map { SeasonSummary(number: $0, airDate: ReleaseDate("\(1990 + $0)-01-01")) })
    let asked = WhatIsNew.seasons(of: long, since: try day("1980-01-01"), today: today)
    #expect(asked == Array((21...30).reversed()), "the latest ten")
  }

  /// Details read yesterday call today's premiere the next episode, and a special aired last says
  /// nothing of the season running: neither hides a regular season's new episodes.
  @Test func aNextEpisodeWhoseDayHasComeAndASpecialAiredLastStillAskTheSeasonRunning() throws {
    let day = { (text: String) in try #require(ReleaseDate(text)) }
    let seasons = [
      SeasonSummary(number: 0), SeasonSummary(number: 1, airDate: ReleaseDate("2025-10-01")),
      SeasonSummary(number: 2, airDate: ReleaseDate("2026-11-30")),
    ]
    let premiere = SeriesDetails(
      id: 2003, name: "Premiere",
      lastEpisode: Episode(season: 1, number: 8, name: nil, airDate: ReleaseDate("2025-11-20")),
      nextEpisode: Episode(season: 2, number: 1, name: nil, airDate: ReleaseDate("2026-11-30")), seasons: seasons)
    #expect(WhatIsNew.seasons(of: premiere, since: try day("2026-11-30"), today: today) == [2, 1])
    #expect(
      WhatIsNew.seasons(of: premiere, since: try day("2026-11-24"), today: try day("2026-11-29")) == [1],
      "not before its day")
    let special = SeriesDetails(
      id: 2004, name: "Special",
      lastEpisode: Episode(season: 0, number: 3, name: nil, airDate: ReleaseDate("2026-12-01")),
      seasons: seasons)
    #expect(WhatIsNew.seasons(of: special, since: try day("2026-11-24"), today: today) == [2, 1, 0])
  }

  @Test func aFilmsFirstCinemaAndDigitalReleaseInTheRegion() throws {
    var film = MovieDetails(id: 5, title: "Arrives")
    film.releases = [
      "US": [
        RegionalRelease(date: try #require(ReleaseDate("2026-11-25")), type: 3),
        RegionalRelease(date: try #require(ReleaseDate("2026-11-28")), type: 3),
        RegionalRelease(date: try #require(ReleaseDate("2026-12-20")), type: 4),
      ],
      "GB": [RegionalRelease(date: try #require(ReleaseDate("2026-11-30")), type: 4)],
    ]
    let since = try #require(ReleaseDate("2026-11-01"))
    let us = WhatIsNew.releases(of: film, region: "US", since: since, today: today)
    #expect(us.map(\.line) == ["2026-11-25  Arrives: in cinemas"])
    #expect(WhatIsNew.releases(of: film, region: "GB", since: since, today: today).map(\.kind) == [.digital])
    #expect(WhatIsNew.releases(of: film, region: "FR", since: since, today: today).isEmpty)
  }

  @Test func aServiceIsNewOnlyAgainstALastCheckAndOnlyOneOfYours() {
    let now = ["MUBI", "Netflix", "mubi"]
    #expect(
      WhatIsNew.newServices(of: .film(5), title: "A", now: now, before: nil, mine: ["MUBI"], today: today).isEmpty)
    let new = WhatIsNew.newServices(
      of: .film(5), title: "A", now: now, before: ["Netflix"], mine: ["mubi"], today: today)
    #expect(new.map(\.line) == ["2026-12-01  A: now on MUBI"])
    #expect(
      WhatIsNew.newServices(of: .film(5), title: "A", now: now, before: ["MUBI"], mine: ["MUBI"], today: today).isEmpty)
  }

  @Test func oldestFirstThenByTitle() throws {
    let items = [
      WhatIsNew.Item(day: try #require(ReleaseDate("2026-11-30")), media: .film(1), title: "B", kind: .cinema),
      WhatIsNew.Item(day: try #require(ReleaseDate("2026-11-29")), media: .film(2), title: "Z", kind: .cinema),
      WhatIsNew.Item(day: try #require(ReleaseDate("2026-11-30")), media: .film(3), title: "A", kind: .digital),
    ]
    #expect(WhatIsNew.sorted(items).map(\.title) == ["Z", "A", "B"])
  }
}
