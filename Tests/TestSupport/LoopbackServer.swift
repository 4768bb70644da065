import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: real sockets, scripted answers, recorded requests.
public final class LoopbackServer: Sendable {
  /// A request as the server received it.
  public struct Request: Sendable {
    /// The method: GET, HEAD, POST…
    public var method: String = "GET"
    /// The request target: path and query.
    public var target: String
    /// Header names lowercased.
    public var headers: [String: String]
    /// The body, as many bytes as `Content-Length` said (empty without one).
    public var body = Data()

    /// The path without the query.
    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

    /// The value of a query item.
    public func query(_ name: String) -> String? {
      URLComponents(string: target)?.queryItems?.first { $0.name == name }?.value
    }
  }

  /// What the server does with one request.
  public enum Reply: Sendable {
    /// Sends a complete response.
    case respond(status: Int, headers: [String: String] = [:], body: Data)
    /// Waits, then sends the response.
    case delayed(seconds: Double, status: Int, body: Data)
    /// Sends headers announcing `declaredLength` bytes, then `body`, then closes.
    case truncated(status: Int, declaredLength: Int, body: Data)
    /// Sends headers and part of the body, then resets the connection (TCP RST).
    case reset(status: Int, declaredLength: Int, body: Data)
    /// Sends headers, then never anything more until the server stops.
    case stallAfterHeaders
    /// Accepts and reads the request, then never answers.
    case stall
    /// Streams `count` bytes of a JSON-looking body without a length, then closes.
    case huge(count: Int)
    /// Announces 1,000 bytes, then sends one every `interval` seconds (a dribbling server).
    case dribble(interval: Double)
    /// A chunked body that never ends (until the client goes or 30 s pass).
    case endlessChunks

    /// A JSON response.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
      .respond(
        status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
        body: Data(text.utf8))
    }
  }

  /// The port the server listens on.
  public let port: Int
  private let listener: Int32
  private let handler: @Sendable (Request) -> Reply
  private let received = Mutex<[Request]>([])
  private let stopped = Atomic<Bool>(false)

  /// The loopback address it listens on, e.g. 127.0.0.1 or 127.0.0.2.
  public let host: String

  /// The base URL of the API, with the `/3` prefix amodb uses.
  public var baseURL: URL { URL(string: "http://\(host):\(port)/3") ?? URL(fileURLWithPath: "/") }

  /// Every request received so far.
  public var requests: [Request] { received.withLock { $0 } }

  /// Starts a server whose answers come from `handler`.
  public init(host: String = "127.0.0.1", handler: @escaping @Sendable (Request) -> Reply) throws {
    precondition(host.hasPrefix("127."), "test servers listen on loopback only")
    self.host = host
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr(host)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = Int(UInt16(bigEndian: address.sin_port))
    self.handler = handler
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit {
    stop()
  }

  /// Stops accepting; connections still open are closed as their handlers finish.
  public func stop() {
    guard !stopped.exchange(true, ordering: .relaxed) else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// How many requests arrived for paths starting with `prefix`.
  public func count(_ prefix: String) -> Int {
    requests.filter { $0.path.hasPrefix(prefix) }.count
  }

  private func acceptLoop() {
    while !stopped.load(ordering: .relaxed) {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        return
      }
      // Not inherited by the tmux servers and nginx other tests spawn meanwhile.
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let thread = Thread { [self] in serve(client) }
      thread.start()
    }
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      // One connection may carry several requests (keep-alive).
      var headerEnd: Int?
      while headerEnd == nil {
        let count = read(client, &chunk, chunk.count)
        if count <= 0 { return }
        buffer += chunk[0..<count]
        headerEnd = Self.find([13, 10, 13, 10], in: buffer)
      }
      guard let end = headerEnd else { return }
      let head = String(decoding: buffer[0..<end], as: UTF8.self)
      buffer.removeFirst(end + 4)
      guard var request = Self.parse(head) else { return }
      let length = min(Int(request.headers["content-length"] ?? "") ?? 0, 16_000_000)
      while buffer.count < length {
        let count = read(client, &chunk, chunk.count)
        if count <= 0 { return }
        buffer += chunk[0..<count]
      }
      request.body = Data(buffer.prefix(length))
      buffer.removeFirst(length)
      received.withLock { $0.append(request) }
      guard respond(to: request, on: client) else { return }
    }
  }

  /// Sends the scripted reply; returns whether the connection may carry another request.
  private func respond(to request: Request, on client: Int32) -> Bool {
    switch handler(request) {
    case .respond(let status, let headers, let body):
      return write(client, head(status: status, headers: headers, length: body.count)) && write(client, body)
    case .delayed(let seconds, let status, let body):
      Thread.sleep(forTimeInterval: seconds)
      return write(client, head(status: status, headers: [:], length: body.count)) && write(client, body)
    case .truncated(let status, let declared, let body):
      _ = write(client, head(status: status, headers: [:], length: declared))
      _ = write(client, body)
      return false
    case .reset(let status, let declared, let body):
      _ = write(client, head(status: status, headers: [:], length: declared))
      _ = write(client, body)
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
      return false
    case .stallAfterHeaders:
      _ = write(client, head(status: 200, headers: [:], length: 1000))
      waitUntilStopped()
      return false
    case .stall:
      waitUntilStopped()
      return false
    case .huge(let count):
      _ = write(client, Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8))
      let block = Data(repeating: 0x20, count: 64 * 1024)
      var sent = 0
      while sent < count, write(client, block) { sent += block.count }
      return false
    case .dribble(let interval):
      _ = write(client, head(status: 200, headers: ["Content-Type": "application/json"], length: 1_000))
      let deadline = Date().addingTimeInterval(30)
      while !stopped.load(ordering: .relaxed), Date() < deadline, write(client, Data(" ".utf8)) {
        Thread.sleep(forTimeInterval: interval)
      }
      return false
    case .endlessChunks:
      _ = write(
        client, Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
      let chunk = Data("10000\r\n".utf8) + Data(repeating: 0x20, count: 0x10000) + Data("\r\n".utf8)
      let deadline = Date().addingTimeInterval(30)
      while !stopped.load(ordering: .relaxed), Date() < deadline, write(client, chunk) {}
      return false
    }
  }

  private func waitUntilStopped() {
    let deadline = Date().addingTimeInterval(30)
    while !stopped.load(ordering: .relaxed), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
  }

  private func head(status: Int, headers: [String: String], length: Int) -> Data {
    var text = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\nContent-Length: \(length)\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    return Data((text + "\r\n").utf8)
  }

  private func write(_ client: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let count = send(client, raw.baseAddress?.advanced(by: offset), raw.count - offset, Int32(MSG_NOSIGNAL))
        if count <= 0 { return false }
        offset += count
      }
      return true
    }
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for index in 0...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle)
    {
      return index
    }
    return nil
  }

  private static func parse(_ head: String) -> Request? {
    let lines = head.components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
  }
}

/// A loopback port bound but never listening: connections to it are refused, and no other test's
/// server can take the port while this lives (a stopped server's port can be handed out again).
public final class RefusingPort: Sendable {
  /// The port.
  public let port: Int
  private let descriptor: Int32

  /// Binds a free port on 127.0.0.1 without listening.
  public init() throws {
    (descriptor, port) = try LoopbackPort.bind()
  }

  /// The API base URL on this port.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/3") ?? URL(fileURLWithPath: "/") }

  deinit {
    close(descriptor)
  }
}

/// Free ports on loopback.
enum LoopbackPort {
  /// A TCP socket connected to 127.0.0.1:`port`, or nil when nothing listens there.
  static func connect(_ port: Int) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// A TCP socket bound to a free port on 127.0.0.1 (not listening), and the port.
  static func bind() throws -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }
}
