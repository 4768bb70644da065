import AmodbKit
import FoundationEssentials
import Glibc
import Testing

@testable import LibraryKit

/// A device of a test: its library, and the sync folder as this machine sees it (its own copy,
/// filled by the test's "file sync").
struct SyncDevice {
  let library: Library
  let view: URL
  var id: String { (try? library.connection.scalar("SELECT id FROM device")?.string) ?? "" }

  init(view: URL) throws {
    library = try Library(path: libraryFolder().appendingPathComponent(Library.fileName))
    self.view = view
  }

  /// Joins the folder as this device sees it.
  func join() throws {
    _ = try library.joinSync(folder: view.path, name: "device", now: Date())
  }

  func sync() throws -> SyncOutcome { try library.sync(now: Date()) }

  /// The library as `export json` writes it, on one fixed day.
  func export() throws -> String { try library.exportJSON(now: "2026-12-01") }
}

/// A small, seeded random number generator, so a failing case can be run again.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Copies `device`'s files from its own view into `other`'s view of the folder, the way a file
/// sync would: `partial` copies only part of the newest file (a transfer under way).
func deliver(_ from: SyncDevice, to other: SyncDevice, files: Int? = nil, partial: Bool = false) throws {
  let source = from.view.appendingPathComponent(from.id)
  let target = other.view.appendingPathComponent(from.id)
  try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
  var names = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { !$0.hasPrefix(".") }.sorted()
  if let files { names = Array(names.prefix(files)) }
  for (index, name) in names.enumerated() {
    var data = try Data(contentsOf: source.appendingPathComponent(name))
    if partial, index == names.count - 1 { data = data.prefix(max(1, data.count * 2 / 3)) }
    let path = target.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: path)
    try data.write(to: path)
  }
}

/// Two devices sharing one view of the folder.
func syncPair() throws -> (SyncDevice, SyncDevice) {
  let shared = try syncView()
  try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
  return (try SyncDevice(view: shared), try SyncDevice(view: shared))
}

/// Two members of one folder sharing a view; the laptop has sent a watch of `title` on 1 November,
/// and the path of its newest segment.
func syncPairWithASentWatch(_ title: TitleInfo) throws -> (laptop: SyncDevice, desktop: SyncDevice, segment: URL) {
  let (laptop, desktop) = try syncPair()
  try laptop.join()
  try desktop.join()
  try laptop.library.watch(title, on: "2026-11-01", recorded: "2026-11-01")
  _ = try laptop.sync()
  let folder = laptop.view.appendingPathComponent(laptop.id)
  let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
  let newest = try #require(names.sorted().last)
  return (laptop, desktop, folder.appendingPathComponent(newest))
}

/// A folder for one device's view of the sync folder.
func syncView() throws -> URL {
  try libraryFolder().appendingPathComponent("sync")
}
