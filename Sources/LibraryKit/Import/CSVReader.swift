import AmodbKit
import FoundationEssentials
import Localization

/// One row of a CSV file: its fields, or why it was skipped, with the line it starts on.
public struct CSVRow: Equatable, Sendable {
  /// The line the row starts on, from 1.
  public var line: Int
  /// The fields, or nil when the row could not be read.
  public var fields: [String]?
  /// Why the row was skipped.
  public var problem: String?
}

/// RFC 4180 read a chunk at a time: a byte order mark, CRLF or LF, quoted commas, quotes and
/// newlines. A row with invalid UTF-8, or longer than `rowCap` bytes, is returned with its
/// problem and the reading goes on; memory holds one row and one chunk, whatever the file's size.
/// A last row the file ends inside (no line end, where the rows before had one) is a file cut
/// short, as a copy still under way leaves it: it is returned with its problem, never read as whole.
public struct CSVReader<Source: ByteSource> {
  /// The most bytes one row may have.
  public static var rowCap: Int { 1 << 20 }

  private var source: Source
  private var buffer: [UInt8] = []
  private var position = 0
  private var ended = false
  private var startOfFile = true
  private var line = 1
  /// Whether a row has ended with its line end.
  private var endedARow = false

  /// Reads `source`.
  public init(_ source: Source) {
    self.source = source
  }

  /// The next row, nil at the end of the file.
  public mutating func next() throws -> CSVRow? {
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var afterQuote = false
    var rowBytes = 0
    var invalid = false
    var tooLong = false
    let start = line
    var sawAnything = false
    func finish(_ field: inout [UInt8]) {
      if !tooLong, let text = String(validating: field, as: UTF8.self) {
        fields.append(text)
      } else if !tooLong {
        invalid = true
      }
      field.removeAll(keepingCapacity: true)
    }
    while let byte = try nextByte() {
      sawAnything = true
      rowBytes += 1
      if rowBytes > Self.rowCap, !tooLong {
        tooLong = true
        field = []
      }
      if quoted {
        if byte == 0x22 {
          quoted = false
          afterQuote = true
        } else {
          if byte == 0x0a { line += 1 }
          if !tooLong, !(byte == 0x0d && peek() == 0x0a) { field.append(byte) }
        }
        continue
      }
      switch byte {
      case 0x22:
        // A quote opens a field at its start, and doubled inside one is a quote.
        if afterQuote {
          if !tooLong { field.append(0x22) }
          quoted = true
          afterQuote = false
        } else if field.isEmpty {
          quoted = true
        } else if !tooLong {
          field.append(byte)
        }
      case 0x2c:
        afterQuote = false
        finish(&field)
      case 0x0d where peek() == 0x0a:
        continue
      case 0x0a, 0x0d:
        line += 1
        endedARow = true
        finish(&field)
        return row(start, fields, invalid: invalid, tooLong: tooLong)
      default:
        afterQuote = false
        if !tooLong { field.append(byte) }
      }
    }
    guard sawAnything else { return nil }
    finish(&field)
    let blank = fields.allSatisfy { $0.trimmingSpaces().isEmpty } && !quoted
    if endedARow, !blank {
      return CSVRow(
        line: start,
        problem: tr("the file ends inside this row: was it copied whole? (If it was, end it with a new line.)"))
    }
    return row(start, fields, invalid: invalid, tooLong: tooLong)
  }

  private func row(_ start: Int, _ fields: [String], invalid: Bool, tooLong: Bool) -> CSVRow {
    if tooLong {
      return CSVRow(line: start, problem: tr("longer than %s KiB", String(Self.rowCap >> 10)))
    }
    if invalid { return CSVRow(line: start, problem: tr("not valid UTF-8")) }
    return CSVRow(line: start, fields: fields)
  }

  private mutating func nextByte() throws -> UInt8? {
    if position == buffer.count {
      guard !ended, try fill() else { return nil }
    }
    defer { position += 1 }
    return buffer[position]
  }

  private mutating func peek() -> UInt8? {
    if position == buffer.count, !ended { _ = try? fill() }
    return position < buffer.count ? buffer[position] : nil
  }

  private mutating func fill() throws -> Bool {
    buffer.removeAll(keepingCapacity: true)
    position = 0
    while true {
      guard let next = try source.next() else {
        ended = true
        break
      }
      buffer += next
      // The first three bytes are looked at whole, however the source cuts its chunks.
      if startOfFile, buffer.count < 3 { continue }
      break
    }
    if startOfFile {
      startOfFile = false
      // A UTF-8 byte order mark (Excel's, IMDb's) is not part of the first field.
      if buffer.starts(with: [0xef, 0xbb, 0xbf]) { position = 3 }
      if position == buffer.count, !ended { return try fill() }
    }
    return position < buffer.count
  }
}

/// A CSV file read by its header: each row's cells by column name, rows with the wrong number of
/// cells reported and skipped.
public struct CSVTable<Source: ByteSource> {
  private var reader: CSVReader<Source>
  /// The header's names, as the file wrote them.
  public private(set) var header: [String] = []
  private var index: [String: Int] = [:]

  /// Reads the first row as the header (nil for an empty file).
  public init?(_ source: Source) throws {
    reader = CSVReader(source)
    guard let first = try reader.next(), let names = first.fields else { return nil }
    use(header: names)
  }

  /// Takes these names as the header from here on (a file with more than one block).
  public mutating func use(header names: [String]) {
    header = names.map { $0.trimmingSpaces() }
    index = [:]
    for (offset, name) in header.enumerated() where index[name] == nil { index[name] = offset }
  }

  /// Whether the header has every one of `names`.
  public func has(_ names: [String]) -> Bool {
    names.allSatisfy { index[$0] != nil }
  }

  /// The next row as read, its cell count unchecked.
  public mutating func nextRaw() throws -> CSVRow? {
    try reader.next()
  }

  /// The next row, or a problem with its line: unreadable, or not as many cells as the header.
  public mutating func next() throws -> CSVRecord? {
    guard let row = try reader.next() else { return nil }
    return record(row)
  }

  /// A row read against the header.
  public func record(_ row: CSVRow) -> CSVRecord {
    guard let fields = row.fields else { return CSVRecord(line: row.line, problem: row.problem) }
    guard fields.count == header.count else {
      return CSVRecord(
        line: row.line,
        problem: tr("%1$s cells where the header has %2$s", String(fields.count), String(header.count)))
    }
    return CSVRecord(line: row.line, fields: fields, index: index)
  }
}

/// A row read against its header.
public struct CSVRecord: Sendable {
  /// The line it starts on.
  public var line: Int
  /// Why it was skipped, when it was.
  public var problem: String?
  private var fields: [String] = []
  private var index: [String: Int] = [:]

  init(line: Int, problem: String?) {
    self.line = line
    self.problem = problem
  }

  init(line: Int, fields: [String], index: [String: Int]) {
    self.line = line
    self.fields = fields
    self.index = index
  }

  /// Whether the row is empty (a blank line).
  public var isBlank: Bool { fields.allSatisfy(\.isEmpty) }

  /// The cell of a column, trimmed; nil when the column is missing or the cell empty.
  public subscript(_ name: String) -> String? {
    guard let at = index[name], at < fields.count else { return nil }
    let text = fields[at].trimmingSpaces()
    return text.isEmpty ? nil : text
  }

  /// The cell of a column as written (newlines kept), nil when missing or empty.
  public func raw(_ name: String) -> String? {
    guard let at = index[name], at < fields.count, !fields[at].isEmpty else { return nil }
    return fields[at]
  }
}
