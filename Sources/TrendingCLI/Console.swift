import AmodbKit

#if canImport(Glibc)
  import Glibc
#endif

/// A write to standard output or error that did not go through.
public struct WriteFailure: Error, Equatable, Sendable {
  /// The C library's description of why, e.g. "No space left on device".
  public var reason: String
}

/// The program's only way to standard output and error: unbuffered, every write checked.
///
/// A closed pipe ends the process with SIGPIPE (exit 141, silent), as shell tools do; any other
/// failure (a full disk, a closed descriptor) is thrown so the command can exit 1 and say so.
public enum Console {
  /// Fills closed standard descriptors with /dev/null opened read-only, before anything else opens
  /// a file or socket: otherwise a socket could become descriptor 1 and receive our output. Writes
  /// to such a placeholder fail (EBADF), so a closed stdout is still reported as a failure.
  public static func reserveStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      let placeholder = open("/dev/null", O_RDONLY)
      if placeholder >= 0, placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
      }
    }
  }

  /// Writes `text` and a newline to standard output, cleaned of escape sequences and controls.
  ///
  /// Every command's text, CSV and JSON comes this way, and much of it is the user's or the
  /// network's (titles, notes, list names): none of it may act on the terminal. Tabs, line breaks
  /// and CRLF stay (`TextSanitizer.cleanOutput`); JSON has its controls escaped before it comes here.
  public static func out(_ text: String) throws(WriteFailure) {
    try write(TextSanitizer.cleanOutput(text + "\n"), to: STDOUT_FILENO)
  }

  /// Writes "trending: MESSAGE" on one line to standard error, cleaned of control characters.
  ///
  /// Messages echo arguments and environment values; they go through the sanitizer the data does.
  @discardableResult
  public static func error(_ message: String) -> Bool {
    let line = "trending: " + TextSanitizer.clean(message, limit: 1_000) + "\n"
    return (try? write(line, to: STDERR_FILENO)) != nil
  }

  /// Whether standard error is a terminal that can take a line redrawn in place (`\r`, erase to
  /// its end): not a file, a pipe, or `TERM=dumb`.
  static var redrawsErrorLine: Bool {
    isatty(STDERR_FILENO) == 1 && getenv("TERM").map { String(cString: $0) } != "dumb"
  }

  /// Writes all of `text` to a descriptor, retrying short and interrupted writes.
  static func write(_ text: String, to descriptor: Int32) throws(WriteFailure) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { raw in
        Glibc.write(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        // A closed pipe with SIGPIPE ignored (a parent's `trap '' PIPE` is inherited): the process
        // ends as the signal would have ended it, silent, exit 141.
        if errno == EPIPE {
          signal(SIGPIPE, SIG_DFL)
          raise(SIGPIPE)
        }
        throw WriteFailure(reason: String(cString: strerror(errno)))
      }
      offset += written
    }
  }
}
