import CSQLite
import Foundation
import Testing

@testable import LibraryKit

/// A connection to a fresh file with one table, `t (id INTEGER PRIMARY KEY, name TEXT)`.
private func connection(_ path: URL? = nil) throws -> (SQLiteConnection, URL) {
  let path = try path ?? libraryFolder().appendingPathComponent("rows.sqlite3")
  let connection = try SQLiteConnection(path: path.path, readOnly: false, create: true)
  try connection.rows("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, name TEXT)")
  return (connection, path)
}

private struct Refused: Error, Equatable {}

@Suite("Rows read by column name, and the one write transaction")
struct SQLRowTests {
  @Test func aRowIsReadByItsColumnsNamesAndAliases() throws {
    let (sql, _) = try connection()
    try sql.rows("INSERT INTO t (id, name) VALUES (1, 'Dune'), (2, NULL)")
    let rows = try sql.rows(
      "SELECT t.name, id, count(*) OVER () AS titles, 2.5 AS score, id AS name FROM t ORDER BY id")
    #expect(rows.count == 2)
    #expect(rows[0]["name"] == .text("Dune"), "a column by its own name; a name given twice is the first")
    #expect(rows[0]["id"] == .integer(1) && rows[1]["id"] == .integer(2))
    #expect(rows[0]["titles"] == .integer(2) && rows[0]["score"] == .real(2.5), "expressions by their aliases")
    #expect(rows[1]["name"] == .null, "NULL is read as it is")
    var names: [String] = []
    try sql.each("SELECT name AS title FROM t WHERE name IS NOT NULL") { names.append($0["title"].string ?? "") }
    #expect(names == ["Dune"])
    #expect(try sql.scalar("SELECT count(*) FROM t") == .integer(2))
    #expect(try sql.scalar("SELECT id FROM t WHERE id = 3") == nil)
  }

  @Test func aTitleIsReadByNameBesideTheQuerysOwnColumns() throws {
    let library = try freshLibrary()
    let dune = TitleInfo(media: .film(693134), title: "Dune: Part Two", year: 2024, voteCount: 7, runtime: 166)
    try library.watch(dune, on: "2026-01-02", recorded: "2026-01-02")
    let rows = try library.connection.rows(
      "SELECT 'x' AS note, \(Titles.columns), 9 AS rating FROM titles t WHERE t.kind = 'movie' AND t.id = 693134")
    #expect(rows.first.flatMap(Titles.info(from:)) == dune)
    #expect(rows.first?["rating"] == .integer(9))
  }

  @Test func aNameTheRowHasNotStopsADebugBuild() async throws {
    #if DEBUG
      // A misspelt name or a missing alias is found by the first test that reads it.
      await #expect(processExitsWith: .failure) {
        let sql = try SQLiteConnection(path: ":memory:", readOnly: false, create: true)
        _ = try sql.rows("SELECT 1 AS one").first?["two"]
      }
    #else
      let sql = try SQLiteConnection(path: ":memory:", readOnly: false, create: true)
      #expect(try sql.rows("SELECT 1 AS one").first?["two"] == .null, "a release build reads it as NULL")
    #endif
  }

  @Test func aTransactionIsCommittedWhenItsBodyReturns() throws {
    let (sql, path) = try connection()
    let result = try sql.transaction {
      try sql.rows("INSERT INTO t (name) VALUES ('Dune')")
      return 7
    }
    #expect(result == 7)
    let (other, _) = try connection(path)
    #expect(try other.scalar("SELECT count(*) FROM t") == .integer(1), "another connection reads it")
  }

  @Test func aTransactionIsRolledBackWhenItsBodyThrowsAndTheErrorGoesOn() throws {
    let (sql, _) = try connection()
    #expect(throws: Refused()) {
      try sql.transaction {
        try sql.rows("INSERT INTO t (name) VALUES ('Dune')")
        throw Refused()
      }
    }
    #expect(throws: SQLiteFailure.self) {
      try sql.transaction {
        try sql.rows("INSERT INTO t (id, name) VALUES (1, 'Dune')")
        try sql.rows("INSERT INTO t (id, name) VALUES (1, 'Dune again')")
      }
    }
    #expect(try sql.scalar("SELECT count(*) FROM t") == .integer(0))
    try sql.transaction { try sql.rows("INSERT INTO t (name) VALUES ('Heat')") }
    #expect(try sql.scalar("SELECT count(*) FROM t") == .integer(1), "nothing left open: the next one commits")
  }

  @Test func aDryRunIsRolledBackWithItsResult() throws {
    let (sql, _) = try connection()
    let counted = try sql.transaction(commit: false) { () throws -> Int in
      try sql.rows("INSERT INTO t (name) VALUES ('Dune'), ('Heat')")
      return sql.changes
    }
    #expect(counted == 2)
    #expect(try sql.scalar("SELECT count(*) FROM t") == .integer(0))
  }

  @Test func aTransactionWaitsForAnotherWritersLockOnlyWithinTheBusyTimeout() throws {
    let (sql, path) = try connection()
    let (other, _) = try connection(path)
    other.busyTimeout(20)
    try sql.transaction {
      try sql.rows("INSERT INTO t (name) VALUES ('Dune')")
      let started = Date()
      do {
        try other.transaction { try other.rows("INSERT INTO t (name) VALUES ('Heat')") }
        Issue.record("the second writer did not wait for the lock")
      } catch let failure as SQLiteFailure {
        #expect(failure.primary == SQLITE_BUSY)
        #expect(Date().timeIntervalSince(started) >= 0.015, "it waited the busy timeout first")
      }
    }
    #expect(try other.scalar("SELECT group_concat(name) FROM t") == .text("Dune"))
  }
}
