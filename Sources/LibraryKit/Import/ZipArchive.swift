import AmodbKit
import CArchive
import FoundationEssentials
import Localization

/// A `.zip` read in memory with libarchive (loaded on first use), never extracted: each entry's
/// stored name only says which file it is, and no entry is inflated past its cap.
public enum ZipArchive {
  /// The most one entry may hold unpacked.
  public static let entryCap = 64 << 20
  /// The most all entries read may hold unpacked.
  public static let totalCap = 256 << 20
  /// The most the archive itself may be.
  public static let fileCap = 256 << 20

  /// The loaded library, or nil when `libarchive.so.13` is missing; written once, then only read.
  nonisolated(unsafe) static let api: UnsafePointer<trending_archive_api>? = trending_archive_load()

  /// Whether bytes start as a zip does (a local header, or the end record of an empty one).
  public static func looksLikeZip(_ prefix: some Collection<UInt8>) -> Bool {
    let head = Array(prefix.prefix(4))
    return head == [0x50, 0x4b, 0x03, 0x04] || head == [0x50, 0x4b, 0x05, 0x06]
  }

  /// Hands each regular entry's stored name and its bytes to `body`, in the archive's order.
  ///
  /// An entry that says it is larger than `entryCap`, or entries that say they hold more than
  /// `totalCap`, are refused before anything is inflated; one that says less and holds more is
  /// refused as soon as its bytes pass the cap. What `body` does not read is skipped, not inflated.
  public static func read(
    _ data: [UInt8], name: String, entryCap: Int = entryCap, totalCap: Int = totalCap,
    _ body: (String, inout EntrySource) throws -> Void
  ) throws {
    guard let api = Self.api else {
      throw ImportFailure(tr("%s is a zip, and libarchive.so.13 (libarchive13) could not be loaded", name))
    }
    guard let archive = api.pointee.read_new() else { throw ImportFailure(tr("%s could not be read", name)) }
    defer { _ = api.pointee.read_free(archive) }
    _ = api.pointee.support_format_zip(archive)
    let counter = InflatedCounter()
    try data.withUnsafeBytes { buffer in
      guard api.pointee.open_memory(archive, buffer.baseAddress, buffer.count) == ARCHIVE_OK else {
        throw failure(api, archive, name)
      }
      var declared = 0
      while true {
        var entry: OpaquePointer?
        let code = api.pointee.next_header(archive, &entry)
        if code == ARCHIVE_EOF { return }
        guard code == ARCHIVE_OK || code == ARCHIVE_WARN, let entry else { throw failure(api, archive, name) }
        guard api.pointee.entry_filetype(entry) == mode_t(trending_archive_regular),
          let stored = api.pointee.entry_pathname(entry)
        else { continue }
        let entryName = String(cString: stored)
        let shown = TextSanitizer.clean(entryName, limit: 120)
        if api.pointee.entry_size_is_set(entry) != 0 {
          let size = Int(clamping: api.pointee.entry_size(entry))
          guard size <= entryCap else { throw tooLarge(name, shown, entryCap) }
          declared += size
          guard declared <= totalCap else { throw tooLargeInAll(name, totalCap) }
        }
        var source = EntrySource(
          api: api, archive: archive, archiveName: name, entryName: shown, entryCap: entryCap, totalCap: totalCap,
          counter: counter)
        try body(entryName, &source)
        if !source.finished { _ = api.pointee.data_skip(archive) }
      }
    }
  }

  static func failure(
    _ api: UnsafePointer<trending_archive_api>, _ archive: OpaquePointer, _ name: String
  ) -> ImportFailure {
    let reason = api.pointee.error_string(archive).map { String(cString: $0) } ?? "?"
    return ImportFailure(tr("%1$s is not a zip that can be read: %2$s", name, TextSanitizer.clean(reason, limit: 200)))
  }

  static func tooLarge(_ name: String, _ entry: String, _ cap: Int) -> ImportFailure {
    ImportFailure(tr("%1$s: %2$s is larger than %3$s MiB unpacked: refused", name, entry, String(cap >> 20)))
  }

  static func tooLargeInAll(_ name: String, _ cap: Int) -> ImportFailure {
    ImportFailure(tr("%1$s holds more than %2$s MiB unpacked: refused", name, String(cap >> 20)))
  }
}

/// How many bytes an archive's entries have inflated so far, shared by its entries' sources.
final class InflatedCounter {
  var total = 0
}

/// One entry's bytes, inflated a chunk at a time and never past its cap or the archive's.
public struct EntrySource: ByteSource {
  let api: UnsafePointer<trending_archive_api>
  let archive: OpaquePointer
  let archiveName: String
  let entryName: String
  let entryCap: Int
  let totalCap: Int
  let counter: InflatedCounter
  private var read = 0
  /// Whether the entry was read to its end.
  private(set) var finished = false
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)

  init(
    api: UnsafePointer<trending_archive_api>, archive: OpaquePointer, archiveName: String, entryName: String,
    entryCap: Int, totalCap: Int, counter: InflatedCounter
  ) {
    self.api = api
    self.archive = archive
    self.archiveName = archiveName
    self.entryName = entryName
    self.entryCap = entryCap
    self.totalCap = totalCap
    self.counter = counter
  }

  /// How many bytes of the entry were inflated.
  public var inflated: Int { read }

  public mutating func next() throws -> ArraySlice<UInt8>? {
    guard !finished else { return nil }
    // Never ask for more than one byte past either cap: a lying size inflates no further.
    let room = min(buffer.count, entryCap - read + 1, totalCap - counter.total + 1)
    let (api, archive) = (self.api, self.archive)
    let count = buffer.withUnsafeMutableBytes { api.pointee.read_data(archive, $0.baseAddress, room) }
    guard count >= 0 else { throw ZipArchive.failure(api, archive, archiveName) }
    if count == 0 {
      finished = true
      return nil
    }
    read += count
    counter.total += count
    guard read <= entryCap else { throw ZipArchive.tooLarge(archiveName, entryName, entryCap) }
    guard counter.total <= totalCap else { throw ZipArchive.tooLargeInAll(archiveName, totalCap) }
    return buffer[0..<count]
  }
}
