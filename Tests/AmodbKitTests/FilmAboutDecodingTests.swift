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

@Suite("A film's keywords, studios, money, reviews and regional releases (real TMDB responses)")
struct FilmAboutDecodingTests {
  /// Fight Club with every appended part, keywords and reviews included.
  static func film() throws -> [String: Any] {
    var film = try BrowserDecodingTests.appendedFilm()
    film["keywords"] = try object("movie-keywords.json")
    film["reviews"] = try object("movie-reviews.json")
    return film
  }

  @Test func theNewPartsDecode() throws {
    let film = try decode(MovieDetails.self, try Self.film())
    #expect(film.keywords.count == 14)
    #expect(film.keywords.first == NamedID(id: 851, name: "dual identity"))
    #expect(film.companies.map(\.name).prefix(2) == ["Fox 2000 Pictures", "Regency Enterprises"])
    #expect(film.companies.first?.id == 711)
    #expect(film.originalLanguage == "en")
    #expect(film.budget == 63_000_000)
    #expect(film.revenue == 100_853_753)
    #expect(film.homepage == "http://www.foxmovies.com/movies/fight-club")
    #expect(film.imdbID == "tt0137523")
    let reviews = try #require(film.reviews)
    #expect(reviews.total >= reviews.first.count && reviews.first.count > 1)
    #expect(reviews.first.first?.author == "Goddard")
    #expect(reviews.first.first?.text.hasPrefix("Pretty awesome movie.") == true)
    #expect(reviews.first[1].rating == 9)
    #expect(reviews.first.first?.written == ReleaseDate("2018-06-09"))
    #expect(!reviews.first.contains { $0.text.contains("\r") }, "CRLF is read as one line break")
    let us = try #require(film.releases["US"])
    #expect(us.contains { $0.isCinema && $0.date == ReleaseDate("1999-10-15") })
    #expect(film.releases.count > 40, "every country")
  }

  @Test func hostileOrMissingPartsCostThemselvesOnly() throws {
    var raw = try Self.film()
    raw["keywords"] = [
      "keywords": [["id": "x", "name": "no id"], ["id": 9, "name": "kept\u{1B}[2J"], ["id": 9, "name": "again"]]
    ]
    raw["production_companies"] = 7
    raw["budget"] = 0
    raw["revenue"] = "lots"
    raw["homepage"] = "javascript:alert(1)"
    raw["reviews"] = [
      "results": [["author": "A", "content": ""], ["author": "B", "content": "**Good** \u{1B}]8;;x"]]
    ]
    raw["original_language"] = ""
    let film = try decode(MovieDetails.self, raw)
    #expect(film.keywords.map(\.id) == [9], "no id is dropped, a repeat is dropped")
    #expect(film.keywords.first?.name.contains("\u{1B}") == false)
    #expect(film.companies.isEmpty && film.budget == nil && film.revenue == nil)
    #expect(film.homepage == nil, "only http(s) addresses are kept")
    #expect(film.originalLanguage == nil)
    #expect(film.reviews?.first.map(\.author) == ["B"], "an empty review is dropped")
    #expect(film.reviews?.first.first?.text.contains("\u{1B}") == false)
    #expect(film.reviews?.first.first?.text.hasPrefix("Good") == true)
    #expect(film.title == "Fight Club")
  }

  @Test(arguments: [
    ("**Bold** and _em_ and `code`", "Bold and em and code"),
    ("# A heading\n\n\n> quoted", "A heading\n\nquoted"),
    ("See [the site](https://example.com) and ![a picture](x.png).", "See the site and a picture."),
    ("- one\n* two", "• one\n• two"),
    ("snake_case_word stays", "snake_case_word stays"),
    ("line one\r\nline two", "line one\nline two"),
    ("<b>tagged</b> text", "tagged text"),
  ])
  func markdownBecomesPlainText(markdown: String, plain: String) {
    #expect(MarkdownText.plain(markdown) == plain)
  }

  @Test func theFilmScreenIsStillOneRequestOnARealServer() async throws {
    let server = try LoopbackServer { _ in .json(TestClients.detailsJSON(id: 550)) }
    let client = TestClients.client(for: server)
    _ = try await client.fetch(MovieDetailsRequest(id: 550, language: "en-US"))
    #expect(server.requests.count == 1, "keywords, reviews and release dates come appended, not asked apart")
    let appended = server.requests.first?.query("append_to_response")?.split(separator: ",").map(String.init)
    #expect(
      appended == [
        "credits", "ratings", "videos", "release_dates", "watch/providers", "recommendations", "similar", "keywords",
        "reviews",
      ])
  }
}
