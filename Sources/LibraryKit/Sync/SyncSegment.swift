import AmodbKit
import FoundationEssentials
import Localization

/// One row as it travels: the clock of the change that made it so, its table and key, and its
/// values in the table's `rowColumns` order (nil when the change deleted it).
struct SyncRecord: Equatable {
  /// When, and on which device, the row became so.
  var clock: HybridClock
  /// The table's name.
  var table: String
  /// The row's key on every machine.
  var key: [SQLValue]
  /// The row's values, or nil for a deletion.
  var row: [SQLValue]?
}

/// The first line of a segment file: what wrote it and what it holds.
struct SegmentHeader: Equatable {
  /// The form's name, the same in every segment.
  static let format = "trending-sync"
  /// The version of the form this build writes and reads.
  static let version = 1

  /// The device that wrote it (its folder's name).
  var device: String
  /// The device's name as its user gave it.
  var name: String
  /// The segment's number, from 1, in the device's order.
  var segment: Int
  /// How many records follow.
  var records: Int
  /// The clocks of the first and last record.
  var first: HybridClock
  var last: HybridClock
}

/// A segment file as text (docs/sync.md): a header line, then one record a line, each a JSON object.
enum SyncSegment {
  /// The most bytes a segment is read to; a bigger file is not one of ours.
  static let largest = 64 << 20
  /// The most records one segment holds.
  static let mostRecords = 20_000
  /// The most bytes of records a segment is written with (a record alone larger still gets one of
  /// its own): a quarter of what a reader takes.
  static let mostBytes = largest / 4

  /// The file name of segment `number`.
  static func fileName(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".jsonl"
  }

  /// The text of a segment.
  static func text(_ header: SegmentHeader, _ records: [SyncRecord]) -> String {
    text(header, lines: records.map(line))
  }

  /// The text of a segment whose records' lines are made.
  static func text(_ header: SegmentHeader, lines: [String]) -> String {
    var out = "{\"format\":\(JSONText.string(SegmentHeader.format)),\"version\":\(SegmentHeader.version)"
    out += ",\"device\":\(JSONText.string(header.device)),\"name\":\(JSONText.string(header.name))"
    out += ",\"segment\":\(header.segment),\"records\":\(header.records)"
    out +=
      ",\"first\":[\(header.first.wall),\(header.first.counter)],\"last\":[\(header.last.wall),\(header.last.counter)]}\n"
    for line in lines { out += line }
    return out
  }

  /// One record's line, with its newline.
  static func line(_ record: SyncRecord) -> String {
    var out = "{\"clock\":[\(record.clock.wall),\(record.clock.counter)],\"table\":\(JSONText.string(record.table))"
    out += ",\"key\":[" + record.key.map(JSONText.value).joined(separator: ",") + "]"
    if let row = record.row, let table = SyncTable.byName[record.table] {
      out += ",\"row\":{"
      out += zip(table.rowColumns, row).map { JSONText.string($0) + ":" + JSONText.value($1) }.joined(separator: ",")
      out += "}}\n"
    } else {
      out += ",\"row\":null}\n"
    }
    return out
  }

  /// Records in order, cut into segments of at most `mostRecords` records and `mostBytes` bytes,
  /// each record with its line: every segment written is one a reader takes.
  static func parts(_ records: [SyncRecord]) -> [[(record: SyncRecord, line: String)]] {
    var parts: [[(record: SyncRecord, line: String)]] = []
    var part: [(record: SyncRecord, line: String)] = []
    var bytes = 0
    for record in records {
      let line = line(record)
      if !part.isEmpty, part.count == mostRecords || bytes + line.utf8.count > mostBytes {
        parts.append(part)
        part = []
        bytes = 0
      }
      part.append((record, line))
      bytes += line.utf8.count
    }
    if !part.isEmpty { parts.append(part) }
    return parts
  }

  /// The whole lines of a file's bytes: a last line without its newline is still being written.
  static func wholeLines(_ bytes: [UInt8]) -> (lines: [ArraySlice<UInt8>], partial: Bool) {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0a {
      lines.append(bytes[start..<index])
      start = index + 1
    }
    return (lines, start < bytes.count)
  }

  /// Reads a header line; nil when it is not one.
  static func header(_ line: ArraySlice<UInt8>) -> Result<SegmentHeader, SyncProblem> {
    var stream = JSONStream(MemorySource(Array(line)))
    var fields: [String: JSONStream<MemorySource>.Scalar] = [:]
    var clocks: [String: [Int64]] = [:]
    do {
      try stream.expect(0x7b)
      var first = true
      while let key = try stream.nextKey(&first) {
        if key == "first" || key == "last" {
          clocks[key] = try integers(&stream)
        } else {
          fields[key] = try stream.scalar()
        }
      }
    } catch {
      return .failure(.notOurs)
    }
    guard fields["format"] == .text(SegmentHeader.format) else { return .failure(.notOurs) }
    guard case .number(.integer(let version)) = fields["version"] else { return .failure(.notOurs) }
    guard version <= SegmentHeader.version else { return .failure(.newer(Int(version))) }
    guard case .text(let device) = fields["device"], case .number(.integer(let segment)) = fields["segment"],
      case .number(.integer(let records)) = fields["records"], records >= 0, segment >= 0
    else { return .failure(.notOurs) }
    let name: String
    if case .text(let given) = fields["name"] { name = TextSanitizer.clean(given, limit: 100) } else { name = "" }
    func clock(_ key: String) -> HybridClock {
      let pair = clocks[key] ?? []
      return HybridClock(wall: pair.first ?? 0, counter: Int(pair.dropFirst().first ?? 0), device: device)
    }
    return .success(
      SegmentHeader(
        device: device, name: name, segment: Int(segment), records: Int(records), first: clock("first"),
        last: clock("last")))
  }

  /// Reads a record line of `device`; the reason when it is not one (its values are checked later).
  static func record(_ line: ArraySlice<UInt8>, device: String) -> SyncRecord? {
    var stream = JSONStream(MemorySource(Array(line)))
    var clock: [Int64] = []
    var table: String?
    var key: [SQLValue] = []
    var row: [String: SQLValue]?
    var deleted = false
    do {
      try stream.expect(0x7b)
      var first = true
      while let name = try stream.nextKey(&first) {
        switch name {
        case "clock": clock = try integers(&stream)
        case "table":
          guard case .text(let text) = try stream.scalar() else { return nil }
          table = text
        case "key": key = try values(&stream)
        case "row":
          if try stream.peek() == 0x6e {
            _ = try stream.scalar()
            deleted = true
          } else {
            row = try object(&stream)
          }
        default: try stream.skip()
        }
      }
      guard try stream.peek() == nil else { return nil }
    } catch {
      return nil
    }
    guard clock.count == 2, let table, let spec = SyncTable.byName[table], key.count == spec.keyColumns.count,
      deleted != (row != nil)
    else { return nil }
    let values = row.map { row in spec.rowColumns.map { row[$0] ?? .null } }
    return SyncRecord(
      clock: HybridClock(wall: clock[0], counter: Int(clamping: clock[1]), device: device), table: table, key: key,
      row: values)
  }

  /// A key as `sync_rows` keeps it (a JSON array), read back.
  static func key(_ text: String) -> [SQLValue]? {
    var stream = JSONStream(MemorySource(Array(text.utf8)))
    return try? values(&stream)
  }

  private static func integers(_ stream: inout JSONStream<MemorySource>) throws -> [Int64] {
    try values(&stream).compactMap { value in
      if case .integer(let number) = value { return number }
      return nil
    }
  }

  private static func values(_ stream: inout JSONStream<MemorySource>) throws -> [SQLValue] {
    try stream.expect(0x5b)
    var result: [SQLValue] = []
    var first = true
    while try stream.nextElement(&first) {
      switch try stream.scalar() {
      case .number(let number): result.append(number)
      case .text(let text): result.append(.text(text))
      case .null: result.append(.null)
      case .bool, .unusable: throw JSONStream<MemorySource>.Malformed()
      }
    }
    return result
  }

  private static func object(_ stream: inout JSONStream<MemorySource>) throws -> [String: SQLValue] {
    try stream.expect(0x7b)
    var result: [String: SQLValue] = [:]
    var first = true
    while let key = try stream.nextKey(&first) {
      switch try stream.scalar() {
      case .number(let number): result[key] = number
      case .text(let text): result[key] = .text(text)
      case .null: result[key] = .null
      case .bool, .unusable: throw JSONStream<MemorySource>.Malformed()
      }
    }
    return result
  }
}

/// Why a file or a record of the sync folder was passed over.
enum SyncProblem: Error, Equatable {
  case notOurs
  case newer(Int)
  case forged(String)
  case tooLarge(Int)
  case unreadable(String)

  /// The problem in the user's words.
  var message: String {
    switch self {
    case .notOurs: tr("not a trending sync file")
    case .newer(let version):
      tr("written by a newer trending (sync format %s): update trending to take it in", String(version))
    case .forged(let device): tr("it says it was written by another device (%s)", device)
    case .tooLarge(let bytes): tr("too large (%s bytes)", String(bytes))
    case .unreadable(let reason): tr("could not be read: %s", reason)
    }
  }
}
