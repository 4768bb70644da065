import Foundation

/// The terminal's cursor as tmux sees it, and the row under it: what a screen reader reads.
extension TmuxSession {
  /// Where the cursor is (column and row, from 0) and whether the terminal shows it.
  public func cursor() throws -> (column: Int, row: Int, visible: Bool) {
    let parts = try display("#{cursor_x},#{cursor_y},#{cursor_flag}").split(separator: ",").compactMap { Int($0) }
    guard parts.count == 3 else { throw TmuxError(message: "tmux gave no cursor position") }
    return (parts[0], parts[1], parts[2] == 1)
  }

  /// One row of the visible screen as text, from 0.
  public func line(_ row: Int) throws -> String {
    let lines = try capture().split(separator: "\n", omittingEmptySubsequences: false)
    return lines.indices.contains(row) ? String(lines[row]) : ""
  }

  /// The row under the cursor, and the cursor's column.
  public func focusedLine() throws -> (line: String, column: Int, row: Int, visible: Bool) {
    let cursor = try cursor()
    return (try line(cursor.row), cursor.column, cursor.row, cursor.visible)
  }
}
