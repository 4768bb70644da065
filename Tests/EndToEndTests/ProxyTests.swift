import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AmodbKit

/// The shipped nginx configuration in front of a loopback stand-in for amodb, with the real binary.
/// The amodb key nginx holds in these tests.
private let upstreamKey = "amodb-upstream-key-4af1c2"
/// The users nginx knows.
private let users = ["token-alice-0123456789abcdef": "alice", "token-bob-9876543210fedcba": "bob"]

@Suite("Your own server: nginx holding the key", .serialized, .enabled(if: NginxProxy.isAvailable))
struct ProxyTests {
  private func images() throws -> LoopbackServer {
    try LoopbackServer { _ in
      .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: TestImages.jpeg(width: 92, height: 138))
    }
  }

  private func trending(_ arguments: [String], proxy: NginxProxy, token: String?) throws -> BinaryRunner.Outcome {
    var environment = ["AMODB_BASE_URL": proxy.baseURL, "AMODB_IMAGE_BASE_URL": proxy.imageBaseURL]
    environment["AMODB_KEY"] = token
    return try BinaryRunner.run(arguments, environment: environment)
  }

  /// One request straight through the transport, with `token` as a client sends it.
  private func get(_ path: String, proxy: NginxProxy, token: String?) async throws -> HTTPResponse {
    try await get(path, port: proxy.port, token: token)
  }

  private func get(_ path: String, port: Int, token: String?) async throws -> HTTPResponse {
    var headers: [String: String] = [:]
    headers["Authorization"] = token.map { "Bearer \($0)" }
    let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
    return try await CurlTransport().send(HTTPRequest(url: url, headers: headers))
  }

  @Test func theKeyReachesAmodbOnlyFromNginxAndNeverTheImageHost() async throws {
    let upstream = try FakeAmodb()
    let imageHost = try images()
    let proxy = try NginxProxy(upstream: upstream.server, images: imageHost, key: upstreamKey, tokens: users)
    let outcome = try trending(["list"], proxy: proxy, token: "token-alice-0123456789abcdef")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Film 20"))
    let show = try trending(["show", "550"], proxy: proxy, token: "token-bob-9876543210fedcba")
    #expect(show.stdout.contains("Details of film 550"))
    #expect(upstream.server.requests.count == 2)
    #expect(upstream.server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(upstreamKey)" })
    // A client that sends its token to the image path anyway: nginx strips it.
    let poster = try await get("/t/p/w92/poster.jpg", proxy: proxy, token: "token-alice-0123456789abcdef")
    #expect(poster.status == 200)
    #expect(imageHost.requests.count == 1)
    #expect(imageHost.requests.allSatisfy { $0.headers["authorization"] == nil })
    #expect(imageHost.requests.first?.path == "/t/p/w92/poster.jpg")
  }

  @Test func aMissingOrWrongTokenIsRefusedWithTMDBsShape() async throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    for token in [nil, "token-mallory", upstreamKey] {
      let outcome = try trending(["list"], proxy: proxy, token: token)
      #expect(outcome.status == 3, "token \(token ?? "none"): exit \(outcome.status)")
      #expect(outcome.stderr.contains("The API key was refused (401): Invalid API key"), "\(outcome.stderr)")
    }
    let raw = try await get("/3/trending/movie/week", proxy: proxy, token: "nope")
    #expect(raw.status == 401)
    #expect(String(decoding: raw.body, as: UTF8.self).contains(#""status_code":7"#))
    #expect(upstream.server.requests.isEmpty, "an unknown user costs amodb nothing")
    // The operator adds a user and reloads: the token works at once.
    try proxy.reload(tokens: users.merging(["token-carol-5555555555555555": "carol"]) { $1 })
    #expect(try trending(["list"], proxy: proxy, token: "token-carol-5555555555555555").status == 0)
  }

  @Test func fiftyClientsAskingAtOnceMakeOneUpstreamRequest() async throws {
    let upstream = try FakeAmodb()
    upstream.knobs.delay.withLock { $0 = 0.5 }
    // Rates high enough that the limiter stays out of it: this is about the cache lock.
    let proxy = try NginxProxy(
      upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["USER_PER_MINUTE": "6000", "USER_BURST": "100"])
    let port = proxy.port
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<50 {
        let token = index % 2 == 0 ? "token-alice-0123456789abcdef" : "token-bob-9876543210fedcba"
        group.addTask {
          try await get("/3/trending/movie/week?language=en-US&page=1", port: port, token: token).status
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.count == 50 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
    #expect(upstream.server.requests.count == 1, "concurrent misses share one upstream request")
  }

  @Test func anOutageOrA429ServesTheLastGoodAnswer() async throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(
      upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["LIST_TTL": "1s"])
    #expect(try trending(["list"], proxy: proxy, token: "token-alice-0123456789abcdef").status == 0)
    // nginx keeps whole seconds and expires an entry only once its second has passed: over 2 s.
    try await Task.sleep(for: .seconds(2.5))
    upstream.knobs.failing.store(429, ordering: .relaxed)
    let rateLimited = try await get(
      "/3/trending/movie/week?language=en-US&page=1", proxy: proxy, token: "token-alice-0123456789abcdef")
    #expect(rateLimited.status == 200)
    #expect(
      rateLimited.header("X-Cache-Status") == "STALE" || rateLimited.header("X-Cache-Status") == "UPDATING",
      "\(rateLimited.headers)")
    // nginx keeps whole seconds and expires an entry only once its second has passed: over 2 s.
    try await Task.sleep(for: .seconds(2.5))
    upstream.server.stop()
    let outcome = try trending(["list"], proxy: proxy, token: "token-bob-9876543210fedcba")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Film 20"), "the cached list is shown while amodb is down")
  }

  @Test func aUserOverTheirRateWaitsAndRetries() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(
      upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["USER_PER_MINUTE": "60", "USER_BURST": "1", "RETRY_AFTER": "1"])
    // One a second with a burst of one: the first two pass at once, the third is over.
    #expect(try trending(["list"], proxy: proxy, token: "token-alice-0123456789abcdef").status == 0)
    #expect(try trending(["list", "--page", "2"], proxy: proxy, token: "token-alice-0123456789abcdef").status == 0)
    let started = Date()
    let second = try trending(["list", "--page", "3"], proxy: proxy, token: "token-alice-0123456789abcdef")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(Date().timeIntervalSince(started) >= 0.9, "it waited the Retry-After")
    let aliceStatuses = { (log: String) in
      log.split(separator: "\n").filter { $0.contains(" alice ") }.map {
        $0.split(separator: "\"").last?.split(separator: " ").first.map(String.init) ?? ""
      }
    }
    // The answers' lines (the third's 429, then its retry's 200), once nginx has written them.
    let statuses = aliceStatuses(
      proxy.accessLog { log in
        let written = aliceStatuses(log)
        return written.contains("429") && written.last == "200"
      })
    #expect(statuses.first == "200" && statuses.contains("429") && statuses.last == "200", "\(statuses)")
    // Another user's budget is their own.
    #expect(try trending(["list", "--page", "4"], proxy: proxy, token: "token-bob-9876543210fedcba").status == 0)
  }

  /// amodb refusing the server's own key is not the user's token refused: the user hears whose it
  /// is to mend, and the log says what amodb answered.
  @Test func amodbRefusingTheServersKeyIsNotTheUsersTokenRefused() async throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    upstream.knobs.failing.store(401, ordering: .relaxed)
    let refused = try trending(["list"], proxy: proxy, token: "token-alice-0123456789abcdef")
    #expect(refused.status == 5, "\(refused.stderr)")
    #expect(refused.stderr.contains("amodb refused this server's own key (HTTP 401)"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("AMODB_KEY"), "\(refused.stderr)")
    let log = proxy.accessLog(holding: [" 502 ", "upstream=401"])
    #expect(log.contains(" 502 ") && log.contains("upstream=401"), "\(log)")
    // An unknown token is still the user's own to mend.
    let stranger = try trending(["list"], proxy: proxy, token: "token-mallory")
    #expect(stranger.status == 3 && stranger.stderr.contains("AMODB_KEY"), "\(stranger.stderr)")
    // The plan ended: the same, in its own words.
    upstream.knobs.failing.store(402, ordering: .relaxed)
    let ended = try trending(["list", "--page", "2"], proxy: proxy, token: "token-alice-0123456789abcdef")
    #expect(ended.status == 5 && ended.stderr.contains("plan has ended (HTTP 402)"), "\(ended.stderr)")
    // amodb's own 429 (sent with no Retry-After here): the shared key's limit, with the server's wait.
    upstream.knobs.failing.store(429, ordering: .relaxed)
    let limited = try await get("/3/movie/popular?page=3", proxy: proxy, token: "token-alice-0123456789abcdef")
    let said = String(decoding: limited.body, as: UTF8.self)
    #expect(limited.status == 429 && said.contains("amodb's limit for this server's key"), "\(said)")
    #expect(limited.headers.first { $0.key.lowercased() == "retry-after" }?.value == "5", "\(limited.headers)")
  }

  @Test func nothingNginxWritesHoldsATokenOrTheKey() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    _ = try trending(["list"], proxy: proxy, token: "token-alice-0123456789abcdef")
    _ = try trending(["list"], proxy: proxy, token: "token-mallory")
    _ = try trending(["list", "--page=2"], proxy: proxy, token: "token-bob-9876543210fedcba")
    let written = proxy.accessLog(holding: [" alice ", " 401 "])
    #expect(written.contains(" alice ") && written.contains(" 401 "), "the log was written")
    let secrets = [upstreamKey, "token-alice-0123456789abcdef", "token-bob-9876543210fedcba", "token-mallory"]
    for (path, text) in try proxy.filesExceptTheKeyInclude() where !path.hasSuffix("tokens.map") {
      for secret in secrets { #expect(!text.contains(secret), "\(secret) in \(path)") }
    }
    let keyInclude = proxy.prefix.appendingPathComponent("conf/amodb-key.conf").path
    var status = stat()
    #expect(stat(keyInclude, &status) == 0 && status.st_mode & 0o777 == 0o600, "the key's include is private")
    // The logs say who looked for what: no other user of the machine may read them (the workers'
    // group, started as root, may pass through to reopen them when they are rotated).
    let logs = proxy.prefix.appendingPathComponent("logs").path
    var folder = stat()
    let found = stat(logs, &folder)
    let others = folder.st_mode & 0o067
    #expect(found == 0)
    #expect(others == 0, "the logs' folder: \(String(folder.st_mode, radix: 8))")
  }

  @Test func amodbsCertificateIsVerified() throws {
    // An upstream whose certificate nobody trusts stands for a man in the middle: nginx must not
    // send it the key's request through, and trending hears a plain JSON error.
    let impostor = try UntrustedTLSServer()
    let proxy = try NginxProxy(
      upstream: try FakeAmodb().server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["UPSTREAM": "https://127.0.0.1:\(impostor.port)"])
    let outcome = try trending(["list"], proxy: proxy, token: "token-alice-0123456789abcdef")
    #expect(outcome.status == 5, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("(HTTP 502): The proxy could not reach amodb"), "\(outcome.stderr)")
    let errors = try String(contentsOf: proxy.prefix.appendingPathComponent("logs/error.log"), encoding: .utf8)
    #expect(errors.contains("upstream SSL certificate verify error"), "\(errors)")
  }

  @Test func theShippedConfigurationPassesNginxT() throws {
    let proxy = try NginxProxy(upstream: try FakeAmodb().server, images: try images(), key: upstreamKey, tokens: users)
    let prefix = proxy.prefix.path
    let check = try BinaryRunner.shell(
      "/usr/sbin/nginx -t -p '\(prefix)/' -e '\(prefix)/logs/error.log' -c '\(prefix)/conf/nginx.conf' 2>&1")
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("test is successful"), "\(check.stdout)")
  }

  // Round three (issue 28): what a user with a token, or without one, must not be able to do.

  @Test func onlyGetAndHeadReachAmodb() async throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    for method in ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"] {
      let answer = try RawHTTP.exchange(
        port: proxy.port, method: method, target: "/3/movie/550/rating",
        headers: ["Authorization: Bearer token-alice-0123456789abcdef", "Content-Type: application/json"],
        body: #"{"value": 0.5}"#)
      #expect(answer.status == 405, "\(method): \(answer.head)")
      #expect(answer.head.contains("Allow: GET, HEAD"), "\(answer.head)")
      #expect(answer.body.contains(#""status_code":405"#))
    }
    #expect(upstream.server.requests.isEmpty, "no other method reached amodb with the key")
    for method in ["GET", "HEAD"] {
      let answer = try RawHTTP.exchange(
        port: proxy.port, method: method, target: "/3/movie/550?language=en-US",
        headers: ["Authorization: Bearer token-alice-0123456789abcdef"])
      #expect(answer.status == 200, "\(method): \(answer.head)")
    }
    #expect(upstream.server.requests.allSatisfy { $0.method == "GET" })
  }

  @Test func tokensMatchLetterForLetterAndWrongOnesAreSlowedPerAddress() async throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(
      upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["FAILED_PER_MINUTE": "6", "FAILED_BURST": "5"])
    for token in [
      "TOKEN-ALICE-0123456789abcdef", "token-alice-0123456789abcdefx", "xtoken-alice-0123456789abcdef",
      "token-alice-012345678",
    ] {
      let answer = try await get("/3/movie/550", proxy: proxy, token: token)
      #expect(answer.status == 401 || answer.status == 429, "\(token): \(answer.status)")
    }
    let lowercaseScheme = try RawHTTP.exchange(
      port: proxy.port, method: "GET", target: "/3/movie/550",
      headers: ["Authorization: bearer token-alice-0123456789abcdef"]
    )
    #expect(lowercaseScheme.status == 401 || lowercaseScheme.status == 429)
    #expect(upstream.server.requests.isEmpty)
    // A burst of wrong tokens from one address: after the first few, each is refused with 429. One more
    // is let through each 10 s, so a machine too busy to send the burst in a second changes nothing.
    var statuses: [Int] = []
    for index in 0..<40 {
      statuses.append(try await get("/3/movie/550", proxy: proxy, token: "guess-\(index)").status)
    }
    #expect(statuses.filter { $0 == 401 }.count <= 7, "\(statuses)")
    #expect(statuses.filter { $0 == 429 }.count >= 30, "\(statuses)")
    // A good token still works from that address.
    #expect(try await get("/3/movie/550", proxy: proxy, token: "token-alice-0123456789abcdef").status == 200)
    #expect(!proxy.accessLog.contains("guess-"), "the log never holds a token")
  }

  @Test func amodbIsSentTheNormalisedPathAndOnlyItsOwnArguments() async throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    let dotted = try await get("/t/p/%2e%2e/%2e%2e/3/movie/1", proxy: proxy, token: nil)
    #expect(dotted.status == 401, "a dotted image path is an API path, and needs a token")
    #expect(
      try await get("/t/p/%2e%2e/%2e%2e/3/movie/1", proxy: proxy, token: "token-alice-0123456789abcdef").status == 200)
    #expect(upstream.server.requests.map(\.target) == ["/3/movie/1"], "the normalised path, not the raw one")
    let hostile = "/3/movie/550?api_key=client-key&language=en-US&x=1&append_to_response=credits"
    #expect(try await get(hostile, proxy: proxy, token: "token-alice-0123456789abcdef").status == 200)
    #expect(upstream.server.requests.last?.target == "/3/movie/550?language=en-US&append_to_response=credits")
    // The same arguments in another order, with other junk: one cache entry, no second request.
    let reordered = "/3/movie/550?append_to_response=credits&y=2&language=en-US"
    let cached = try await get(reordered, proxy: proxy, token: "token-bob-9876543210fedcba")
    #expect(cached.status == 200 && cached.header("X-Cache-Status") == "HIT", "\(cached.headers)")
    #expect(upstream.server.requests.count == 2)
    for (path, text) in try proxy.filesExceptTheKeyInclude() { #expect(!text.contains("client-key"), "\(path)") }
  }

  @Test func onlyAmodbsHeadersGoUpstreamAndPrivateAnswersAreNotShared() async throws {
    let upstream = try LoopbackServer { request in
      let reflected = request.headers["x-evil"] ?? "none"
      switch request.path {
      case "/3/movie/1": return .json(#"{"id": 1, "title": "One"}"#, headers: ["Set-Cookie": "session=abc"])
      case "/3/movie/2": return .json(#"{"id": 2, "title": "\#(reflected)"}"#, headers: ["Cache-Control": "private"])
      case "/3/movie/3": return .json(#"{"id": 3, "title": "Three"}"#, headers: ["Vary": "Cookie"])
      default: return .json(#"{"id": 4, "title": "Four"}"#, headers: ["Vary": "Accept-Encoding"])
      }
    }
    let proxy = try NginxProxy(upstream: upstream, images: try images(), key: upstreamKey, tokens: users)
    for id in 1...4 {
      for header in ["X-Evil: alice-was-here", "X-Evil: bob"] {
        let answer = try RawHTTP.exchange(
          port: proxy.port, method: "GET", target: "/3/movie/\(id)",
          headers: ["Authorization: Bearer token-alice-0123456789abcdef", header, "Cookie: session=alice"])
        #expect(answer.status == 200, "\(answer.head)")
        #expect(!answer.head.lowercased().contains("set-cookie"), "\(answer.head)")
        #expect(!answer.body.contains("alice-was-here"), "a client's header is never reflected back")
      }
    }
    #expect(upstream.count("/3/movie/1") == 2 && upstream.count("/3/movie/2") == 2, "cookies and private: not cached")
    #expect(upstream.count("/3/movie/3") == 2, "a Vary beyond the encoding: not cached")
    #expect(upstream.count("/3/movie/4") == 1, "Vary: Accept-Encoding is still shared")
    for request in upstream.requests {
      #expect(request.headers["cookie"] == nil && request.headers["x-evil"] == nil, "\(request.headers)")
      #expect(request.headers["authorization"] == "Bearer \(upstreamKey)")
    }
  }

  @Test func postersAreCachedByPathAlone() async throws {
    let imageHost = try images()
    let proxy = try NginxProxy(upstream: try FakeAmodb().server, images: imageHost, key: upstreamKey, tokens: users)
    for index in 0..<12 {
      let answer = try await get("/t/p/w92/poster.jpg?x=\(index)", proxy: proxy, token: nil)
      #expect(answer.status == 200)
    }
    #expect(imageHost.requests.map(\.target) == ["/t/p/w92/poster.jpg"], "one fetch, without the query")
    let cached = try FileManager.default.subpathsOfDirectory(atPath: proxy.prefix.appendingPathComponent("cache").path)
    #expect(cached.filter { !$0.contains("/") || $0.split(separator: "/").count == 3 }.count <= 3, "\(cached)")
  }
}
