import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization

/// Where the passphrase of TV Time's protected zip comes from, asked only when an entry is
/// encrypted: the file `TRENDING_TVTIME_PASSPHRASE_FILE` (or `set tvtime-passphrase-file PATH`)
/// names (the user's own, which no one else may read), else typed on the terminal with nothing echoed. Never an argument, never shown,
/// logged or written; kept as bytes and wiped once handed on.
enum TVTimePassphrase {
  /// The variable naming the file that holds the passphrase.
  static let variable = "TRENDING_TVTIME_PASSPHRASE_FILE"
  /// The longest passphrase taken, in bytes.
  static let longest = 1024

  /// The passphrase of the zip at `path`: the named file's, else asked on the terminal, else a
  /// failure saying how to give it.
  static func source(for path: String, environment: [String: String]) -> ArchivePassphrase {
    let shown = TextSanitizer.clean(path, limit: 300)
    return {
      if let file = environment[variable], !file.isEmpty { return try read(expanded(file, environment)) }
      guard isatty(STDIN_FILENO) == 1 else {
        throw ImportFailure(
          tr(
            "%1$s is protected by a passphrase: run the import on a terminal to type it, or name a file holding it (yours alone, mode 600) in %2$s",
            shown, variable))
      }
      return try ask(tr("Passphrase of %s (not shown): ", shown))
    }
  }

  /// `~/…` with the home folder (a settings file's path may start so).
  static func expanded(_ path: String, _ environment: [String: String]) -> String {
    Setup.expandingHome(path, environment: environment)
  }

  /// The passphrase in the file at `path` (a trailing line end is not part of it); refused unless
  /// it is a regular file of the user's that no one else may read or write.
  static func read(_ path: String) throws -> [UInt8] {
    let shown = TextSanitizer.clean(path, limit: 300)
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw ImportFailure(tr("%1$s: %2$s", shown, String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw ImportFailure(tr("%s is not a regular file", shown))
    }
    guard info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
      throw ImportFailure(
        tr(
          "%1$s may be read by others (mode %2$s, owner %3$s): a passphrase file must be yours alone (chmod 600)",
          shown, String(info.st_mode & 0o777, radix: 8), String(info.st_uid)))
    }
    var buffer = [UInt8](repeating: 0, count: longest + 2)
    defer { ZipArchive.wipe(&buffer) }
    var count = 0
    while count < buffer.count {
      let got = buffer.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress?.advanced(by: count), $0.count - count)
      }
      if got == 0 { break }
      guard got > 0 || errno == EINTR else {
        throw ImportFailure(tr("%1$s: %2$s", shown, String(cString: strerror(errno))))
      }
      count += max(got, 0)
    }
    if count > 0, buffer[count - 1] == 0x0a { count -= 1 }
    if count > 0, buffer[count - 1] == 0x0d { count -= 1 }
    guard count <= longest else {
      throw ImportFailure(tr("%1$s holds more than %2$s bytes: not a passphrase", shown, String(longest)))
    }
    guard count > 0 else { throw ImportFailure(tr("%s is empty: no passphrase in it", shown)) }
    return Array(buffer[0..<count])
  }

  /// The passphrase typed on the terminal after `prompt` (on standard error), echoing nothing;
  /// Backspace and Ctrl-U edit, Enter ends, Ctrl-C or Ctrl-D cancels. The terminal's modes come back
  /// however it ends.
  static func ask(_ prompt: String) throws -> [UInt8] {
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
      throw ImportFailure(tr("the terminal's modes could not be read: %s", String(cString: strerror(errno))))
    }
    var quiet = saved
    // No echo, a byte at a time, and Ctrl-C a key rather than a signal, so the modes come back.
    quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    withUnsafeMutableBytes(of: &quiet.c_cc) { cells in
      cells[Int(VMIN)] = 1
      cells[Int(VTIME)] = 0
    }
    try? Console.write(prompt, to: STDERR_FILENO)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else {
      throw ImportFailure(tr("the terminal's modes could not be set: %s", String(cString: strerror(errno))))
    }
    defer {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
      try? Console.write("\n", to: STDERR_FILENO)
    }
    var secret: [UInt8] = []
    // Room for it all at once, so no copy is left behind by a growing array.
    secret.reserveCapacity(longest + 1)
    while true {
      var byte: UInt8 = 0
      let got = Glibc.read(STDIN_FILENO, &byte, 1)
      if got < 0, errno == EINTR { continue }
      guard got == 1 else {
        ZipArchive.wipe(&secret)
        throw ImportFailure(tr("no passphrase was typed; nothing was changed"))
      }
      switch byte {
      case 0x0a, 0x0d:
        guard !secret.isEmpty else { continue }
        return secret
      case 0x03, 0x04:
        ZipArchive.wipe(&secret)
        // ^C or ^D: let go, whatever was typed.
        throw ImportFailure(tr("the passphrase was not given; nothing was changed"))
      case 0x7f, 0x08:
        // One character, however many bytes of UTF-8 it took.
        while let last = secret.popLast(), last & 0xc0 == 0x80 {}
      case 0x15: ZipArchive.wipe(&secret)
      default:
        guard secret.count < longest else { continue }
        secret.append(byte)
      }
    }
  }
}
