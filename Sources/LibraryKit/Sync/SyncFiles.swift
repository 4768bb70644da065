import AmodbKit
import FoundationEssentials

/// What a sync keeps of the files it read, and how it names them.
extension SyncApply {
  /// Keeps what a sync knows of a file it read, or wrote: read again only once it changes.
  static func remember(
    _ connection: SQLiteConnection, device: String, file name: String, _ stamp: FileStamp, _ file: FileOutcome
  ) throws(SQLiteFailure) {
    try connection.rows(
      """
      INSERT INTO sync_files (device, file, size, modified, reader, records, complete, problem)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (device, file) DO UPDATE SET size = excluded.size, modified = excluded.modified,
        reader = excluded.reader, records = excluded.records, complete = excluded.complete,
        problem = excluded.problem
      """,
      [
        .text(device), .text(name), .integer(Int64(stamp.size)), .integer(stamp.modified),
        .integer(Int64(SegmentHeader.version)), .integer(Int64(file.records)), .integer(file.complete ? 1 : 0),
        file.problem.map(SQLValue.text) ?? .null,
      ])
  }

  /// Whether a file read before is read again: it was not read whole and not refused, or it was
  /// replaced since (another size or time), or refused by an older trending than this one. A file
  /// known from before times were kept is known by its size alone.
  static func readsAgain(_ known: SQLRow, _ stamp: FileStamp) -> Bool {
    let refused = known["problem"] != .null
    let refusedByOlder = refused && known["reader"].int.map { $0 < SegmentHeader.version } == true
    guard known["complete"].int == 1 || refused, known["size"].int == stamp.size, !refusedByOlder else { return true }
    return known["modified"].int.map { Int64($0) != stamp.modified } ?? false
  }

  /// This device's segments a sync wrote and remembers that its folder no longer holds (deleted by
  /// hand, or by a file sync): forgotten here, and their names returned.
  ///
  /// A device that joins later would never read what they held, so the caller sends it all again.
  static func forgetMissingOwn(_ connection: SQLiteConnection, folder: SyncFolder) throws(SQLiteFailure) -> [String] {
    guard let present = SyncFolder.names(in: folder.own).map(Set.init) else { return [] }
    var missing: [String] = []
    try connection.each("SELECT file FROM sync_files WHERE device = ? ORDER BY file", [.text(folder.device)]) { row in
      guard let name = row["file"].string, case .segment = SyncFolder.entry(name), !present.contains(name) else {
        return
      }
      missing.append(name)
    }
    for name in missing {
      try connection.rows("DELETE FROM sync_files WHERE device = ? AND file = ?", [.text(folder.device), .text(name)])
    }
    return missing
  }

  /// A file's problem as a sync names it: "6cf69d1d/00000007.jsonl: why".
  static func named(_ problem: String, device: String, file: String) -> String {
    "\(device.prefix(8))/\(TextSanitizer.clean(file, limit: 100)): \(problem)"
  }
}
