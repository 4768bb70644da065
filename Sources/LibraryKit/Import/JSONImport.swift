import AmodbKit
import FoundationEssentials
import Localization

/// A cell of `export json`: a number, text or null, as SQLite stored it.
enum ExportedCell: Decodable, Equatable {
  case value(SQLValue)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .value(.null)
    } else if let text = try? container.decode(String.self) {
      self = .value(.text(text))
    } else if let number = try? container.decode(Int64.self) {
      self = .value(.integer(number))
    } else {
      self = .value(.real(try container.decode(Double.self)))
    }
  }

  var sql: SQLValue {
    switch self {
    case .value(let value): return value
    }
  }
}

/// The file `export json` writes.
struct ExportedLibrary: Decodable {
  var format: String
  var version: Int
  var schema: Int
  var tables: [String: [[String: ExportedCell]]]
}

/// How many rows of each table an import of `export json` added, and how many were there.
public struct JSONImportOutcome: Equatable, Sendable {
  /// Rows added, by table.
  public var added: [String: Int] = [:]
  /// Rows that were there already.
  public var already = 0

  /// Rows added in all.
  public var addedInAll: Int { added.values.reduce(0, +) }
}

extension Library {
  /// The most `import json` reads.
  public static let largestExport = 512 << 20

  /// Reads `export json` back into the library in one transaction: into an empty library, every
  /// row of every table as it was (ids included); into one with rows, what is not there yet
  /// (lists matched by name, watches by title, episode and day).
  public func importJSON(_ bytes: [UInt8], name: String, dryRun: Bool) throws -> JSONImportOutcome {
    let file: ExportedLibrary
    do {
      file = try JSONDecoder().decode(ExportedLibrary.self, from: Data(bytes))
    } catch {
      throw ImportFailure(tr("%s is not a file that 'trending export json' wrote", name))
    }
    guard file.format == "trending-library" else {
      throw ImportFailure(tr("%s is not a file that 'trending export json' wrote", name))
    }
    guard file.version <= Self.exportFormatVersion, file.schema <= Schema.current else {
      throw ImportFailure(
        tr(
          "%1$s was written by a newer trending (export format %2$s, schema %3$s): update trending to read it",
          name, String(file.version), String(file.schema)))
    }
    return try transaction(commit: !dryRun) {
      var outcome = JSONImportOutcome()
      var listIDs: [Int64: Int64] = [:]
      for table in Self.exportedTables {
        for row in file.tables[table.name] ?? [] {
          let values = table.columns.map { row[$0]?.sql ?? .null }
          let added = try insert(table.name, table.columns, values, listIDs: &listIDs)
          if added {
            outcome.added[table.name, default: 0] += 1
          } else {
            outcome.already += 1
          }
        }
      }
      return outcome
    }
  }

  /// Inserts one exported row unless it is there; true when it was added.
  private func insert(
    _ table: String, _ columns: [String], _ values: [SQLValue], listIDs: inout [Int64: Int64]
  ) throws -> Bool {
    var columns = columns
    var values = values
    func value(_ name: String) -> SQLValue { columns.firstIndex(of: name).map { values[$0] } ?? .null }
    switch table {
    case "lists":
      guard let id = value("id").integer else { return false }
      if let known = try connection.scalar("SELECT id FROM lists WHERE name = ?", [value("name")])?.integer {
        listIDs[id] = known
        // The same list: it was made on the earlier of the two days.
        try connection.rows(
          "UPDATE lists SET created = min(created, ?) WHERE id = ?", [value("created"), .integer(known)])
        return false
      }
      if try connection.scalar("SELECT 1 FROM lists WHERE id = ?", [.integer(id)]) != nil {
        columns.removeFirst()
        values.removeFirst()
      }
      try connection.rows(
        "INSERT INTO lists (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))", values)
      listIDs[id] = connection.lastInsertID
      return true
    case "list_items":
      guard let list = value("list_id").integer, let mapped = listIDs[list] else { return false }
      values[0] = .integer(mapped)
    case "watch_events":
      let same = try connection.scalar(
        """
        SELECT 1 FROM watch_events WHERE kind = ? AND title_id = ? AND season IS ? AND episode IS ? AND watched = ?
        """, [value("kind"), value("title_id"), value("season"), value("episode"), value("watched")])
      guard same == nil else { return false }
      if try connection.scalar("SELECT 1 FROM watch_events WHERE id = ?", [value("id")]) != nil {
        columns.removeFirst()
        values.removeFirst()
      }
    default: break
    }
    // Table and column names are ours (`exportedTables`), never the file's.
    try connection.rows(
      "INSERT OR IGNORE INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))",
      values)
    return connection.changes > 0
  }

  private func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
  }
}
