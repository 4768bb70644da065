import AmodbKit
import Foundation
import TestSupport
import Testing

/// Reads a shared fixture as a JSON object.
private func object(_ name: String) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Fixtures.tmdb(name)) as? [String: Any])
}

private func decode<T: Decodable>(_ type: T.Type, _ value: Any) throws -> T {
  try AmodbJSON.decoder().decode(type, from: JSONSerialization.data(withJSONObject: value))
}

@Suite("Decoding series, seasons, episodes, one search and combined credits (real TMDB responses)")
struct SeriesDecodingTests {
  /// `/tv/1399?append_to_response=…` as TMDB nests it: each part under its own name.
  static func appendedSeries() throws -> [String: Any] {
    var series = try object("tv-details.json")
    series["aggregate_credits"] = try object("tv-aggregate-credits.json")
    series["content_ratings"] = try object("tv-content-ratings.json")
    series["videos"] = try object("tv-videos.json")
    series["watch/providers"] = try object("tv-watch-providers.json")
    series["recommendations"] = try object("tv-recommendations.json")
    series["similar"] = try object("tv-similar.json")
    series["external_ids"] = try object("tv-external-ids.json")
    return series
  }

  @Test func theWholeSeriesScreenDecodesFromOneAnswer() throws {
    let series = try decode(SeriesDetails.self, try Self.appendedSeries())
    #expect(series.id == 1399)
    #expect(series.name == "Game of Thrones")
    #expect(series.originalName == nil, "the same as the name")
    #expect(series.years == "2011–2019", "ended: from the first year to the last")
    #expect(series.status == "Ended")
    #expect(!series.isRunning)
    #expect(series.networks == ["HBO"])
    #expect(series.createdBy.map(\.name) == ["David Benioff", "D.B. Weiss"])
    #expect(series.createdBy.first?.id == 9813)
    #expect(series.numberOfSeasons == 8)
    #expect(series.numberOfEpisodes == 73)
    #expect(series.episodeRuntime == nil, "episode_run_time is often empty")
    #expect(series.nextEpisode == nil, "null when none is announced")
    #expect(series.lastEpisode?.code == "S08E06")
    #expect(series.lastEpisode?.name == "The Iron Throne")
    #expect(series.orderedSeasons.first?.number == 1)
    #expect(series.orderedSeasons.last?.number == 0, "specials last")
    #expect(series.orderedSeasons.last?.episodeCount == 270)
    #expect(series.certification(in: "US") == "TV-MA")
    #expect(series.certification(in: "DE") == "16")
    #expect(series.certification(in: nil) == "TV-MA")
    #expect(series.imdbID == "tt0944947")
    #expect(series.trailer != nil)
    #expect(series.providers["US"] != nil)
    #expect(!series.recommendations.isEmpty)
    #expect(series.recommendations.allSatisfy { $0.kind == .series }, "related series are series")
    #expect(series.ratings == nil, "amodb's ratings for series are not promised: none here")
  }

  @Test func aggregateCreditsKeepWhatTheScreenNeedsOf400KB() throws {
    let raw = try Fixtures.tmdb("tv-aggregate-credits.json")
    #expect(raw.count > 390_000)
    let credits = try AmodbJSON.decoder().decode(SeriesCredits.self, from: raw)
    #expect(credits.cast.count == SeriesCredits.castLimit, "536 in the answer, the top kept")
    #expect(credits.crew.count == SeriesCredits.crewLimit)
    #expect(credits.cast.map { $0.order ?? .max } == credits.cast.map { $0.order ?? .max }.sorted(), "billing order")
    #expect(credits.cast.first?.name == "Peter Dinklage")
    let jon = try #require(credits.cast.first { $0.name == "Kit Harington" })
    #expect(jon.characters == ["Jon Snow"])
    #expect(jon.episodeCount == 79)
    #expect(credits.crew.map(\.episodeCount) == credits.crew.map(\.episodeCount).sorted(by: >), "most episodes first")
    #expect(credits.crew.first?.jobs.isEmpty == false)
  }

  @Test func aSeasonWithItsEpisodesAndTheirPeople() throws {
    let season = try AmodbJSON.decoder().decode(SeasonDetails.self, from: Fixtures.tmdb("tv-season-details.json"))
    #expect(season.number == 1)
    #expect(season.episodes.count == 10)
    let pilot = try #require(season.episodes.first)
    #expect(pilot.code == "S01E01")
    #expect(pilot.name == "Winter Is Coming")
    #expect(pilot.airDate?.description == "2011-04-17")
    #expect(pilot.runtime == 62)
    #expect(pilot.directors == ["Timothy Van Patten"])
    #expect(pilot.writers.contains("David Benioff"))
    #expect(pilot.guestStars.count == 21)
    #expect(pilot.guestStars.first?.order == pilot.guestStars.map { $0.order ?? .max }.min())
    #expect(pilot.hasAired(by: ReleaseDate("2026-12-01") ?? pilot.airDate!))
    #expect(!pilot.hasAired(by: ReleaseDate("2011-04-16")!), "not before its date")
  }

  /// amodb leaves some old seasons' dates out: an episode with none aired before a later one that
  /// has a date, or before a later season began; one with nothing after it has not aired.
  @Test func anEpisodeWithNoDateBeforeOneThatAiredHadAiredToo() throws {
    let json =
      #"{"season_number":1,"episodes":[{"episode_number":1,"air_date":"2015-02-15"},"#
      + #"{"episode_number":2},{"episode_number":3,"air_date":"2015-03-01"},{"episode_number":4}]}"#
    let season = try AmodbJSON.decoder().decode(SeasonDetails.self, from: Data(json.utf8))
    let today = try #require(ReleaseDate("2026-12-07"))
    #expect(season.episodes.map { $0.hasAired(by: today) } == [true, true, true, false])
    #expect(season.episodes[1].airDate == nil && season.episodes[1].airedBy == ReleaseDate("2015-03-01"))
    let known = season.knowing(laterSeasonBegan: ReleaseDate("2017-12-31"))
    #expect(known.episodes.map { $0.hasAired(by: today) } == [true, true, true, true])
    #expect(known.episodes[1].airedBy == ReleaseDate("2015-03-01"), "the nearer day is kept")
    #expect(!known.episodes[3].hasAired(by: try #require(ReleaseDate("2017-12-30"))), "not before the later season")
    #expect(season.knowing(laterSeasonBegan: nil) == season)
    var series = SeriesDetails(id: 1, name: "One")
    series.seasons = [
      SeasonSummary(number: 0, airDate: ReleaseDate("2014-01-01")), SeasonSummary(number: 1),
      SeasonSummary(number: 2, airDate: ReleaseDate("2017-12-31")), SeasonSummary(number: 3),
    ]
    #expect(series.laterSeasonBegan(after: 1) == ReleaseDate("2017-12-31"))
    #expect(series.laterSeasonBegan(after: 2) == nil)
  }

  @Test func anEpisodeAloneDecodesAsOne() throws {
    let episode = try AmodbJSON.decoder().decode(Episode.self, from: Fixtures.tmdb("tv-episode-details.json"))
    #expect(episode.code == "S01E01")
    #expect(episode.guestStars.count == 21)
    #expect(episode.crew.count == 5)
  }

  @Test func seriesListsDecodeAsSeries() throws {
    for name in ["tv-popular.json", "tv-top-rated.json", "tv-on-the-air.json", "tv-similar.json"] {
      let page = try AmodbJSON.decoder().decode(MediaPage.self, from: Fixtures.tmdb(name))
      #expect(page.results.count == 20, "\(name)")
      #expect(page.results.allSatisfy { $0.kind == .series }, "named as series are, without media_type: \(name)")
      #expect(page.results.contains { $0.releaseDate != nil }, "first_air_date is the date: \(name)")
    }
  }

  @Test func oneSearchHoldsFilmsSeriesAndPeopleEachAsItsKind() throws {
    let data = try Fixtures.tmdb("search-multi.json")
    let page = try AmodbJSON.decoder().decode(MediaPage.self, from: data)
    let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entries = try #require(raw["results"] as? [[String: Any]])
    #expect(page.results.count == entries.count)
    #expect(Set(page.results.map(\.kind)) == [.film, .series, .person])
    let person = try #require(page.results.first { $0.kind == .person })
    #expect(person.title == "Walt Disney")
    #expect(person.knownFor?.department != nil)
    #expect(person.media == nil, "a person is not marked")
    let series = try #require(page.results.first { $0.kind == .series })
    #expect(series.title == "The Wonderful World of Disney")
  }

  @Test func aPersonsFilmsAndSeriesTogetherWithEpisodeCounts() throws {
    var raw = try object("person-details.json")
    raw["combined_credits"] = try object("person-combined-credits.json")
    let person = try decode(PersonDetails.self, raw)
    let series = person.credits.filter { $0.media.kind == .series }
    #expect(!series.isEmpty)
    #expect(person.credits.contains { $0.media.kind == .film })
    #expect(series.filter(\.isCast).allSatisfy { $0.episodeCount != nil }, "a series part counts its episodes")
    #expect(series.contains { $0.media.title == "Star Wars: The Clone Wars" && $0.episodeCount == 88 })
    #expect(person.credits.filter { $0.media.kind == .film }.allSatisfy { $0.episodeCount == nil })
    let familyGuy = try #require(series.first { $0.media.title == "Family Guy" })
    #expect(familyGuy.media.year == 1999)
  }

  @Test func aRunningSeriesSaysSoAndItsNextEpisodeCountsDays() throws {
    var raw = try object("tv-details.json")
    raw["status"] = "Returning Series"
    raw["in_production"] = true
    raw["next_episode_to_air"] = [
      "episode_number": 5, "season_number": 3, "name": "Five", "air_date": "2026-12-05", "runtime": NSNull(),
    ]
    let series = try decode(SeriesDetails.self, raw)
    #expect(series.years == "2011–")
    let next = try #require(series.nextEpisode)
    #expect(next.code == "S03E05")
    #expect(try #require(ReleaseDate("2026-12-01")).days(until: try #require(next.airDate)) == 4)
    #expect(next.runtime == nil)
  }

  @Test func brokenSeriesPartsCostThemselvesOnly() throws {
    var raw = try object("tv-details.json")
    raw["aggregate_credits"] = ["cast": [["name": NSNull()], ["id": 1, "name": "Kept", "roles": "x"]], "crew": 7]
    raw["seasons"] = [["season_number": "one"], ["season_number": 2, "name": "Two\u{1B}[31m"]]
    raw["content_ratings"] = ["results": [["iso_3166_1": "us", "rating": "X"], ["iso_3166_1": "GB", "rating": "15"]]]
    raw["networks"] = [["name": "HBO\u{7}"], 5]
    raw["next_episode_to_air"] = "soon"
    raw["episode_run_time"] = [0, "x", 55]
    let series = try decode(SeriesDetails.self, raw)
    #expect(series.credits.cast.map(\.name) == ["Kept"])
    #expect(series.credits.cast.first?.characters == [])
    #expect(series.credits.crew.isEmpty)
    #expect(series.seasons.map(\.number) == [2])
    #expect(series.seasons.first?.name == "Two", "escape sequences never reach the screen")
    #expect(series.certifications == ["GB": "15"])
    #expect(series.networks == ["HBO"])
    #expect(series.nextEpisode == nil)
    #expect(series.episodeRuntime == 55)
    #expect(series.name == "Game of Thrones", "the rest of the series is intact")
  }

  @Test func aSeriesWebPageAndItsSeasonsAndEpisodes() {
    #expect(WebPage.series(1399).url == "https://www.themoviedb.org/tv/1399")
    #expect(WebPage.season(1399, 0).url == "https://www.themoviedb.org/tv/1399/season/0")
    #expect(WebPage.episode(1399, 1, 2).url == "https://www.themoviedb.org/tv/1399/season/1/episode/2")
  }

  @Test func mediaIDsReadAndWriteAsTheWatchlistFileDoes() {
    #expect(MediaID("550") == .film(550))
    #expect(MediaID("tv/1399") == .series(1399))
    #expect(MediaID.series(1399).description == "tv/1399")
    #expect(MediaID.film(550).description == "550")
    for bad in ["", "tv/", "person/3", "tv/-1", "0", "tv/1/2", "movie/x", "٣"] {
      #expect(MediaID(bad) == nil, "\(bad)")
    }
  }
}
