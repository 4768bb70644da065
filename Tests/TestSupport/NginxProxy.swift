import Foundation

/// The shipped nginx configuration (deploy/nginx), rendered by the shipped script into a private
/// prefix and run in the foreground on a free loopback port, in front of loopback upstreams.
public final class NginxProxy {
  /// The prefix: configuration, logs, cache.
  public let prefix: URL
  /// The port nginx listens on (127.0.0.1).
  public let port: Int
  /// The tokens file the configuration includes.
  public let tokensFile: URL
  private let pid: pid_t
  private let environment: [String: String]

  /// The API base to give trending.
  public var baseURL: String { "http://127.0.0.1:\(port)/3" }
  /// The image base to give trending.
  public var imageBaseURL: String { "http://127.0.0.1:\(port)/t/p" }

  /// Whether nginx and the script are installed.
  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx")
  }

  /// Renders and starts the proxy; `settings` are the script's variables (LIST_TTL, USER_PER_MINUTE, …).
  public init(
    upstream: LoopbackServer, images: LoopbackServer, key: String, tokens: [String: String],
    settings: [String: String] = [:], tokensText: String? = nil
  ) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trending-nginx-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    prefix = directory.appendingPathComponent("prefix")
    let keyFile = directory.appendingPathComponent("amodb-key")
    try Data("\(key)\n".utf8).write(to: keyFile)
    chmod(keyFile.path, 0o600)
    tokensFile = directory.appendingPathComponent("tokens.map")
    if let tokensText {
      try Data(tokensText.utf8).write(to: tokensFile)
    } else {
      try Self.writeTokens(tokens, to: tokensFile)
    }
    // A port found free may be taken by another test's server before nginx binds it: then nginx
    // never forks its workers (it binds first), and another port is tried.
    var started: (port: Int, pid: pid_t, environment: [String: String])?
    for _ in 0..<3 where started == nil {
      let port = try Self.freePort()
      var environment = ProcessInfo.processInfo.environment
      environment.merge([
        "KEY_FILE": keyFile.path, "TOKENS_FILE": tokensFile.path, "LISTEN": "127.0.0.1:\(port)",
        "UPSTREAM": "http://127.0.0.1:\(upstream.port)", "IMAGE_UPSTREAM": "http://127.0.0.1:\(images.port)",
      ]) { _, new in new }
      environment.merge(settings) { _, new in new }
      let render = try Self.run(
        [Fixtures.packageRoot.appendingPathComponent("deploy/nginx/proxy").path, "render", prefix.path],
        environment: environment)
      guard render.status == 0 else { throw TmuxError(message: "proxy render failed: \(render.output)") }
      let pid = try Self.spawn(
        [
          "/usr/sbin/nginx", "-p", prefix.path + "/", "-e", prefix.path + "/logs/error.log", "-c",
          prefix.path + "/conf/nginx.conf", "-g", "daemon off;",
        ])
      switch Self.forkedWorkers(pid) {
      case true?: started = (port, pid, environment)
      case false?: continue
      case nil:
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
      }
    }
    guard let started else {
      let log = (try? String(contentsOf: prefix.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
      throw TmuxError(message: "nginx did not start on a free port: \(log)")
    }
    (port, pid, self.environment) = started
    try waitUntilListening()
  }

  /// Whether nginx (`pid`) forked its workers, which it does only once its port is bound: true; false
  /// when it exited (and was reaped); nil when it is still there without workers after ten seconds.
  fileprivate static func forkedWorkers(_ pid: pid_t) -> Bool? {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
      if !text.split(separator: " ").isEmpty { return true }
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return nil
  }

  deinit {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    try? FileManager.default.removeItem(at: prefix.deletingLastPathComponent())
  }

  /// Replaces the users and reloads nginx with the shipped script, as an operator would; returns
  /// once the workers that knew the old users have gone.
  public func reload(tokens: [String: String]) throws {
    try Self.writeTokens(tokens, to: tokensFile)
    let before = workers()
    let reload = try reloadAsWritten()
    guard reload.status == 0 else { throw TmuxError(message: "proxy reload failed: \(reload.output)") }
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let now = workers()
      if !now.isEmpty, now.isDisjoint(with: before) { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw TmuxError(message: "nginx kept its old workers after the reload")
  }

  /// Runs the shipped script's `reload` on the tokens file as it is now; its exit status and output.
  public func reloadAsWritten() throws -> (status: Int32, output: String) {
    try Self.run(
      [Fixtures.packageRoot.appendingPathComponent("deploy/nginx/proxy").path, "reload", prefix.path],
      environment: environment)
  }

  /// The pids of nginx's worker processes now.
  public func workers() -> Set<Int> {
    let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return Set(text.split(separator: " ").compactMap { Int($0) })
  }

  /// The worker processes once nginx has forked them (the master answers on its port before, and on
  /// a busy machine a while before); empty only when none came within `seconds`.
  public func startedWorkers(within seconds: TimeInterval = 10) -> Set<Int> {
    let deadline = Date().addingTimeInterval(seconds)
    var found = workers()
    while found.isEmpty, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
      found = workers()
    }
    return found
  }

  /// The access log so far.
  public var accessLog: String {
    (try? String(contentsOf: prefix.appendingPathComponent("logs/access.log"), encoding: .utf8)) ?? ""
  }

  /// The access log once it holds every one of `texts` (nginx writes a request's line after its
  /// answer is sent, so a client can be done before the line is there), or as it is after `seconds`.
  public func accessLog(holding texts: [String], within seconds: TimeInterval = 20) -> String {
    accessLog(within: seconds) { log in texts.allSatisfy(log.contains) }
  }

  /// The access log once `done` says it holds what a test waits for, or as it is after `seconds`.
  public func accessLog(within seconds: TimeInterval = 20, until done: (String) -> Bool) -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var log = accessLog
    while !done(log), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
      log = accessLog
    }
    return log
  }

  /// Everything under the prefix except the key include, as text: logs, cache entries, configuration.
  public func filesExceptTheKeyInclude() throws -> [(path: String, text: String)] {
    let enumerator = FileManager.default.enumerator(at: prefix, includingPropertiesForKeys: nil)
    var files: [(String, String)] = []
    while let url = enumerator?.nextObject() as? URL {
      guard url.lastPathComponent != "amodb-key.conf", let data = try? Data(contentsOf: url) else { continue }
      files.append((url.path, String(decoding: data, as: UTF8.self)))
    }
    return files
  }

  private static func writeTokens(_ tokens: [String: String], to file: URL) throws {
    let lines = tokens.map { "\"Bearer \($0.key)\" \($0.value);" }.sorted()
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
  }

  private func waitUntilListening() throws {
    try Self.waitUntilListening(port: port, log: prefix.appendingPathComponent("logs/error.log"))
  }

  fileprivate static func waitUntilListening(port: Int, log: URL) throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let descriptor = LoopbackPort.connect(port) {
        close(descriptor)
        return
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    throw TmuxError(message: "nginx did not start listening on \(port): \(text)")
  }

  fileprivate static func freePort() throws -> Int {
    let (descriptor, port) = try LoopbackPort.bind()
    close(descriptor)
    return port
  }

  fileprivate static func spawn(_ arguments: [String]) throws -> pid_t {
    try Spawn.start(arguments)
  }

  /// Runs a program with exactly `environment`; its exit status and its output and errors together.
  public static func run(_ arguments: [String], environment: [String: String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.environment = environment
    let output = try PrivatePipe()
    process.standardOutput = output.writing
    process.standardError = output.writing
    try process.run()
    try output.writing.close()
    let data = output.reading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// An HTTPS server on loopback with a self-signed certificate nobody trusts (nginx, with a key
/// and certificate made by openssl): what a man in the middle would present.
public final class UntrustedTLSServer {
  /// Its port on 127.0.0.1.
  public let port: Int
  private let pid: pid_t
  private let directory: URL

  /// Makes the certificate and starts the server.
  public init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trending-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("logs"), withIntermediateDirectories: true)
    let made = try NginxProxy.run(
      [
        "/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1",
        "-keyout", directory.appendingPathComponent("key.pem").path, "-out",
        directory.appendingPathComponent("cert.pem").path,
      ], environment: ProcessInfo.processInfo.environment)
    guard made.status == 0 else { throw TmuxError(message: "openssl failed: \(made.output)") }
    // As the proxy: a port taken before nginx binds it means another port (nginx forks no workers).
    var started: (port: Int, pid: pid_t)?
    for _ in 0..<3 where started == nil {
      let port = try NginxProxy.freePort()
      let user = getuid() == 0 ? "user root;" : ""
      let configuration = """
        \(user)
        pid nginx.pid;
        events { worker_connections 64; }
        http {
          client_body_temp_path logs; proxy_temp_path logs; fastcgi_temp_path logs; uwsgi_temp_path logs;
          scgi_temp_path logs; access_log off;
          server {
            listen 127.0.0.1:\(port) ssl;
            ssl_certificate cert.pem;
            ssl_certificate_key key.pem;
            location / { default_type application/json; return 200 '{"page":1,"results":[]}'; }
          }
        }
        """
      let file = directory.appendingPathComponent("nginx.conf")
      try Data(configuration.utf8).write(to: file)
      let pid = try NginxProxy.spawn([
        "/usr/sbin/nginx", "-p", directory.path + "/", "-e", directory.appendingPathComponent("logs/error.log").path,
        "-c", file.path, "-g", "daemon off;",
      ])
      switch NginxProxy.forkedWorkers(pid) {
      case true?: started = (port, pid)
      case false?: continue
      case nil:
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
      }
    }
    guard let started else { throw TmuxError(message: "nginx (TLS) did not start on a free port") }
    (port, pid) = started
    try NginxProxy.waitUntilListening(port: port, log: directory.appendingPathComponent("logs/error.log"))
  }

  deinit {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    try? FileManager.default.removeItem(at: directory)
  }
}
