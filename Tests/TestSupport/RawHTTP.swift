import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP/1.1 exchange written byte for byte on a loopback socket: any method, any header,
/// any body, as a hostile client would send them.
public enum RawHTTP {
  /// An answer as it came back.
  public struct Answer: Sendable {
    /// The status code (0 when the answer could not be read).
    public var status: Int
    /// The head: status line and headers.
    public var head: String
    /// The body.
    public var body: String
  }

  /// Sends `method target` with `headers` and `body` to 127.0.0.1:`port` and reads until the server closes.
  public static func exchange(
    port: Int, method: String, target: String, headers: [String] = [], body: String = ""
  ) throws -> Answer {
    guard let fd = LoopbackPort.connect(port) else { throw POSIXError(.ECONNREFUSED) }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + headers
    if !body.isEmpty { lines.append("Content-Length: \(body.utf8.count)") }
    let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &chunk, chunk.count, 0)
      if count <= 0 { break }
      received += chunk[0..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts.first ?? ""
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return Answer(status: status, head: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
  }
}
