import AmodbKit
import CSQLite
import FoundationEssentials
import Glibc
import Localization

/// Takes in other devices' segments, and this device's own another copy of it wrote (docs/sync.md): each
/// row as its latest clock left it, in any order, any number of times; a bad file or record costs itself.
struct SyncApply {
  let connection: SQLiteConnection
  let folder: SyncFolder
  let now: Date

  /// How far ahead of this machine's clock a change may be dated (decision *five-minutes-ahead*).
  static let furthestAhead: Int64 = 5 * 60 * 1000

  /// What became of one record.
  enum Taken: Equatable {
    case applied
    case already
    case refused(String)
    /// About a title this library does not have yet: kept, and tried again.
    case waiting
    /// Dated more than five minutes ahead of this machine's clock: kept, tried again, and named.
    case ahead
  }

  /// Reads every device's new files, and this device's own files that another copy of this library
  /// wrote (a conflict copy, or a segment replaced by the other copy's of the same number).
  func run(into outcome: inout SyncOutcome) throws {
    var newest: HybridClock?
    for device in folder.otherDevices() + [folder.device] {
      let own = device == folder.device
      if !own {
        if try connection.scalar("SELECT forgotten FROM sync_devices WHERE id = ?", [.text(device)])?.int == 1 {
          outcome.forgotten += 1
          continue
        }
        outcome.devices += 1
        try connection.rows("INSERT INTO sync_devices (id) VALUES (?) ON CONFLICT DO NOTHING", [.text(device)])
      }
      // A device's folder this user may not read (another user's, on a shared stick) is said.
      guard let names = SyncFolder.names(in: folder.root + "/" + device) else {
        let why = SyncProblem.unreadable(String(cString: strerror(errno))).message
        outcome.problems.append(Self.named(why, device: device, file: ""))
        continue
      }
      for name in names {
        let entry = SyncFolder.entry(name)
        guard entry != .inProgress, !own || entry != .foreign else { continue }
        let path = folder.root + "/" + device + "/" + name
        guard let stamp = SyncFolder.stamp(path) else { continue }
        let known = try connection.rows(
          "SELECT size, modified, reader, complete, problem FROM sync_files WHERE device = ? AND file = ?",
          [.text(device), .text(name)]
        ).first
        if let known, !Self.readsAgain(known, stamp) {
          // A row from before times were kept takes its time now, and is known by it from here on.
          if known["modified"] == .null {
            try connection.rows(
              "UPDATE sync_files SET modified = ?, reader = ? WHERE device = ? AND file = ?",
              [.integer(stamp.modified), .integer(Int64(SegmentHeader.version)), .text(device), .text(name)])
          }
          continue
        }
        // A segment written here, changed since: another copy of this library wrote its own there.
        if own, known != nil, case .segment = entry { outcome.ownReplaced = true }
        var file = FileOutcome()
        if entry == .foreign {
          file.problem = SyncProblem.notOurs.message
        } else {
          file = try readFile(path, device: device, outcome: &outcome, newest: &newest)
        }
        if let problem = file.problem {
          outcome.problems.append(Self.named(problem, device: device, file: name))
        }
        if !file.readAgain { try Self.remember(connection, device: device, file: name, stamp, file) }
      }
      // A file passed over and since taken away from the folder is no longer one to name.
      let present = Set(names)
      let passedOver = try connection.rows(
        "SELECT file FROM sync_files WHERE device = ? AND problem IS NOT NULL", [.text(device)])
      for row in passedOver where !present.contains(row["file"].string ?? "") {
        try connection.rows("DELETE FROM sync_files WHERE device = ? AND file = ?", [.text(device), row["file"]])
      }
    }
    try retryWaiting(into: &outcome)
    if let newest { try SyncClock.receive(connection, newest) }
  }

  /// Reads this device's own segments numbered past the last it wrote (`member.segment`): a
  /// library put back from a backup finds there the changes it made after the backup, and a copy
  /// of a library (two machines with one device id) the other copy's. Returns the highest segment
  /// read whole in order.
  func readOwnAhead(_ member: SyncMember, into outcome: inout SyncOutcome) throws -> Int {
    var newest: HybridClock?
    var highest = member.segment
    let ahead = (SyncFolder.names(in: folder.own) ?? []).compactMap { name -> (Int, String)? in
      guard case .segment(let number) = SyncFolder.entry(name), number > member.segment else { return nil }
      return (number, name)
    }.sorted { $0.0 < $1.0 }
    for (number, name) in ahead {
      let path = folder.own + "/" + name
      let stamp = SyncFolder.stamp(path)
      let file = try readFile(path, device: member.device, outcome: &outcome, newest: &newest)
      if let problem = file.problem {
        outcome.problems.append(Self.named(problem, device: member.device, file: name))
      }
      if let stamp { try Self.remember(connection, device: member.device, file: name, stamp, file) }
      // A file still being delivered is read again next time, from its number.
      guard file.complete, number == highest + 1 else { break }
      highest = number
    }
    // What waits for its title is tried again with the other devices' records, at the end of `run`.
    if let newest { try SyncClock.receive(connection, newest) }
    return highest
  }

  /// Tries the records kept waiting for their title again, until a round takes none; then takes
  /// in those still waiting under their title's id alone ("Film #550" until its name is known), so
  /// a watch whose title only a device no longer in the folder sent is never lost. The title's row
  /// replaces it whenever it comes (the stand-in has no stamp) and never travels from here.
  private func retryWaiting(into outcome: inout SyncOutcome) throws {
    for standingIn in [false, true] {
      var progress = true
      while progress {
        progress = false
        for row in try connection.rows("SELECT device, line FROM sync_waiting") {
          guard let device = row["device"].string, let line = row["line"].string else { continue }
          var taken = Taken.refused("")
          if let record = SyncSegment.record(ArraySlice(line.utf8), device: device) {
            taken = try apply(record)
            // Taken in now (dated ahead before): what is made here next comes after it.
            if taken == .applied { try SyncClock.receive(connection, record.clock) }
            // Only a record that waits for its title alone gets one standing in: never one dated
            // ahead, or one refused for what it holds.
            if standingIn, taken == .waiting, try standInTitle(of: record) { taken = try apply(record) }
          }
          guard taken != .waiting, taken != .ahead else { continue }
          if taken == .applied { outcome.applied += 1 }
          try connection.rows("DELETE FROM sync_waiting WHERE device = ? AND line = ?", [row["device"], row["line"]])
          progress = true
        }
      }
    }
  }

  /// Adds the title a record is about, by its kind and id alone, when the library has no row of
  /// it; whether it added one.
  private func standInTitle(of record: SyncRecord) throws -> Bool {
    guard let table = SyncTable.byName[record.table], let row = record.row,
      let kindIndex = table.rowColumns.firstIndex(of: "kind"),
      let idIndex = table.rowColumns.firstIndex(of: "title_id"),
      kindIndex < row.count, idIndex < row.count, let kind = row[kindIndex].string.flatMap(MediaKind.init(rawValue:)),
      let id = row[idIndex].integer, id > 0
    else { return false }
    try connection.rows(
      "INSERT INTO titles (kind, id, title, updated) VALUES (?, ?, '', ?) ON CONFLICT DO NOTHING",
      [.text(kind.rawValue), .integer(id), .text(ReleaseDate(day: now).description)])
    return connection.changes > 0
  }

  /// What reading one file came to.
  struct FileOutcome {
    var records = 0
    var complete = false
    var problem: String?
    /// Not opened or read (its permissions, an I/O error): tried again by the next sync, however
    /// it stands then, so a file made readable is read.
    var readAgain = false
  }

  /// Reads one file of `device` and applies its records.
  private func readFile(
    _ path: String, device: String, outcome: inout SyncOutcome, newest: inout HybridClock?
  ) throws -> FileOutcome {
    var file = FileOutcome()
    let bytes: [UInt8]
    outcome.filesRead += 1
    switch SyncFolder.read(path, limit: SyncSegment.largest) {
    case .success(let read):
      bytes = read
      outcome.bytesRead += read.count
    case .failure(let problem):
      file.problem = problem.message
      if case .unreadable = problem { file.readAgain = true }
      return file
    }
    let (lines, partial) = SyncSegment.wholeLines(bytes)
    guard let first = lines.first else { return file }
    let header: SegmentHeader
    switch SyncSegment.header(first) {
    case .success(let read): header = read
    case .failure(let problem):
      file.problem = problem.message
      return file
    }
    guard header.device == device else {
      file.problem = SyncProblem.forged(TextSanitizer.clean(header.device, limit: 40)).message
      return file
    }
    var refused = 0
    var firstRefusal: String?
    var ahead = 0
    var latestAhead: Int64 = 0
    var lastClock: Int64 = 0
    for line in lines.dropFirst() {
      file.records += 1
      let taken: Taken
      let parsed = SyncSegment.record(line, device: device)
      if let record = parsed {
        taken = try apply(record)
        if record.clock.wall <= SyncClock.milliseconds(now) + Self.furthestAhead {
          if newest.map({ (record.clock.wall, record.clock.counter) > ($0.wall, $0.counter) }) ?? true {
            newest = record.clock
          }
          lastClock = max(lastClock, record.clock.wall)
        }
      } else {
        taken = .refused(tr("not a record"))
      }
      switch taken {
      case .applied: outcome.applied += 1
      case .already: break
      case .waiting, .ahead:
        try connection.rows(
          "INSERT INTO sync_waiting (device, line) VALUES (?, ?) ON CONFLICT DO NOTHING",
          [.text(device), .text(String(decoding: line, as: UTF8.self))])
        if taken == .ahead, let wall = parsed?.clock.wall {
          ahead += 1
          latestAhead = max(latestAhead, wall)
        }
      case .refused(let why):
        refused += 1
        firstRefusal = firstRefusal ?? why
      }
    }
    file.complete = !partial && file.records >= header.records
    // Passed over (the file's lasting problem) and kept to wait (said by this sync alone: the
    // records are taken in later from `sync_waiting`, the file is not read again for them).
    if refused > 0, let firstRefusal {
      file.problem = trn(
        "%1$s record passed over (%2$s)", "%1$s records passed over (the first: %2$s)", refused, String(refused),
        firstRefusal)
    }
    if ahead > 0 {
      let name = String(path.split(separator: "/").last ?? "")
      let moment = { (wall: Int64) in Date(timeIntervalSince1970: Double(wall) / 1000).formatted(.iso8601) }
      outcome.problems.append(
        Self.named(
          trn(
            "%1$s record waits, dated %2$s, more than five minutes ahead of this machine's clock (%3$s): the other machine's clock is or was ahead, or this one is behind",
            "%1$s records wait, dated up to %2$s, more than five minutes ahead of this machine's clock (%3$s): the other machine's clock is or was ahead, or this one is behind",
            ahead, String(ahead), moment(latestAhead), moment(SyncClock.milliseconds(now))),
          device: device, file: name))
    }
    try connection.rows(
      """
      UPDATE sync_devices SET name = CASE WHEN ? != '' THEN ? ELSE name END, last_wall = max(last_wall, ?),
        records = records + ? WHERE id = ?
      """,
      [
        .text(header.name), .text(header.name), .integer(lastClock), .integer(Int64(file.records - refused - ahead)),
        .text(device),
      ])
    return file
  }

  /// Applies one record unless the row already holds a change as late or later.
  func apply(_ record: SyncRecord) throws -> Taken {
    guard let table = SyncTable.byName[record.table] else { return .refused(tr("not a table of the library")) }
    // Another machine's own fact (sent by an older trending) stays its own.
    guard SyncTable.travels(record.table, record.key) else { return .already }
    let nowMilliseconds = SyncClock.milliseconds(now)
    guard record.clock.wall > 0, record.clock.counter >= 0, record.clock.counter < Int(Int32.max) else {
      return .refused(tr("its clock is not one"))
    }
    // Dated ahead of this machine's clock: kept, and taken in once the clock has caught up.
    guard record.clock.wall <= nowMilliseconds + Self.furthestAhead else { return .ahead }
    // The key as the library stores its values (8.0 is 8), so that it names one stamp.
    var record = record
    if let problem = keyProblem(table, record.row != nil, &record.key) { return .refused(problem) }
    var row = record.row
    if var values = row {
      let today = ReleaseDate(day: now)
      if let problem = StoredValues.problem(table.name, table.rowColumns, &values, today: today, cleaning: true) {
        return .refused(problem)
      }
      // A list item's list is the key's, which `keyProblem` found a list's name.
      guard table.key(ofRow: values) == record.key else { return .refused(tr("its key is not its row's")) }
      row = values
    }
    if (table.name == "lists" || table.name == "list_deletions"), row == nil {
      // The watchlist is never deleted, in whatever case another device names it.
      guard record.key[0] != .text(Schema.watchlistName) else { return .already }
      // A deletion takes every item added before it; a name gone alone (a rename: its items go by
      // their own records) leaves what another machine added meanwhile, as a list of its own.
      return table.name == "list_deletions"
        ? try deleteList(record.key, at: record.clock) : try nameGone(record.key, at: record.clock)
    }
    // The key as `sync_rows` keeps it, made once: the stamp is read, then written.
    let keyText = SyncTable.keyText(record.key)
    if let taken = try namedTitle(record, row, table: table, keyText: keyText) { return taken }
    if let stamp = try SyncStamp.stampOf(connection, table.name, keyText: keyText),
      try !supersedes(record, row, in: table, over: stamp)
    {
      if let fill = table.fillUnknown, let row { try connection.rows(fill, row) }
      return .already
    }
    if table.name == "list_items", row != nil, let list = record.key.first,
      let deletion = try SyncStamp.stampOf(connection, "list_deletions", [list]), deletion.clock > record.clock
    {
      // Added before its list was deleted elsewhere: gone with it.
      return .already
    }
    do {
      if var row {
        if table.name == "list_items", let list = row.first {
          // The item joins the list this library spells so, in whatever case it came.
          row[0] = try table.spelled([list], connection)[0]
          try connection.rows(
            "INSERT INTO lists (name, created) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", [row[0], row[4]])
          try SyncStamp.stamp(connection, "lists", [SyncTable.lowered(list)], record.clock, deleted: false)
        }
        if table.name == "lists", case .text(let name) = row[0] {
          // A list spelt anew elsewhere ("été" made "Été") is this one, spelt so.
          try connection.rows(
            "UPDATE lists SET name = ? WHERE name = ?", [row[0], .text(try Lists.spelling(connection, name))])
        }
        try connection.rows(table.upsert, row)
      } else {
        try connection.rows(table.delete, try table.spelled(record.key, connection))
        if table.name == "list_items", let list = try table.spelled(record.key, connection).first {
          try Lists.dropIfNameGone(connection, list)
        }
      }
    } catch {
      guard error.primary == SQLITE_CONSTRAINT else { throw error }
      if error.code == Self.foreignKeyRefused { return .waiting }
      return .refused(tr("the library refuses it: %s", TextSanitizer.clean(error.message, limit: 200)))
    }
    try SyncStamp.stamp(connection, table.name, keyText: keyText, record.clock, deleted: row == nil)
    return .applied
  }

  /// Whether a record takes the place of what the row holds, stamped `stamp`: the later change by
  /// the clock; a rating by the moment it was given first, so an old rating imported today on one
  /// machine never takes back a newer one given on another (*imported-ratings-never-older*).
  private func supersedes(
    _ record: SyncRecord, _ row: [SQLValue]?, in table: SyncTable, over stamp: (clock: HybridClock, deleted: Bool)
  ) throws -> Bool {
    guard table.name == "ratings" else { return record.clock > stamp.clock }
    let held =
      stamp.deleted
      ? nil
      : try connection.rows(table.select, table.spelled(record.key, connection)).first.map { found in
        table.rowColumns.map { found[$0] }
      }
    let theirs = RatingMoment(row, columns: table.rowColumns, clock: record.clock)
    let mine = RatingMoment(held, columns: table.rowColumns, clock: stamp.clock)
    return (theirs.milliseconds, record.clock) > (mine.milliseconds, stamp.clock)
  }

  /// SQLITE_CONSTRAINT_FOREIGNKEY (a macro Swift does not import).
  private static let foreignKeyRefused: Int32 = 787

  /// What is wrong with a record's key, as its table names rows: a list's deletion carries no row,
  /// and a key is values the library stores (a list by a name it takes), so that a deletion never
  /// reaches a row by SQLite's conversions ("550" for 550) or a list by a name it would refuse.
  /// `key` is given back as the library keeps it: values as stored, a list's name lowered.
  private func keyProblem(_ table: SyncTable, _ carriesRow: Bool, _ key: inout [SQLValue]) -> String? {
    if table.name == "list_deletions", carriesRow { return tr("a list's deletion carries no row") }
    // A key names its row by every value: a null names none (a watch's uid, say).
    if key.contains(.null) { return tr("its key names no row") }
    if table.caseless(table.keyColumns[0]) {
      guard key[0].string.map(Library.isListName) == true else { return tr("list is not a list's name") }
      key[0] = SyncTable.lowered(key[0])
    }
    return StoredValues.problem(table.name, table.keyColumns, &key, today: ReleaseDate(day: now), cleaning: false)
  }

}
