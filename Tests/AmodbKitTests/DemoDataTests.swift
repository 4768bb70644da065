import Foundation
import Testing

@testable import AmodbKit

@Suite("The embedded demo data through the real client")
struct DemoDataTests {
  private let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())

  @Test func everyAnswerIsFoundByItsKeyAndNoOtherKeyFindsOne() {
    let keys = DemoResources.keys
    #expect(keys.count == DemoResources.texts.count)
    #expect(keys.count > 100)
    #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "the build sorts the keys")
    for (index, key) in keys.enumerated() {
      #expect(DemoResources.files[key] == DemoResources.texts[index], "\(key)")
      // A key just before or after this one, which no answer has.
      #expect(DemoResources.files[key + "~"] == nil)
      #expect(DemoResources.files[String(key.dropLast())] == nil || keys.contains(String(key.dropLast())))
    }
    #expect(DemoResources.files[""] == nil)
    #expect(DemoResources.files["\u{10FFFF}"] == nil)
    #expect(DemoResources.files["/movie/550"]?.contains("Fight Club") == true)
  }

  @Test func twoWeekPagesAndADayPage() async throws {
    let first = try await client.fetch(TrendingRequest(window: .week, page: 1, language: "en-US")).value
    let second = try await client.fetch(TrendingRequest(window: .week, page: 2, language: "en-US")).value
    let day = try await client.fetch(TrendingRequest(window: .day, page: 1, language: "en-US")).value
    #expect(first.results.count == 20)
    #expect(first.totalPages == 2)
    #expect(!second.results.isEmpty)
    #expect(!day.results.isEmpty)
    #expect(first.skippedEntries + second.skippedEntries + day.skippedEntries == 0)
  }

  @Test func everyListedFilmHasFullDetails() async throws {
    var ids = Set<Int>()
    for (window, page) in [(TimeWindow.week, 1), (.week, 2), (.day, 1)] {
      let listing = try await client.fetch(TrendingRequest(window: window, page: page, language: "en-US")).value
      ids.formUnion(listing.results.map(\.id))
    }
    for id in ids {
      let details = try await client.fetch(MovieDetailsRequest(id: id, language: "en-US")).value
      #expect(details.id == id)
      #expect(details.credits != nil)
    }
  }

  @Test func theEdgeCasesAreThere() async throws {
    var films: [MediaSummary] = []
    for page in [1, 2] {
      films += try await client.fetch(TrendingRequest(window: .week, page: page, language: "en-US")).value.results
    }
    #expect(films.contains { $0.posterPath == nil })
    #expect(films.contains { $0.releaseDate == nil })
    #expect(films.contains { $0.voteCount == 0 })
    #expect(films.contains { $0.title.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
    #expect(films.contains { $0.title.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
    #expect(films.contains { $0.title.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) } })
    #expect(films.contains { $0.title.count > 60 })
    var withoutRatings = 0
    for film in films {
      let details = try await client.fetch(MovieDetailsRequest(id: film.id, language: "en-US")).value
      if details.ratings == nil { withoutRatings += 1 }
    }
    #expect(withoutRatings >= 1)
  }

  @Test func unknownFilmsAreNotFound() async {
    let result = await client.result(MovieDetailsRequest(id: 999_999_999, language: "en-US"))
    guard case .failure(.notFound) = result else {
      Issue.record("expected not found, got \(result)")
      return
    }
  }

  @Test func searchMatchesTitles() async throws {
    let page = try await client.fetch(SearchRequest(query: "matrix", language: "en-US")).value
    #expect(page.results.map(\.title) == ["The Matrix"])
    // A file's name loses the colon: the words find the title whatever its punctuation.
    let dune = try await client.fetch(SearchRequest(query: "Dune Part Two", language: "en-US")).value
    #expect(dune.results.map(\.title) == ["Dune: Part Two"])
    let punctuation = try await client.fetch(SearchRequest(query: "?!", language: "en-US")).value
    #expect(punctuation.results.isEmpty)
  }

  /// The demo transport's raw answer to a path and query, decoded.
  private func answer(_ path: String, _ query: String = "") async throws -> (status: Int, body: JSONValue) {
    let suffix = query.isEmpty ? "" : "?\(query)"
    let url = try #require(URL(string: DemoTransport.baseURL.absoluteString + path + suffix))
    let response = try await DemoTransport().send(HTTPRequest(url: url))
    return (response.status, try JSONDecoder().decode(JSONValue.self, from: response.body))
  }

  @Test func seriesListsAreServedByPage() async throws {
    for path in [
      "/trending/tv/week", "/trending/tv/day", "/tv/popular", "/tv/top_rated", "/tv/on_the_air", "/tv/airing_today",
    ] {
      let (status, body) = try await answer(path, "page=1&language=en-US")
      #expect(status == 200, "\(path)")
      #expect(body["results"]?.array?.isEmpty == false, "\(path)")
      #expect(body["results"]?.array?.first?["name"]?.string != nil, "\(path)")
    }
    let week = try await answer("/trending/tv/week", "page=1")
    #expect(week.body["results"]?.array?.allSatisfy { $0["media_type"]?.string == "tv" } == true)
  }

  @Test func theDemosFilmsNameTheirGenresByTMDBsIds() async throws {
    let film = try await answer("/movie/146", "language=en-US")
    let number = { (value: JSONValue?) -> Int? in if case .number(let id)? = value { Int(id) } else { nil } }
    let ids = film.body["genres"]?.array?.compactMap { number($0["id"]) }
    #expect(ids == [28, 18, 10749], "Action, Drama, Romance as TMDB numbers them")
    let russian = try await answer("/movie/146", "language=ru-RU")
    #expect(russian.body["genres"]?.array?.compactMap { number($0["id"]) } == ids)
  }

  @Test func aSeriesAndItsSeasonDecode() async throws {
    let friends = try await answer("/tv/1668", "append_to_response=aggregate_credits,content_ratings&language=en-US")
    #expect(friends.status == 200)
    #expect(friends.body["name"]?.string == "Friends")
    #expect(friends.body["seasons"]?.array?.count == 10)
    let season = try await answer("/tv/1668/season/8", "language=en-US")
    #expect(season.status == 200)
    let episodes = try #require(season.body["episodes"]?.array)
    #expect(episodes.count == 24)
    let rumor = episodes[8]
    #expect(rumor["name"]?.string == "The One with the Rumor")
    #expect(rumor["air_date"]?.string == "2001-11-22")
    #expect(rumor["guest_stars"]?.array?.first?["name"]?.string == "Brad Pitt")
    let russian = try await answer("/tv/1668/season/8", "language=ru-RU")
    #expect(russian.body["episodes"]?.array?[8]["name"]?.string == "Эпизод со слухом")
    // Every season the series lists is held, to the finale.
    let fifth = try await answer("/tv/1668/season/5", "language=en-US")
    #expect(fifth.body["episodes"]?.array?[13]["name"]?.string == "The One Where Everybody Finds Out")
    #expect(fifth.body["episodes"]?.array?[13]["air_date"]?.string == "1999-02-11")
    let tenth = try await answer("/tv/1668/season/10", "language=en-US")
    #expect(tenth.body["episodes"]?.array?.count == 18)
    let missing = try await answer("/tv/1668/season/11")
    #expect(missing.status == 404)
  }

  /// A series' seasons score what each season's own answer says, in both languages.
  @Test func eachSeasonRowScoresAsItsSeasonDoes() async throws {
    let series = DemoResources.keys.filter { $0.range(of: #"^(ru:)?/tv/\d+$"#, options: .regularExpression) != nil }
    #expect(series.count >= 10)
    for key in series {
      let russian = key.hasPrefix("ru:")
      let path = russian ? String(key.dropFirst(3)) : key
      let language = russian ? "ru-RU" : "en-US"
      let details = try await answer(path, "language=\(language)")
      for season in details.body["seasons"]?.array ?? [] {
        guard let number = season["season_number"]?.number, number > 0 else { continue }
        let own = try await answer(path + "/season/\(Int(number))", "language=\(language)")
        guard own.status == 200 else { continue }
        #expect(season["vote_average"]?.number == own.body["vote_average"]?.number, "\(key) season \(Int(number))")
      }
    }
  }

  @Test func aPersonLinksFilmsAndSeries() async throws {
    let found = try await answer("/search/multi", "query=pitt&language=en-US&page=1")
    let person = try #require(found.body["results"]?.array?.first { $0["media_type"]?.string == "person" })
    #expect(person["name"]?.string == "Brad Pitt")
    let id = try #require(person["id"].flatMap { if case .number(let n) = $0 { Int(n) } else { nil } })
    let pitt = try await answer("/person/\(id)", "append_to_response=combined_credits")
    let cast = try #require(pitt.body["combined_credits"]?["cast"]?.array)
    #expect(cast.contains { $0["media_type"]?.string == "movie" && $0["title"]?.string == "Fight Club" })
    #expect(cast.contains { $0["media_type"]?.string == "tv" && $0["name"]?.string == "Friends" })
    #expect(pitt.body["movie_credits"] == nil)
  }

  @Test func multiSearchPutsFilmsThenSeriesThenPeople() async throws {
    let friends = try await answer("/search/multi", "query=friends&language=en-US&page=1")
    let results = try #require(friends.body["results"]?.array)
    #expect(results.first?["name"]?.string == "Friends")
    #expect(results.first?["media_type"]?.string == "tv")
    let mixed = try await answer("/search/multi", "query=the&language=en-US&page=1")
    let kinds = (mixed.body["results"]?.array ?? []).compactMap { $0["media_type"]?.string }
    let order = ["movie": 0, "tv": 1, "person": 2]
    #expect(kinds.contains("movie") && kinds.contains("tv"))
    #expect(kinds.map { order[$0] ?? 9 } == kinds.map { order[$0] ?? 9 }.sorted())
    let russian = try await answer("/search/multi", "query=друзья&language=ru-RU")
    #expect(russian.body["results"]?.array?.first?["name"]?.string == "Друзья")
    let empty = try await answer("/search/multi", "query=")
    #expect(empty.status == 422)
  }

  @Test func seriesSearchMatchesNamesAndYears() async throws {
    let squid = try await answer("/search/tv", "query=%EC%98%A4%EC%A7%95%EC%96%B4")
    #expect(squid.body["results"]?.array?.first?["name"]?.string == "Squid Game")
    let dark = try await answer("/search/tv", "query=dark&first_air_date_year=2017")
    #expect(dark.body["results"]?.array?.map { $0["name"]?.string } == ["Dark"])
    let none = try await answer("/search/tv", "query=dark&first_air_date_year=1990")
    #expect(none.body["results"]?.array?.isEmpty == true)
  }
}
