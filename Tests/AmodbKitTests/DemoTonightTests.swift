import Foundation
import Testing

@testable import AmodbKit

@Suite("The demo's series airing now, its trailers and recommendations")
struct DemoTonightTests {
  private let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())

  /// Today as the demo dates it (UTC).
  private var today: ReleaseDate? { ReleaseDate(DemoUpcoming.day(0, from: Date())) }

  @Test func theMadeUpSeriesHasAiredEpisodesAndANextOneDatedFromToday() async throws {
    let series = try await client.fetch(SeriesRequest(id: DemoAiring.id, language: "en-US")).value
    let today = try #require(today)
    #expect(series.name.hasSuffix("(demo)"))
    let next = try #require(series.nextEpisode)
    let last = try #require(series.lastEpisode)
    #expect(try #require(next.airDate) > today)
    #expect(try #require(last.airDate) <= today)
    #expect(next.number == last.number + 1)
    let season = try await client.fetch(SeasonRequest(seriesID: DemoAiring.id, number: 1, language: "en-US")).value
    let dates = season.episodes.compactMap(\.airDate)
    #expect(dates.count == season.episodes.count)
    #expect(dates == dates.sorted())
    #expect(dates.contains { $0 <= today } && dates.contains { $0 > today })
    #expect(!series.recommendations.isEmpty)
  }

  @Test func theMadeUpSeriesIsOnTheAirAndFoundBySearch() async throws {
    let onAir = try await client.fetch(CatalogueRequest(media: .series, list: .onTheAir, page: 1, language: "en-US"))
      .value
    #expect(onAir.results.contains { $0.id == DemoAiring.id })
    let found = try await client.fetch(SearchRequest(scope: .series, query: "night ferry", language: "en-US")).value
    #expect(found.results.map(\.id) == [DemoAiring.id])
  }

  @Test func everyDemoFilmAndSeriesRecommendsSomething() async throws {
    let films = try await client.fetch(TrendingRequest(window: .week, page: 1, language: "en-US")).value.results
    for film in films where film.releaseDate != nil {
      let details = try await client.fetch(MovieDetailsRequest(id: film.id, language: "en-US")).value
      #expect(!details.recommendations.isEmpty, "\(film.title)")
    }
    let series = try await client.fetch(CatalogueRequest(media: .series, list: .popular, page: 1, language: "en-US"))
      .value
    for show in series.results {
      let details = try await client.fetch(SeriesRequest(id: show.id, language: "en-US")).value
      #expect(!details.recommendations.isEmpty, "\(show.title)")
    }
  }

  @Test func filmsAndSeriesHaveTrailers() async throws {
    let fightClub = try await client.fetch(MovieDetailsRequest(id: 550, language: "en-US")).value
    #expect(fightClub.trailer?.key == "dfeUzm6KF4g")
    let breakingBad = try await client.fetch(SeriesRequest(id: 1396, language: "en-US")).value
    #expect(breakingBad.trailer?.site == "YouTube")
  }
}
