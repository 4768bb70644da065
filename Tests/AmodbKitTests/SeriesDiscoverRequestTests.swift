import Foundation
import Testing

@testable import AmodbKit
@testable import TestSupport

@Suite("Series discover: /discover/tv's exact query, its tables, on a real server and in the demo")
struct SeriesDiscoverRequestTests {
  /// A series filter with every part a series takes.
  static let full: DiscoverFilter = {
    var filter = DiscoverFilter(media: .series)
    filter.genres = [NamedID(id: 10765, name: "Sci-Fi & Fantasy")]
    filter.withoutGenres = [NamedID(id: 16, name: "Animation")]
    filter.years = OpenRange(2015, 2024)
    filter.minimumScore = 7.5
    filter.runtime = OpenRange(20, 60)
    filter.originalLanguage = "en"
    filter.status = .ended
    filter.certification = "TV-MA"
    filter.services = [NamedID(id: 8, name: "Netflix")]
    filter.sort = .date
    return filter
  }()

  @Test func aFullSeriesFilterGivesExactlyItsParameters() {
    let request = DiscoverRequest(filter: Self.full, page: 3, language: "en-US", region: "US")
    #expect(request.path == "/discover/tv")
    let items = request.queryItems.map { "\($0.name)=\($0.value ?? "")" }
    #expect(
      items == [
        "language=en-US", "page=3", "sort_by=first_air_date.desc", "with_genres=10765", "without_genres=16",
        "first_air_date.gte=2015-01-01", "first_air_date.lte=2024-12-31", "vote_average.gte=7.5",
        "vote_count.gte=200", "with_runtime.gte=20", "with_runtime.lte=60", "with_original_language=en",
        "with_status=3", "watch_region=US", "with_watch_providers=8", "with_watch_monetization_types=flatrate|free|ads",
      ])
    var film = Self.full
    film.media = .film
    #expect(!film.queryItems(region: "US").contains { $0.name == "with_status" }, "films take no status")
  }

  @Test func theServerAnswersDiscoverTVAndTheSeriesTables() async throws {
    let discover = String(decoding: try Fixtures.tmdb("discover-tv.json"), as: UTF8.self)
    let genres = String(decoding: try Fixtures.tmdb("genre-tv-list.json"), as: UTF8.self)
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/discover/tv": return .json(discover)
      case "/3/genre/tv/list": return .json(genres)
      default: return .json(#"{"results":[{"provider_id":8,"provider_name":"Netflix","display_priority":1}]}"#)
      }
    }
    let client = TestClients.client(for: server)
    let page = try await client.fetch(DiscoverRequest(filter: Self.full, language: "en-US", region: "US")).value
    #expect(page.results.first?.title == "Rick and Morty" && page.results.first?.kind == .series)
    let table = try await client.fetch(GenreListRequest(media: .series, language: "en-US")).value
    #expect(table.genres.contains(NamedID(id: 10765, name: "Sci-Fi & Fantasy")))
    #expect(!table.genres.contains { $0.id == 878 }, "series genres are not film genres")
    let services = try await client.fetch(ProviderListRequest(media: .series, region: "US", language: "en-US")).value
    #expect(services.providers == [NamedID(id: 8, name: "Netflix")])
    let paths = server.requests.map(\.path)
    #expect(paths == ["/3/discover/tv", "/3/genre/tv/list", "/3/watch/providers/tv"])
    let asked = try #require(server.requests.first)
    #expect(asked.query("first_air_date.gte") == "2015-01-01" && asked.query("with_status") == "3")
    #expect(asked.query("with_watch_monetization_types") == "flatrate|free|ads")
    #expect(asked.query("primary_release_date.gte") == nil && asked.query("certification.lte") == nil)
  }

  @Test func theDemoFiltersItsSeriesByStatusRuntimeAndService() async throws {
    let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())
    let services = try await client.fetch(ProviderListRequest(media: .series, region: "US", language: "en-US")).value
    #expect(services.providers.map(\.name) == ["Apple TV+", "Max", "Netflix"])
    let all = try await client.fetch(
      DiscoverRequest(filter: DiscoverFilter(media: .series), language: "en-US", region: "US")
    ).value
    #expect(all.totalResults >= 15)
    var filter = DiscoverFilter(media: .series)
    filter.status = .ended
    filter.services = [NamedID(id: 1899, name: "Max")]
    let ended = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "US")).value
    // Game of Thrones ended on Max; House of the Dragon returns.
    #expect(!ended.results.isEmpty && ended.results.count < all.totalResults)
    #expect(ended.results.allSatisfy { $0.kind == .series })
    #expect(ended.results.contains { $0.id == 1399 } && !ended.results.contains { $0.id == 85552 })
    filter = DiscoverFilter(media: .series)
    filter.runtime = OpenRange(nil, 50)
    let short = try await client.fetch(DiscoverRequest(filter: filter, language: "en-US", region: "US")).value
    #expect(short.results.map(\.id).sorted() == [1396, 1668, 66119, 94305], "47, 22, 45 and 50 minutes; none unknown")
  }
}
