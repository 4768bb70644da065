import FoundationEssentials
import Glibc
import TrendingCore

/// Asks a terminal what the browser asks it, outside ncurses, for `trending doctor`.
///
/// XTVERSION, the background, the cell size and DA1 go out in raw mode; answers are read until
/// DA1 or the deadline.
public enum TerminalQuery {
  /// The answers in `bytes` (what the terminal wrote), in order: pure, so replies are testable.
  public static func replies(in bytes: [UInt8]) -> [TerminalReply] {
    let codes = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value))
    var found: [TerminalReply] = []
    var index = 0
    while index < codes.count {
      guard codes[index] == 0x1B, case .reply(let reply, let length)? = TerminalReply.parse(codes[(index + 1)...])
      else {
        index += 1
        continue
      }
      found.append(reply)
      index += 1 + length
    }
    return found
  }

  /// The terminal's answers within `timeout` seconds, its modes restored; nil when not a terminal.
  public static func ask(descriptor: Int32, timeout: Double = 1) -> [TerminalReply]? {
    guard isatty(descriptor) == 1 else { return nil }
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
    defer { tcsetattr(descriptor, TCSAFLUSH, &saved) }
    let question = Array(TerminalReply.questions.utf8)
    guard question.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == question.count else { return [] }
    var bytes: [UInt8] = []
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 512)
    while bytes.count < 4096 {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { break }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32(left * 1000) + 1)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
      if replies(in: bytes).contains(where: { if case .deviceAttributes = $0 { return true } else { return false } }) {
        break
      }
    }
    return replies(in: bytes)
  }
}
