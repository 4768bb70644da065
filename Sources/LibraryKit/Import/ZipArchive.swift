import AmodbKit
import CArchive
import FoundationEssentials
import Localization

/// Where a protected archive's passphrase comes from: asked once, when the first encrypted entry is
/// met, and handed to libarchive as bytes (never a `String`, wiped once given); throws when there is none.
public typealias ArchivePassphrase = () throws -> [UInt8]

/// A `.zip` read in memory with libarchive (loaded on first use), never extracted: each entry's
/// stored name only says which file it is, and no entry is inflated past its cap.
public enum ZipArchive {
  /// The most one entry may hold unpacked.
  public static let entryCap = 64 << 20
  /// The most all entries read may hold unpacked.
  public static let totalCap = 256 << 20
  /// The most the archive itself may be.
  public static let fileCap = 256 << 20
  /// The most entries (files and folders) an archive may hold.
  public static let mostEntries = 10_000

  /// The loaded library, or nil when `libarchive.so.13` is missing; written once, then only read.
  nonisolated(unsafe) static let api: UnsafePointer<trending_archive_api>? = trending_archive_load()

  /// Whether bytes start as a zip does (a local header, or the end record of an empty one).
  public static func looksLikeZip(_ prefix: some Collection<UInt8>) -> Bool {
    let head = Array(prefix.prefix(4))
    return head == [0x50, 0x4b, 0x03, 0x04] || head == [0x50, 0x4b, 0x05, 0x06]
  }

  /// Whether a zip's bytes hold its end record (in its last 64 KiB and 22 bytes, where the zip
  /// format puts it): a file cut short (a download or copy not finished) has none.
  public static func hasEndRecord(_ data: [UInt8]) -> Bool {
    let searched = data.suffix(65_557)
    guard searched.count >= 22 else { return false }
    var index = searched.endIndex - 22
    while index >= searched.startIndex {
      if searched[index] == 0x50, searched[index + 1] == 0x4b, searched[index + 2] == 0x05, searched[index + 3] == 0x06
      {
        return true
      }
      index -= 1
    }
    return false
  }

  /// Hands each regular entry's stored name and its bytes to `body`, in the archive's order.
  ///
  /// An entry that says it is larger than `entryCap`, or entries that say they hold more than
  /// `totalCap`, are refused before anything is inflated; one that says less and holds more is
  /// refused as soon as its bytes pass the cap. What `body` does not read is skipped, not inflated.
  /// An archive of more than `mostEntries` entries is refused. An archive with an encrypted entry
  /// asks `passphrase` once, before it is opened (libarchive takes passphrases only then), and is
  /// refused without one.
  public static func read(
    _ data: [UInt8], name: String, entryCap: Int = entryCap, totalCap: Int = totalCap,
    mostEntries: Int = mostEntries, passphrase: ArchivePassphrase? = nil,
    _ body: (String, inout EntrySource) throws -> Void
  ) throws {
    guard let api = Self.api else {
      throw ImportFailure(tr("%s is a zip, and libarchive.so.13 (libarchive13) could not be loaded", name))
    }
    guard hasEndRecord(data) else {
      throw ImportFailure(
        tr("%s is cut short: the zip has no end (a download or copy not finished?). Get it again whole.", name))
    }
    guard let archive = api.pointee.read_new() else { throw ImportFailure(tr("%s could not be read", name)) }
    defer { _ = api.pointee.read_free(archive) }
    _ = api.pointee.support_format_zip(archive)
    // What the headers declare is refused before the first entry is inflated, not after the
    // earlier ones were read.
    let declared = survey(data, api, mostEntries: mostEntries)
    if let largest = declared.largest, largest.size > entryCap { throw tooLarge(name, largest.name, entryCap) }
    guard declared.declared <= totalCap else { throw tooLargeInAll(name, totalCap) }
    var unlocked = false
    if let passphrase, declared.encrypted {
      try unlock(api, archive, with: passphrase)
      unlocked = true
    }
    let counter = InflatedCounter()
    try data.withUnsafeBytes { buffer in
      guard api.pointee.open_memory(archive, buffer.baseAddress, buffer.count) == ARCHIVE_OK else {
        throw failure(api, archive, name)
      }
      var declared = 0
      var entries = 0
      while true {
        var entry: OpaquePointer?
        let code = api.pointee.next_header(archive, &entry)
        if code == ARCHIVE_EOF { return }
        guard code == ARCHIVE_OK || code == ARCHIVE_WARN, let entry else { throw failure(api, archive, name) }
        entries += 1
        guard entries <= mostEntries else {
          throw ImportFailure(tr("%1$s holds more than %2$s files: refused", name, String(mostEntries)))
        }
        guard api.pointee.entry_filetype(entry) == mode_t(trending_archive_regular),
          let stored = api.pointee.entry_pathname(entry)
        else { continue }
        let entryName = String(cString: stored)
        let shown = TextSanitizer.clean(entryName, limit: 120)
        let encrypted = api.pointee.entry_is_encrypted(entry) != 0
        guard !encrypted || unlocked else {
          throw ImportFailure(tr("%s is protected by a passphrase; unpack it and import the folder", name))
        }
        if api.pointee.entry_size_is_set(entry) != 0 {
          let size = Int(clamping: api.pointee.entry_size(entry))
          guard size <= entryCap else { throw tooLarge(name, shown, entryCap) }
          declared += size
          guard declared <= totalCap else { throw tooLargeInAll(name, totalCap) }
        }
        var source = EntrySource(
          api: api, archive: archive, archiveName: name, entryName: shown, entryCap: entryCap, totalCap: totalCap,
          counter: counter, encrypted: encrypted)
        try body(entryName, &source)
        if !source.finished { _ = api.pointee.data_skip(archive) }
      }
    }
  }

  /// Zeroes the bytes (in a way the compiler keeps) and empties the array, keeping its storage.
  public static func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { trending_archive_wipe($0.baseAddress, $0.count) }
    bytes.removeAll(keepingCapacity: true)
  }

  /// What an archive's headers say before anything is inflated: whether a regular entry is
  /// encrypted, the sizes its entries declare in all, and the largest with its name (the first
  /// `mostEntries` entries); an archive that cannot be read says nothing, and its reading says why.
  private struct Survey {
    var encrypted = false
    var declared = 0
    var largest: (name: String, size: Int)?
  }

  /// Reads every header (nothing inflated) into a `Survey`.
  private static func survey(_ data: [UInt8], _ api: UnsafePointer<trending_archive_api>, mostEntries: Int) -> Survey {
    var survey = Survey()
    guard let archive = api.pointee.read_new() else { return survey }
    defer { _ = api.pointee.read_free(archive) }
    _ = api.pointee.support_format_zip(archive)
    data.withUnsafeBytes { buffer in
      guard api.pointee.open_memory(archive, buffer.baseAddress, buffer.count) == ARCHIVE_OK else { return }
      for _ in 0..<mostEntries {
        var entry: OpaquePointer?
        let code = api.pointee.next_header(archive, &entry)
        guard code == ARCHIVE_OK || code == ARCHIVE_WARN, let entry else { return }
        guard api.pointee.entry_filetype(entry) == mode_t(trending_archive_regular) else { continue }
        if api.pointee.entry_is_encrypted(entry) != 0 { survey.encrypted = true }
        guard api.pointee.entry_size_is_set(entry) != 0 else { continue }
        let size = Int(clamping: api.pointee.entry_size(entry))
        survey.declared = survey.declared.addingReportingOverflow(size).overflow ? Int.max : survey.declared + size
        if size > survey.largest?.size ?? -1, let stored = api.pointee.entry_pathname(entry) {
          survey.largest = (TextSanitizer.clean(String(cString: stored), limit: 120), size)
        }
      }
    }
    return survey
  }

  /// Gives libarchive (before it opens the archive) the passphrase `passphrase` hands over, then
  /// wipes its bytes; one with a NUL in it cannot be given.
  private static func unlock(
    _ api: UnsafePointer<trending_archive_api>, _ archive: OpaquePointer, with passphrase: ArchivePassphrase
  ) throws {
    var given = try passphrase()
    defer { wipe(&given) }
    guard !given.contains(0) else { throw ImportFailure(tr("a passphrase cannot hold a NUL byte")) }
    var secret = [UInt8](repeating: 0, count: given.count + 1)
    defer { wipe(&secret) }
    secret.withUnsafeMutableBufferPointer { cells in
      for (offset, byte) in given.enumerated() { cells[offset] = byte }
    }
    let code = secret.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { api.pointee.add_passphrase(archive, $0.baseAddress) }
    }
    guard code == ARCHIVE_OK else { throw ImportFailure(tr("the passphrase could not be given to libarchive")) }
  }

  static func failure(
    _ api: UnsafePointer<trending_archive_api>, _ archive: OpaquePointer, _ name: String
  ) -> ImportFailure {
    let reason = api.pointee.error_string(archive).map { String(cString: $0) } ?? "?"
    return ImportFailure(tr("%1$s is not a zip that can be read: %2$s", name, TextSanitizer.clean(reason, limit: 200)))
  }

  /// An encrypted entry that would not come out: the passphrase, most likely, with libarchive's reason.
  static func notDecrypted(
    _ api: UnsafePointer<trending_archive_api>, _ archive: OpaquePointer, _ name: String
  ) -> ImportFailure {
    let reason = api.pointee.error_string(archive).map { String(cString: $0) } ?? "?"
    return ImportFailure(
      tr("%1$s could not be decrypted with that passphrase (%2$s)", name, TextSanitizer.clean(reason, limit: 200)))
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
  /// Whether the entry is encrypted, so a failure to read it is said as the passphrase's.
  let encrypted: Bool
  private var read = 0
  /// Whether the entry was read to its end.
  private(set) var finished = false
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)

  init(
    api: UnsafePointer<trending_archive_api>, archive: OpaquePointer, archiveName: String, entryName: String,
    entryCap: Int, totalCap: Int, counter: InflatedCounter, encrypted: Bool = false
  ) {
    self.api = api
    self.archive = archive
    self.archiveName = archiveName
    self.entryName = entryName
    self.entryCap = entryCap
    self.totalCap = totalCap
    self.counter = counter
    self.encrypted = encrypted
  }

  /// How many bytes of the entry were inflated.
  public var inflated: Int { read }

  public mutating func next() throws -> ArraySlice<UInt8>? {
    guard !finished else { return nil }
    // Never ask for more than one byte past either cap: a lying size inflates no further.
    let room = min(buffer.count, entryCap - read + 1, totalCap - counter.total + 1)
    let (api, archive) = (self.api, self.archive)
    let count = buffer.withUnsafeMutableBytes { api.pointee.read_data(archive, $0.baseAddress, room) }
    guard count >= 0 else {
      throw encrypted
        ? ZipArchive.notDecrypted(api, archive, archiveName) : ZipArchive.failure(api, archive, archiveName)
    }
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
