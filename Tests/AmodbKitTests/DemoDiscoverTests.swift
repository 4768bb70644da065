import Foundation
import Testing

@testable import AmodbKit

@Suite("The demo's discover, genres and services, filtering the embedded films")
struct DemoDiscoverTests {
  private let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())

  @Test func genresAndTheRegionsServices() async throws {
    let genres = try await client.fetch(GenreListRequest(language: "en-US")).value
    #expect(genres.genres.contains(NamedID(id: 53, name: "Thriller")))
    let services = try await client.fetch(ProviderListRequest(region: "US", language: "en-US")).value
    #expect(Set(services.providers.map(\.name)).isSuperset(of: ["Amazon Video", "Apple TV", "Max", "Hulu"]))
    let shopsOnly = try await client.fetch(ProviderListRequest(region: "GB", language: "en-US")).value
    #expect(shopsOnly.providers.map(\.name) == ["Amazon Video", "Apple TV", "Google Play Movies"])
    let nowhere = try await client.fetch(ProviderListRequest(region: "KR", language: "en-US")).value
    #expect(nowhere.providers.isEmpty)
  }

  @Test func aFilterNarrowsTheEmbeddedFilms() async throws {
    let all = try await client.fetch(DiscoverRequest(filter: DiscoverFilter(), language: "en-US", region: "US")).value
    #expect(all.totalResults > 20)
    var filter = DiscoverFilter()
    filter.genres = [NamedID(id: 878, name: "Science Fiction")]
    filter.minimumScore = 8
    filter.sort = .score
    let page = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "US")).value
    #expect(!page.results.isEmpty && page.results.count < all.totalResults)
    #expect(page.results.allSatisfy { $0.genreIDs.contains(878) && ($0.voteAverage ?? 0) >= 8 })
    let scores = page.results.compactMap(\.voteAverage)
    #expect(scores == scores.sorted(by: >))
    filter.services = [NamedID(id: 2, name: "Apple TV")]
    let korea = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "KR")).value
    #expect(korea.results.isEmpty, "no provider data for the region: an empty page")
  }

  @Test func aCertificationAndAnOriginalLanguageFilterTheDemoAsAmodbDoes() async throws {
    var filter = DiscoverFilter()
    filter.certification = "PG-13"
    let rated = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "US")).value
    #expect(!rated.results.isEmpty && !rated.results.contains { $0.id == 550 }, "Fight Club is R")
    for film in rated.results {
      let details = try await client.fetch(MovieDetailsRequest(id: film.id, language: "en-US")).value
      #expect(["G", "PG", "PG-13"].contains(details.certifications["US"] ?? ""), "\(film.title)")
    }
    filter = DiscoverFilter()
    filter.originalLanguage = "ko"
    let korean = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "US")).value
    #expect(korean.results.map(\.id) == [496243], "Parasite, its language from its details")
  }

  @Test func servicesMatchOnlyTheKindsOfOfferAsked() async throws {
    var filter = DiscoverFilter()
    filter.services = [NamedID(id: 1899, name: "Max")]
    filter.subscriptionOnly = true
    let max = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "US")).value
    #expect(Set(max.results.map(\.id)).isSuperset(of: [693134, 603, 129]) && max.results.count < 20)
    for film in max.results {
      let details = try await client.fetch(MovieDetailsRequest(id: film.id, language: "en-US")).value
      #expect(details.providers["US"]?.subscription.contains("Max") == true, "\(film.title)")
    }
    // Apple TV only rents and sells the demo's films: nothing streams there, everything is on offer.
    filter.services = [NamedID(id: 2, name: "Apple TV")]
    let streamed = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "US")).value
    #expect(streamed.results.isEmpty)
    let query = [
      URLQueryItem(name: "watch_region", value: "US"), URLQueryItem(name: "with_watch_providers", value: "2"),
    ]
    let offered = DemoDiscover.discover({ name in query.first { $0.name == name }?.value }, prefix: "")
    #expect((offered["total_results"]?.number ?? 0) > 20, "no kinds named: any offer")
    var series = DiscoverFilter(media: .series)
    series.services = [NamedID(id: 8, name: "Netflix")]
    series.subscriptionOnly = true
    let netflix = try await client.fetch(DiscoverRequest(filter: series, language: "en-US", region: "US")).value
    #expect(netflix.results.contains { $0.id == 1396 }, "Breaking Bad streams on Netflix")
  }

  @Test func aDemoFilmsKeywordsAndStudiosLeadToItsFellows() async throws {
    let fightClub = try await client.fetch(MovieDetailsRequest(id: 550, language: "en-US")).value
    #expect(fightClub.keywords.contains(NamedID(id: 818, name: "based on novel or book")))
    #expect(fightClub.companies.contains(NamedID(id: 25, name: "20th Century Fox")))
    #expect(fightClub.budget == 63_000_000 && fightClub.originalLanguage == "en")
    #expect(fightClub.reviews?.first.first?.text.hasPrefix("Demo review.") == true, "Markdown made plain")
    let novels = try await client.fetch(
      DiscoverRequest(filter: .keyword(NamedID(id: 818, name: "novel")), language: "en-US", region: "US")
    ).value
    #expect(Set(novels.results.map(\.id)) == [693134, 872585, 550, 238])
    let fox = try await client.fetch(
      DiscoverRequest(filter: .company(NamedID(id: 25, name: "20th Century Fox")), language: "en-US", region: "US")
    ).value
    #expect(Set(fox.results.map(\.id)) == [550, 348])
  }

  @Test func datedDiscoverAddsTheMadeUpUpcomingFilmsOnly() async throws {
    var filter = DiscoverFilter()
    filter.releases = RegionalReleases(from: "2000-01-01", through: "2999-12-31")
    let page = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "GB")).value
    #expect(!page.results.isEmpty && page.results.allSatisfy { $0.title.hasSuffix("(demo)") })
    let undated = try await client.fetch(DiscoverRequest(filter: DiscoverFilter(), language: "en-US", region: "GB"))
    #expect(!undated.value.results.contains { $0.title.hasSuffix("(demo)") }, "only asked for with dates")
    let made = try await client.fetch(MovieDetailsRequest(id: 990_001, language: "en-US")).value
    #expect(made.releases["GB"]?.contains { $0.isCinema } == true)
  }

  @Test func findByAnIMDbIdAnswersTheDemosFilmOrSeries() async throws {
    let film = try #require(FindByIMDbRequest(imdbID: "tt0137523", language: "en-US"))
    let foundFilm = try await client.fetch(film).value
    #expect(foundFilm.films.map(\.id) == [550] && foundFilm.series.isEmpty)
    let series = try #require(FindByIMDbRequest(imdbID: "tt0903747", language: "en-US"))
    #expect(try await client.fetch(series).value.series.map(\.id) == [1396])
    let unknown = try #require(FindByIMDbRequest(imdbID: "tt0000001", language: "en-US"))
    let none = try await client.fetch(unknown).value
    #expect(none.films.isEmpty && none.series.isEmpty && none.episodes.isEmpty)
  }
}
