import Foundation
import Synchronization
import Testing

@testable import AmodbKit
@testable import TestSupport

/// The libcurl transport and the client's redirect rules, against real servers on loopback.
@Suite("Hard limits on the transport")
struct TransportLimitTests {
  private func fetchError<E: Endpoint>(_ client: AmodbClient, _ endpoint: E) async -> AmodbError? {
    if case .failure(let error) = await client.result(endpoint) { return error }
    return nil
  }

  /// A server that records what reached it and answers with a page.
  private func elsewhere(host: String = "127.0.0.1") throws -> LoopbackServer {
    try LoopbackServer(host: host) { _ in .json(TestClients.pageJSON()) }
  }

  @Test(arguments: [301, 302, 303, 307, 308])
  func aRedirectToAnotherPortOrHostNeverCarriesTheKey(status: Int) async throws {
    let otherPort = try elsewhere()
    let otherHost = try elsewhere(host: "127.0.0.2")
    let targets = [
      "http://127.0.0.1:\(otherPort.port)/3/trending/movie/week",
      "http://127.0.0.2:\(otherHost.port)/3/trending/movie/week",
      "http://user:pass@127.0.0.1:\(otherPort.port)/3/trending/movie/week",
    ]
    for target in targets {
      let api = try LoopbackServer { _ in .respond(status: status, headers: ["Location": target], body: Data()) }
      let error = await fetchError(TestClients.client(for: api), TrendingRequest(language: "en-US"))
      guard case .broken(let description) = error else {
        Issue.record("\(status) to \(target): expected a refusal, got \(String(describing: error))")
        continue
      }
      #expect(description.contains(URL(string: target)?.host ?? "?"), "names the target host: \(description)")
      #expect(api.requests.count == 1)
    }
    for server in [otherPort, otherHost] {
      #expect(server.requests.isEmpty, "the redirect was followed to another origin")
      #expect(server.requests.allSatisfy { $0.headers["authorization"] == nil })
    }
  }

  @Test func aRedirectToAHostNamedWithTheKeyNeverShowsTheKey() async throws {
    let target = "http://test-key-123.elsewhere.invalid/x"
    let api = try LoopbackServer { _ in .respond(status: 302, headers: ["Location": target], body: Data()) }
    let error = await fetchError(TestClients.client(for: api), TrendingRequest(language: "en-US"))
    guard case .broken(let description) = error else {
      Issue.record("expected a refusal, got \(String(describing: error))")
      return
    }
    #expect(!description.contains("test-key-123") && description.contains("<key hidden>.elsewhere.invalid"))
  }

  @Test func aSameOriginRedirectIsFollowedWithEachHopInTheBudget() async throws {
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/week")
        ? .respond(status: 301, headers: ["Location": "/3/moved/here"], body: Data())
        : .json(TestClients.pageJSON())
    }
    let clock = TestClock()
    let budget = RateBudget(limit: 20, clock: clock.clientClock)
    let client = AmodbClient(
      configuration: ClientConfiguration(baseURL: server.baseURL, apiKey: APIKey("hop-key")),
      transport: CurlTransport(), clock: clock.clientClock, budget: budget)
    let page = try await client.fetch(TrendingRequest(language: "en-US"))
    #expect(page.value.results.count == 3)
    #expect(server.requests.map(\.path) == ["/3/trending/movie/week", "/3/moved/here"])
    #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer hop-key" })
    #expect(await budget.used == 2, "every hop counts against the request budget")
  }

  @Test func atMostThreeRedirectsAreFollowed() async throws {
    let server = try LoopbackServer { request in
      .respond(status: 302, headers: ["Location": request.path + "x"], body: Data())
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(error == .broken(description: "more than 3 redirects; not followed"))
    #expect(server.requests.count == 4)
  }

  @Test func httpsNeverRedirectsToHTTP() {
    let response = HTTPResponse(status: 301, headers: ["Location": "http://api.amodb.invalid/3/x"])
    let result = Redirect.target(
      of: response, from: URL(string: "https://api.amodb.invalid/3/y")!, followed: 0)
    #expect((try? result.get()) == nil)
    #expect(
      Redirect.origin(of: URL(string: "https://a.invalid/x")!)
        == Redirect.origin(of: URL(string: "https://A.invalid:443/y")!))
  }

  @Test func compressedAnswersAreAccepted() async throws {
    let body = try Gzip.compress(Data(TestClients.pageJSON(count: 20).utf8))
    let server = try LoopbackServer { _ in
      .respond(status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: body)
    }
    let page = try await TestClients.client(for: server).fetch(TrendingRequest(language: "en-US"))
    #expect(page.value.results.count == 20)
    #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
  }

  @Test func aGzipBombIsStoppedAtTheLimitOfDecodedBytes() async throws {
    let bomb = try Gzip.bomb(inflated: 200_000_000)
    #expect(bomb.count < 1_000_000)
    let server = try LoopbackServer { _ in
      .respond(status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: bomb)
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(error == .tooLarge(limit: 8_000_000))
  }

  @Test func anEndlessChunkedBodyIsCutOff() async throws {
    let server = try LoopbackServer { _ in .endlessChunks }
    defer { server.stop() }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    #expect(error == .tooLarge(limit: 8_000_000))
  }

  @Test func aTwoGigabyteDeclaredLengthIsRefusedBeforeTheBody() async throws {
    let server = try LoopbackServer { _ in .truncated(status: 200, declaredLength: 2_147_483_648, body: Data("{".utf8))
    }
    let error = await fetchError(TestClients.client(for: server), TrendingRequest(language: "en-US"))
    // The server sends one byte and closes: only a refusal at the headers gives "too large" (reading
    // would end in "connection lost"). No timing bound: the suite's parallel load makes one flaky.
    #expect(error == .tooLarge(limit: 8_000_000))
  }

  @Test func aDribblingServerIsEndedByTheDeadline() async throws {
    let server = try LoopbackServer { _ in .dribble(interval: 0.2) }
    defer { server.stop() }
    let started = ContinuousClock.now
    let error = await fetchError(TestClients.client(for: server, timeout: 2), TrendingRequest(language: "en-US"))
    let elapsed = ContinuousClock.now - started
    #expect(error == .timedOut(seconds: 2))
    // Bytes keep coming (5 a second passes the silence limit) and the server would go on for 200 s:
    // only the total deadline gives "timed out". No upper bound on the time: when the suite's
    // blocking tests hold both threads, resuming the caller can wait long after curl gave up.
    #expect(elapsed >= .seconds(1.5), "\(elapsed)")
  }

  @Test func theKeyIsRefusedOverPlainHTTPToAnotherMachineBeforeAnyConnection() async {
    final class Recorder: Transport {
      let sends = Atomic<Int>(0)
      func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        sends.add(1, ordering: .relaxed)
        return HTTPResponse(status: 200, body: Data(TestClients.pageJSON().utf8))
      }
    }
    let recorder = Recorder()
    let remote = URL(string: "http://api.amodb.invalid/3")!
    let client = AmodbClient(
      configuration: ClientConfiguration(baseURL: remote, apiKey: APIKey("k")), transport: recorder)
    let error = await fetchError(client, TrendingRequest(language: "en-US"))
    #expect(error?.message.contains("refusing to send the key to api.amodb.invalid over plain http") == true)
    #expect(recorder.sends.load(ordering: .relaxed) == 0)
    var allowed = ClientConfiguration(baseURL: remote, apiKey: APIKey("k"))
    allowed.allowsCleartextKey = true
    #expect(allowed.cleartextKeyError == nil)
    #expect(ClientConfiguration(baseURL: remote, apiKey: nil).cleartextKeyError == nil, "a keyless proxy on the LAN")
    for host in ["127.0.0.1", "127.1.2.3", "localhost", "[::1]"] {
      let local = ClientConfiguration(baseURL: URL(string: "http://\(host):8080/3")!, apiKey: APIKey("k"))
      #expect(local.cleartextKeyError == nil, "\(host) is this machine")
    }
    for host in [
      "127.0.0.1.evil.invalid", "10.0.0.1", "localhost.invalid", "127.-0.-0.1", "127.0.0.01", "0x7f.0.0.1", "127.1",
      "127.0.0.256", "127.0.0.+1",
    ] {
      let other = ClientConfiguration(baseURL: URL(string: "http://\(host)/3")!, apiKey: APIKey("k"))
      #expect(other.cleartextKeyError != nil, "\(host) is not certainly this machine")
    }
  }

  @Test func aProxyFromTheEnvironmentIsThePeerTheGuardJudges() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8080/3"))
    func peer(_ environment: [String: String]) -> String? {
      var configuration = ClientConfiguration(baseURL: base, apiKey: APIKey("k"))
      configuration.proxy = ProxyEnvironment.proxy(for: base, environment: environment)
      return configuration.cleartextKeyError?.message
    }
    #expect(peer([:]) == nil)
    for name in ["http_proxy", "all_proxy", "ALL_PROXY"] {
      let refused = peer([name: "http://proxy.invalid:3128"])
      #expect(refused?.contains("refusing to send the key to proxy.invalid over plain http") == true, "\(name)")
    }
    #expect(peer(["all_proxy": "socks5h://user:pw@10.1.2.3:1080"])?.contains("10.1.2.3") == true)
    #expect(peer(["http_proxy": "proxy.invalid:3128"])?.contains("proxy.invalid") == true, "a proxy without a scheme")
    #expect(peer(["http_proxy": "http://127.0.0.1:3128"]) == nil, "a proxy on this machine")
    #expect(peer(["HTTP_PROXY": "http://proxy.invalid:3128"]) == nil, "curl reads http_proxy in lower case only")
    for exempt in ["127.0.0.1", "*", " * ", "example.invalid, 127.0.0.1", "127.0.0.0/8", "example.invalid 127.0.0.1"] {
      #expect(peer(["http_proxy": "http://proxy.invalid:3128", "no_proxy": exempt]) == nil, "no_proxy=\(exempt)")
    }
    // As curl reads no_proxy: a `*` among others, or part of an address, exempts nothing.
    for notExempt in ["example.invalid,*", ".0.0.1", "0.1", "127.0.0.2", "10.0.0.0/8", "127.0.0.1/33", "localhost"] {
      #expect(peer(["http_proxy": "http://proxy.invalid:3128", "no_proxy": notExempt]) != nil, "no_proxy=\(notExempt)")
    }
    #expect(peer(["http_proxy": "http://proxy.invalid:3128", "NO_PROXY": "localhost"]) != nil)
    let https = try #require(URL(string: "https://api.amodb.invalid/3"))
    #expect(ProxyEnvironment.proxy(for: https, environment: ["http_proxy": "http://p.invalid"]) == nil)
  }

  @Test func aPageKeepsAtMostAHundredEntries() throws {
    let page = try AmodbJSON.decoder().decode(
      MediaPage.self, from: Data(TestClients.pageJSON(count: 250).utf8))
    #expect(page.results.count == 100)
    // Left out unread: none of them is said to be unreadable.
    #expect(page.skippedEntries == 0)
    #expect(page.results.last?.id == 100)
  }
}

@Suite("Search queries")
struct SearchQueryTests {
  @Test func aYearNarrowsAndTheRestIsTheQuery() {
    #expect(SearchQuery(parsing: "heat (1995)") == SearchQuery(text: "heat", year: 1995))
    #expect(SearchQuery(parsing: "year:1999 the matrix") == SearchQuery(text: "the matrix", year: 1999))
    #expect(SearchQuery(parsing: "1917") == SearchQuery(text: "1917", year: nil), "a title that is a number stays")
    #expect(SearchQuery(parsing: "blade runner (20499)").year == nil)
    let request = SearchRequest(query: "heat", language: "en-US", year: 1995)
    #expect(request.queryItems.contains(URLQueryItem(name: "primary_release_year", value: "1995")))
  }
}

@Suite("Answers dense with values")
struct JSONDensityTests {
  @Test func everyRealFixtureIsParseable() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../shared/fixtures/tmdb")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    #expect(names.count > 20)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      #expect(JSONDensity.isParseable(data), "\(name): \(JSONDensity.values(in: data, limit: .max)) values")
    }
  }

  @Test func aMillionTinyObjectsAreNotParsedAndStringsDoNotCount() {
    let dense = Data(("{\"results\":[" + String(repeating: "{\"i\":1},", count: 900_000) + "{}]}").utf8)
    #expect(!JSONDensity.isParseable(dense))
    let text = Data(("{\"overview\":\"" + String(repeating: "{[,\\\"", count: 200_000) + "\"}").utf8)
    #expect(JSONDensity.values(in: text, limit: .max) == 1, "brackets and commas inside a string are text")
    #expect(JSONDensity.isParseable(text))
  }

  /// `isParseable` takes an answer no longer than the floor without counting: no value is shorter
  /// than a byte, so such an answer cannot hold more values than the floor.
  @Test func noAnswerHoldsMoreValuesThanBytes() {
    let densest = ["[" + String(repeating: "[", count: 5_000), String(repeating: ",", count: 5_000), "{,[,{,[,"]
    for text in densest {
      #expect(JSONDensity.values(in: Data(text.utf8), limit: .max) <= text.utf8.count)
    }
    let justOver = Data(String(repeating: ",", count: JSONDensity.floor + 1).utf8)
    #expect(!JSONDensity.isParseable(justOver), "past the floor, the values are counted")
    #expect(JSONDensity.isParseable(Data(String(repeating: ",", count: JSONDensity.floor).utf8)))
  }
}
