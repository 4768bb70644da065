import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// A media server's token: from its variable (`JELLYFIN_TOKEN`), else from the file the settings
/// name (`set jellyfin-token-file PATH`), which only its owner may read. Never from an argument,
/// and never written anywhere.
enum MediaServerToken {
  /// The largest token file read.
  static let largestFile = 4_096

  /// The token, or why there is none, in words that never hold it.
  static func read(_ server: MediaServer, environment: [String: String]) -> Result<String, UsageError> {
    if let given = environment[server.tokenVariable], !given.trimmingSpaces().isEmpty {
      return checked(given.trimmingSpaces(), from: server.tokenVariable)
    }
    guard let named = environment[server.tokenFileVariable], !named.isEmpty else {
      return .failure(
        UsageError(
          message: tr(
            "no %1$s token: set %2$s, or name a file only you can read (mode 0600) with 'set %3$s PATH' in the settings",
            server.name, server.tokenVariable, server.tokenSetting)))
    }
    let path = expanded(named, environment: environment)
    let shown = TextSanitizer.clean(path, limit: 300)
    switch contents(of: path) {
    case .success(let text): return checked(text.trimmingSpaces(), from: shown)
    case .failure(let problem): return .failure(UsageError(message: tr("%1$s: %2$s", shown, problem.reason)))
    }
  }

  /// A token that can go into a header as it is: printable ASCII without quotes or backslashes.
  static func checked(_ token: String, from source: String) -> Result<String, UsageError> {
    let usable =
      (1...1_024).contains(token.utf8.count)
      && token.utf8.allSatisfy { (0x21...0x7e).contains($0) && $0 != 0x22 && $0 != 0x5c }
    guard usable else {
      return .failure(
        UsageError(message: tr("the token in %s cannot be used: a token is one word of printable characters", source)))
    }
    return .success(token)
  }

  /// Why a token file was not read.
  struct Problem: Error {
    /// In words for the user.
    var reason: String
  }

  /// `~/…` with the home folder.
  static func expanded(_ path: String, environment: [String: String]) -> String {
    Setup.expandingHome(path, environment: environment)
  }

  /// The file's text: a regular file (not through a link at its last step), the user's own, that
  /// no one else may read or write, of at most `largestFile` bytes, in UTF-8.
  static func contents(of path: String) -> Result<String, Problem> {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Problem(reason: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(Problem(reason: tr("not a file")))
    }
    guard info.st_uid == getuid() else { return .failure(Problem(reason: tr("the file must be yours"))) }
    guard info.st_mode & 0o077 == 0 else {
      let mode = String(info.st_mode & 0o777, radix: 8)
      return .failure(Problem(reason: tr("others may read the file (mode %s): chmod 600 it", "0" + mode)))
    }
    guard Int(info.st_size) <= largestFile else {
      return .failure(Problem(reason: tr("larger than %s bytes: not a token", String(largestFile))))
    }
    var bytes = [UInt8](repeating: 0, count: largestFile + 1)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { return .failure(Problem(reason: String(cString: strerror(errno)))) }
    guard count <= largestFile else {
      return .failure(Problem(reason: tr("larger than %s bytes: not a token", String(largestFile))))
    }
    let text = String(decoding: bytes.prefix(count), as: UTF8.self)
    // The buffer held the token: wiped before it is let go.
    bytes.withUnsafeMutableBytes { buffer in
      if let start = buffer.baseAddress { memset(start, 0, buffer.count) }
    }
    return .success(text)
  }
}
