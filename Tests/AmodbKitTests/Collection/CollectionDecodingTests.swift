import AmodbKit
import Foundation
import TestSupport
import Testing

/// Reads a shared fixture as a JSON object.
private func object(_ name: String) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Fixtures.tmdb(name)) as? [String: Any])
}

private func decode(_ value: Any) throws -> CollectionDetails {
  try AmodbJSON.decoder().decode(CollectionDetails.self, from: JSONSerialization.data(withJSONObject: value))
}

@Suite("Decoding a collection (a real TMDB response, and hostile ones)")
struct CollectionDecodingTests {
  @Test func theRealAnswerDecodesWithItsFilmsInReleaseOrder() throws {
    let collection = try AmodbJSON.decoder().decode(
      CollectionDetails.self, from: Fixtures.tmdb("collection-details.json"))
    #expect(collection.id == 10)
    #expect(collection.name == "Star Wars Collection")
    #expect(collection.overview?.hasPrefix("An epic space-opera theatrical film series") == true)
    #expect(collection.posterPath == "/gq5Wi7i4SF3lo4HHkJasDV95xI9.jpg")
    // TMDB lists The Last Jedi after The Rise of Skywalker; the screen lists them as they came out.
    #expect(collection.parts.map(\.id) == [11, 1891, 1892, 1893, 1894, 1895, 140607, 181808, 181812])
    #expect(collection.parts.allSatisfy { $0.kind == .film })
    let first = try #require(collection.parts.first)
    #expect(first.title == "Star Wars")
    #expect(first.year == 1977)
    #expect(first.posterPath == "/6FfCtAuVAW8XJjZ7eWeLibRLWTw.jpg")
    #expect(first.voteCount == 19583)
    #expect(collection.years == "1977–2019")
  }

  @Test func hostilePartsCostThemselvesOnly() throws {
    var raw = try object("collection-details.json")
    raw["name"] = "Star\u{1B}]0;owned\u{7} Wars\u{9B}2J"
    raw["overview"] = 42
    raw["poster_path"] = "../../etc/passwd"
    raw["backdrop_path"] = ["not": "a path"]
    raw["parts"] = [
      ["id": 3, "title": "Undated", "media_type": "movie"],
      ["id": 2, "title": "Later", "release_date": "2001-01-01", "media_type": "movie"],
      ["id": "x", "title": "No id"],
      ["id": 4, "name": "A series", "media_type": "tv", "first_air_date": "1990-01-01"],
      ["id": 5, "name": "A person", "media_type": "person"],
      ["id": 6, "title": "Unknown kind", "media_type": "podcast"],
      ["id": 1, "title": "Earlier\u{1B}[31m", "release_date": "1999-03-31", "vote_average": "eleven"],
      ["id": 2, "title": "Later again", "release_date": "1980-01-01"],
      "a string",
      7,
    ]
    let collection = try decode(raw)
    #expect(collection.name == "Star Wars", "escape sequences never reach the screen")
    #expect(collection.overview == nil)
    #expect(collection.posterPath == nil, "a path that is not a plain file name is not put in a URL")
    #expect(collection.parts.map(\.id) == [1, 2, 3], "films only, each once, dated ones by date, undated last")
    #expect(collection.parts.first?.title == "Earlier")
    #expect(collection.parts.first?.voteAverage == nil)
    #expect(collection.years == "1999–2001")
  }

  @Test(arguments: [
    #"{"id": 0, "name": "Zero"}"#, #"{"name": "No id"}"#, #"{"id": "ten"}"#, #"[1, 2]"#, #""collection""#,
  ])
  func anAnswerWithoutAnIdIsRefused(_ text: String) {
    #expect(throws: DecodingError.self) {
      try AmodbJSON.decoder().decode(CollectionDetails.self, from: Data(text.utf8))
    }
  }

  @Test func aBareCollectionStillHasANameAndNoFilms() throws {
    let collection = try decode(["id": 230, "parts": NSNull()])
    #expect(collection.name == "Collection #230")
    #expect(collection.parts.isEmpty)
    #expect(collection.years == nil)
  }

  @Test func aHugeCollectionIsCut() throws {
    let parts = (1...500).map { ["id": $0, "title": "Film \($0)", "release_date": "2000-01-01"] as [String: Any] }
    let collection = try decode(["id": 1, "name": "Many", "parts": parts])
    #expect(collection.parts.count == 100)
    #expect(collection.parts.map(\.id) == Array(1...100), "ties keep the order they came in")
  }

  @Test func theCollectionIsOneRequestOnARealServer() async throws {
    let body = try String(decoding: Fixtures.tmdb("collection-details.json"), as: UTF8.self)
    let server = try LoopbackServer { _ in .json(body) }
    let client = TestClients.client(for: server, language: "ru-RU")
    let answer = await client.answer(.collection(CollectionRequest(id: 10, language: "ru-RU")))
    let collection = try #require(try answer.get().value.collection)
    #expect(collection.parts.count == 9)
    #expect(server.requests.count == 1, "name, overview, poster and films come in one answer")
    let request = try #require(server.requests.first)
    #expect(request.path == "/3/collection/10")
    #expect(request.query("language") == "ru-RU")
    #expect(request.query("append_to_response") == nil)
    #expect(request.headers["authorization"] == "Bearer test-key-123")
    #expect(APIRequest.collection(CollectionRequest(id: 10, language: "ru-RU")).page == nil)
  }
}
