import Foundation
import Synchronization
import Testing

@testable import AmodbKit
@testable import TestSupport

@Suite("The client against a real HTTP server on 127.0.0.1")
struct ClientTests {
  private func fetchError<E: Endpoint>(_ client: AmodbClient, _ endpoint: E) async -> AmodbError? {
    if case .failure(let error) = await client.result(endpoint) { return error }
    return nil
  }

  @Test func sendsBearerLanguageAndAppendAndNoKeyInTheURL() async throws {
    let server = try LoopbackServer { _ in .json(TestClients.detailsJSON(id: 550)) }
    let client = TestClients.client(for: server, language: "ru-RU")
    let fetched = try await client.fetch(MovieDetailsRequest(id: 550, language: "ru-RU"))
    #expect(fetched.value.title == "Details Film")
    #expect(fetched.value.ratings?.imdb?.value == 8.1)
    let request = try #require(server.requests.first)
    #expect(request.path == "/3/movie/550")
    #expect(request.headers["authorization"] == "Bearer test-key-123")
    #expect(request.query("language") == "ru-RU")
    #expect(
      request.query("append_to_response")
        == "credits,ratings,videos,release_dates,watch/providers,recommendations,similar,keywords,reviews")
    #expect(!request.target.contains("test-key-123"))
    #expect(request.query("api_key") == nil)
  }

  @Test func anAnswerAboutAnotherTitleIsNeitherShownNorKept() async throws {
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/season/2")
        ? .json(#"{"season_number": 1, "episodes": []}"#) : .json(TestClients.detailsJSON(id: 550))
    }
    let client = TestClients.client(for: server)
    let film = await fetchError(client, MovieDetailsRequest(id: 787_699, language: "en-US"))
    #expect(
      film == .unreadable(detail: "the answer is about id 550, not the 787699 asked for"), "\(String(describing: film))"
    )
    #expect(await client.cached(MovieDetailsRequest(id: 787_699, language: "en-US")) == nil)
    let season = await fetchError(client, SeasonRequest(seriesID: 1399, number: 2, language: "en-US"))
    #expect(season == .unreadable(detail: "the answer is about season 1, not the 2 asked for"))
    // The id asked for is read as before.
    #expect(try await client.fetch(MovieDetailsRequest(id: 550, language: "en-US")).value.id == 550)
  }

  @Test func trendingUsesWindowAndPage() async throws {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON(count: 20, page: 2, totalPages: 5)) }
    let client = TestClients.client(for: server)
    let page = try await client.fetch(TrendingRequest(window: .day, page: 2, language: "en-US")).value
    #expect(page.results.count == 20)
    #expect(server.requests.first?.path == "/3/trending/movie/day")
    #expect(server.requests.first?.query("page") == "2")
  }

  @Test func everyListEndpointHasItsPath() async throws {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON()) }
    let client = TestClients.client(for: server)
    let lists: [(MediaKind, CatalogueList)] = [
      (.film, .popular), (.film, .topRated), (.film, .nowPlaying), (.film, .upcoming), (.series, .popular),
      (.series, .topRated), (.series, .onTheAir), (.series, .airingToday),
    ]
    for (media, list) in lists {
      _ = try await client.fetch(CatalogueRequest(media: media, list: list, language: "en-US", region: "US"))
    }
    _ = try await client.fetch(SearchRequest(query: "dune part", language: "en-US"))
    _ = try await client.fetch(SearchRequest(scope: .all, query: "dune part", language: "en-US"))
    let paths = server.requests.map(\.path)
    #expect(
      paths == [
        "/3/movie/popular", "/3/movie/top_rated", "/3/movie/now_playing", "/3/movie/upcoming", "/3/tv/popular",
        "/3/tv/top_rated", "/3/tv/on_the_air", "/3/tv/airing_today", "/3/search/movie", "/3/search/multi",
      ])
    #expect(server.requests.first?.query("region") == "US")
    #expect(server.requests[4].query("region") == nil, "series lists take no region")
    #expect(server.requests.last?.query("query") == "dune part")
  }

  @Test(arguments: [401, 402])
  func authenticationFailuresAreNotRetried(status: Int) async throws {
    let server = try LoopbackServer { _ in
      .json(#"{"status_code": 7, "status_message": "Invalid API key.", "success": false}"#, status: status)
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(
      error
        == (status == 401 ? .unauthorized(message: "Invalid API key.") : .paymentRequired(message: "Invalid API key.")))
    #expect(server.requests.count == 1)
  }

  @Test func aServerThatEchoesTheKeyNeverHasItShown() async throws {
    let server = try LoopbackServer { _ in
      .json(
        #"{"status_code": 7, "status_message": "Invalid key test-key-123 \u001b]52;c;eA==\u0007 (or test-key-1…)"}"#,
        status: 401)
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(
      error == .unauthorized(message: "Invalid key <key hidden> (or <key hidden>…)"), "\(String(describing: error))")
    #expect(APIKey("abc")?.hiding(in: "abc and ab") == "<key hidden> and ab", "a short key is hidden whole")
    #expect(
      APIKey("secret-token-42")?.hiding(in: "Invalid token secret") == "Invalid token secret", "six in a row stay")
  }

  @Test func notFoundIsClear() async throws {
    let server = try LoopbackServer { _ in .json(#"{"status_code": 34, "status_message": "Not here."}"#, status: 404) }
    let error = await fetchError(TestClients.client(for: server), MovieDetailsRequest(id: 1, language: "en-US"))
    #expect(error == .notFound(message: "Not here."))
  }

  @Test func rateLimitWaitsRetryAfterThenSucceeds() async throws {
    let calls = Atomic<Int>(0)
    let server = try LoopbackServer { _ in
      calls.add(1, ordering: .relaxed).newValue == 1
        ? .json("{}", status: 429, headers: ["Retry-After": "3"]) : .json(TestClients.pageJSON())
    }
    let clock = TestClock()
    let page = try await TestClients.client(for: server, clock: clock).fetch(TrendingRequest(language: "en-US"))
    #expect(page.value.results.count == 3)
    #expect(server.requests.count == 2)
    #expect(clock.sleeps == [3])
  }

  @Test(arguments: [("0", [0, 0]), ("1", [1, 1]), ("100", [30, 30]), ("garbage", [5, 5])])
  func rateLimitRetriesTwiceThenReports(header: String, sleeps: [Int]) async throws {
    let server = try LoopbackServer { _ in .json("{}", status: 429, headers: ["Retry-After": header]) }
    let clock = TestClock()
    let error = await fetchError(TestClients.client(for: server, clock: clock), TrendingRequest(language: "en-US"))
    #expect(error == .rateLimited(retryAfter: sleeps[0]))
    #expect(server.requests.count == 3)
    #expect(clock.sleeps == sleeps)
  }

  @Test(arguments: [500, 502, 503, 504])
  func serverErrorsCarryTheirStatus(status: Int) async throws {
    let server = try LoopbackServer { _ in
      .respond(status: status, headers: ["Content-Type": "text/html"], body: Data("<html><h1>oops</h1></html>".utf8))
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(error == .server(status: status, message: nil))
    #expect(error?.message.contains("\(status)") == true)
    #expect(server.requests.count == 1)
  }

  @Test(arguments: ["not json at all", "", "{\"results\": ", "[1, 2, 3]"])
  func unreadableBodiesAreClear(body: String) async throws {
    let server = try LoopbackServer { _ in .json(body) }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    guard case .unreadable = error else {
      Issue.record("expected unreadable, got \(String(describing: error))")
      return
    }
    #expect(error?.message.starts(with: "Could not read the answer") == true)
  }

  /// Valid JSON of another shape is said to be that, not invalid JSON.
  @Test(arguments: [("{}", "unexpected JSON shape"), ("{\"id\": 550,", "not valid JSON")])
  func aFilmsBodyThatIsNoFilmIsSaidForWhatItIs(body: String, detail: String) async throws {
    let server = try LoopbackServer { _ in .json(body) }
    let result = await TestClients.client(for: server).result(MovieDetailsRequest(id: 550, language: "en-US"))
    guard case .failure(let error) = result else {
      Issue.record("\(body) read as a film")
      return
    }
    #expect(error == .unreadable(detail: detail))
  }

  @Test func invalidUTF8IsUnreadableNotACrash() async throws {
    var body = Data(#"{"page": 1, "results": [{"id": 1, "title": ""#.utf8)
    body.append(contentsOf: [0xFF, 0xFE, 0xC3])
    body.append(Data(#""}]}"#.utf8))
    let payload = body
    let server = try LoopbackServer { _ in .respond(status: 200, body: payload) }
    let result = await TestClients.client(for: server).result(TrendingRequest(language: "en-US"))
    switch result {
    case .success(let fetched): #expect(fetched.value.results.count <= 1)
    case .failure(let error): #expect(error == .unreadable(detail: "not valid JSON"))
    }
  }

  /// Whole seconds: URLSession on Linux does not honour timeouts below one second reliably.
  @Test(arguments: [(1.5, true), (3.0, false)])
  func aSlowServerJustUnderOrOverTheTimeout(delay: Double, succeeds: Bool) async throws {
    let server = try LoopbackServer { _ in
      .delayed(seconds: delay, status: 200, body: Data(TestClients.pageJSON().utf8))
    }
    defer { server.stop() }
    let result = await TestClients.client(for: server, timeout: 2).result(TrendingRequest(language: "en-US"))
    switch result {
    case .success: #expect(succeeds)
    case .failure(let error): #expect(!succeeds && error.isOffline, "delay \(delay): \(error)")
    }
  }

  @Test(arguments: [400, 403, 405, 408, 409, 410, 413, 418, 422, 451, 499, 500, 501, 502, 503, 504, 505, 599])
  func everyErrorStatusBecomesAClearError(status: Int) async throws {
    let server = try LoopbackServer { _ in .respond(status: status, body: Data("<html>\u{1B}[2Jbroken</html>".utf8)) }
    let result = await TestClients.client(for: server).result(TrendingRequest(language: "en-US"))
    guard case .failure(let error) = result else {
      Issue.record("status \(status) was taken for success")
      return
    }
    #expect(error.message.contains("\(status)"))
    #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test func aServerThatComesBackIsUsedAgain() async throws {
    let down = Atomic<Bool>(true)
    let server = try LoopbackServer { _ in
      down.load(ordering: .relaxed) ? .json("{}", status: 503) : .json(TestClients.pageJSON())
    }
    let client = TestClients.client(for: server)
    #expect(await fetchError(client, TrendingRequest(language: "en-US")) == .server(status: 503, message: nil))
    down.store(false, ordering: .relaxed)
    #expect(try await client.fetch(TrendingRequest(language: "en-US")).value.results.count == 3)
  }

  @Test func rateLimitWaitsAreAnnounced() async throws {
    let server = try LoopbackServer { _ in .json("{}", status: 429, headers: ["Retry-After": "7"]) }
    let clock = TestClock()
    let heard = Mutex<[Int]>([])
    let budget = RateBudget(limit: 100, clock: clock.clientClock) { seconds in heard.withLock { $0.append(seconds) } }
    let client = AmodbClient(
      configuration: ClientConfiguration(baseURL: server.baseURL, apiKey: APIKey("k")),
      transport: CurlTransport(),
      clock: clock.clientClock, budget: budget)
    _ = await client.result(TrendingRequest(language: "en-US"))
    #expect(heard.withLock { $0 } == [7, 7])
  }

  @Test func aRetryAfterHoldsEveryRequestNotOnlyTheOneRefused() async throws {
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/week")
        ? .json("{}", status: 429, headers: ["Retry-After": "9"]) : .json(TestClients.pageJSON())
    }
    let clock = TestClock()
    let budget = RateBudget(limit: 100, clock: clock.clientClock)
    let client = AmodbClient(
      configuration: ClientConfiguration(baseURL: server.baseURL, apiKey: APIKey("k")), transport: CurlTransport(),
      clock: clock.clientClock, budget: budget)
    #expect(await fetchError(client, TrendingRequest(language: "en-US")) == .rateLimited(retryAfter: 9))
    #expect(clock.sleeps == [9, 9], "its own two retries")
    // Another request, asked after the last 429 said to wait 9 s more, waits them too.
    let page = try await client.fetch(TrendingRequest(window: .day, language: "en-US"))
    #expect(page.value.results.count == 3)
    #expect(clock.sleeps == [9, 9, 9], "the service's wait, not this request's own")
  }

  @Test func aStalledServerTimesOut() async throws {
    let server = try LoopbackServer { _ in .stall }
    defer { server.stop() }
    let error = await fetchError(TestClients.client(for: server, timeout: 0.5), TrendingRequest(language: "en-US"))
    #expect(error == .timedOut(seconds: 1) || error == .timedOut(seconds: 0))
  }

  @Test func aServerStallingAfterHeadersTimesOut() async throws {
    let server = try LoopbackServer { _ in .stallAfterHeaders }
    defer { server.stop() }
    let error = await fetchError(TestClients.client(for: server, timeout: 0.5), TrendingRequest(language: "en-US"))
    #expect(error != nil)
    #expect(error?.isRetryable == true)
  }

  @Test func aRefusedConnectionSaysSo() async throws {
    let refusing = try RefusingPort()
    let client = AmodbClient(
      configuration: ClientConfiguration(baseURL: refusing.baseURL, apiKey: APIKey("k")), transport: CurlTransport())
    let error = await fetchError(client, TrendingRequest(language: "en-US"))
    guard case .transport(let description) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(description.contains("127.0.0.1:\(refusing.port)"))
  }

  @Test func aBodyCutOffMidwayIsAnError() async throws {
    let server = try LoopbackServer { _ in
      .truncated(status: 200, declaredLength: 5_000, body: Data(TestClients.pageJSON().prefix(40).utf8))
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(error != nil)
  }

  @Test func aConnectionResetMidBodyIsAnError() async throws {
    let server = try LoopbackServer { _ in
      .reset(status: 200, declaredLength: 20_000, body: Data(TestClients.pageJSON().prefix(60).utf8))
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    let broken = error.map { if case .broken = $0 { true } else { $0 == .unreadable(detail: "not valid JSON") } }
    #expect(broken == true, "the server was reached: a broken answer, never offline: \(String(describing: error))")
    #expect(error?.isOffline == false)
  }

  @Test func aFiftyMegabyteBodyIsRefusedNotRead() async throws {
    let server = try LoopbackServer { _ in .huge(count: 50_000_000) }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(error == .tooLarge(limit: 8_000_000))
  }

  @Test func aDeclaredHugeLengthIsRefusedAtTheHeaders() async throws {
    let server = try LoopbackServer { _ in .truncated(status: 200, declaredLength: 50_000_000, body: Data("{".utf8)) }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(error == .tooLarge(limit: 8_000_000))
  }

  @Test func identicalRequestsInFlightBecomeOne() async throws {
    let server = try LoopbackServer { _ in .delayed(seconds: 0.4, status: 200, body: Data(TestClients.pageJSON().utf8))
    }
    let client = TestClients.client(for: server)
    async let first = client.result(TrendingRequest(language: "en-US"))
    async let second = client.result(TrendingRequest(language: "en-US"), forceRefresh: true)
    async let third = client.result(TrendingRequest(language: "en-US"))
    let results = await [first, second, third]
    #expect(results.allSatisfy { (try? $0.get().value.results.count) == 3 })
    #expect(server.requests.count == 1)
  }

  @Test func listsAreReusedForThirtyMinutesUnlessForced() async throws {
    let server = try LoopbackServer { _ in
      .json(TestClients.pageJSON(), headers: ["X-RateLimit-Remaining": "39", "X-RateLimit-Limit": "40"])
    }
    let clock = TestClock()
    let client = TestClients.client(for: server, clock: clock)
    let first = try await client.fetch(TrendingRequest(language: "en-US"))
    #expect(!first.fromCache)
    #expect(first.rateLimit == RateLimitStatus(limit: 40, remaining: 39))
    clock.advance(by: 29 * 60)
    let second = try await client.fetch(TrendingRequest(language: "en-US"))
    #expect(second.fromCache)
    #expect(second.fetchedAt == first.fetchedAt)
    #expect(server.requests.count == 1)
    clock.advance(by: 2 * 60)
    _ = try await client.fetch(TrendingRequest(language: "en-US"))
    #expect(server.requests.count == 2)
    _ = try await client.fetch(TrendingRequest(language: "en-US"), forceRefresh: true)
    #expect(server.requests.count == 3)
    _ = try await client.fetch(TrendingRequest(language: "ru-RU"))
    #expect(server.requests.count == 4, "another language is another answer")
  }

  @Test func detailsAreCachedPerFilmAndLanguage() async throws {
    let server = try LoopbackServer { request in
      .json(TestClients.detailsJSON(id: Int(request.path.split(separator: "/").last ?? "") ?? 0))
    }
    let client = TestClients.client(for: server)
    _ = try await client.fetch(MovieDetailsRequest(id: 1, language: "en-US"))
    _ = try await client.fetch(MovieDetailsRequest(id: 1, language: "en-US"))
    _ = try await client.fetch(MovieDetailsRequest(id: 2, language: "en-US"))
    _ = try await client.fetch(MovieDetailsRequest(id: 1, language: "fr-FR"))
    #expect(server.requests.count == 3)
  }

  @Test func failuresAreNotCached() async throws {
    let calls = Atomic<Int>(0)
    let server = try LoopbackServer { _ in
      calls.add(1, ordering: .relaxed).newValue == 1 ? .json("{}", status: 503) : .json(TestClients.pageJSON())
    }
    let client = TestClients.client(for: server)
    #expect(await fetchError(client, TrendingRequest(language: "en-US")) == .server(status: 503, message: nil))
    #expect(try await client.fetch(TrendingRequest(language: "en-US")).value.results.count == 3)
  }

  @Test func noKeyForTheDefaultHostFailsBeforeAnyRequest() async {
    let client = AmodbClient(configuration: ClientConfiguration(apiKey: nil), transport: CurlTransport())
    #expect(await fetchError(client, TrendingRequest(language: "en-US")) == .missingKey)
  }

  @Test func aProxyNeedsNoKeyAndGetsNoAuthorization() async throws {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON()) }
    _ = try await TestClients.client(for: server, key: nil).fetch(TrendingRequest(language: "en-US"))
    #expect(server.requests.first?.headers["authorization"] == nil)
  }
}
