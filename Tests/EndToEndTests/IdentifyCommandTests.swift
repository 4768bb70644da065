import Foundation
import TestSupport
import Testing

/// `trending identify` through the real binary against a loopback amodb that answers film and
/// series searches, a film's details, a series' details and an IMDb find.
@Suite("trending identify as a process")
struct IdentifyCommandTests {
  /// A search result: a film's or a series' fields.
  private static func result(_ id: Int, _ title: String, _ date: String, series: Bool = false) -> String {
    series
      ? #"{"id":\#(id),"name":"\#(title)","original_name":"\#(title)","first_air_date":"\#(date)","vote_average":8,"vote_count":100}"#
      : #"{"id":\#(id),"title":"\#(title)","original_title":"\#(title)","release_date":"\#(date)","vote_average":8,"vote_count":100}"#
  }

  private func server() throws -> LoopbackServer {
    try LoopbackServer { request in
      let query = request.query("query") ?? ""
      let page = { (results: [String]) in
        LoopbackServer.Reply.json(
          #"{"page":1,"results":[\#(results.joined(separator: ","))],"total_pages":1,"total_results":\#(results.count)}"#
        )
      }
      switch request.path {
      case "/3/search/movie":
        let year = request.query("primary_release_year")
        switch query {
        case "Fight Club": return page([Self.result(550, "Fight Club", "1999-10-15")])
        case "Dune":
          let both = [Self.result(438631, "Dune", "2021-09-15"), Self.result(841, "Dune", "1984-12-14")]
          return page(year == "2021" ? [both[0]] : both)
        default: return page([])
        }
      case "/3/search/tv":
        return page(query == "Breaking Bad" ? [Self.result(1396, "Breaking Bad", "2008-01-20", series: true)] : [])
      case "/3/movie/603": return .json(TestClients.detailsJSON(id: 603, title: "The Matrix"))
      case "/3/tv/1399": return .json(TestClients.seriesJSON(id: 1399))
      case "/3/tv/1399/season/2", "/3/tv/1396/season/1":
        let listed = (1...7).map { #"{"episode_number":\#($0)}"# }
        return .json(#"{"season_number":1,"episodes":[\#(listed.joined(separator: ","))]}"#)
      case "/3/find/tt0137523":
        return .json(
          #"{"movie_results":[\#(Self.result(550, "Fight Club", "1999-10-15"))],"tv_results":[],"tv_episode_results":[]}"#
        )
      default:
        return .json(#"{"status_code":34,"status_message":"Not found."}"#, status: 404)
      }
    }
  }

  @Test func eachFileIsTakenFromItsNameAndFoldersAndNothingIsChanged() throws {
    let server = try server()
    let environment = [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "cli-secret-key",
      "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:1/img",
    ]
    let paths = [
      "Fight.Club.1999.1080p.BluRay.x264-GROUP.mkv",
      "Breaking Bad/Season 01/Breaking Bad - S01E03.mkv",
      "Dune.2021.2160p.mkv",
      "Dune.mkv",
      "The Matrix (1999) {tmdb-603}/The Matrix (1999).mkv",
      "Game of Thrones [tmdbid-1399]/Season 2/Game of Thrones - S02E05.mkv",
      "Some.Film.2011.tt0137523.mkv",
      "Nobody.Knows.This.2003.mkv",
      "1080p.BluRay.x264.mkv",
    ]
    let outcome = try BinaryRunner.run(["identify", "--json"] + paths, environment: environment)
    #expect(outcome.status == 6, "not every file identified: \(outcome.stderr)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    #expect(entries.count == paths.count)
    let summary = entries.map { entry in
      [entry["kind"], entry["id"], entry["season"], entry["episode"], entry["reason"]]
        .map { $0.map { "\($0)" } ?? "-" }.joined(separator: " ")
    }
    #expect(
      summary == [
        "film 550 - - -", "episode 1396 1 3 -", "film 438631 - - -", "- - - - ambiguous", "film 603 - - -",
        "episode 1399 2 5 -", "film 550 - - -", "- - - - no-match", "- - - - not-media",
      ])
    #expect(entries[0]["title"] as? String == "Fight Club" && entries[0]["year"] as? Int == 1999)
    #expect(entries[3]["candidates"] as? [Int] == [438631, 841])
    #expect(!server.requests.contains { $0.method != "GET" }, "identify changes nothing")

    let text = try BinaryRunner.run(["identify", paths[1], paths[3]], environment: environment)
    #expect(text.stdout.contains("S01E03") && text.stdout.contains("1396"))
    #expect(
      text.stdout.contains("Dune.mkv\tambiguous: 2 candidates: 438631 Dune (2021); 841 Dune (1984)"), "\(text.stdout)")
    let all = try BinaryRunner.run(["identify", paths[0], paths[1]], environment: environment)
    #expect(all.status == 0, "every file identified: \(all.stderr)")
    let absent = try BinaryRunner.run(
      ["identify", "Breaking Bad/Season 01/Breaking Bad - S01E09.mkv", "Breaking.Bad.S03E01.mkv"],
      environment: environment)
    #expect(absent.status == 6, "as scrobble would say of them")
    #expect(
      absent.stdout.contains("S01E09.mkv\tBreaking Bad (2008) has no episode S01E09")
        && absent.stdout.contains("S03E01.mkv\tBreaking Bad (2008) has no season 3"), "\(absent.stdout)")
    // A file of two episodes says both.
    let double = try BinaryRunner.run(["identify", "Breaking.Bad.S01E02E03.mkv"], environment: environment)
    #expect(double.status == 0 && double.stdout.contains("S01E02-E03"), "\(double.stdout)")
    let doubleJSON = try BinaryRunner.run(
      ["identify", "--json", "Breaking.Bad.S01E02E03.mkv"], environment: environment)
    #expect(doubleJSON.stdout.contains("\"last_episode\" : 3"), "\(doubleJSON.stdout)")
    // A series whose episode the name does not say is no episode: said, and not identified.
    let daily = try BinaryRunner.run(["identify", "Breaking.Bad.2008.03.05.mkv"], environment: environment)
    #expect(daily.status == 6, "\(daily.stdout)")
    #expect(
      daily.stdout.contains("\tseries: 1396 Breaking Bad (2008); its name says no season and episode"),
      "\(daily.stdout)")
    // No film has the name, one series has: said as that series, whose episode the name does not say.
    let named = try BinaryRunner.run(["identify", "Breaking Bad (2008).mkv"], environment: environment)
    #expect(named.status == 6, "\(named.stdout)")
    #expect(
      named.stdout.contains("(2008).mkv\tseries: 1396 Breaking Bad (2008); its name says no season and episode"),
      "\(named.stdout)")
    let none = try BinaryRunner.run(["identify"], environment: environment)
    #expect(none.status != 0 && none.stderr.contains("identify"))
  }
}
