import Foundation
import Synchronization
import Testing

@testable import HTTPKit
@testable import TestSupport

/// A second JSON service (not amodb) on loopback, through the curl transport: what HTTPKit alone gives a client.
@Suite("A JSON service on HTTPKit")
struct ServiceClientTests {
  /// The service's name, as its errors say it.
  static let name = "Ledger"

  /// A client for `server` under `/api`, with a bearer token and an API key header as credentials.
  private func client(
    for server: LoopbackServer, clock: ClientClock = TestClock().clientClock, budgets: HostBudgets? = nil,
    budgeted: Bool = true,
    configure: (inout ServiceConfiguration) -> Void = { _ in }
  ) throws -> ServiceClient {
    let base = try #require(URL(string: "http://\(server.host):\(server.port)/api"))
    var configuration = ServiceConfiguration(
      name: Self.name, baseURL: base, credentials: ["Authorization": "Bearer ledger-token", "X-Api-Key": "k-42"])
    configure(&configuration)
    // The budgets count on the client's clock: a 429 is waited out in them.
    return ServiceClient(
      configuration: configuration, transport: CurlTransport(), clock: clock,
      budgets: budgeted ? budgets ?? HostBudgets(clock: clock) : nil)
  }

  /// The error a call throws, or nil when it succeeds.
  private func failure<T>(_ call: () async throws(HTTPError) -> T) async -> HTTPError? {
    do {
      _ = try await call()
      return nil
    } catch {
      return error
    }
  }

  /// What the service answers for a created item.
  struct Created: Decodable, Equatable {
    /// The item's id.
    let id: Int
    /// The item's title.
    let title: String
  }

  @Test func aPostWithAJSONBodyArrivesWithItsMethodHeadersAndBody() async throws {
    let server = try LoopbackServer { _ in .json(#"{"id": 7, "title": "Heat"}"#, status: 201) }
    let sent = Data(#"{"title": "Heat", "year": 1995, "note": "ünïcödé"}"#.utf8)
    let created = try await client(for: server).json(Created.self, .post, "/items", body: sent)
    #expect(created == Created(id: 7, title: "Heat"))
    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/api/items")
    #expect(request.body == sent)
    #expect(request.headers["content-length"] == String(sent.count))
    #expect(request.headers["content-type"] == "application/json")
    #expect(request.headers["accept"] == "application/json")
    #expect(request.headers["authorization"] == "Bearer ledger-token")
    #expect(request.headers["x-api-key"] == "k-42")
    #expect(request.headers["expect"] == nil, "no 100-continue round trip")
  }

  @Test func putAndDeleteArriveAsSuch() async throws {
    let server = try LoopbackServer { _ in .json("{}") }
    let client = try client(for: server)
    let replaced = Data(#"{"title": "Ronin"}"#.utf8)
    _ = try await client.send(.put, "/items/7", body: replaced)
    _ = try await client.send(.delete, "/items/7")
    _ = try await client.send(.get, "/items", query: [URLQueryItem(name: "rating", value: "MA 15+")])
    let requests = server.requests
    #expect(requests.map(\.method) == ["PUT", "DELETE", "GET"])
    #expect(requests.first?.body == replaced)
    #expect(requests.first?.headers["content-type"] == "application/json")
    #expect(requests.dropFirst().allSatisfy { $0.body.isEmpty && $0.headers["content-type"] == nil })
    #expect(requests.last?.target == "/api/items?rating=MA%2015%2B")
  }

  @Test func unauthorizedNamesTheServiceAndTheStatus() async throws {
    let server = try LoopbackServer { _ in .json(#"{"error": "bad token"}"#, status: 401) }
    let client = try client(for: server)
    let error = try #require(await failure { () async throws(HTTPError) in try await client.send(.get, "/me") })
    #expect(error.kind == .status(401))
    #expect(error.service == Self.name)
    #expect(error.message == "Ledger (HTTP 401)")
    #expect(!error.message.lowercased().contains("amodb") && !error.message.contains("key"))
  }

  @Test func aShortRetryAfterIsWaitedOutThenTheRequestSucceeds() async throws {
    let answered = Mutex(0)
    let server = try LoopbackServer { _ in
      let first = answered.withLock { count in
        count += 1
        return count == 1
      }
      return first ? .json("{}", status: 429, headers: ["Retry-After": "1"]) : .json(#"{"id": 1, "title": "Up"}"#)
    }
    let started = ContinuousClock.now
    let item = try await client(for: server, clock: .system).json(Created.self, .get, "/items/1")
    #expect(item.title == "Up")
    #expect(server.requests.count == 2)
    #expect(ContinuousClock.now - started >= .milliseconds(900), "the second request waited out Retry-After")
  }

  @Test func aRetryAfterBeyondTheBoundIsARateLimitedError() async throws {
    let server = try LoopbackServer { _ in .json("{}", status: 429, headers: ["Retry-After": "120"]) }
    let clock = TestClock()
    let client = try client(for: server, clock: clock.clientClock)
    let error = try #require(await failure { () async throws(HTTPError) in try await client.send(.get, "/items") })
    #expect(error.kind == .rateLimited(retryAfter: 120))
    #expect(error.message == "Ledger is rate limited (HTTP 429); try again in 120 s")
    #expect(server.requests.count == 1)
    #expect(clock.sleeps.isEmpty, "no wait beyond the bound")
  }

  @Test func aRetryAfterDateIsAWaitFromTheServersOwnDate() async throws {
    let dated = [
      "Retry-After": "Sun, 06 Dec 2026 12:00:25 GMT", "Date": "Sun, 06 Dec 2026 12:00:00 GMT",
    ]
    #expect(HTTPResponse(status: 429, headers: dated).retryAfter == 25)
    let past = ["Retry-After": "Sun, 06 Dec 2026 11:59:00 GMT", "Date": "Sun, 06 Dec 2026 12:00:00 GMT"]
    #expect(HTTPResponse(status: 429, headers: past).retryAfter == 0)
    #expect(HTTPDate.seconds("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777, "RFC 9110's own example")
    #expect(HTTPDate.seconds("Thu, 29 Feb 2024 00:00:00 GMT") == 1_709_164_800)
    for unreadable in ["soon", "-5", ""] {
      #expect(HTTPResponse(status: 429, headers: ["Retry-After": unreadable]).retryAfter == nil, "\(unreadable)")
    }
    let server = try LoopbackServer { _ in .json("{}", status: 429, headers: dated) }
    let clock = TestClock()
    let client = try client(for: server, clock: clock.clientClock)
    let error = await failure { () async throws(HTTPError) in try await client.send(.get, "/items") }
    #expect(error?.kind == .rateLimited(retryAfter: 25) && clock.sleeps == [25, 25])
  }

  @Test(arguments: [true, false])
  func rateLimitsWithinTheBoundAreRetriedTwiceThenReported(budgeted: Bool) async throws {
    let server = try LoopbackServer { _ in .json("{}", status: 429, headers: ["Retry-After": "3"]) }
    let clock = TestClock()
    let client = try client(for: server, clock: clock.clientClock, budgeted: budgeted)
    let error = await failure { () async throws(HTTPError) in try await client.send(.get, "/items") }
    #expect(error?.kind == .rateLimited(retryAfter: 3))
    #expect(clock.sleeps == [3, 3], "waited in the budget or, with none, on the clock")
    #expect(server.requests.count == 3)
  }

  @Test(arguments: [301, 302, 303, 307, 308])
  func aRedirectToAnotherOriginIsFollowedWithoutTheCredentials(status: Int) async throws {
    let otherHost = try LoopbackServer(host: "127.0.0.2") { _ in .json(#"{"id": 2, "title": "Moved"}"#) }
    let otherPort = try LoopbackServer { _ in .json(#"{"id": 3, "title": "Moved"}"#) }
    for other in [otherHost, otherPort] {
      let target = "http://\(other.host):\(other.port)/elsewhere/item"
      let api = try LoopbackServer { _ in .respond(status: status, headers: ["Location": target], body: Data()) }
      let budgets = HostBudgets(clock: TestClock().clientClock)
      let item = try await client(for: api, budgets: budgets).json(Created.self, .get, "/items/1")
      #expect(item.title == "Moved")
      let arrived = try #require(other.requests.last)
      #expect(arrived.path == "/elsewhere/item")
      #expect(arrived.headers["authorization"] == nil, "\(status) to \(target) carried the token")
      #expect(arrived.headers["x-api-key"] == nil)
      #expect(arrived.headers["accept"] == "application/json", "the shared headers still go")
      #expect(api.requests.first?.headers["authorization"] == "Bearer ledger-token")
      // Each origin spends its own window.
      #expect(await budgets.hosts.count == 2)
      for url in [api, other].compactMap({ URL(string: "http://\($0.host):\($0.port)/") }) {
        #expect(await budgets.budget(for: url).used == 1)
      }
    }
  }

  @Test func aSameOriginRedirectKeepsTheCredentialsAndA307KeepsThePost() async throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/api/old": return .respond(status: 307, headers: ["Location": "/api/new"], body: Data())
      case "/api/form": return .respond(status: 303, headers: ["Location": "/api/done"], body: Data())
      default: return .json(#"{"id": 9, "title": "Here"}"#)
      }
    }
    let client = try client(for: server)
    let body = Data(#"{"title": "Here"}"#.utf8)
    _ = try await client.send(.post, "/old", body: body)
    _ = try await client.send(.post, "/form", body: body)
    let requests = server.requests
    #expect(requests.map(\.path) == ["/api/old", "/api/new", "/api/form", "/api/done"])
    #expect(requests.map(\.method) == ["POST", "POST", "POST", "GET"])
    #expect(requests[1].body == body, "307 sends the body again")
    #expect(requests[3].body.isEmpty, "303 goes on as a GET without it")
    #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer ledger-token" })
  }

  @Test func redirectsAreBounded() async throws {
    let server = try LoopbackServer { request in
      .respond(status: 302, headers: ["Location": request.path + "x"], body: Data())
    }
    let client = try client(for: server)
    let error = await failure { () async throws(HTTPError) in try await client.send(.get, "/loop") }
    #expect(error?.message == "Ledger: more than 3 redirects; not followed")
    #expect(server.requests.count == 4)
  }

  @Test func anAnswerOverTheSizeCapIsAbortedAndNamesTheService() async throws {
    let server = try LoopbackServer { _ in .huge(count: 50_000_000) }
    defer { server.stop() }
    let client = try client(for: server) { $0.maxBodyBytes = 1_000_000 }
    let error = try #require(await failure { () async throws(HTTPError) in try await client.send(.get, "/export") })
    #expect(error.kind == .tooLarge(limit: 1_000_000))
    #expect(error.message == "the answer from Ledger was larger than 1000000 bytes and was not read")
  }

  @Test func aRefusedConnectionAndAnUnreadableAnswerNameTheService() async throws {
    let refusing = try RefusingPort()
    let base = try #require(URL(string: "http://127.0.0.1:\(refusing.port)/api"))
    let offline = ServiceClient(
      configuration: ServiceConfiguration(name: Self.name, baseURL: base), transport: CurlTransport())
    let refused = await failure { () async throws(HTTPError) in try await offline.send(.get, "/items") }
    #expect(refused?.message == "Ledger: could not connect to 127.0.0.1:\(refusing.port) (connection refused)")
    let server = try LoopbackServer { _ in .json("not json") }
    let client = try client(for: server)
    let unreadable = await failure { () async throws(HTTPError) in
      try await client.json(Created.self, .get, "/items/1")
    }
    #expect(unreadable?.message == "Ledger: could not read the answer (not valid JSON)")
  }
}
