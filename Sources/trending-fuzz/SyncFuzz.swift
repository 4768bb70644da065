// The fuzz target that reads another device's files in the sync folder: `sync` (any bytes as a
// segment of another device).
import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit

/// The other device whose folder the fuzzed bytes land in (its id is in the seeds' headers).
let fuzzPeer = "0123456789abcdef0123456789abcdef"

/// A library that is a member of a sync folder in the fuzz folder, made once per process.
nonisolated(unsafe) let fuzzSyncLibrary: Library = {
  let folder = fuzzFolder + "/sync"
  mkdir(folder, 0o700)
  mkdir(folder + "/" + fuzzPeer, 0o700)
  do {
    let library = try Library(path: URL(filePath: fuzzFolder + "/sync.sqlite3"), now: fuzzNow, busyMilliseconds: 50)
    _ = try library.joinSync(folder: folder, name: "fuzz", now: fuzzNow)
    return library
  } catch let error as LibraryError {
    fatalError("trending-fuzz: could not make the syncing library: \(error.message)")
  } catch {
    fatalError("trending-fuzz: could not make the syncing library: \(error)")
  }
}()

/// Sync files: any bytes as another device's segment cost only themselves. The sync never fails
/// for them, what it says of them holds no control character, and the library's change log still
/// rebuilds it after whatever was taken in.
func fuzzSync(_ data: Data) {
  let library = fuzzSyncLibrary
  // A new name each time, so the file is read whatever its size (a file read whole is not read again).
  fuzzSyncRun += 1
  let number = String(fuzzSyncRun % 99_999_999 + 1)
  let name = String(repeating: "0", count: 8 - number.count) + number + ".jsonl"
  let path = fuzzFolder + "/sync/" + fuzzPeer + "/" + name
  writeFile(path, data)
  defer { unlink(path) }
  do {
    let outcome = try library.sync(now: fuzzNow)
    for problem in outcome.problems { check(problem) }
  } catch {
    preconditionFailure("a file of another device stopped the sync: \(error.message)")
  }
  if fuzzSyncRun % fuzzSyncCheckEvery == 0 {
    let problems: [String]
    do { problems = try library.check(today: fuzzCheckDay) } catch {
      preconditionFailure("the library could not be checked: \(error.message)")
    }
    precondition(problems.isEmpty, "the library no longer checks: " + problems.joined(separator: "; "))
  }
}

/// How often the library is checked whole (`TRENDING_FUZZ_SYNC_CHECK`, default every 512 inputs;
/// 1 finds the very input that broke it).
let fuzzSyncCheckEvery =
  getenv("TRENDING_FUZZ_SYNC_CHECK").flatMap { Int(String(cString: $0)) }.map { max($0, 1) } ?? 512

/// The day the library is checked as of: the later of this machine's day (the day the library was
/// made) and the fuzz's own (the day its syncs take in), so a clock behind the fuzz's day fails nothing.
let fuzzCheckDay = max(ReleaseDate(day: Date()), ReleaseDate(day: fuzzNow)).description

/// How many inputs the `sync` target has read.
nonisolated(unsafe) var fuzzSyncRun = 0
