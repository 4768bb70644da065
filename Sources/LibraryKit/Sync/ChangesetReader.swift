import CSQLite
import FoundationEssentials

/// One row's change as a changeset holds it (SQLite's session extension, read with its iterator).
struct RowChange: Equatable {
  /// What was done to the row.
  enum Operation: Equatable { case insert, update, delete }

  /// The table's name.
  let table: String
  /// What was done.
  let operation: Operation
  /// The values before, by column: every column of a delete; the key and the changed columns of an update.
  let old: [SQLValue?]
  /// The values after, by column: every column of an insert; the changed columns of an update.
  let new: [SQLValue?]
}

/// Reads a changeset row by row.
enum ChangesetReader {
  /// Every row change in `changeset`, in its order.
  static func changes(_ changeset: Data) throws(SQLiteFailure) -> [RowChange] {
    guard let api = ChangeLog.api else {
      throw SQLiteFailure(code: SQLITE_ERROR, message: "libsqlite3 has no session extension")
    }
    var bytes = [UInt8](changeset)
    var result: [RowChange] = []
    let code: Int32 = bytes.withUnsafeMutableBytes { buffer in
      var iterator: OpaquePointer?
      let started = api.pointee.changeset_start(&iterator, Int32(buffer.count), buffer.baseAddress)
      guard started == SQLITE_OK, let iterator else { return started }
      while api.pointee.changeset_next(iterator) == SQLITE_ROW {
        var table: UnsafePointer<CChar>?
        var columns: Int32 = 0
        var operation: Int32 = 0
        var indirect: Int32 = 0
        guard api.pointee.changeset_op(iterator, &table, &columns, &operation, &indirect) == SQLITE_OK, let table
        else { break }
        let kind: RowChange.Operation =
          switch operation {
          case SQLITE_INSERT: .insert
          case SQLITE_DELETE: .delete
          default: .update
          }
        func values(_ read: (Int32, UnsafeMutablePointer<OpaquePointer?>) -> Int32) -> [SQLValue?] {
          (0..<columns).map { column in
            var value: OpaquePointer?
            guard read(column, &value) == SQLITE_OK, let value else { return nil }
            return Self.value(api, value)
          }
        }
        result.append(
          RowChange(
            table: String(cString: table), operation: kind,
            old: kind == .insert ? [] : values { api.pointee.changeset_old(iterator, $0, $1) },
            new: kind == .delete ? [] : values { api.pointee.changeset_new(iterator, $0, $1) }))
      }
      return api.pointee.changeset_finalize(iterator)
    }
    guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: "a change of the log cannot be read") }
    return result
  }

  /// One value as stored.
  private static func value(_ api: UnsafePointer<trending_session_api>, _ value: OpaquePointer) -> SQLValue {
    switch api.pointee.value_type(value) {
    case SQLITE_INTEGER: return .integer(api.pointee.value_int64(value))
    case SQLITE_FLOAT: return .real(api.pointee.value_double(value))
    case SQLITE_TEXT:
      guard let text = api.pointee.value_text(value) else { return .text("") }
      let count = Int(api.pointee.value_bytes(value))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    default: return .null
    }
  }
}
