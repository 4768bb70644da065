import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real Syncthing on loopback: its own home and shared folder in a temporary directory, discovery,
/// relays, NAT, usage and crash reports and upgrades off, talking only to the peer it is paired with.
public final class Syncthing {
  /// The id of the folder both instances share.
  public static let folderID = "trending"
  /// The folder it carries, empty but for Syncthing's marker at first.
  public let folder: URL
  /// Its device id, as `syncthing generate` printed it.
  public let deviceID: String
  /// The port its REST API listens on (127.0.0.1).
  public let guiPort: Int
  /// The port its sync protocol listens on (127.0.0.1).
  public let listenPort: Int
  private let directory: URL
  private let home: URL
  private let program: String
  private let apiKey: String
  private var pid: pid_t?

  /// Two instances, each knowing the other at its loopback address and sharing one folder with it.
  public static func pair() throws -> (Syncthing, Syncthing) {
    let first = try Syncthing()
    let second = try Syncthing()
    try first.configure(peer: second)
    try second.configure(peer: first)
    return (first, second)
  }

  /// Generates keys and a device id in a new home, and makes its shared folder; fails when Syncthing
  /// is not installed.
  public init() throws {
    guard let program = Self.locate("syncthing") else {
      throw TmuxError(message: "syncthing is not installed: `make setup` installs it (Debian's package syncthing)")
    }
    self.program = program
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trending-syncthing-\(UUID().uuidString)")
    home = directory.appendingPathComponent("home")
    folder = directory.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    chmod(directory.path, 0o700)
    // The marker Syncthing wants in a folder before it syncs it.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
    let generated = try BinaryRunner.program(
      program, ["generate", "--home", home.path, "--no-default-folder"], environment: ["HOME": directory.path])
    let output = generated.stdout + generated.stderr
    guard generated.status == 0,
      let line = output.split(separator: "\n").first(where: { $0.contains("Device ID:") }),
      let id = line.split(separator: " ").last
    else { throw TmuxError(message: "syncthing generate failed (\(generated.status)): \(output)") }
    deviceID = String(id)
    apiKey = UUID().uuidString.replacingOccurrences(of: "-", with: "")
    guiPort = try Self.freePort()
    listenPort = try Self.freePort()
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Replaces the generated configuration with one that shares the folder with `peer` only.
  public func configure(peer: Syncthing) throws {
    try Data(configuration(peer: peer).utf8).write(to: home.appendingPathComponent("config.xml"))
  }

  /// The configuration: the folder rescanned and watched closely, `peer` at its static loopback address,
  /// the REST API on loopback behind a key, nothing that would reach past loopback.
  private func configuration(peer: Syncthing) -> String {
    """
    <configuration version="36">
        <folder id="\(Self.folderID)" label="trending" path="\(Self.escaped(folder.path))" type="sendreceive" \
    rescanIntervalS="2" fsWatcherEnabled="true" fsWatcherDelayS="1">
            <device id="\(deviceID)"></device>
            <device id="\(peer.deviceID)"></device>
        </folder>
        <device id="\(deviceID)" name="this"><address>dynamic</address></device>
        <device id="\(peer.deviceID)" name="peer"><address>tcp://127.0.0.1:\(peer.listenPort)</address></device>
        <gui enabled="true" tls="false">
            <address>127.0.0.1:\(guiPort)</address>
            <apikey>\(apiKey)</apikey>
        </gui>
        <options>
            <listenAddress>tcp://127.0.0.1:\(listenPort)</listenAddress>
            <globalAnnounceServer></globalAnnounceServer>
            <globalAnnounceEnabled>false</globalAnnounceEnabled>
            <localAnnounceEnabled>false</localAnnounceEnabled>
            <relaysEnabled>false</relaysEnabled>
            <natEnabled>false</natEnabled>
            <urAccepted>-1</urAccepted>
            <crashReportingEnabled>false</crashReportingEnabled>
            <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
            <startBrowser>false</startBrowser>
            <announceLANAddresses>false</announceLANAddresses>
            <reconnectionIntervalS>1</reconnectionIntervalS>
        </options>
    </configuration>

    """
  }

  /// Starts it and returns once its REST API answers; throws with its log if it exits first.
  public func start(timeout: TimeInterval = 30) throws {
    guard pid == nil else { return }
    var environment = ProcessInfo.processInfo.environment
    environment.merge(["HOME": directory.path, "STNOUPGRADE": "1", "STNORESTART": "1"]) { $1 }
    pid = try Spawn.start(
      [
        program, "serve", "--home", home.path, "--no-browser", "--no-restart", "--no-upgrade",
        "--logfile", logFile.path,
      ], environment: environment)
    try waitUntil("its REST API to answer", timeout: timeout) { (try? get("/rest/system/status")) != nil }
  }

  /// Stops it (SIGTERM, which its monitor passes on) and waits for it to exit.
  public func stop() {
    guard let pid else { return }
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    self.pid = nil
  }

  /// Waits until it reports a connection to `peer`.
  public func waitUntilConnected(to peer: Syncthing, timeout: TimeInterval = 30) throws {
    try waitUntil("a connection to \(peer.deviceID)", timeout: timeout) {
      let connections = try get("/rest/system/connections")["connections"] as? [String: Any]
      return (connections?[peer.deviceID] as? [String: Any])?["connected"] as? Bool == true
    }
  }

  /// Waits until both hold the same files and both report the folder idle, nothing needed, every file
  /// local and the peer complete: what one wrote has reached the other.
  public static func waitUntilConverged(_ first: Syncthing, _ second: Syncthing, timeout: TimeInterval = 40) throws {
    try first.waitUntil("the folders to converge", timeout: timeout, also: second) {
      let files = first.files()
      guard files == second.files() else { return false }
      for (this, peer) in [(first, second), (second, first)] {
        let status = try this.get("/rest/db/status?folder=\(folderID)")
        let completion = try this.get("/rest/db/completion?folder=\(folderID)&device=\(peer.deviceID)")
        guard status["state"] as? String == "idle", status["needTotalItems"] as? Int == 0,
          status["pullErrors"] as? Int == 0, status["localFiles"] as? Int == files.count,
          status["globalFiles"] as? Int == files.count, completion["completion"] as? Double == 100,
          completion["needItems"] as? Int == 0
        else { return false }
      }
      return true
    }
  }

  /// The files in the folder that are not Syncthing's or in transfer (no part of the path starting with
  /// a dot), by path, with their sizes.
  public func files() -> [String: Int] {
    var found: [String: Int] = [:]
    let enumerator = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey], options: [.skipsHiddenFiles])
    while let url = enumerator?.nextObject() as? URL {
      guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
        values.isRegularFile == true
      else { continue }
      found[String(url.path.dropFirst(folder.path.count))] = values.fileSize ?? 0
    }
    return found
  }

  /// The end of its log, for a failure's message.
  public var logTail: String {
    let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").suffix(15).joined(separator: "\n")
  }

  private var logFile: URL { directory.appendingPathComponent("syncthing.log") }

  /// A REST call's JSON object; the key goes in a header, never in the URL.
  private func get(_ target: String) throws -> [String: Any] {
    guard let descriptor = LoopbackPort.connect(guiPort) else { throw POSIXError(.ECONNREFUSED) }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    // HTTP/1.0: the answer is never chunked and ends when the connection closes.
    let request = Array("GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\nX-API-Key: \(apiKey)\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while received.count < 4_194_304 {
      let count = recv(descriptor, &chunk, chunk.count, 0)
      if count <= 0 { break }
      received += chunk[0..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n"), text.hasPrefix("HTTP/1.0 200") || text.hasPrefix("HTTP/1.1 200"),
      let object = try JSONSerialization.jsonObject(with: Data(text[split.upperBound...].utf8)) as? [String: Any]
    else { throw TmuxError(message: "syncthing answered \(target) with: \(text.prefix(200))") }
    return object
  }

  /// Polls `condition` (errors count as not yet) until it holds; throws with both logs when it never does.
  private func waitUntil(
    _ what: String, timeout: TimeInterval, also other: Syncthing? = nil, _ condition: () throws -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if (try? condition()) == true { return }
      for instance in [self] + (other.map { [$0] } ?? []) where !instance.isRunning {
        throw TmuxError(
          message: "syncthing \(instance.deviceID.prefix(7)) is not running, waiting for \(what); its log:\n"
            + instance.logTail)
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    let logs = ([self] + (other.map { [$0] } ?? [])).map { "\($0.deviceID.prefix(7)):\n\($0.logTail)" }
    throw TmuxError(message: "syncthing: no \(what) in \(Int(timeout)) s; logs:\n\(logs.joined(separator: "\n"))")
  }

  /// Whether the process started is still running.
  private var isRunning: Bool {
    guard let pid else { return false }
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == 0
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  private static func locate(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
  }

  private static func freePort() throws -> Int {
    let (descriptor, port) = try LoopbackPort.bind()
    close(descriptor)
    return port
  }
}
