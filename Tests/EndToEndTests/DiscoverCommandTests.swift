import Foundation
import TestSupport
import Testing

/// `trending services` and `trending discover` as processes: on a loopback amodb, in the demo, and
/// usage errors naming the bad value.
@Suite("End to end: trending services and trending discover")
struct DiscoverCommandTests {
  /// A server with a region's providers (in TMDB's global order, not the region's), genres and a discover page.
  private func server() throws -> LoopbackServer {
    try LoopbackServer { request in
      if request.path == "/3/watch/providers/movie" {
        return .json(
          #"{"results":[{"provider_id":2,"provider_name":"Apple TV","display_priority":1,"display_priorities":{"GB":9}},"#
            + #"{"provider_id":8,"provider_name":"Netflix","display_priority":5,"display_priorities":{"GB":1}},"#
            + #"{"provider_id":11,"provider_name":"MUBI","display_priority":7,"display_priorities":{"GB":3}}]}"#)
      }
      if request.path == "/3/genre/movie/list" {
        return .json(#"{"genres":[{"id":53,"name":"Thriller"},{"id":18,"name":"Drama"}]}"#)
      }
      if request.path == "/3/discover/movie" { return .json(TestClients.pageJSON(count: 2, firstID: 700)) }
      return .json(#"{"status_message": "Not found."}"#, status: 404)
    }
  }

  private func environment(_ server: LoopbackServer) -> [String: String] {
    ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "cli-secret-key", "AMODB_REGION": "GB"]
  }

  @Test func servicesAreListedInTheRegionsOwnOrder() throws {
    let server = try server()
    let outcome = try BinaryRunner.run(["services"], environment: environment(server))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout == "8\tNetflix\n11\tMUBI\n2\tApple TV\n", "GB's display order, piped as id and name")
    #expect(server.requests.first?.query("watch_region") == "GB")
    let json = try BinaryRunner.run(["services", "--json"], environment: environment(server))
    #expect(json.stdout.contains(#""region" : "GB""#) && json.stdout.contains(#""rank" : 1"#), "\(json.stdout)")
  }

  /// Services are per country: with none named, the refusal is followed by the command's own usage.
  /// Nothing found is said on standard error, and a pipe reads no row (nor a header of none).
  @Test func nothingFoundIsSaidAndPrintsNoRow() throws {
    let none = try BinaryRunner.run(["--demo", "discover", "--year", "2030"])
    #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stdout)")
    #expect(none.stderr.contains("No title matches these filters."), "\(none.stderr)")
    let json = try BinaryRunner.run(["--demo", "discover", "--year", "2030", "--json"])
    #expect(json.stderr.isEmpty && !json.stdout.isEmpty, "JSON says it with an empty list: \(json.stdout)")
  }

  @Test func servicesWithNoRegionSayWhichAndTheirOwnUsage() throws {
    let server = try server()
    var environment = environment(server)
    environment["AMODB_REGION"] = nil
    let outcome = try BinaryRunner.run(["services"], environment: environment)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("give --region CC"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Usage: trending services"), "\(outcome.stderr)")
    #expect(server.requests.isEmpty)
  }

  @Test func discoverResolvesNamesAndSendsTheExactQuery() throws {
    let server = try server()
    let outcome = try BinaryRunner.run(
      [
        "discover", "--genre", "thriller", "--genre", "Drama", "--on", "netflix", "--on", "MUBI", "--year",
        "2015..2024", "--min-score", "7", "--json",
      ], environment: environment(server))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains(#""media_type" : "movie""#), "\(outcome.stdout)")
    let discover = try #require(server.requests.first { $0.path == "/3/discover/movie" })
    #expect(discover.query("with_genres") == "53,18", "repeated --genre accumulates, all of them")
    #expect(discover.query("with_watch_providers") == "8|11", "repeated --on accumulates, any of them")
    #expect(discover.query("watch_region") == "GB")
    #expect(discover.query("primary_release_date.gte") == "2015-01-01")
    #expect(discover.query("vote_average.gte") == "7")
    #expect(discover.target.contains("with_watch_providers=8%7C11"), "the bar is URL-encoded: \(discover.target)")
    #expect(server.count("/3/genre/movie/list") == 1 && server.count("/3/watch/providers/movie") == 1)
  }

  @Test func aMisspelledServiceIsAUsageErrorWithASuggestion() throws {
    let server = try server()
    let outcome = try BinaryRunner.run(["discover", "--on", "Netflx"], environment: environment(server))
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("no service 'Netflx' in GB; did you mean “Netflix”?"), "\(outcome.stderr)")
    #expect(server.count("/3/discover/") == 0)
  }

  @Test func aBadValueIsAUsageErrorNamingIt() throws {
    let score = try BinaryRunner.run(["--demo", "discover", "--min-score", "eleven"])
    #expect(score.status == 2)
    #expect(score.stderr.contains("'eleven'"), "\(score.stderr)")
    let sort = try BinaryRunner.run(["--demo", "discover", "--sort", "best"])
    #expect(sort.status == 2 && sort.stderr.contains("'best'"), "\(sort.stderr)")
    let genre = try BinaryRunner.run(["--demo", "discover", "--genre", "Thrillr"])
    #expect(genre.status == 2 && genre.stderr.contains("did you mean “Thriller”?"), "\(genre.stderr)")
    // A certification is a film's, in one country's system: without either it is refused, not dropped
    // (before anything is asked: the port is loopback's discard, and nothing listens there). The demo's
    // country is the US's where nothing names one.
    let noRegion = try BinaryRunner.run(
      ["discover", "--certification", "PG-13"],
      environment: [
        "LC_ALL": "C.UTF-8", "LC_MESSAGES": "", "AMODB_KEY": "k0123456789", "AMODB_BASE_URL": "http://127.0.0.1:9/3",
      ])
    #expect(noRegion.status == 2 && noRegion.stderr.contains("give --region CC"), "\(noRegion.stderr)")
    let demoRegion = try BinaryRunner.run(
      ["--demo", "discover", "--certification", "PG-13"], environment: ["LC_ALL": "C.UTF-8", "LC_MESSAGES": ""])
    #expect(demoRegion.status == 0, "\(demoRegion.stderr)")
    let series = try BinaryRunner.run([
      "--demo", "--region", "US", "discover", "--kind", "tv", "--certification", "TV-14",
    ])
    #expect(series.status == 2 && series.stderr.contains("films only"), "\(series.stderr)")
    let rated = try BinaryRunner.run(["--demo", "--region", "US", "discover", "--certification", "PG-13"])
    #expect(rated.status == 0, "\(rated.stderr)")
    let range = try BinaryRunner.run(["--demo", "search", "dune", "--year", "2000..2010"])
    #expect(range.status == 2, "a search takes one year")
  }

  @Test func theDemoAnswersServicesAndDiscover() throws {
    let services = try BinaryRunner.run(["--demo", "--region", "US", "services"])
    #expect(services.status == 0, "\(services.stderr)")
    #expect(services.stdout.contains("Apple TV"))
    let films = try BinaryRunner.run(["--demo", "discover", "--genre", "Drama", "--sort", "score"])
    #expect(films.status == 0, "\(films.stderr)")
    #expect(films.stdout.split(separator: "\n").count > 1, "\(films.stdout)")
    let series = try BinaryRunner.run(["--demo", "discover", "--kind", "tv", "--genre", "Drama", "--json"])
    #expect(series.status == 0, "\(series.stderr)")
    #expect(series.stdout.contains(#""media_type" : "tv""#), "\(series.stdout)")
    // The demo's search finds a title whatever its accents, as amodb's does.
    let amelie = try BinaryRunner.run(["--demo", "search", "amelie"])
    #expect(amelie.status == 0 && amelie.stdout.contains("Amélie"), "\(amelie.stdout)")
    // Nothing found: no empty row for a pipe to read, and the person is told.
    let nothing = try BinaryRunner.run(["--demo", "search", "zzzz"])
    #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.contains("Nothing matches “zzzz”."))
  }
}
