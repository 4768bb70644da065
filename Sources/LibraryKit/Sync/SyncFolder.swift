import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// The sync folder on disk: a folder per device named by its id, holding its segments. This
/// device writes only into its own; nothing is followed through a link, and no name read from the
/// folder is used to write anywhere.
public struct SyncFolder {
  /// The folder every device shares.
  let root: String
  /// This device's id.
  let device: String

  /// This device's own folder.
  var own: String { root + "/" + device }

  /// What a name found in a device's folder is.
  enum Entry: Equatable {
    /// A segment, by its number.
    case segment(Int)
    /// A copy a file sync made of a segment both sides changed: read too, never lost.
    case conflictCopy
    /// A file sync's file still being delivered: its time will come.
    case inProgress
    /// Something else: named in `sync status`, never read.
    case foreign
  }

  /// Tells a file name apart.
  static func entry(_ name: String) -> Entry {
    if name.hasPrefix(".") || name.hasPrefix("~") || name.contains(".~lock") || name.hasSuffix(".tmp")
      || name.hasSuffix(".part") || name.hasSuffix(".partial")
    {
      return .inProgress
    }
    guard name.hasSuffix(".jsonl") else { return .foreign }
    let stem = name.dropLast(".jsonl".count)
    if stem.count == 8, stem.allSatisfy(\.isASCII), let number = Int(stem), number > 0 { return .segment(number) }
    let lowered = name.lowercased()
    if lowered.contains("sync-conflict") || lowered.contains("conflicted copy") || lowered.contains("conflict") {
      return .conflictCopy
    }
    return .foreign
  }

  /// Whether a folder's name is a device id (32 hex digits).
  static func isDeviceID(_ name: String) -> Bool {
    name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// The names in `path` (not `.` and `..`), or nil when it cannot be read.
  static func names(in path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The other devices' folders: real folders (not links) named by device ids.
  func otherDevices() -> [String] {
    (Self.names(in: root) ?? []).filter { name in
      guard Self.isDeviceID(name), name != device else { return false }
      var info = stat()
      return lstat(root + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
  }

  /// A regular file's size and time of last change (a link or anything else: nil).
  static func stamp(_ path: String) -> FileStamp? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return FileStamp(
      size: Int(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
  }

  /// Reads a file of at most `limit` bytes, not through a link.
  static func read(_ path: String, limit: Int) -> Result<[UInt8], SyncProblem> {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notOurs) }
    guard Int(info.st_size) <= limit else { return .failure(.tooLarge(Int(info.st_size))) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        buffer.baseAddress.map { Glibc.read(descriptor, $0 + done, buffer.count - done) } ?? 0
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      done += count
    }
    return .success(Array(bytes[0..<done]))
  }

  /// Whether `path` is a folder (through links, as a mount point or a stowed folder may be one).
  public static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// Makes this device's folder (0700) when it is not there.
  func makeOwn() throws(LibraryError) {
    var info = stat()
    if lstat(own, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw LibraryError(.other, tr("%s is not a folder", TextSanitizer.clean(own, limit: 300)))
      }
      return
    }
    guard mkdir(own, 0o700) == 0 || errno == EEXIST else {
      throw LibraryError(
        .other,
        tr("could not create %s", TextSanitizer.clean(own, limit: 300)) + ": " + String(cString: strerror(errno)))
    }
  }

  /// The ids of every watch the folder's files name (added or taken away), own files and conflict
  /// copies included: a library joining keeps such an id (an `export json` of a member, imported
  /// here), so the folder's watch and its copy here stay one watch.
  func watchIDs() -> Set<String> {
    var ids: Set<String> = []
    for device in otherDevices() + [device] {
      let folder = root + "/" + device
      for name in Self.names(in: folder) ?? [] {
        switch Self.entry(name) {
        case .segment, .conflictCopy: break
        case .inProgress, .foreign: continue
        }
        guard case .success(let bytes) = Self.read(folder + "/" + name, limit: SyncSegment.largest) else { continue }
        for line in SyncSegment.wholeLines(bytes).lines.dropFirst() {
          guard let record = SyncSegment.record(line, device: device), record.table == "watch_events",
            case .text(let id)? = record.key.first
          else { continue }
          ids.insert(id)
        }
      }
    }
    return ids
  }

  /// The highest segment number in this device's folder.
  func highestOwnSegment() -> Int {
    (Self.names(in: own) ?? []).compactMap { name in
      if case .segment(let number) = Self.entry(name) { return number }
      return nil
    }.max() ?? 0
  }

  /// Removes what a send cut short left in this device's folder.
  ///
  /// Its hidden file (`.writing-PID.tmp`), and an empty segment numbered past the last written
  /// (`past`), which a file system without links leaves when killed between taking the name and the
  /// rename. A sync holds the library's write lock, so no other process of this library is writing.
  func removeLeftovers(past written: Int) {
    for name in Self.names(in: own) ?? [] {
      let path = own + "/" + name
      if name.hasPrefix(".writing-") && name.hasSuffix(".tmp") {
        unlink(path)
      } else if case .segment(let number) = Self.entry(name), number > written, Self.stamp(path)?.size == 0 {
        unlink(path)
      }
    }
  }

  /// Takes back the segments numbered past `written` (a first sync that failed part-way: a library
  /// that did not join leaves nothing for the others to take in), and the folder once empty.
  func removeSegments(past written: Int) {
    for name in Self.names(in: own) ?? [] {
      if case .segment(let number) = Self.entry(name), number > written { unlink(own + "/" + name) }
    }
    removeLeftovers(past: written)
    rmdir(own)
  }

  /// Writes a segment whole under a hidden name, then gives it its own: a file sync never
  /// carries half of one, and an existing segment is never written over. Returns its number.
  func write(_ text: String, number: Int) throws(LibraryError) -> Int {
    var number = number
    let bytes = Array(text.utf8)
    let temporary = own + "/.writing-\(getpid()).tmp"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.failure(temporary) }
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        buffer.baseAddress.map { Glibc.write(descriptor, $0 + done, buffer.count - done) } ?? 0
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        close(descriptor)
        unlink(temporary)
        throw Self.failure(temporary)
      }
      done += count
    }
    guard fsync(descriptor) == 0, close(descriptor) == 0 else {
      unlink(temporary)
      throw Self.failure(temporary)
    }
    // The name is taken only when it is free: a segment is never replaced.
    while !Self.publish(temporary, as: own + "/" + SyncSegment.fileName(number)) {
      guard errno == EEXIST else {
        let failure = Self.failure(own)
        unlink(temporary)
        throw failure
      }
      number += 1
    }
    unlink(temporary)
    return number
  }

  /// Gives the written file `temporary` the name `path` unless a file has it (false, `errno` EEXIST).
  ///
  /// `link()` refuses a name that is there; a file system without links (exFAT or FAT on a USB
  /// stick) takes the name with an exclusive create, then the file over it by `rename()`.
  static func publish(
    _ temporary: String, as path: String, linking: (String, String) -> Int32 = { link($0, $1) }
  ) -> Bool {
    if linking(temporary, path) == 0 { return true }
    guard [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EMLINK].contains(errno) else { return false }
    let claim = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard claim >= 0 else { return false }
    close(claim)
    guard rename(temporary, path) == 0 else {
      let failed = errno
      unlink(path)
      errno = failed
      return false
    }
    // `write` unlinks the temporary name after: it is gone already, and its failure means nothing.
    return true
  }

  /// A file of the folder that could not be written, by the system's reason (a read-only folder or
  /// a full stick are kinds of their own).
  private static func failure(_ path: String) -> LibraryError {
    let kind: LibraryError.Kind =
      switch errno {
      case EACCES, EPERM, EROFS: .readOnly
      case ENOSPC, EDQUOT: .full
      default: .other
      }
    return LibraryError(
      kind, tr("could not write %1$s: %2$s.", TextSanitizer.clean(path, limit: 300), String(cString: strerror(errno))))
  }
}

/// Sends the rows stamped here since the last send, as segments in this device's folder.
enum SyncExport {
  /// Writes the new rows; how many.
  ///
  /// `everything`: the first send to a folder (joined, or a new one moved to) carries every row the
  /// library holds, taken in from devices that may never write to this folder included; later
  /// ones, the rows changed here. Facts of this machine's own never go.
  ///
  /// `adopting`: devices whose folders are gone from the sync folder: every row last changed by
  /// one of them goes too, then counts as this device's, so a device joining later still gets it.
  static func send(
    _ connection: SQLiteConnection, member: SyncMember, folder: SyncFolder, everything: Bool, adopting: [String] = []
  ) throws -> Int {
    // A device that has sent files finds them in its folder, else this is not the folder it sent
    // to (a stick not mounted, its empty mount point): nothing is written there, or taken in. One
    // that holds other devices' folders is the folder: only this device's was deleted, and what it
    // held goes again (`forgetMissingOwn`).
    guard SyncFolder.isFolder(folder.root) else { throw LibraryError.syncFolderMissing(folder.root) }
    if member.segment > 0, folder.highestOwnSegment() == 0, folder.otherDevices().isEmpty {
      throw LibraryError.syncFolderEmpty(folder.root, sent: member.segment)
    }
    try folder.makeOwn()
    folder.removeLeftovers(past: member.segment)
    var stamps: [(table: SyncTable, key: [SQLValue], clock: HybridClock, deleted: Bool)] = []
    // The newest change of this device's own sent: what is sent next comes after it.
    var ownNewest: HybridClock?
    try connection.each(
      """
      SELECT tbl, key, wall, counter, device, deleted FROM sync_rows
      WHERE ((device = ? OR ?) AND (wall, counter) > (?, ?)) OR device IN (SELECT value FROM json_each(?))
      ORDER BY wall, counter
      """,
      [
        .text(member.device), .integer(everything ? 1 : 0), .integer(everything ? 0 : member.sent.wall),
        .integer(everything ? 0 : Int64(member.sent.counter)),
        .text("[" + adopting.map { "\"\($0)\"" }.joined(separator: ",") + "]"),
      ]
    ) { row in
      guard let table = row["tbl"].string.flatMap({ SyncTable.byName[$0] }), let text = row["key"].string,
        let key = SyncSegment.key(text), SyncTable.travels(table.name, key)
      else { return }
      let clock = HybridClock(wall: row["wall"].integer ?? 0, counter: row["counter"].int ?? 0, device: member.device)
      // Rows adopted from a device gone count as this device's own from now on.
      if let device = row["device"].string, device == member.device || adopting.contains(device) { ownNewest = clock }
      stamps.append((table, key, clock, row["deleted"].int == 1))
    }
    var records: [SyncRecord] = []
    for stamp in stamps {
      var row: [SQLValue]?
      if !stamp.deleted,
        let found = try connection.rows(stamp.table.select, stamp.table.spelled(stamp.key, connection))
          .first
      {
        row = stamp.table.rowColumns.map { found[$0] }
      }
      records.append(SyncRecord(clock: stamp.clock, table: stamp.table.name, key: stamp.key, row: row))
    }
    records.sort {
      ($0.clock, SyncTable.byName[$0.table]?.rank ?? 0) < ($1.clock, SyncTable.byName[$1.table]?.rank ?? 0)
    }
    var segment = max(member.segment, folder.highestOwnSegment())
    if records.isEmpty, segment > 0, member.sentName != member.name {
      // A new name with nothing else to send: a segment of the header alone carries it.
      let header = SegmentHeader(
        device: member.device, name: member.name, segment: segment + 1, records: 0, first: member.sent,
        last: member.sent)
      segment = try folder.write(SyncSegment.text(header, []), number: segment + 1)
      try wrote(connection, folder: folder, number: segment, records: 0)
    }
    for part in SyncSegment.parts(records) {
      guard let first = part.first, let last = part.last else { continue }
      let header = SegmentHeader(
        device: member.device, name: member.name, segment: segment + 1, records: part.count,
        first: first.record.clock, last: last.record.clock)
      segment = try folder.write(SyncSegment.text(header, lines: part.map(\.line)), number: segment + 1)
      try wrote(connection, folder: folder, number: segment, records: part.count)
    }
    if let last = ownNewest, last > member.sent {
      try connection.rows(
        "UPDATE sync_member SET segment = ?, sent_wall = ?, sent_counter = ?",
        [.integer(Int64(segment)), .integer(last.wall), .integer(Int64(last.counter))])
    }
    if segment > member.segment {
      try connection.rows("UPDATE sync_member SET segment = ?, sent_name = name", [.integer(Int64(segment))])
    }
    for device in adopting {
      try connection.rows("UPDATE sync_rows SET device = ? WHERE device = ?", [.text(member.device), .text(device)])
    }
    return records.count
  }

  /// Remembers a segment this device wrote as it wrote it, so a sync reads it only once another
  /// copy of this library has put its own of that number in its place.
  private static func wrote(
    _ connection: SQLiteConnection, folder: SyncFolder, number: Int, records: Int
  ) throws(SQLiteFailure) {
    let name = SyncSegment.fileName(number)
    guard let stamp = SyncFolder.stamp(folder.own + "/" + name) else { return }
    try SyncApply.remember(
      connection, device: folder.device, file: name, stamp,
      SyncApply.FileOutcome(records: records, complete: true, problem: nil))
  }
}

/// What a sync remembers of a file it read: a file replaced changes one or the other.
struct FileStamp: Equatable {
  /// Bytes.
  var size: Int
  /// The time of its last change, nanoseconds since 1970.
  var modified: Int64
}
