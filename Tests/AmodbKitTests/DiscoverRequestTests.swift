import Foundation
import Testing

@testable import AmodbKit
@testable import TestSupport

@Suite("Discover: a filter's exact query, the tables, on a real server")
struct DiscoverRequestTests {
  /// A filter with every part set.
  static let full: DiscoverFilter = {
    var filter = DiscoverFilter()
    filter.genres = [NamedID(id: 53, name: "Thriller"), NamedID(id: 80, name: "Crime")]
    filter.withoutGenres = [NamedID(id: 27, name: "Horror")]
    filter.years = OpenRange(2015, 2024)
    filter.minimumScore = 7
    filter.runtime = OpenRange(90, 150)
    filter.originalLanguage = "ko"
    filter.certification = "MA 15+"
    filter.services = [NamedID(id: 8, name: "Netflix"), NamedID(id: 11, name: "MUBI")]
    filter.sort = .score
    return filter
  }()

  @Test func aFullFilterGivesExactlyItsParameters() {
    let request = DiscoverRequest(filter: Self.full, page: 2, language: "en-US", region: "AU")
    #expect(request.path == "/discover/movie")
    let items = request.queryItems.map { "\($0.name)=\($0.value ?? "")" }
    #expect(
      items == [
        "language=en-US", "page=2", "sort_by=vote_average.desc", "with_genres=53,80", "without_genres=27",
        "primary_release_date.gte=2015-01-01", "primary_release_date.lte=2024-12-31", "vote_average.gte=7",
        "vote_count.gte=200", "with_runtime.gte=90", "with_runtime.lte=150", "with_original_language=ko",
        "certification_country=AU", "certification.lte=MA 15+", "watch_region=AU", "with_watch_providers=8|11",
        "with_watch_monetization_types=flatrate|free|ads",
      ])
  }

  @Test func anEmptyFilterAsksOnlyForTheOrder() {
    let items = DiscoverFilter().queryItems(region: "US").map(\.name)
    #expect(items == ["sort_by"])
  }

  @Test func oneYearIsTheYearParameterAndSeriesUseAirDates() {
    var filter = DiscoverFilter()
    filter.years = OpenRange(1999, 1999)
    #expect(filter.queryItems(region: nil).map(\.name) == ["sort_by", "primary_release_year"])
    filter.media = .series
    filter.years = OpenRange(2010, nil)
    filter.certification = "TV-MA"
    filter.sort = .date
    let items = filter.queryItems(region: "US").map { "\($0.name)=\($0.value ?? "")" }
    #expect(items == ["sort_by=first_air_date.desc", "first_air_date.gte=2010-01-01"], "series take no certification")
    #expect(DiscoverRequest(filter: filter, language: "en-US", region: nil).path == "/discover/tv")
  }

  @Test func servicesNeedARegionAndCinemaReleasesUseTheRegion() {
    var filter = DiscoverFilter()
    filter.services = [NamedID(id: 8, name: "Netflix")]
    #expect(filter.queryItems(region: nil).map(\.name) == ["sort_by"])
    filter.services = []
    filter.releases = RegionalReleases(from: "2025-03-03", through: "2025-04-27")
    let items = filter.queryItems(region: "GB").map { "\($0.name)=\($0.value ?? "")" }
    #expect(
      items == [
        "sort_by=popularity.desc", "region=GB", "release_date.gte=2025-03-03", "release_date.lte=2025-04-27",
        "with_release_type=2|3",
      ])
  }

  @Test func endsSetTheWrongWayRoundAndVotesAloneAreAskedAsMeant() {
    // A form sets each end on its own: "from 2000" above "to 1990" is asked as 1990 to 2000.
    var filter = DiscoverFilter()
    filter.years.lower = 2000
    filter.years.upper = 1990
    filter.runtime.lower = 200
    filter.runtime.upper = 100
    filter.minimumVotes = 10_000
    let items = filter.queryItems(region: nil).map { "\($0.name)=\($0.value ?? "")" }
    #expect(
      items == [
        "sort_by=popularity.desc", "primary_release_date.gte=1990-01-01", "primary_release_date.lte=2000-12-31",
        "vote_count.gte=10000", "with_runtime.gte=100", "with_runtime.lte=200",
      ], "the fewest votes are asked on their own too")
  }

  @Test func rangesParseAndSwap() {
    #expect(OpenRange(parsing: "2015..2024") == OpenRange(2015, 2024))
    #expect(OpenRange(parsing: "2024..2015") == OpenRange(2015, 2024))
    #expect(OpenRange(parsing: "1999") == OpenRange(1999, 1999))
    #expect(OpenRange(parsing: "90..") == OpenRange(90, nil))
    #expect(OpenRange(parsing: "..120") == OpenRange(nil, 120))
    for bad in ["", "..", "a..b", "1..2..3", "19x9", "1...2"] { #expect(OpenRange(parsing: bad) == nil, "\(bad)") }
  }

  @Test func theServerSeesThemURLEncoded() async throws {
    let body = String(decoding: try Fixtures.tmdb("discover-movie.json"), as: UTF8.self)
    let server = try LoopbackServer { _ in .json(body) }
    let client = TestClients.client(for: server)
    let page = try await client.fetch(DiscoverRequest(filter: Self.full, language: "en-US", region: "AU")).value
    #expect(page.results.first?.title == "Joker")
    let request = try #require(server.requests.first)
    #expect(request.path == "/3/discover/movie")
    #expect(request.target.contains("certification.lte=MA%2015%2B"))
    #expect(request.target.contains("with_watch_providers=8%7C11"))
    #expect(request.query("certification.lte") == "MA 15+")
    #expect(request.query("with_watch_providers") == "8|11")
  }

  @Test func genreAndProviderTablesDecodeAndKeepAWeek() async throws {
    let genres = try AmodbJSON.decoder().decode(GenreTable.self, from: Fixtures.tmdb("genre-tv-list.json"))
    #expect(genres.genres.first == NamedID(id: 10759, name: "Action & Adventure"))
    let providers = try AmodbJSON.decoder().decode(
      ProviderTable.self, from: Fixtures.tmdb("watch-provider-movie-list.json"))
    #expect(providers.providers.count > 100)
    #expect(providers.providers.contains { $0.name == "Netflix" })
    let messy =
      #"{"results":[{"provider_id":"x"},{"provider_id":8,"provider_name":"Net\u001b[2Jflix","display_priority":2},{"provider_id":2,"provider_name":"Apple TV","display_priority":1}]}"#
    let cleaned = try AmodbJSON.decoder().decode(ProviderTable.self, from: Data(messy.utf8))
    #expect(cleaned.providers.map(\.id) == [2, 8])
    #expect(!cleaned.providers[1].name.contains("\u{1b}"))
    #expect(GenreListRequest(language: "en-US").freshness == 7 * 24 * 3600)
    #expect(APIRequest.providers(ProviderListRequest(region: "US", language: "en-US")).freshness == tableFreshness)
    #expect(
      APIRequest.discover(DiscoverRequest(filter: DiscoverFilter(), language: "en-US", region: nil)).freshness == 1800)
  }

  @Test func aTableIsAskedOnceAWeek() async throws {
    let server = try LoopbackServer { _ in .json(#"{"genres":[{"id":53,"name":"Thriller"}]}"#) }
    let clock = TestClock()
    let client = TestClients.client(for: server, clock: clock)
    _ = try await client.fetch(GenreListRequest(language: "en-US"))
    clock.advance(by: 6 * 24 * 3600)
    _ = try await client.fetch(GenreListRequest(language: "en-US"))
    #expect(server.requests.count == 1)
    clock.advance(by: 2 * 24 * 3600)
    _ = try await client.fetch(GenreListRequest(language: "en-US"))
    #expect(server.requests.count == 2)
    #expect(server.requests.first?.path == "/3/genre/movie/list")
  }
}
