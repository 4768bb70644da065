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
    // Standard input through a copy of its descriptor: the source closes what it reads.
    let descriptor = given == "-" ? dup(STDIN_FILENO) : open(given, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(unreadable(given)) }
    guard isatty(descriptor) != 1 else {
      close(descriptor)
      return .failure(ImportFailure(tr("%s is a terminal: pipe an export into it", shown(given))))
    }
    var source = FileSource(descriptor: descriptor, name: shown(given))
    do {
      return .success(try source.readAll(cap: Library.largestExport, name: shown(given)))
    } catch {
      return .failure((error as? ImportFailure) ?? ImportFailure(String(describing: error)))
    }
  }

  /// Why `given` could not be read: `errno`'s words.
  private static func unreadable(_ given: String) -> ImportFailure {
    ImportFailure(tr("%1$s: %2$s", shown(given), String(cString: strerror(errno))))
  }
}
