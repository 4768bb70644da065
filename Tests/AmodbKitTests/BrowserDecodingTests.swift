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

@Suite("Decoding the film screen's appended parts and people (real TMDB responses)")
struct BrowserDecodingTests {
  /// `/movie/550?append_to_response=…` as TMDB nests it: each part under its own name.
  static func appendedFilm() throws -> [String: Any] {
    var film = try object("movie-details.json")
    film["credits"] = try object("movie-credits.json")
    film["videos"] = try object("movie-videos.json")
    film["release_dates"] = try object("movie-release-dates.json")
    film["watch/providers"] = try object("movie-watch-providers.json")
    film["recommendations"] = try object("movie-recommendations.json")
    film["similar"] = try object("movie-similar.json")
    film["belongs_to_collection"] = ["id": 10, "name": "Test Collection", "poster_path": NSNull()]
    return film
  }

  @Test func everyAppendedPartDecodes() throws {
    let film = try decode(MovieDetails.self, try Self.appendedFilm())
    #expect(film.id == 550)
    #expect(film.certification(in: "US") == "R", "the theatrical certification, not an empty one")
    #expect(film.certification(in: "DE") == "18")
    #expect(film.certification(in: nil) == "R", "no region: the US's")
    #expect(film.certification(in: "ZZ") == nil)
    #expect(film.trailer?.key == "dfeUzm6KF4g", "the first official trailer")
    #expect(film.trailer?.url == "https://www.youtube.com/watch?v=dfeUzm6KF4g")
    let us = try #require(film.providers["US"])
    #expect(us.subscription == ["Peacock Premium"])
    #expect(us.rent.first == "Apple TV")
    #expect(us.buy.contains("AMC on Demand"))
    #expect(film.providers.count > 40, "every country")
    #expect(film.recommendations.count == 20, "at most 20 kept")
    #expect(film.recommendations.first?.title == "Hitlers letzte Tage - Der Film \"Der Untergang\"")
    #expect(film.similar.first?.title == "The Asphalt Jungle")
    #expect(film.collection == CollectionReference(id: 10, name: "Test Collection"))
    #expect(film.cast.count > 10)
  }

  @Test func brokenPartsCostThemselvesOnly() throws {
    var raw = try Self.appendedFilm()
    raw["videos"] = ["results": [["site": "YouTube", "key": "x\u{1B}]8;;evil"], ["site": "Evil", "key": "abc"]]]
    raw["release_dates"] = "nonsense"
    raw["watch/providers"] = ["results": ["us": ["flatrate": [["provider_name": "lowercase country"]]], "GB": 7]]
    raw["recommendations"] = ["results": [["id": "x"], ["id": 5, "title": "Kept"]]]
    raw["belongs_to_collection"] = ["id": -1]
    let film = try decode(MovieDetails.self, raw)
    #expect(film.videos.isEmpty, "a key that is not URL-safe and an unknown host are dropped")
    #expect(film.certifications.isEmpty)
    #expect(film.providers.isEmpty)
    #expect(film.recommendations.map(\.id) == [5])
    #expect(film.collection == nil)
    #expect(film.title == "Fight Club", "the rest of the film is intact")
  }

  @Test func aPersonWithTheirFilms() throws {
    var raw = try object("person-details.json")
    raw["movie_credits"] = try object("person-movie-credits.json")
    let person = try decode(PersonDetails.self, raw)
    #expect(person.name == "Brad Pitt")
    #expect(person.knownFor == "Acting")
    #expect(person.birthday?.description == "1963-12-18")
    #expect(person.deathday == nil)
    #expect(person.placeOfBirth == "Shawnee, Oklahoma, USA")
    #expect(person.profilePath == "/cckcYc2v0yh1tc9QjRelptcOBko.jpg")
    #expect(person.credits.count == 75 + 131)
    #expect(person.credits.filter(\.isCast).allSatisfy { $0.role == nil || !$0.role!.isEmpty })
    let newest = person.works(byScore: false)
    let dated = newest.compactMap(\.media.releaseDate)
    #expect(dated == dated.sorted(by: >), "newest first")
    #expect(newest.last?.media.releaseDate == nil || dated.count == newest.count, "undated films last")
    let scores = person.works(byScore: true).prefix(20).compactMap(\.media.score)
    #expect(scores == scores.sorted(by: >), "by score, best first")
    #expect(person.credits.contains { !$0.isCast && $0.role == "Director of Photography" })
  }

  @Test func aPersonWithoutCreditsOrDates() throws {
    let person = try decode(
      PersonDetails.self, ["id": 9, "name": "\u{1B}[31mRed", "birthday": "", "deathday": NSNull(), "biography": ""])
    #expect(person.name == "Red")
    #expect(person.birthday == nil)
    #expect(person.biography == nil)
    #expect(person.credits.isEmpty)
  }

  @Test func searchResultsAndGenres() throws {
    let page = try AmodbJSON.decoder().decode(MediaPage.self, from: Fixtures.tmdb("search-movie.json"))
    #expect(page.results.count == 1)
    let popular = try AmodbJSON.decoder().decode(MediaPage.self, from: Fixtures.tmdb("movie-popular.json"))
    #expect(popular.results.contains { !$0.genres.isEmpty }, "genre ids name their genres")
    #expect(Genres.name(878) == "Science Fiction")
    #expect(Genres.name(1) == nil)
  }
}

@Suite("What is kept of searches and people")
struct BrowserCacheTests {
  @Test func searchesStayInMemoryAndPeopleGoToDisk() async throws {
    let server = try LoopbackServer { request in
      if request.path.hasPrefix("/3/person/") { return .json(#"{"id": 7, "name": "Kept Person"}"#) }
      return .json(TestClients.pageJSON())
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)/trending")
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let disk = DiskCache(directory: directory)
    let configuration = ClientConfiguration(
      baseURL: server.baseURL, apiKey: APIKey("test-key-123"), language: "en-US", timeout: 5)
    let client = AmodbClient(configuration: configuration, transport: CurlTransport(), disk: disk)
    _ = try await client.fetch(SearchRequest(query: "alien", language: "en-US"))
    _ = try await client.fetch(SearchRequest(query: "alien", language: "en-US"))
    #expect(server.count("/3/search/movie") == 1, "the session's memory answers the same search again")
    _ = try await client.fetch(PersonRequest(id: 7, language: "en-US"))
    let info = disk.info()
    #expect(info.entries[.list] == nil, "no search answer reaches the disk")
    #expect(info.entries[.person]?.count == 1, "a person is kept on disk like a film")
    let fresh = AmodbClient(configuration: configuration, transport: CurlTransport(), disk: disk)
    let again = try await fresh.fetch(PersonRequest(id: 7, language: "en-US"))
    #expect(again.fromCache && again.value.name == "Kept Person")
    #expect(server.count("/3/person/7") == 1, "a warm start asks nothing for a person seen today")
  }
}
