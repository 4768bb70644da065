import Foundation
import TestSupport
import Testing

/// The amodb key nginx holds in these tests.
private let upstreamKey = "amodb-upstream-key-5be2d3"
/// Tokens as the README says to make them (`openssl rand -hex 24`).
private let alice = "5d0c7f2a9b4e61c3d8a7f0e2b5c9d4a1e6f3b8c2d7a0e5f1"
private let bob = "c4e1a8d7f2b9063e5a1d8c7b4f2e9a06d3c8b5e1f7a2d904"
private let carol = "9a2f7c4e1b8d5a03f6e9c2b7d4a1f8e5c0b3d6a9e2f7c418"

/// Issue 57's findings 5 and 14 against the shipped nginx proxy: a prefix the workers cannot
/// reach, relative prefixes and paths with pattern characters, and a large tokens file.
@Suite("Your own server, round five", .serialized, .enabled(if: NginxProxy.isAvailable))
struct ProxyRoundFiveTests {
  /// A key file and a tokens file holding `tokens`, in a new folder whose name ends with `name`;
  /// the settings that name them, a free loopback port and `upstream` (a closed port by default).
  private func operatorFiles(tokens: String, name: String = "", upstream: Int = 9) throws -> (
    folder: URL, settings: [String: String], port: Int
  ) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trending-round-five-\(UUID().uuidString)\(name)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let key = folder.appendingPathComponent("amodb-key")
    try Data("\(upstreamKey)\n".utf8).write(to: key)
    chmod(key.path, 0o600)
    let file = folder.appendingPathComponent("tokens.map")
    try Data(tokens.utf8).write(to: file)
    // A port bound and let go, as NginxProxy finds one.
    let port = try RefusingPort().port
    return (
      folder,
      [
        "KEY_FILE": key.path, "TOKENS_FILE": file.path, "LISTEN": "127.0.0.1:\(port)",
        "UPSTREAM": "http://127.0.0.1:\(upstream)", "IMAGE_UPSTREAM": "http://127.0.0.1:\(upstream)",
      ],
      port
    )
  }

  /// Tokens file lines for `tokens` (token: name).
  private func lines(_ tokens: [(String, String)]) -> String {
    tokens.map { "\"Bearer \($0.0)\" \($0.1);\n" }.joined()
  }

  /// One GET of `target` on 127.0.0.1:`port` with `token`, byte for byte.
  private func get(_ target: String, port: Int, token: String) throws -> RawHTTP.Answer {
    try RawHTTP.exchange(port: port, method: "GET", target: target, headers: ["Authorization: Bearer \(token)"])
  }

  /// Finding 5: started as root, a prefix under a folder only root can enter is refused by render and
  /// by start, naming the folder; a prefix the workers can reach starts and answers.
  @Test(.enabled(if: getuid() == 0)) func aPrefixUnderAFolderTheWorkersCannotEnterIsRefusedNamingIt() throws {
    let upstream = try FakeAmodb()
    let files = try operatorFiles(tokens: lines([(alice, "alice"), (bob, "bob")]), upstream: upstream.server.port)
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let locked = files.folder.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
    chmod(locked.path, 0o700)

    // render: refused before anything is written, naming the folder and the way out.
    let deep = locked.appendingPathComponent("deep")
    let render = try ProxyScript.run(["render", deep.appendingPathComponent("prefix").path], files.settings)
    #expect(render.status == 1, "\(render.output)")
    #expect(render.output.contains("run as nobody (PROXY_USER) and cannot enter \(locked.path) (drwx------"))
    #expect(render.output.contains("chmod o+x \(locked.path)") && render.output.contains("PROXY_PREFIX="))
    #expect(render.output.contains("Nothing was written."), "\(render.output)")
    #expect(!FileManager.default.fileExists(atPath: deep.path))

    // Started the same way: it says so and stops, rather than serving 500s.
    let prefix = locked.appendingPathComponent("prefix")
    let refused = try ProxyScript.Started(files.settings.merging(["PROXY_PREFIX": prefix.path]) { $1 })
    #expect(refused.exitStatus == 1, "it started: \(refused.output)")
    #expect(refused.output.contains("cannot enter \(locked.path) ("), "\(refused.output)")
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
    refused.stop()

    // A prefix they can reach starts and answers, even with folders made above it under root's
    // strictest umask (they are made passable, not 0700).
    let open = files.folder.appendingPathComponent("open")
    let reachable = open.appendingPathComponent("deeper/prefix")
    let proxy = try ProxyScript.Started(
      files.settings.merging(["PROXY_PREFIX": reachable.path]) { $1 }, umask: "077")
    #expect(proxy.exitStatus == nil, "it refused: \(proxy.output)")
    try proxy.waitUntilAnswering(port: files.port)
    let first = try get("/3/movie/550", port: files.port, token: alice)
    #expect(first.status == 200 && first.head.contains("X-Cache-Status: MISS"), "\(first.head) \(first.body)")
    let second = try get("/3/movie/550", port: files.port, token: bob)
    #expect(second.status == 200 && second.head.contains("X-Cache-Status: HIT"), "the workers write the cache")
    var info = stat()
    #expect(stat(open.path, &info) == 0 && info.st_mode & 0o777 == 0o711)
    let log = (try? String(contentsOf: reachable.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
    #expect(!log.contains("Permission denied"), "\(log)")
    proxy.stop()
  }

  /// Finding 14: 50,000 tokens (some of the longest kind) render, start and pass `nginx -t` with no
  /// map hash warning, and a reload to 60,000 sizes the hash again.
  @Test func fiftyThousandTokensBuildTheirHashWithoutAWarningAndSoDoesAReloadToMore() throws {
    // Hex tokens as the README makes them, and every thousandth as long as a token may be.
    func token(_ index: Int) -> String {
      let hex = String(format: "%016lx", UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
      let base = "t\(index)-" + hex + hex
      return index % 1000 == 7 ? base + String(repeating: "q", count: 128 - base.count) : base
    }
    let tokens = (0..<50_000).map { (token($0), "user\($0)") }
    let files = try operatorFiles(tokens: lines(tokens))
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let prefix = files.folder.appendingPathComponent("prefix")
    let upstream = try FakeAmodb()
    let settings = files.settings.merging([
      "PROXY_PREFIX": prefix.path, "UPSTREAM": "http://127.0.0.1:\(upstream.server.port)",
      "USER_PER_MINUTE": "6000", "USER_BURST": "100",
    ]) { $1 }
    let proxy = try ProxyScript.Started(settings)
    #expect(proxy.exitStatus == nil, "\(proxy.output)")
    // Before: "could not build optimal map_hash, you should increase either map_hash_max_size:
    // 65536 or map_hash_bucket_size: 256; ignoring map_hash_bucket_size".
    #expect(!proxy.output.contains("[warn]") && !proxy.output.contains("map_hash"), "\(proxy.output)")
    try proxy.waitUntilAnswering(port: files.port)
    let test = try NginxProxy.run(
      [
        "/usr/sbin/nginx", "-t", "-p", prefix.path + "/", "-e", prefix.path + "/logs/error.log", "-c",
        prefix.path + "/conf/nginx.conf",
      ], environment: ProcessInfo.processInfo.environment)
    #expect(test.status == 0 && test.output.contains("test is successful"), "\(test.output)")
    #expect(!test.output.contains("[warn]"), "\(test.output)")
    for index in [0, 7, 25_000, 49_999] {
      #expect(try get("/3/movie/550", port: files.port, token: tokens[index].0).status == 200, "\(index)")
    }

    // A reload to 60,000 sizes the hash again: no warning, and the new users are known.
    let more = tokens + (50_000..<60_000).map { (token($0), "user\($0)") }
    try Data(lines(more).utf8).write(to: URL(fileURLWithPath: try #require(settings["TOKENS_FILE"])))
    let before = proxy.workers()
    let reload = try ProxyScript.run(["reload", prefix.path], settings)
    #expect(reload.status == 0 && !reload.output.contains("[warn]"), "\(reload.output)")
    let sizes = try String(contentsOf: prefix.appendingPathComponent("conf/tokens.hash"), encoding: .utf8)
    #expect(sizes.contains("map_hash_max_size 120000;"), "\(sizes)")
    try proxy.waitForNewWorkers(replacing: before)
    #expect(try get("/3/movie/550", port: files.port, token: more[59_999].0).status == 200)
    let log = (try? String(contentsOf: prefix.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
    #expect(!log.contains("map_hash"), "the reload's own reading of the configuration: \(log)")
    proxy.stop()
  }

  /// Finding 14: a relative prefix renders, starts and reloads a really running nginx.
  @Test func aRelativePrefixRendersStartsAndReloads() throws {
    let upstream = try FakeAmodb()
    let files = try operatorFiles(tokens: lines([(alice, "alice"), (bob, "bob")]), upstream: upstream.server.port)
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let absolute = files.folder.appendingPathComponent("rel").path

    let render = try ProxyScript.run(["render", "./rel"], files.settings, in: files.folder)
    #expect(render.status == 0 && render.output.contains("rendered \(absolute)/conf/nginx.conf"), "\(render.output)")
    let configuration = try String(contentsOfFile: absolute + "/conf/nginx.conf", encoding: .utf8)
    #expect(configuration.contains("include \(absolute)/conf/tokens.map;"), "resolved once, to an absolute path")

    let proxy = try ProxyScript.Started(files.settings.merging(["PROXY_PREFIX": "rel"]) { $1 }, in: files.folder)
    #expect(proxy.exitStatus == nil && proxy.output.contains("prefix \(absolute)\n"), "\(proxy.output)")
    try proxy.waitUntilAnswering(port: files.port)
    #expect(try get("/3/movie/550", port: files.port, token: bob).status == 200)

    // Before: "nginx refused the new tokens" (the prefix doubled, `.` read as a pattern).
    try Data(lines([(alice, "alice"), (carol, "carol")]).utf8).write(
      to: files.folder.appendingPathComponent("tokens.map"))
    let before = proxy.workers()
    let reload = try ProxyScript.run(["reload", "./rel"], files.settings, in: files.folder)
    #expect(reload.status == 0, "\(reload.output)")
    try proxy.waitForNewWorkers(replacing: before)
    #expect(try get("/3/movie/551", port: files.port, token: carol).status == 200)
    #expect(try get("/3/movie/551", port: files.port, token: bob).status == 401)
    proxy.stop()
  }

  /// Started without PROXY_PREFIX, the proxy uses one prefix of the user's state again at each
  /// start: one copy of the key however often it starts (a new one under TMPDIR each start left
  /// a copy of the key behind each time), and a cache that outlives a restart.
  @Test func withoutAPrefixEveryStartUsesTheSameOneAndLeavesNoCopyOfTheKey() throws {
    let upstream = try FakeAmodb()
    let files = try operatorFiles(tokens: lines([(alice, "alice")]), upstream: upstream.server.port)
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let scratch = files.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let state = files.folder.appendingPathComponent("state")
    let settings = files.settings.merging(["TMPDIR": scratch.path, "XDG_STATE_HOME": state.path]) { $1 }
    let prefix = state.appendingPathComponent("trending-proxy").path
    for _ in 0..<2 {
      let proxy = try ProxyScript.Started(settings)
      #expect(proxy.exitStatus == nil && proxy.output.contains("prefix \(prefix)\n"), "\(proxy.output)")
      // What users set; on loopback, plain http needs no leave.
      #expect(proxy.output.contains("export AMODB_BASE_URL=http://127.0.0.1:\(files.port)/3\n"), "\(proxy.output)")
      #expect(!proxy.output.contains("AMODB_ALLOW_HTTP"), "\(proxy.output)")
      try proxy.waitUntilAnswering(port: files.port)
      #expect(try get("/3/movie/550", port: files.port, token: alice).status == 200)
      // A second start on the running one's prefix is refused before it rewrites anything.
      let second = try ProxyScript.Started(settings)
      #expect(second.exitStatus == 1 && second.output.contains("a proxy already runs on \(prefix)"), "\(second.output)")
      proxy.stop()
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "nothing left in TMPDIR")
    #expect(upstream.server.count("/3/movie/550") == 1, "the second start answered from the first one's cache")
  }

  /// Finding 14: a prefix whose path holds `&`, `|` and `.` renders and reloads; one with a space is refused.
  @Test func aPrefixNamedWithPatternCharactersRendersAndReloads() throws {
    let upstream = try FakeAmodb()
    let files = try operatorFiles(
      tokens: lines([(alice, "alice"), (bob, "bob")]), name: "-a&b|c.d", upstream: upstream.server.port)
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let prefix = files.folder.appendingPathComponent("prefix")
    let proxy = try ProxyScript.Started(files.settings.merging(["PROXY_PREFIX": prefix.path]) { $1 })
    #expect(proxy.exitStatus == nil, "\(proxy.output)")
    try proxy.waitUntilAnswering(port: files.port)
    let configuration = try String(contentsOf: prefix.appendingPathComponent("conf/api.conf"), encoding: .utf8)
    #expect(configuration.contains("include \(prefix.path)/conf/amodb-key.conf;"), "\(configuration)")
    #expect(try get("/3/movie/550", port: files.port, token: alice).status == 200)

    try Data(lines([(carol, "carol")]).utf8).write(to: files.folder.appendingPathComponent("tokens.map"))
    let before = proxy.workers()
    let reload = try ProxyScript.run(["reload", prefix.path], files.settings)
    #expect(reload.status == 0, "\(reload.output)")
    try proxy.waitForNewWorkers(replacing: before)
    #expect(try get("/3/movie/551", port: files.port, token: carol).status == 200)
    #expect(try get("/3/movie/551", port: files.port, token: alice).status == 401)
    proxy.stop()

    // A prefix nginx's configuration could not hold is refused by name, not left to nginx.
    let spaced = try ProxyScript.run(["render", files.folder.appendingPathComponent("a b").path], files.settings)
    #expect(spaced.status == 1 && spaced.output.contains("the prefix must be a plain value"), "\(spaced.output)")
  }
}

/// `deploy/nginx/proxy` run as an operator runs it.
private enum ProxyScript {
  /// The script in this checkout.
  static let path = Fixtures.packageRoot.appendingPathComponent("deploy/nginx/proxy").path

  /// Runs the script with `arguments` and `settings` added to this environment, in `directory`;
  /// its exit status and everything it said.
  static func run(_ arguments: [String], _ settings: [String: String], in directory: URL? = nil) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(settings) { $1 }
    process.currentDirectoryURL = directory
    let output = try PrivatePipe()
    process.standardOutput = output.writing
    process.standardError = output.writing
    try process.run()
    try output.writing.close()
    let data = output.reading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The script started with no arguments (render, then nginx in the foreground, the same
  /// process), read until it has refused and exited or has said it is up; stopped when let go.
  final class Started {
    /// Everything it said so far.
    private(set) var output = ""
    /// Its exit status once it has refused; nil while it runs.
    private(set) var exitStatus: Int32?
    /// The script, then nginx (the script execs it).
    private let process = Process()
    /// Its standard output and errors.
    private let pipe: PrivatePipe

    /// Starts it with `settings`, in `directory`, under `umask` when given.
    init(_ settings: [String: String], in directory: URL? = nil, umask: String? = nil) throws {
      if let umask {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask \(umask) && exec \"$0\"", path]
      } else {
        process.executableURL = URL(fileURLWithPath: path)
      }
      process.environment = ProcessInfo.processInfo.environment.merging(settings) { $1 }
      process.currentDirectoryURL = directory
      pipe = try PrivatePipe()
      process.standardOutput = pipe.writing
      process.standardError = pipe.writing
      try process.run()
      try pipe.writing.close()
      let deadline = Date().addingTimeInterval(60)
      var chunk = [UInt8](repeating: 0, count: 65536)
      while !output.contains("Ctrl-C stops it") {
        guard Date() < deadline else { throw TmuxError(message: "the proxy said neither: \(output)") }
        var descriptor = pollfd(fd: pipe.reading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 100) > 0 else { continue }
        let count = read(pipe.reading.fileDescriptor, &chunk, chunk.count)
        if count <= 0 {
          process.waitUntilExit()
          exitStatus = process.terminationStatus
          return
        }
        output += String(decoding: chunk[0..<count], as: UTF8.self)
      }
    }

    deinit {
      stop()
    }

    /// Stops nginx (SIGTERM) and returns once it has gone; nothing when it has already exited.
    func stop() {
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
    }

    /// Returns once nginx answers its health check on `port`.
    func waitUntilAnswering(port: Int) throws {
      guard exitStatus == nil else { throw TmuxError(message: "the proxy exited \(exitStatus ?? 0): \(output)") }
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline {
        if let answer = try? RawHTTP.exchange(port: port, method: "GET", target: "/healthz"), answer.status == 200 {
          return
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      throw TmuxError(message: "nginx did not answer on \(port): \(output)")
    }

    /// The pids of nginx's workers now (nginx is this process: the script execs it).
    func workers() -> Set<Int> {
      let pid = process.processIdentifier
      let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
      return Set(text.split(separator: " ").compactMap { Int($0) })
    }

    /// Returns once none of `before` is among the workers and there are some: a reload has taken.
    func waitForNewWorkers(replacing before: Set<Int>) throws {
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline {
        let now = workers()
        if !now.isEmpty, now.isDisjoint(with: before) { return }
        Thread.sleep(forTimeInterval: 0.02)
      }
      throw TmuxError(message: "nginx kept its old workers after the reload")
    }
  }
}
