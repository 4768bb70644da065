import FoundationEssentials

/// Whether a sync has anything to do, told without the write lock: this library's changes not
/// stamped yet, or the other devices' files as a listing (names and sizes) that moved.
struct SyncDue: Equatable {
  /// The other devices' files, `device/name:size`, in order.
  var listing: [String]
  /// Whether the change log has entries the last sync did not stamp.
  var localChanges: Bool
}

extension Library {
  /// The devices of the folder this library still reads, itself included.
  func syncDeviceCount() throws(LibraryError) -> Int {
    try read { 1 + (try connection.scalar("SELECT count(*) FROM sync_devices WHERE forgotten = 0")?.int ?? 0) }
  }

  /// What a sync would have to do now, nil when the library does not sync.
  func syncDue() throws(LibraryError) -> SyncDue? {
    try read {
      guard let member = try SyncMember.load(connection) else { return nil }
      let newest = try connection.scalar("SELECT coalesce(max(seq), 0) FROM changes")?.integer ?? 0
      let folder = SyncFolder(root: member.folder, device: member.device)
      var listing: [String] = []
      for device in folder.otherDevices() {
        let path = folder.root + "/" + device
        for name in SyncFolder.names(in: path) ?? [] {
          let stamp = SyncFolder.stamp(path + "/" + name)
          listing.append("\(device)/\(name):\(stamp?.size ?? -1):\(stamp?.modified ?? 0)")
        }
      }
      return SyncDue(listing: listing, localChanges: newest > member.stamped)
    }
  }
}
