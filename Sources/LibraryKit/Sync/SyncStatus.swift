import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

/// Where a library stands in its sync folder (`trending sync status`).
public struct SyncStatus: Equatable, Sendable {
  /// One device of the folder.
  public struct Device: Equatable, Sendable {
    public var id: String
    public var name: String
    /// Milliseconds since 1970 of the newest change read from it (this device: made here); nil
    /// when none is dated (it sent only what it held before joining, which carries no date).
    public var lastChange: Int64?
    /// Rows read from it (this device: sent).
    public var records: Int
    /// Files read whole, and files still being delivered.
    public var files: Int
    public var partialFiles: Int
    /// Whether this library no longer reads it.
    public var forgotten: Bool
    /// Whether it is this library's own.
    public var isThis: Bool
    /// Whether its folder is no longer in the sync folder (what it sent stays here).
    public var gone = false
  }

  public var folder: String
  public var device: String
  public var name: String
  /// When this library last synced (ISO 8601), if it has.
  public var synced: String?
  public var devices: [Device]
  /// Files passed over: `device/file: why`.
  public var skipped: [String]
  /// Records kept to be taken in later: dated ahead of this clock, or about a title still to come.
  public var waiting = 0
}

extension Library {
  /// The devices read here from this folder (a library moved to another folder has read none
  /// there yet), whose folders the sync folder (listed) no longer holds; the forgotten too when
  /// asked. `holding`: whether rows this library took from it are still its own (not yet sent again).
  static func goneDevices(
    _ connection: SQLiteConnection, folder: SyncFolder, includingForgotten: Bool = false
  ) throws -> [(id: String, name: String, holding: Bool)] {
    guard SyncFolder.names(in: folder.root) != nil else { return [] }
    let present = Set(folder.otherDevices())
    return try connection.rows(
      """
      SELECT d.id, d.name, EXISTS (SELECT 1 FROM sync_rows r WHERE r.device = d.id) AS holding
      FROM sync_devices d
      WHERE (d.forgotten = 0 OR ?) AND EXISTS (SELECT 1 FROM sync_files f WHERE f.device = d.id)
      ORDER BY d.name, d.id
      """, [.integer(includingForgotten ? 1 : 0)]
    ).compactMap { row in
      guard let id = row["id"].string, !present.contains(id) else { return nil }
      let name = row["name"].string ?? ""
      return (id, name.isEmpty ? String(id.prefix(8)) : name, row["holding"].int == 1)
    }
  }

  /// Where this library stands in its sync folder.
  public func syncStatus() throws(LibraryError) -> SyncStatus {
    try read {
      guard let member = try SyncMember.load(connection) else { throw LibraryError.notSyncing }
      var devices: [SyncStatus.Device] = [
        SyncStatus.Device(
          id: member.device, name: member.name, lastChange: SyncJoin.dated(member.sent.wall),
          records: try connection.scalar("SELECT count(*) FROM sync_rows WHERE device = ?", [.text(member.device)])?
            .int ?? 0,
          files: member.segment, partialFiles: 0, forgotten: false, isThis: true)
      ]
      // A folder that cannot be listed (a stick not mounted) says nothing of its devices' folders.
      let folder = SyncFolder(root: member.folder, device: member.device)
      let present = Set(folder.otherDevices())
      let gone = Set(try Self.goneDevices(connection, folder: folder, includingForgotten: true).map(\.id))
      for row in try connection.rows(
        """
        SELECT d.id, d.name, d.last_wall, d.records, d.forgotten,
          (SELECT count(*) FROM sync_files f WHERE f.device = d.id AND f.complete = 1) AS whole,
          (SELECT count(*) FROM sync_files f WHERE f.device = d.id AND f.complete = 0 AND f.problem IS NULL) AS partial
        FROM sync_devices d ORDER BY d.name, d.id
        """)
      {
        devices.append(
          SyncStatus.Device(
            id: row["id"].string ?? "", name: row["name"].string ?? "",
            lastChange: SyncJoin.dated(row["last_wall"].integer ?? 0),
            records: row["records"].int ?? 0, files: row["whole"].int ?? 0, partialFiles: row["partial"].int ?? 0,
            forgotten: row["forgotten"].int == 1, isThis: false,
            gone: gone.contains(row["id"].string ?? "")))
      }
      var skipped = try connection.rows(
        "SELECT device, file, problem FROM sync_files WHERE problem IS NOT NULL ORDER BY device, file"
      ).map { row in
        "\(row["device"].string ?? "")/\(row["file"].string ?? ""): \(row["problem"].string ?? "")"
      }
      // A device's folder this user may not read (another user's, on a shared stick) is named too.
      for device in present.sorted() where SyncFolder.names(in: member.folder + "/" + device) == nil {
        skipped.append("\(device)/: " + SyncProblem.unreadable(String(cString: strerror(errno))).message)
      }
      return SyncStatus(
        folder: member.folder, device: member.device, name: member.name,
        synced: try connection.scalar("SELECT synced FROM sync_member")?.string, devices: devices, skipped: skipped,
        waiting: try connection.scalar("SELECT count(*) FROM sync_waiting")?.int ?? 0)
    }
  }
}
