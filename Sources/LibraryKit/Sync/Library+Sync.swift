import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

/// What one sync did.
public struct SyncOutcome: Equatable, Sendable {
  /// Rows written to this device's folder.
  public var sent = 0
  /// Rows of other devices taken into the library.
  public var applied = 0
  /// The other devices read.
  public var devices = 0
  /// The other devices of the folder not read: forgotten here (`sync remember` reads one again).
  public var forgotten = 0
  /// Files and records passed over, each named with why.
  public var problems: [String] = []
  /// Files of other devices opened and read, and their bytes: none when nothing is new.
  public var filesRead = 0
  public var bytesRead = 0
  /// Whether a segment written here was found replaced by another copy's of its number.
  var ownReplaced = false
  /// Segments written here that the folder no longer holds: what they held was sent again.
  public var ownMissing = 0
  /// Why this machine's changes wait on the others (its clock ran ahead once), said, not a failure.
  public var datedAhead: String?
  /// The devices whose folders are gone from the sync folder, by name, whose rows this sync sent
  /// again as this device's (a device joining later gets them from here).
  public var adopted: [String] = []
  /// The devices read here (not forgotten) whose folders are gone from the sync folder.
  public var gone = 0
}

extension Library {
  /// The sync folder this library is a member of, if any.
  public func syncFolder() throws(LibraryError) -> String? {
    try read { try connection.scalar("SELECT folder FROM sync_member")?.string }
  }

  /// Makes this library a member of `folder`: its device gets a folder of its own there, the
  /// watches it already has get ids every machine derives alike (so one history on two machines is
  /// not doubled) but for those whose ids the folder already holds, which keep them, every row it
  /// holds is stamped to travel (an `import json`'s as old as the copy), and a first sync runs.
  public func joinSync(folder: String, name: String?, now: Date) throws(LibraryError) -> SyncOutcome {
    guard !isReadOnly else { throw writeRefusal }
    guard SyncFolder.isFolder(folder), let path = Self.resolvedFolder(folder) else {
      throw LibraryError(.other, tr("%s is not a folder", TextSanitizer.clean(folder, limit: 300)))
    }
    // A device's own folder inside a sync folder (one path step too far): joined, this device would
    // write one level down, where no other device reads.
    if let slash = path.lastIndex(of: "/"), SyncFolder.isDeviceID(String(path[path.index(after: slash)...])) {
      let parent = slash == path.startIndex ? "/" : String(path[..<slash])
      throw LibraryError(
        .other,
        tr(
          "%1$s is a device's own folder inside a sync folder: give the sync folder itself, 'trending sync init %2$s'. Nothing was changed.",
          TextSanitizer.clean(path, limit: 300), TextSanitizer.clean(parent, limit: 300)))
    }
    if try syncFolder() != nil {
      try read { try connection.transaction { try SyncJoin.move(connection, to: path) } }
      return try sync(now: now)
    }
    let deviceName = name.map { TextSanitizer.clean($0, limit: 100) } ?? Self.hostName()
    try read {
      try connection.transactionWithJournalsInMemory {
        let known = SyncFolder(root: path, device: try SyncClock.current(connection).device).watchIDs()
        try recordingChanges(SyncJoin.logKind) { try SyncJoin.deriveWatchIDs(connection, keeping: known) }
        // Each row as old as its last change here: what the folder's devices changed since wins.
        let device = try SyncClock.current(connection).device
        let last = try SyncStamp.stamp(connection, device: device, after: 0, joining: true, folderWatches: known)
        try SyncJoin.stampUnstamped(connection, device: device)
        try connection.rows(
          "INSERT INTO sync_member (one, folder, name, stamped) VALUES (1, ?, ?, ?)",
          [.text(path), .text(deviceName), .integer(last)])
      }
    }
    let own = SyncFolder(root: path, device: try read { try SyncClock.current(connection).device })
    let written = own.highestOwnSegment()
    do {
      return try syncing(now: now)
    } catch {
      // A first sync that could not be made (a folder not writable, a full stick) joins nothing,
      // and what it wrote before it failed goes again.
      _ = try? read { try connection.rows("DELETE FROM sync_member") }
      own.removeSegments(past: written)
      throw error.adding(tr("This library did not join the folder; nothing was changed."))
    }
  }

  /// A folder's path with its links resolved, as a library keeps its sync folder; nil when it is not there.
  public static func resolvedFolder(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Sends this library's new changes to its folder and takes in every other device's; a folder
  /// that cannot be written (read-only, full) is said with what becomes of the changes.
  public func sync(now: Date) throws(LibraryError) -> SyncOutcome {
    do {
      return try syncing(now: now)
    } catch let error where error.kind == .readOnly || error.kind == .full {
      throw error.adding(tr("Nothing is lost: this library keeps its changes, and the next sync sends them."))
    }
  }

  /// One sync: this library's new changes sent, every other device's taken in.
  private func syncing(now: Date) throws(LibraryError) -> SyncOutcome {
    guard !isReadOnly else { throw writeRefusal }
    return try read {
      try connection.transactionWithJournalsInMemory {
        guard var member = try SyncMember.load(connection) else { throw LibraryError.notSyncing }
        var outcome = SyncOutcome()
        try SyncStamp.stampLog(connection, member: member)
        let folder = SyncFolder(root: member.folder, device: member.device)
        // The first send to a folder carries every row, whatever its own segments found there say.
        let first = member.segment == 0
        // This device's segments past the last it wrote (a library put back from a backup, or a
        // copy of it on another machine) are taken in first.
        if folder.highestOwnSegment() > member.segment {
          let highest = try recordingChanges("sync") {
            try SyncApply(connection: connection, folder: folder, now: now).readOwnAhead(member, into: &outcome)
          }
          // What was sent stays where it was: everything changed here since is sent again, what
          // those segments hold included. Their newest change may have rows past them (a send cut
          // short between two segments of one change), and a copy of this library on another
          // machine (one device id) wrote them while changes made here, older than their newest,
          // were still to be sent.
          member.segment = highest
          try connection.rows("UPDATE sync_member SET segment = ?", [.integer(Int64(highest))])
        }
        outcome.sent = try SyncExport.send(connection, member: member, folder: folder, everything: first)
        let logged = try connection.scalar("SELECT coalesce(max(seq), 0) FROM changes")?.integer ?? 0
        let newest = try connection.rows("SELECT id, uid FROM watch_events ORDER BY id DESC LIMIT 1").first.flatMap {
          row in row["id"].integer.map { ($0, row["uid"].string ?? "") }
        }
        try recordingChanges("sync") {
          try SyncApply(connection: connection, folder: folder, now: now).run(into: &outcome)
        }
        // Its own entry, so the next sync sends it: the other machines come to the same one watch.
        _ = try recordingChanges("replaceSeenBy") {
          try SyncJoin.replaceSeenBy(connection, among: SyncJoin.watchedIn(connection, newest: newest, after: logged))
        }
        // A device whose folder is gone (retired, deleted by hand or by the file sync) sends its
        // rows no more: what this library took from it goes again from here, once.
        let gone = try Self.goneDevices(connection, folder: folder)
        outcome.gone = gone.count
        let holding = gone.filter(\.holding)
        if !holding.isEmpty, let now = try SyncMember.load(connection) {
          outcome.sent += try SyncExport.send(
            connection, member: now, folder: folder, everything: false, adopting: holding.map(\.id))
          outcome.adopted = holding.map(\.name)
        }
        // Another copy of this library (one device id) put its segment in place of one written
        // here (a file sync keeping the newer file, no conflict copy), or a segment written here is
        // gone from the folder: what it held goes again.
        outcome.ownMissing = try SyncApply.forgetMissingOwn(connection, folder: folder).count
        if outcome.ownReplaced || outcome.ownMissing > 0, var again = try SyncMember.load(connection) {
          again.sent = HybridClock(wall: 0, counter: 0, device: again.device)
          try connection.rows("UPDATE sync_member SET sent_wall = 0, sent_counter = 0")
          outcome.sent += try SyncExport.send(connection, member: again, folder: folder, everything: false)
        }
        try connection.rows("UPDATE sync_member SET synced = ?", [.text(now.formatted(.iso8601))])
        // A clock that ran ahead here once dates every change after it as late (a clock never goes
        // back): the other machines keep those waiting until their clocks come within five minutes of it.
        let clock = try SyncClock.current(connection).wall
        if clock > SyncClock.milliseconds(now) + SyncApply.furthestAhead {
          let moment = { (wall: Int64) in Date(timeIntervalSince1970: Double(wall) / 1000).formatted(.iso8601) }
          outcome.datedAhead = tr(
            "This machine's changes are dated up to %1$s, more than five minutes ahead of its clock (%2$s): its clock was ahead when one was made, and the other machines take them in from %3$s.",
            moment(clock), moment(SyncClock.milliseconds(now)), moment(clock - SyncApply.furthestAhead))
        }
        return outcome
      }
    }
  }

  /// Names this device in the folder; the name travels with its next segment.
  public func nameSyncDevice(_ name: String) throws(LibraryError) {
    guard !isReadOnly else { throw writeRefusal }
    let clean = TextSanitizer.clean(name, limit: 100)
    guard !clean.isEmpty else { throw LibraryError(.other, tr("A device's name cannot be empty.")) }
    try read {
      guard try SyncMember.load(connection) != nil else { throw LibraryError.notSyncing }
      try connection.rows("UPDATE sync_member SET name = ?", [.text(clean)])
    }
  }

  /// Stops reading the device whose id starts with `prefix` (or whose name is it); what it sent
  /// so far stays. Returns its id and name.
  public func forgetSyncDevice(_ prefix: String) throws(LibraryError) -> (id: String, name: String) {
    try markSyncDevice(prefix, forgotten: true)
  }

  /// Reads again a device `forgetSyncDevice` stopped reading: the next sync takes in what it sent
  /// since. Returns its id and name.
  public func rememberSyncDevice(_ prefix: String) throws(LibraryError) -> (id: String, name: String) {
    try markSyncDevice(prefix, forgotten: false)
  }

  /// Marks the one device `prefix` names (an id's start, or its name) forgotten or not.
  private func markSyncDevice(_ prefix: String, forgotten: Bool) throws(LibraryError) -> (id: String, name: String) {
    guard !isReadOnly else { throw writeRefusal }
    // An empty word (a script's unset variable) or a digit or two names no device by chance.
    guard !prefix.isEmpty else {
      throw LibraryError(.other, tr("Name the device: its name, or at least 4 characters of its id."))
    }
    return try read {
      guard let member = try SyncMember.load(connection) else { throw LibraryError.notSyncing }
      let matches = try connection.rows(
        "SELECT id, name FROM sync_devices WHERE (length(?1) >= 4 AND id LIKE ?1 || '%') OR name = ?2",
        [.text(prefix.lowercased()), .text(prefix)])
      // This device is not one the folder's others are read from: forgetting it would do nothing.
      // A name it shares with others ("vm" everywhere) names more than one device.
      let thisOne = member.name == prefix || (prefix.count >= 4 && member.device.hasPrefix(prefix.lowercased()))
      if thisOne, matches.isEmpty {
        throw LibraryError(
          .other,
          forgotten
            ? tr("%s is this device: 'sync forget' stops reading another one.", TextSanitizer.clean(prefix, limit: 100))
            : tr("%s is this device, which is never forgotten.", TextSanitizer.clean(prefix, limit: 100)))
      }
      guard matches.count == 1, !thisOne, let id = matches[0]["id"].string else {
        throw LibraryError(
          matches.isEmpty ? .notFound : .other,
          matches.isEmpty
            ? tr("No device of the sync folder is %s.", TextSanitizer.clean(prefix, limit: 100))
            : tr("%s names more than one device: give more of its id.", TextSanitizer.clean(prefix, limit: 100)))
      }
      try connection.rows(
        "UPDATE sync_devices SET forgotten = ? WHERE id = ?", [.integer(forgotten ? 1 : 0), .text(id)])
      return (id, matches[0]["name"].string ?? "")
    }
  }

  /// The name a device has until its user gives one: this machine's host name, and a profile's
  /// name after it (`laptop · anna`), so two profiles of one machine are told apart in a folder.
  public static func defaultDeviceName(profile: LibraryProfile?) -> String {
    guard let profile, !profile.isDefault else { return hostName() }
    return hostName() + " · " + profile.name
  }

  /// Whether `name` is a name this machine gives a device of its own (its host name, or a profile's
  /// name after it).
  public static func isThisMachinesName(_ name: String) -> Bool {
    let host = hostName()
    return name == host || name.hasPrefix(host + " · ")
  }

  /// This machine's host name.
  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "trending" }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let name = TextSanitizer.clean(String(decoding: bytes, as: UTF8.self), limit: 100)
    return name.isEmpty ? "trending" : name
  }
}

extension SQLiteConnection {
  /// One write transaction with SQLite's statement journals in memory, `temp_store` put back after.
  ///
  /// A sync runs statements for every record that may each fail halfway (upserts under foreign
  /// keys), so each journals the pages it changes; once one journal outgrew 64 KiB, every later
  /// one went through a temporary file, two writes a page (600 MB for a join of 50,000 watches).
  func transactionWithJournalsInMemory<T>(_ body: () throws -> T) throws -> T {
    let previous = try scalar("PRAGMA temp_store")?.int ?? 0
    // PRAGMA takes no bound values; the numbers are SQLite's own.
    try rows("PRAGMA temp_store = MEMORY")
    defer { _ = try? rows("PRAGMA temp_store = \(previous)") }
    return try transaction(body)
  }
}

/// The library's place in its sync folder, as `sync_member` keeps it.
struct SyncMember {
  var folder: String
  var name: String
  var device: String
  /// The highest segment number written.
  var segment: Int
  /// The highest change of the log stamped.
  var stamped: Int64
  /// The clock of the newest row sent.
  var sent: HybridClock
  /// The device's name as its last segment gave it.
  var sentName: String?

  /// The member row, nil when the library does not sync.
  static func load(_ connection: SQLiteConnection) throws(SQLiteFailure) -> SyncMember? {
    guard
      let row = try connection.rows(
        """
        SELECT m.folder, m.name, m.segment, m.stamped, m.sent_wall, m.sent_counter, m.sent_name, d.id AS device
        FROM sync_member m, device d
        """
      ).first, let device = row["device"].string
    else { return nil }
    return SyncMember(
      folder: row["folder"].string ?? "", name: row["name"].string ?? "", device: device,
      segment: row["segment"].int ?? 0, stamped: row["stamped"].integer ?? 0,
      sent: HybridClock(wall: row["sent_wall"].integer ?? 0, counter: row["sent_counter"].int ?? 0, device: device),
      sentName: row["sent_name"].string)
  }
}

/// The library's hybrid clock, as the `device` row keeps it.
enum SyncClock {
  /// The next clock of this device, stepped and stored.
  static func next(_ connection: SQLiteConnection, now: Date) throws(SQLiteFailure) -> HybridClock {
    let clock = try current(connection).next(wallMilliseconds: milliseconds(now))
    try store(connection, clock)
    return clock
  }

  /// The clock of this device's last change.
  static func current(_ connection: SQLiteConnection) throws(SQLiteFailure) -> HybridClock {
    guard let row = try connection.rows("SELECT id, clock_wall, clock_counter FROM device").first,
      let id = row["id"].string
    else { throw SQLiteFailure(code: SQLITE_CORRUPT, message: "the library has no device id") }
    return HybridClock(wall: row["clock_wall"].integer ?? 0, counter: row["clock_counter"].int ?? 0, device: id)
  }

  /// Moves the clock past `seen` (a change read from another device), so what is made here next comes after it.
  static func receive(_ connection: SQLiteConnection, _ seen: HybridClock) throws(SQLiteFailure) {
    let clock = try current(connection)
    guard (seen.wall, seen.counter) > (clock.wall, clock.counter) else { return }
    try store(connection, HybridClock(wall: seen.wall, counter: seen.counter, device: clock.device))
  }

  private static func store(_ connection: SQLiteConnection, _ clock: HybridClock) throws(SQLiteFailure) {
    try connection.rows(
      "UPDATE device SET clock_wall = ?, clock_counter = ?", [.integer(clock.wall), .integer(Int64(clock.counter))])
  }

  /// Milliseconds since 1970.
  static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
}
