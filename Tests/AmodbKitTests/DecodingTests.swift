import Foundation
import Testing

@testable import AmodbKit
@testable import TestSupport

@Suite("Decoding real and messy responses")
struct DecodingTests {
  private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try AmodbJSON.decoder().decode(type, from: Data(text.utf8))
  }

  @Test func realMovieDetailsDecode() throws {
    let details = try AmodbJSON.decoder().decode(MovieDetails.self, from: Fixtures.tmdb("movie-details.json"))
    #expect(details.id == 550)
    #expect(details.title == "Fight Club")
    #expect(details.year == 1999)
    #expect(details.runtime == 139)
    #expect(details.genres.contains("Drama"))
    #expect(details.genreIDs.contains(18), "the ids too, as a list's rows name genres")
    #expect(MediaSummary(id: 550, title: "Fight Club", genreIDs: details.genreIDs).genres.contains("Drama"))
    #expect(details.ratings == nil)
    #expect(details.credits == nil)
    #expect(details.voteCount > 0)
  }

  @Test func anIMDbIdThatIsNotOneIsLeftOut() throws {
    for (given, kept) in [
      ("tt0137523", "tt0137523"), ("tt0137523/../../evil", nil), ("--help", nil), ("tt", nil), ("nm0000093", nil),
    ] {
      let film = try decode(MovieDetails.self, #"{"id": 550, "title": "Fight Club", "imdb_id": "\#(given)"}"#)
      #expect(film.imdbID == kept, "\(given)")
      let series = try decode(SeriesDetails.self, #"{"id": 1, "name": "S", "external_ids": {"imdb_id": "\#(given)"}}"#)
      #expect(series.imdbID == kept, "\(given)")
    }
  }

  @Test func sparseDetailsTreatEmptyAndZeroAsAbsent() throws {
    let details = try AmodbJSON.decoder().decode(MovieDetails.self, from: Fixtures.tmdb("movie-details-sparse.json"))
    #expect(details.title == "Better Than Me")
    #expect(details.runtime == nil)
    #expect(details.releaseDate == nil)
    #expect(details.tagline == nil)
    #expect(details.overview == nil)
    #expect(details.posterPath == nil)
    #expect(details.imdbID == nil)
    #expect(details.genres.isEmpty)
    #expect(details.voteCount == 0)
    #expect(details.originalTitle == nil)
  }

  @Test func realCreditsDecodeWithNullProfilesAndAccents() throws {
    let credits = try AmodbJSON.decoder().decode(Credits.self, from: Fixtures.tmdb("movie-credits.json"))
    let raw = try JSONSerialization.jsonObject(with: Fixtures.tmdb("movie-credits.json")) as? [String: Any]
    #expect(credits.cast.count == (raw?["cast"] as? [Any])?.count)
    #expect(credits.crew.count == (raw?["crew"] as? [Any])?.count)
    let details = MovieDetails(id: 550, title: "Fight Club", credits: credits)
    #expect(details.directors == ["David Fincher"])
    #expect(details.cast.first?.order == 0)
  }

  @Test func trendingAllKeepsEachEntryAsItsKind() throws {
    let data = try Fixtures.tmdb("trending-all-week.json")
    let page = try AmodbJSON.decoder().decode(MediaPage.self, from: data)
    let raw = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let entries = raw?["results"] as? [[String: Any]] ?? []
    #expect(page.results.count == entries.count)
    #expect(page.skippedEntries == 0)
    #expect(page.results.map(\.kind.rawValue) == entries.compactMap { $0["media_type"] as? String })
    let series = try #require(page.results.first { $0.kind == .series })
    let rawSeries = try #require(entries.first { $0["media_type"] as? String == "tv" })
    #expect(series.title == rawSeries["name"] as? String, "a series is named by `name`")
    #expect(series.releaseDate?.description == rawSeries["first_air_date"] as? String)
    #expect(page.totalPages == 500)
  }

  @Test func anUnknownMediaTypeCostsOnlyItsEntry() throws {
    let body = #"{"page":1,"results":[{"id":1,"media_type":"collection","name":"X"},{"id":2,"title":"Y"}]}"#
    let page = try AmodbJSON.decoder().decode(MediaPage.self, from: Data(body.utf8))
    #expect(page.results.map(\.id) == [2])
    #expect(page.results.first?.kind == .film)
    #expect(page.skippedEntries == 1)
  }

  @Test func aPageOfWhichNoEntryReadsIsABrokenAnswerNotAnEmptyList() throws {
    let broken = #"{"page": 1, "results": [{"id": "x"}, {"id": "y"}]}"#
    #expect(throws: DecodingError.self) { try decode(MediaPage.self, broken) }
    #expect(try decode(MediaPage.self, #"{"page": 1, "results": []}"#).results.isEmpty)
  }

  @Test func anEntryListedTwiceShowsOnceAtItsFirstPlace() throws {
    let text = """
      {"page": 1, "results": [{"id": 7, "title": "First"}, {"id": 8, "title": "Other"},
        {"id": 7, "title": "Again"}, {"id": 7, "media_type": "tv", "name": "A series"}]}
      """
    let page = try decode(MediaPage.self, text)
    #expect(page.results.map(\.title) == ["First", "Other", "A series"])
    #expect(page.places == [0, 1, 3] && page.skippedEntries == 0)
  }

  @Test func oneBadEntryCostsOnlyItself() throws {
    let text = """
      {"page": 1, "total_pages": 3, "total_results": 60, "results": [
        {"id": 1, "title": "Good One", "vote_average": 7.25, "vote_count": 10, "release_date": "2020-01-02"},
        {"id": "abc", "title": "Bad id"},
        {"title": "No id"},
        "not an object",
        {"id": 2, "title": 42, "original_title": "Fallback Title", "vote_average": "6.5", "vote_count": null},
        {"id": 3, "title": "", "poster_path": "/ok.jpg", "release_date": "", "unknown_field": {"x": [1, 2]}},
        {"id": 4, "title": "Weird", "vote_average": "NaN", "poster_path": "../../etc/passwd", "release_date": "soon"}
      ]}
      """
    let page = try decode(MediaPage.self, text)
    #expect(page.results.map(\.id) == [1, 2, 3, 4])
    // The entries read keep the places they were served at: a dropped entry shifts no rank.
    #expect(page.places == [0, 4, 5, 6])
    #expect((0..<4).map(page.rank(at:)) == [1, 5, 6, 7])
    #expect(page.filtered { $0.id != 2 }.places == [0, 5, 6])
    #expect(page.skippedEntries == 3)
    #expect(page.results[0].year == 2020)
    #expect(page.results[1].title == "Fallback Title")
    #expect(page.results[1].voteAverage == 6.5)
    #expect(page.results[1].voteCount == 0)
    #expect(page.results[2].title == "Untitled (#3)")
    #expect(page.results[2].posterPath == "/ok.jpg")
    #expect(page.results[2].releaseDate == nil)
    #expect(page.results[3].voteAverage == nil)
    #expect(page.results[3].posterPath == nil)
    #expect(page.results[3].releaseDate == nil)
  }

  @Test func aPageWithoutItsResultsIsNoPageSoABrokenAnswerIsNeverAnEmptyList() throws {
    let page = try decode(MediaPage.self, #"{"page": 1, "results": []}"#)
    #expect(page.results.isEmpty && page.totalPages == 1, "an empty list is [] in TMDB's answers")
    #expect(throws: DecodingError.self, "results left out") { try decode(MediaPage.self, #"{"page": 1}"#) }
    for broken in ["null", #"{"a": 1}"#, #""none""#, "7"] {
      #expect(throws: DecodingError.self, "results: \(broken)") {
        try decode(MediaPage.self, #"{"page": 1, "total_pages": 500, "results": \#(broken)}"#)
      }
    }
  }

  @Test func ratingsAcceptIntegersDecimalsNullsAndStrings() throws {
    let text = """
      {"id": 7, "title": "Rated", "ratings": {
        "imdb": {"value": 8, "votes": 1200},
        "kinopoisk": {"value": 7.9, "votes": null},
        "metacritic": null,
        "rotten_tomatoes": {"value": "91"},
        "tmdb": {"value": 11.5, "votes": 3}
      }}
      """
    let ratings = try #require(try decode(MovieDetails.self, text).ratings)
    #expect(ratings.imdb == Rating(value: 8, votes: 1200))
    #expect(ratings.kinopoisk == Rating(value: 7.9, votes: nil))
    #expect(ratings.metacritic == nil)
    #expect(ratings.rottenTomatoes == Rating(value: 91, votes: nil))
    #expect(ratings.tmdb == nil, "a value off its scale is dropped")
  }

  @Test func detailsWithoutRatingsOrCreditsStillDecode() throws {
    let details = try decode(MovieDetails.self, #"{"id": 9, "title": "Bare", "ratings": "oops", "credits": 5}"#)
    #expect(details.ratings == nil)
    #expect(details.credits == nil)
    #expect(details.directors.isEmpty)
  }

  @Test func writersGatherTheirJobs() throws {
    let text = """
      {"id": 5, "title": "W", "credits": {"cast": [{"name": "B", "order": 1, "id": 2}, {"name": "A", "order": 0, "id": 1},
        {"character": "no name"}],
        "crew": [{"name": "Ann", "job": "Screenplay", "department": "Writing"},
                 {"name": "Ann", "job": "Story", "department": "Writing"},
                 {"name": "Bo", "job": "Director", "department": "Directing"},
                 {"name": "Bo", "job": "Director", "department": "Directing"},
                 {"name": "Cy", "job": "Novel", "department": "Writing"}]}}
      """
    let details = try decode(MovieDetails.self, text)
    #expect(details.directors == ["Bo"])
    #expect(details.writers == ["Ann (Screenplay, Story)", "Cy (Novel)"])
    #expect(details.cast.map(\.name) == ["A", "B"])
  }

  @Test func textFromTheNetworkIsCleaned() throws {
    let text =
      #"{"id": 1, "title": "Evil\u001b[2J\u001b]0;pwned\u0007 Title\u0007\n", "overview": "Line one\r\nLine two\u009b31m"}"#
    let movie = try decode(MediaSummary.self, text)
    #expect(movie.title == "Evil Title")
    #expect(movie.overview == "Line one\nLine two")
  }

  @Test func numbersOutOfRangeAreUnreadableNotInvented() throws {
    // A score outside 0–10 or of the wrong type is unreadable: it shows as a dash, never as 10 or 0.0.
    let movie = try decode(MediaSummary.self, #"{"id": 1, "title": "T", "vote_average": 99, "vote_count": -5}"#)
    #expect(movie.voteAverage == nil)
    #expect(movie.voteCount == 0)
    let typed = try decode(MediaSummary.self, #"{"id": 1, "title": "T", "vote_average": {"v": 8.4}, "vote_count": 9}"#)
    #expect(typed.voteAverage == nil)
    #expect(typed.score == nil)
  }

  @Test func errorBodiesGiveTheirMessage() throws {
    let unauthorized = HTTPResponse(status: 401, body: try Fixtures.tmdb("error-401.json"))
    #expect(
      StatusMapping.error(for: unauthorized)
        == .unauthorized(message: "Invalid API key: You must be granted a valid key."))
    let notFound = HTTPResponse(status: 404, body: try Fixtures.tmdb("error-404.json"))
    #expect(StatusMapping.error(for: notFound) == .notFound(message: "The resource you requested could not be found."))
    let validation = HTTPResponse(status: 422, body: try Fixtures.tmdb("error-422.json"))
    #expect(StatusMapping.error(for: validation) == .http(status: 422, message: "query must be provided"))
    let html = HTTPResponse(status: 502, body: Data("<html><body>Bad gateway</body></html>".utf8))
    #expect(StatusMapping.error(for: html) == .server(status: 502, message: nil))
    #expect(StatusMapping.error(for: HTTPResponse(status: 503)) == .server(status: 503, message: nil))
  }

  @Test(arguments: [
    ("3", 3), ("0", 0), ("100", 30), ("garbage", 5), ("", 5), ("-4", 5), (" 7 ", 7),
  ])
  func retryAfterIsReadDefaultedAndCapped(header: String, expected: Int) {
    #expect(StatusMapping.retryAfter(in: HTTPResponse(status: 429, headers: ["Retry-After": header])) == expected)
  }

  @Test func retryAfterMissingDefaultsToFive() {
    #expect(StatusMapping.retryAfter(in: HTTPResponse(status: 429)) == 5)
  }

  @Test func rateLimitHeadersInBothSpellings() {
    let tmdb = HTTPResponse(status: 200, headers: ["x-ratelimit-limit": "40", "X-RateLimit-Remaining": "38"])
    #expect(RateLimitStatus(response: tmdb) == RateLimitStatus(limit: 40, remaining: 38))
    let ietf = HTTPResponse(
      status: 200, headers: ["RateLimit-Limit": "20", "RateLimit-Remaining": "0", "RateLimit-Reset": "12"])
    #expect(RateLimitStatus(response: ietf) == RateLimitStatus(limit: 20, remaining: 0, reset: 12))
    #expect(RateLimitStatus(response: HTTPResponse(status: 200)) == nil)
  }
}
