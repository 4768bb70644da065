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
    let after = WhatIsNew.episodes(
      of: .series(7), title: "Silo", episodes, seen: [], since: since, after: true, today: today)
    #expect(after.map(\.detail) == ["S02E03 “E3”", "S02E04 “E4”"], "after the last run's day, not on it")
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
