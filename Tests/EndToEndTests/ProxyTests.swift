import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AmodbKit

/// The shipped nginx configuration in front of a loopback stand-in for amodb, with the real binary.
/// The amodb key nginx holds in these tests.
private let upstreamKey = "amodb-upstream-key-4af1c2"
/// The users nginx knows.
private let users = ["token-alice-0123456789": "alice", "token-bob-9876543210": "bob"]

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
    let outcome = try trending(["list"], proxy: proxy, token: "token-alice-0123456789")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Film 20"))
    let show = try trending(["show", "550"], proxy: proxy, token: "token-bob-9876543210")
    #expect(show.stdout.contains("Details of film 550"))
    #expect(upstream.server.requests.count == 2)
    #expect(upstream.server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(upstreamKey)" })
    // A client that sends its token to the image path anyway: nginx strips it.
    let poster = try await get("/t/p/w92/poster.jpg", proxy: proxy, token: "token-alice-0123456789")
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
    try proxy.reload(tokens: users.merging(["token-carol-5555555555": "carol"]) { $1 })
    #expect(try trending(["list"], proxy: proxy, token: "token-carol-5555555555").status == 0)
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
        let token = index % 2 == 0 ? "token-alice-0123456789" : "token-bob-9876543210"
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
    #expect(try trending(["list"], proxy: proxy, token: "token-alice-0123456789").status == 0)
    // nginx keeps whole seconds and expires an entry only once its second has passed: over 2 s.
    try await Task.sleep(for: .seconds(2.5))
    upstream.knobs.failing.store(429, ordering: .relaxed)
    let rateLimited = try await get(
      "/3/trending/movie/week?language=en-US&page=1", proxy: proxy, token: "token-alice-0123456789")
    #expect(rateLimited.status == 200)
    #expect(
      rateLimited.header("X-Cache-Status") == "STALE" || rateLimited.header("X-Cache-Status") == "UPDATING",
      "\(rateLimited.headers)")
    // nginx keeps whole seconds and expires an entry only once its second has passed: over 2 s.
    try await Task.sleep(for: .seconds(2.5))
    upstream.server.stop()
    let outcome = try trending(["list"], proxy: proxy, token: "token-bob-9876543210")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Film 20"), "the cached list is shown while amodb is down")
  }

  @Test func aUserOverTheirRateWaitsAndRetries() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(
      upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["USER_PER_MINUTE": "60", "USER_BURST": "1", "RETRY_AFTER": "1"])
    // One a second with a burst of one: the first two pass at once, the third is over.
    #expect(try trending(["list"], proxy: proxy, token: "token-alice-0123456789").status == 0)
    #expect(try trending(["list", "--page", "2"], proxy: proxy, token: "token-alice-0123456789").status == 0)
    let started = Date()
    let second = try trending(["list", "--page", "3"], proxy: proxy, token: "token-alice-0123456789")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(Date().timeIntervalSince(started) >= 0.9, "it waited the Retry-After")
    let statuses = proxy.accessLog.split(separator: "\n").filter { $0.contains(" alice ") }.map {
      $0.split(separator: "\"").last?.split(separator: " ").first.map(String.init) ?? ""
    }
    #expect(statuses.first == "200" && statuses.contains("429") && statuses.last == "200", "\(statuses)")
    // Another user's budget is their own.
    #expect(try trending(["list", "--page", "4"], proxy: proxy, token: "token-bob-9876543210").status == 0)
  }

  @Test func nothingNginxWritesHoldsATokenOrTheKey() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    _ = try trending(["list"], proxy: proxy, token: "token-alice-0123456789")
    _ = try trending(["list"], proxy: proxy, token: "token-mallory")
    _ = try trending(["list", "--page=2"], proxy: proxy, token: "token-bob-9876543210")
    #expect(proxy.accessLog.contains(" alice ") && proxy.accessLog.contains(" 401 "), "the log was written")
    let secrets = [upstreamKey, "token-alice-0123456789", "token-bob-9876543210", "token-mallory"]
    for (path, text) in try proxy.filesExceptTheKeyInclude() where !path.hasSuffix("tokens.map") {
      for secret in secrets { #expect(!text.contains(secret), "\(secret) in \(path)") }
    }
    let keyInclude = proxy.prefix.appendingPathComponent("conf/amodb-key.conf").path
    var status = stat()
    #expect(stat(keyInclude, &status) == 0 && status.st_mode & 0o777 == 0o600, "the key's include is private")
  }

  @Test func amodbsCertificateIsVerified() throws {
    // An upstream whose certificate nobody trusts stands for a man in the middle: nginx must not
    // send it the key's request through, and trending hears a plain JSON error.
    let impostor = try UntrustedTLSServer()
    let proxy = try NginxProxy(
      upstream: try FakeAmodb().server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["UPSTREAM": "https://127.0.0.1:\(impostor.port)"])
    let outcome = try trending(["list"], proxy: proxy, token: "token-alice-0123456789")
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
}
