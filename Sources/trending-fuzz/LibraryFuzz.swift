// The fuzz targets that read the user's library: `library` (any bytes as the library file) and
// `importjson` (any bytes as a file for `trending import json`).
import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit

/// A private folder (0700) for the library files, made once per process and removed at its exit:
/// in /dev/shm when there is one, so the library's syncs cost no disk.
let fuzzFolder: String = {
  let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
  var template = Array((base + "/trending-fuzz.XXXXXX").utf8CString)
  guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) else {
    fatalError("trending-fuzz: could not make a folder in \(base)")
  }
  atexit { removeFuzzFolder() }
  return String(cString: made)
}()

/// Removes the folder and everything the targets made in it (libraries, the sync folder).
func removeFuzzFolder() {
  try? FileManager.default.removeItem(atPath: fuzzFolder)
}

/// The moment the fuzzed libraries are opened at.
let fuzzNow = Date(timeIntervalSince1970: 1_790_000_000)

/// The film the `library` target records a watch of.
let fuzzWatched = TitleInfo(media: .film(550), title: "Fight Club", year: 1999, genres: ["Drama"], runtime: 139)

/// Library files: any bytes either open as a library or are refused with a LibraryError, and a
/// refused file (or one opened read-only) is left byte for byte as it was. One that opens answers
/// the reads the commands make and takes a watch, which changes no list (a stored trigger never runs).
func fuzzLibrary(_ data: Data) {
  let path = fuzzFolder + "/library.sqlite3"
  for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  writeFile(path, data)
  let library: Library
  do {
    library = try Library(path: URL(filePath: path), now: fuzzNow, busyMilliseconds: 50)
  } catch {
    precondition(readFile(path) == data, "a refused library file was changed")
    return
  }
  _ = try? library.marks()
  _ = try? library.stats()
  _ = try? library.stats(year: 2024)
  _ = try? library.lists()
  _ = try? library.history()
  _ = try? library.exportJSON(now: "2026-09-21T00:00:00Z")
  _ = try? library.check()
  let listed = try? library.lists().map { [$0.name: $0.count] }
  do {
    try library.watch(fuzzWatched, on: "2026-09-20", recorded: "2026-09-21")
    precondition(!library.isReadOnly, "a read-only library took a watch")
    if let listed, let now = try? library.lists().map({ [$0.name: $0.count] }) {
      precondition(now == listed, "a watch changed a list")
    }
  } catch {
    // Refused (read-only, damaged, or a table that is not as ours): nothing to check but that it threw.
  }
  if library.isReadOnly {
    precondition(readFile(path) == data, "a library opened read-only was changed")
  }
}

/// The empty library the `importjson` target imports into, made once per process; every import is
/// a dry run, so it stays empty.
nonisolated(unsafe) let fuzzImportLibrary: Library = {
  let path = fuzzFolder + "/import.sqlite3"
  do {
    return try Library(path: URL(filePath: path), now: fuzzNow, busyMilliseconds: 50)
  } catch let error as LibraryError {
    fatalError("trending-fuzz: could not make the library to import into: \(error.message)")
  } catch {
    fatalError("trending-fuzz: could not make the library to import into: \(error)")
  }
}()

/// What the empty library exports, to tell that a dry run left it as it was.
let fuzzEmptyExport = try? fuzzImportLibrary.exportJSON(now: "2026-09-21T00:00:00Z")

/// `import json` files: any bytes are imported (a dry run) or refused with an error, never a trap,
/// and the library is left as it was.
func fuzzImportJSON(_ data: Data) {
  let empty = fuzzEmptyExport
  _ = try? fuzzImportLibrary.importJSON([UInt8](data), name: "fuzz.json", dryRun: true)
  let after = try? fuzzImportLibrary.exportJSON(now: "2026-09-21T00:00:00Z")
  precondition(after == empty, "a dry run of import json changed the library")
}

/// Writes `data` as the whole file at `path` (0600), made or cut to it.
func writeFile(_ path: String, _ data: Data) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  precondition(descriptor >= 0, "trending-fuzz: could not write \(path)")
  defer { close(descriptor) }
  data.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      precondition(written > 0, "trending-fuzz: could not write \(path)")
      offset += written
    }
  }
}

/// The whole file at `path`, or nil when it is not there.
func readFile(_ path: String) -> Data? {
  try? Data(contentsOf: URL(filePath: path))
}
