import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization

/// The file an import reads, as its path was given: a link followed to what it names (an import
/// never follows one itself), and `-` for `import json` standard input, kept in a private
/// temporary file while the import runs (an export piped from another command).
struct ImportPath {
  /// The path to read.
  let path: String
  /// The temporary file holding standard input, removed by `remove()`.
  private let temporary: String?

  /// The path for `given`, or why it cannot be read.
  static func given(_ given: String, kind: ImportKind) -> Result<ImportPath, ImportFailure> {
    var info = stat()
    let piped = given == "-" || (stat(given, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    guard piped else { return .success(ImportPath(path: Library.resolvedFolder(given) ?? given, temporary: nil)) }
    guard kind == .json else {
      return .failure(
        ImportFailure(
          tr("a pipe or standard input is read by 'trending import json' only; give the export's file or folder")))
    }
    let source = given == "-" ? STDIN_FILENO : open(given, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else { return .failure(unreadable(given)) }
    defer { if source != STDIN_FILENO { close(source) } }
    let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((folder + "/trending-import-XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { return .failure(unreadable(given)) }
    let path = String(cString: template)
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var total = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count == 0 { break }
      total += max(count, 0)
      let written = count > 0 ? buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, count) } : -1
      guard written == count, total <= Library.largestExport else {
        let failure =
          total > Library.largestExport
          ? ImportFailure(
            tr(
              "%1$s is larger than an export of trending can be (%2$s MiB)", shown(given),
              String(Library.largestExport >> 20)))
          : unreadable(given)
        unlink(path)
        return .failure(failure)
      }
    }
    return .success(ImportPath(path: path, temporary: path))
  }

  /// "standard input" for `-`, else the path, cleaned.
  private static func shown(_ given: String) -> String {
    given == "-" ? tr("standard input") : TextSanitizer.clean(given, limit: 300)
  }

  /// Why `given` could not be read: `errno`'s words.
  private static func unreadable(_ given: String) -> ImportFailure {
    ImportFailure(tr("%1$s: %2$s", shown(given), String(cString: strerror(errno))))
  }

  /// Removes the temporary file, if any.
  func remove() {
    if let temporary { unlink(temporary) }
  }
}
