import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization

/// What an import is given to read.
///
/// A path, a link followed to what it names (an import never follows one itself), or for `import
/// json` alone standard input (`-`) or a pipe (`<(…)`), read whole into memory (an export piped
/// from another command).
enum ImportPath {
  /// Whether `given` is standard input or a pipe.
  static func isPiped(_ given: String) -> Bool {
    var info = stat()
    return given == "-" || (stat(given, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  /// The path to read for `given`: a link resolved to what it names.
  static func resolved(_ given: String) -> String { Library.resolvedFolder(given) ?? given }

  /// How `given` is named in messages: "standard input" for `-`.
  static func shown(_ given: String) -> String {
    given == "-" ? tr("standard input") : TextSanitizer.clean(given, limit: 300)
  }

  /// Standard input or the pipe `given`, whole, at most `Library.largestExport` bytes.
  ///
  /// A terminal is refused (nothing was piped), and a failed read says why.
  static func read(_ given: String) -> Result<[UInt8], ImportFailure> {
    let source = given == "-" ? STDIN_FILENO : open(given, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else { return .failure(unreadable(given)) }
    defer { if source != STDIN_FILENO { close(source) } }
    guard isatty(source) != 1 else {
      return .failure(ImportFailure(tr("%s is a terminal: pipe an export into it", shown(given))))
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failure(unreadable(given)) }
      if count == 0 { return .success(bytes) }
      bytes += buffer[0..<count]
      guard bytes.count <= Library.largestExport else {
        return .failure(
          ImportFailure(
            tr(
              "%1$s is larger than an export of trending can be (%2$s MiB)", shown(given),
              String(Library.largestExport >> 20))))
      }
    }
  }

  /// Why `given` could not be read: `errno`'s words.
  private static func unreadable(_ given: String) -> ImportFailure {
    ImportFailure(tr("%1$s: %2$s", shown(given), String(cString: strerror(errno))))
  }
}
