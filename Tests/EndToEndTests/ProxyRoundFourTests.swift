import Foundation
import TestSupport
import Testing

@testable import AmodbKit

/// The amodb key nginx holds in these tests.
private let upstreamKey = "amodb-upstream-key-4af1c2"
/// Tokens as the README says to make them (`openssl rand -hex 24`).
private let alice = "0f3c9a7d51e24b8e96a1c0d7e5f4b3a2918d7c6e5f4a3b2c"
private let bob = "7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4c3d2e1f0a9"
private let users = [alice: "alice", bob: "bob"]

/// Issue 38's findings against the shipped nginx proxy: the cache key, tokens, workers, logs.
@Suite("Your own server, round four", .serialized, .enabled(if: NginxProxy.isAvailable))
struct ProxyRoundFourTests {
  private func images() throws -> LoopbackServer {
    try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: Data([0xFF])) }
  }

  private func get(_ target: String, proxy: NginxProxy, token: String = alice, body: String = "") throws
    -> RawHTTP.Answer
  {
    try RawHTTP.exchange(
      port: proxy.port, method: "GET", target: target, headers: ["Authorization: Bearer \(token)"], body: body)
  }

  /// The script as an operator runs it, with its settings; its status and everything it said.
  private func script(_ arguments: [String], _ settings: [String: String]) throws -> (status: Int32, output: String) {
    let path = Fixtures.packageRoot.appendingPathComponent("deploy/nginx/proxy").path
    return try NginxProxy.run(
      [path] + arguments, environment: ProcessInfo.processInfo.environment.merging(settings) { $1 })
  }

  /// A key file and a tokens file holding `tokens`, in a new folder.
  private func operatorFiles(tokens: String) throws -> (folder: URL, settings: [String: String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trending-operator-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let key = folder.appendingPathComponent("amodb-key")
    try Data("\(upstreamKey)\n".utf8).write(to: key)
    chmod(key.path, 0o600)
    let file = folder.appendingPathComponent("tokens.map")
    try Data(tokens.utf8).write(to: file)
    return (
      folder,
      [
        "KEY_FILE": key.path, "TOKENS_FILE": file.path, "UPSTREAM": "http://127.0.0.1:9",
        "IMAGE_UPSTREAM": "http://127.0.0.1:9",
      ]
    )
  }

  @Test func aPathThatDecodesToAQueryIsRefusedAndCannotPoisonTheCache() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    for hostile in [
      "/3/movie/550%3Flanguage=ru-RU%26append_to_response=credits", "/3/movie/550%23credits", "/3/movie/550%25",
      "/3/movie/550%3Bx", "/3/movie/55%0A0", "/3/movie/55%000", "/3/movie/550%20", "/3/movie/55%7F0",
    ] {
      let answer = try get(hostile, proxy: proxy)
      #expect(answer.status == 400, "\(hostile): \(answer.head)")
      // nginx answers `%00` with its own page, before the configuration's check.
      if !hostile.contains("%00") { #expect(answer.body.contains(#""success":false"#), "\(hostile): \(answer.body)") }
    }
    #expect(upstream.server.requests.isEmpty, "none of them reached amodb, so none was cached")
    // The request the poisoned entry would have answered goes to amodb and gets its own answer.
    let real = try get("/3/movie/550?language=ru-RU&append_to_response=credits", proxy: proxy, token: bob)
    #expect(real.status == 200 && real.head.contains("X-Cache-Status: MISS"), "\(real.head)")
    #expect(upstream.server.requests.map(\.target) == ["/3/movie/550?language=ru-RU&append_to_response=credits"])
  }

  @Test func theExampleAShortTokenAndADuplicateAreRefusedNamingTheLine() throws {
    let example = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("deploy/nginx/tokens.map.example"), encoding: .utf8)
    let cases: [(tokens: String, says: String)] = [
      (example, "line 6: the example token is not a token"),
      ("\"Bearer a\" mallory;\n", "line 1: the token is 1 characters; at least 24"),
      ("# users\n\"Bearer \(alice)\" alice;\n\"Bearer \(alice)\" carol;\n", "line 3: the same token as line 2"),
      // nginx's map refuses two keys that differ only in case: told before anything is written.
      ("\"Bearer \(alice)\" alice;\n\"Bearer \(alice.uppercased())\" carol;\n", "line 2: the same token as line 1"),
      ("\"Bearer \(String(repeating: "x", count: 4097))\" big;\n", "line 1: the token is 4097 characters; at most 128"),
    ]
    for (tokens, says) in cases {
      let files = try operatorFiles(tokens: tokens)
      defer { try? FileManager.default.removeItem(at: files.folder) }
      let prefix = files.folder.appendingPathComponent("prefix")
      let render = try script(["render", prefix.path], files.settings)
      #expect(render.status != 0, "\(says): \(render.output)")
      #expect(render.output.contains(says), "\(render.output)")
      #expect(!FileManager.default.fileExists(atPath: prefix.path), "nothing is written when a token is refused")
    }
  }

  @Test func aRefusedReloadChangesNothingAndSaysSo() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    let map = proxy.prefix.appendingPathComponent("conf/tokens.map")
    let before = try Data(contentsOf: map)
    // One edit that revokes bob and adds a token nginx could not hold: refused as a whole, loudly.
    try Data("\"Bearer \(alice)\" alice;\n\"Bearer \(String(repeating: "y", count: 5000))\" eve;\n".utf8).write(
      to: proxy.tokensFile)
    let reload = try proxy.reloadAsWritten()
    #expect(reload.status != 0 && reload.output.contains("line 2"), "\(reload.output)")
    #expect(reload.output.contains("the running proxy is unchanged"), "\(reload.output)")
    #expect(try Data(contentsOf: map) == before, "conf/tokens.map is the one running")
    #expect(try get("/3/movie/550", proxy: proxy, token: bob).status == 200)
    // The same revocation, written well, takes effect.
    try proxy.reload(tokens: [alice: "alice"])
    #expect(try get("/3/movie/551", proxy: proxy, token: bob).status == 401)
    #expect(try get("/3/movie/551", proxy: proxy, token: alice).status == 200)
  }

  @Test func twentyThousandTokensRenderInOnePassAndAreLookedUpByHash() throws {
    var lines = ["# twenty thousand users"]
    var tokens: [String] = []
    for index in 0..<20_000 {
      let token = "tok-\(index)-" + String(UInt64(index) &* 0x9E37_79B9_7F4A_7C15, radix: 16)
      tokens.append(token.count < 24 ? token + String(repeating: "z", count: 24 - token.count) : token)
      lines.append("\"Bearer \(tokens[index])\" user\(index);")
    }
    let upstream = try FakeAmodb()
    let started = Date()
    let proxy = try NginxProxy(
      upstream: upstream.server, images: try images(), key: upstreamKey, tokens: [:],
      settings: ["USER_PER_MINUTE": "6000", "USER_BURST": "100"], tokensText: lines.joined(separator: "\n") + "\n")
    let seconds = Date().timeIntervalSince(started)
    // One sed a line took 65 s here; one awk pass takes well under a second. Generous for a busy machine.
    #expect(seconds < 20, "rendering and starting took \(seconds) s")
    let map = try String(contentsOf: proxy.prefix.appendingPathComponent("conf/tokens.map"), encoding: .utf8)
    let entries = map.split(separator: "\n")
    #expect(entries.count == 20_000)
    #expect(entries.allSatisfy { $0.hasPrefix("\"Bearer ") }, "exact keys, no patterns tried one by one")
    for token in [tokens[0], tokens[9_999], tokens[19_999]] {
      #expect(try get("/3/movie/550", proxy: proxy, token: token).status == 200, "\(token)")
    }
    // Found by hash without regard to case, then checked letter for letter.
    #expect(try get("/3/movie/550", proxy: proxy, token: tokens[19_999].uppercased()).status == 401)
    #expect(try get("/3/movie/550", proxy: proxy, token: tokens[19_999] + "x").status == 401)
    let lowercaseScheme = try RawHTTP.exchange(
      port: proxy.port, method: "GET", target: "/3/movie/550", headers: ["Authorization: bearer \(tokens[5])"])
    #expect(lowercaseScheme.status == 401)
  }

  @Test(.enabled(if: getuid() == 0)) func startedAsRootTheWorkersAreNot() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users)
    let workers = proxy.startedWorkers()
    #expect(!workers.isEmpty)
    for pid in workers {
      // A worker just forked is root until it drops to its user a moment later (later still on a
      // busy machine): wait for it to say so, up to a deadline, rather than read it once.
      let deadline = Date().addingTimeInterval(10)
      var uid = ""
      repeat {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        uid = String(status.split(separator: "\n").first { $0.hasPrefix("Uid:") } ?? "")
        if !uid.split(separator: "\t").dropFirst().contains("0") { break }
        Thread.sleep(forTimeInterval: 0.02)
      } while Date() < deadline
      #expect(!uid.isEmpty && !uid.split(separator: "\t").dropFirst().contains("0"), "worker \(pid): \(uid)")
    }
    // They can still keep answers: the second ask is a hit.
    #expect(try get("/3/movie/550", proxy: proxy).head.contains("X-Cache-Status: MISS"))
    #expect(try get("/3/movie/550", proxy: proxy, token: bob).head.contains("X-Cache-Status: HIT"))
    var info = stat()
    #expect(stat(proxy.prefix.appendingPathComponent("cache").path, &info) == 0 && info.st_uid != 0)
    #expect(stat(proxy.prefix.appendingPathComponent("conf").path, &info) == 0 && info.st_mode & 0o077 == 0)
    let files = try operatorFiles(tokens: "\"Bearer \(alice)\" alice;\n")
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let asRoot = try script(
      ["render", files.folder.appendingPathComponent("p").path], files.settings.merging(["PROXY_USER": "root"]) { $1 })
    #expect(asRoot.status != 0 && asRoot.output.contains("must not be root"), "\(asRoot.output)")
  }

  @Test func refusalsLogNoQueryExtrasAfterASemicolonAndBodiesStayHere() throws {
    let upstream = try FakeAmodb()
    let proxy = try NginxProxy(
      upstream: upstream.server, images: try images(), key: upstreamKey, tokens: users,
      settings: ["USER_PER_MINUTE": "60", "USER_BURST": "1"])
    var statuses: [Int] = []
    for _ in 0..<6 {
      statuses.append(try get("/3/search/movie?query=private+words&api_key=client-secret", proxy: proxy).status)
    }
    #expect(statuses.contains(429), "\(statuses)")
    for file in ["logs/error.log", "logs/access.log"] {
      let text = (try? String(contentsOf: proxy.prefix.appendingPathComponent(file), encoding: .utf8)) ?? ""
      #expect(!text.contains("private") && !text.contains("client-secret"), "\(file): \(text)")
    }
    #expect(proxy.accessLog(holding: [" 429 "]).contains(" 429 "), "the refusals are in the access log, by path")
    // `;` ends a value: what follows it is not passed on.
    #expect(try get("/3/movie/550?language=en;api_key=y", proxy: proxy, token: bob).status == 200)
    #expect(upstream.server.requests.last?.target == "/3/movie/550?language=en", "\(upstream.server.requests)")
    // A GET with a body: the body (and its length) stays in nginx.
    let count = upstream.server.requests.count
    #expect(try get("/3/movie/552", proxy: proxy, token: bob, body: #"{"secret":"body"}"#).status == 200)
    let forwarded = try #require(upstream.server.requests.dropFirst(count).first)
    #expect(forwarded.headers["content-length"] == nil && forwarded.headers["transfer-encoding"] == nil)
  }
}
