import AmodbKit
import CSQLite
import FoundationEssentials
import Localization

/// How many rows of each table an import of `export json` added, how many were there, and which
/// were not taken because they hold values the app never writes.
public struct JSONImportOutcome: Equatable, Sendable {
  /// Rows added, by table.
  public var added: [String: Int] = [:]
  /// Rows that were there already.
  public var already = 0
  /// Rows taken away since the copy, on a machine of the sync folder: not brought back.
  public var takenAway = 0
  /// Ratings and notes the library held otherwise, older: the file's newer ones took their place.
  public var replaced = 0
  /// Ratings and notes the file holds otherwise, not newer than the library's: the library's kept.
  public var keptYours = 0
  /// Rows not taken: values the app never writes, or refused by the library.
  public var invalid = 0
  /// The first `ImportRows.namedSkips` rows not taken: the table as the file, the entry (from 1) as the line.
  public var problems: [SkippedRow] = []

  /// Rows added in all.
  public var addedInAll: Int { added.values.reduce(0, +) }

  /// Notes a row not taken.
  mutating func refuse(_ table: String, _ entry: Int, _ problem: String) {
    invalid += 1
    if problems.count < ImportRows.namedSkips {
      problems.append(SkippedRow(place: RowPlace(file: table, line: entry), problem: problem))
    }
  }
}

/// What an `import json` keeps from row to row: the file's list ids as the library's, and how many
/// watches of each title, episode and day the file has held so far.
fileprivate struct JSONImportMemory {
  var listIDs: [Int64: Int64] = [:]
  var watches = LoggedWatches()
}

/// What became of one exported row.
enum Taken {
  case added, already
  /// A rating or note put over an older one of the library's.
  case replaced
  /// A rating or note not newer than the library's other one, which stays.
  case keptYours
  /// Taken away since, on a machine of the sync folder: a late copy does not bring it back.
  case takenAway
  case invalid(String)
}

/// One exported row as read: its values in the table's column order, or why it cannot be one.
fileprivate enum ReadRow {
  case values([SQLValue])
  case problem(String)
}

extension Library {
  /// The most `import json` reads.
  public static let largestExport = 512 << 20

  /// The change log's name for an `import json`: a copy of a library, whose rows are as old as the
  /// copy, so joining a sync folder dates none of them (what the folder changed since wins).
  static let jsonImportKind = "importJSON"

  /// Reads `export json` back into the library in one transaction: into an empty library, every
  /// row of every table as it was (ids included); into one with rows, what is not there yet
  /// (lists matched by name; watches by id, else by title, episode and day, as many as the file has
  /// of that day). A row holding a value the app never writes costs only itself; text is cleaned of
  /// control characters and escape sequences.
  /// `today` (`YYYY-MM-DD`, UTC) bounds the days taken; nil is today.
  public func importJSON(_ bytes: [UInt8], name: String, dryRun: Bool, today: String? = nil) throws
    -> JSONImportOutcome
  {
    try importJSON(reading: MemorySource(bytes), name: name, dryRun: dryRun, today: today)
  }

  /// `importJSON` from a source read a chunk at a time: memory holds one row, not the file.
  public func importJSON<S: ByteSource>(reading source: S, name: String, dryRun: Bool, today: String? = nil) throws
    -> JSONImportOutcome
  {
    let day = today.flatMap(ReleaseDate.init) ?? ReleaseDate(day: Date())
    let run = JSONImportRun(library: self, stream: JSONStream(source), name: name, today: day)
    do {
      return try transaction(commit: !dryRun, kind: Self.jsonImportKind) {
        // What was taken away here since the last sync is stamped first, so the copy brings none of it back.
        if let member = try SyncMember.load(connection) { try SyncStamp.stampLog(connection, member: member) }
        return try run.readKeepingFailure()
      }
    } catch {
      if let failure = run.failure { throw failure }
      throw error
    }
  }

  /// Inserts one exported row unless it is there; a row the library's constraints refuse is invalid.
  fileprivate func insert(
    _ table: String, _ columns: [String], _ values: [SQLValue], memory: inout JSONImportMemory
  ) throws -> Taken {
    do {
      return try insertUnlessThere(table, columns, values, memory: &memory)
    } catch let failure as SQLiteFailure where failure.primary == SQLITE_CONSTRAINT {
      if failure.code == Self.foreignKeyRefused {
        return .invalid(tr("it is about a title that is neither in the file nor in the library"))
      }
      return .invalid(tr("the library refuses it: %s", TextSanitizer.clean(failure.message, limit: 200)))
    }
  }

  /// `insert`, any constraint's refusal thrown.
  private func insertUnlessThere(
    _ table: String, _ columns: [String], _ values: [SQLValue], memory: inout JSONImportMemory
  ) throws -> Taken {
    var columns = columns
    var values = values
    func value(_ name: String) -> SQLValue { columns.firstIndex(of: name).map { values[$0] } ?? .null }
    // A late copy does not undo what a machine of the sync folder took away since, as a sync would
    // not; the items of a list taken away go with it.
    if table == "list_items", let list = value("list_id").integer, memory.listIDs[list] == Self.listTakenAway {
      return .takenAway
    }
    if try takenAway(table, value, listIDs: memory.listIDs) {
      if table == "lists", let id = value("id").integer { memory.listIDs[id] = Self.listTakenAway }
      return .takenAway
    }
    switch table {
    case "lists":
      guard let id = value("id").integer else { return .invalid(ExportValues.bad("id", "null")) }
      let spelled: SQLValue = .text(try Lists.spelling(connection, value("name").string ?? ""))
      if let known = try connection.scalar("SELECT id FROM lists WHERE name = ?", [spelled])?.integer {
        memory.listIDs[id] = known
        // The same list: it was made on the earlier of the two days.
        try connection.rows(
          "UPDATE lists SET created = min(created, ?) WHERE id = ?", [value("created"), .integer(known)])
        return .already
      }
      if try connection.scalar("SELECT 1 FROM lists WHERE id = ?", [.integer(id)]) != nil {
        columns.removeFirst()
        values.removeFirst()
      }
      try connection.rows(
        "INSERT INTO lists (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))", values)
      memory.listIDs[id] = connection.lastInsertID
      return .added
    case "ratings", "notes":
      if let merged = try merged(table, value) { return merged }
    case "list_items":
      guard let list = value("list_id").integer, let mapped = memory.listIDs[list] else {
        return .invalid(tr("list_id %s is not a list of the file", StoredValues.shown(value("list_id"))))
      }
      values[0] = .integer(mapped)
    case "watch_events":
      let day = [value("kind"), value("title_id"), value("season"), value("episode"), value("watched")]
      let held = memory.watches.count(day)
      // A watch keeps its stable id; an export of a version before them gets one.
      if let uid = columns.firstIndex(of: "uid"), values[uid] == .null { values[uid] = .text(Events.newUID()) }
      if try connection.scalar("SELECT 1 FROM watch_events WHERE uid = ?", [value("uid")]) != nil { return .already }
      // Watches of the title that day under other ids (the same diary imported on each machine)
      // are the file's: as many as the file has are enough, and its rewatches of the day past
      // those are added.
      guard try connection.scalar(Events.countOfDay, day)?.int ?? 0 < held else { return .already }
      if try connection.scalar("SELECT 1 FROM watch_events WHERE id = ?", [value("id")]) != nil {
        columns.removeFirst()
        values.removeFirst()
      }
    default: break
    }
    // Table and column names are ours (`exportedTables`), never the file's. Only a row already
    // there is passed over; any other constraint refuses the row.
    try connection.rows(
      "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count))) "
        + "ON CONFLICT DO NOTHING",
      values)
    return connection.changes > 0 ? .added : .already
  }

  /// Whether the sync folder's stamp of the row (by its key on every machine) says it was taken
  /// away: a list by its name, an item by its list's name, a watch by its id. Never, in a library
  /// that does not sync (it has no stamps).
  private func takenAway(
    _ table: String, _ value: (String) -> SQLValue, listIDs: [Int64: Int64]
  ) throws(SQLiteFailure) -> Bool {
    guard let spec = SyncTable.byName[table], table != "titles" else { return false }
    var key: [SQLValue]
    switch table {
    case "list_items":
      guard let list = value("list_id").integer, let mapped = listIDs[list],
        let name = try connection.scalar("SELECT name FROM lists WHERE id = ?", [.integer(mapped)])
      else { return false }
      key = [name, value("kind"), value("title_id")]
    default: key = spec.keyColumns.map(value)
    }
    if spec.keyColumns.first.map(spec.caseless) == true { key[0] = SyncTable.lowered(key[0]) }
    guard !key.contains(.null) else { return false }
    return try SyncStamp.stampOf(connection, table, key)?.deleted == true
  }

  /// The place of a list taken away since in the file's list ids (no list's id is negative).
  private static let listTakenAway: Int64 = -1

  /// SQLITE_CONSTRAINT_FOREIGNKEY (a macro Swift does not import).
  private static let foreignKeyRefused: Int32 = 787

  private func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
  }
}

/// One import of `export json`: the file's members read in order, each table's rows taken as they
/// come (in the export's order every table is taken as it is read; one that comes before a table
/// it refers to is held until the end).
private final class JSONImportRun<S: ByteSource> {
  let library: Library
  var stream: JSONStream<S>
  let name: String
  let today: ReleaseDate
  var outcome = JSONImportOutcome()
  var memory = JSONImportMemory()
  var format: String?
  var version: Int64?
  var schema: Int64?
  var finished: Set<String> = []
  var held: [String: [(entry: Int, row: ReadRow)]] = [:]

  init(library: Library, stream: JSONStream<S>, name: String, today: ReleaseDate) {
    self.library = library
    self.stream = stream
    self.name = name
    self.today = today
  }

  /// The refusal of a file that is not one `export json` wrote.
  static func notExport(_ name: String) -> ImportFailure {
    ImportFailure(tr("%s is not a file that 'trending export json' wrote", name))
  }

  /// Why the file was refused, when it was.
  var failure: ImportFailure?

  /// `read()`, a refusal kept in `failure` and thrown as the library's error, so the transaction
  /// rolls back and hands it on.
  func readKeepingFailure() throws -> JSONImportOutcome {
    do {
      return try read()
    } catch let error as ImportFailure {
      failure = error
      throw LibraryError(.other, error.message)
    } catch is JSONStream<S>.Malformed {
      // Malformed at its very end, the file is one cut short (a copy or download not finished).
      let refusal =
        stream.reachedEnd
        ? ImportFailure(tr("%s ends early: a copy or download cut short? Nothing was imported.", name))
        : Self.notExport(name)
      failure = refusal
      throw LibraryError(.other, refusal.message)
    }
  }

  /// Reads the whole file; what it did.
  func read() throws -> JSONImportOutcome {
    try stream.skipByteOrderMark()
    try stream.expect(0x7b)
    var first = true
    while let key = try stream.nextKey(&first) {
      switch key {
      case "format":
        guard case .text(let text) = try stream.scalar() else { throw Self.notExport(name) }
        format = text
      case "version": version = try number()
      case "schema": schema = try number()
      case "tables":
        // The header is whole before the rows: a newer file is refused before any of them is read.
        try checkHeader(final: false, whole: true)
        try tables()
      default: try stream.skip()
      }
      try checkHeader(final: false)
    }
    guard try stream.peek() == nil else { throw Self.notExport(name) }
    try checkHeader(final: true)
    for table in Library.exportedTables {
      for (entry, row) in held.removeValue(forKey: table.name) ?? [] { try take(table, entry, row) }
    }
    return outcome
  }

  private func number() throws -> Int64 {
    guard case .number(.integer(let number)) = try stream.scalar() else { throw Self.notExport(name) }
    return number
  }

  /// Refuses a file that is not an export, or one a newer trending wrote: said once the header is
  /// `whole` (the rows start, or the file ends), so it names the format and schema the file gives.
  private func checkHeader(final: Bool, whole: Bool = false) throws {
    if let format, format != "trending-library" { throw Self.notExport(name) }
    if final || whole || (version != nil && schema != nil),
      (version ?? 0) > Library.exportFormatVersion || (schema ?? 0) > Schema.current
    {
      throw ImportFailure(
        tr(
          "%1$s was written by a newer trending (export format %2$s, schema %3$s): update trending to read it",
          name, version.map { String($0) } ?? "?", schema.map { String($0) } ?? "?"))
    }
    if final, format == nil || version == nil || schema == nil { throw Self.notExport(name) }
  }

  private func tables() throws {
    try stream.expect(0x7b)
    var first = true
    while let key = try stream.nextKey(&first) {
      guard let table = Library.exportedTables.first(where: { $0.name == key }) else {
        try stream.skip()
        continue
      }
      let ready = Self.needs(key).allSatisfy(finished.contains)
      try stream.expect(0x5b)
      var entry = 0
      var firstRow = true
      while try stream.nextElement(&firstRow) {
        entry += 1
        let row = try row(columns: table.columns)
        if ready { try take(table, entry, row) } else { held[key, default: []].append((entry, row)) }
      }
      finished.insert(key)
    }
  }

  /// The tables whose rows a table's rows refer to: every row is about a title, a list's items are on a list.
  static func needs(_ table: String) -> [String] {
    switch table {
    case "titles", "lists", "facts": return []
    case "list_items": return ["titles", "lists"]
    default: return ["titles"]
    }
  }

  /// One element of a table: an object of its columns (others read past), or why it is not one.
  private func row(columns: [String]) throws -> ReadRow {
    guard try stream.peek() == 0x7b else {
      try stream.skip()
      return .problem(tr("not an object of columns"))
    }
    try stream.expect(0x7b)
    var values = [SQLValue](repeating: .null, count: columns.count)
    var problem: String?
    var first = true
    while let key = try stream.nextKey(&first) {
      guard let index = columns.firstIndex(of: key) else {
        try stream.skip()
        continue
      }
      switch try stream.scalar() {
      case .null: values[index] = .null
      case .number(let number): values[index] = number
      case .text(let text): values[index] = .text(text)
      case .bool(let truth): problem = problem ?? ExportValues.bad(key, String(truth))
      case .unusable: problem = problem ?? ExportValues.bad(key, "…")
      }
    }
    return problem.map(ReadRow.problem) ?? .values(values)
  }

  private func take(_ table: (name: String, columns: [String], order: String), _ entry: Int, _ row: ReadRow) throws {
    let taken: Taken
    switch row {
    case .problem(let problem): taken = .invalid(problem)
    case .values(var values):
      if let problem = StoredValues.problem(table.name, table.columns, &values, today: today, cleaning: true) {
        taken = .invalid(problem)
      } else {
        taken = try library.insert(table.name, table.columns, values, memory: &memory)
      }
    }
    switch taken {
    case .added: outcome.added[table.name, default: 0] += 1
    case .already: outcome.already += 1
    case .replaced: outcome.replaced += 1
    case .keptYours: outcome.keptYours += 1
    case .takenAway: outcome.takenAway += 1
    case .invalid(let problem): outcome.refuse(table.name, entry, problem)
    }
  }
}
