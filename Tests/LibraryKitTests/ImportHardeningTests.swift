import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import LibraryKit

/// An `export json` file of these tables' rows (each a JSON object's text), as the app writes it.
private func exportText(_ tables: [(String, [String])], version: Int = 1, schema: Int = 2) -> String {
  let body = tables.map { name, rows in "\"\(name)\": [\n" + rows.joined(separator: ",\n") + "\n]" }
  return """
    {"format": "trending-library", "version": \(version), "schema": \(schema), "exported": "2026-06-01",
    "tables": {\(body.joined(separator: ",\n"))}}
    """
}

private let fightClubRow =
  #"{"kind": "movie", "id": 550, "title": "Fight \u001b[31mClub\u001b]8;;http://x\u0007", "year": 1999, "poster_path": null, "vote_average": 8.4, "vote_count": 10, "genre_ids": "18", "genres": "Dra\u0080ma", "imdb_id": null, "runtime": 139, "updated": "2026-01-01"}"#

@Suite("Import: values the app never writes, long notes, bad entries, large files, UTF-16")
struct ImportHardeningTests {
  @Test func importJSONTakesOnlyValuesTheAppWritesAndCleansItsText() throws {
    let text = exportText([
      (
        "titles",
        [
          fightClubRow,
          #"{"kind": "tv", "id": 9223372036854775807, "title": "Huge", "vote_count": 0, "genre_ids": "", "genres": "", "updated": "2026-01-01"}"#,
          #"{"kind": "movie", "id": 2, "title": "Year", "year": "abc", "vote_count": 0, "genre_ids": "", "genres": "", "updated": "2026-01-01"}"#,
          #"{"kind": "movie", "id": 3, "title": "Long", "runtime": 9223372036854775807, "vote_count": 0, "genre_ids": "", "genres": "", "updated": "2026-01-01"}"#,
          #"{"kind": "tv", "id": 1399, "title": "Thrones", "vote_count": 0, "genre_ids": "", "genres": "", "updated": "2026-01-01"}"#,
        ]
      ),
      (
        "lists",
        [
          #"{"id": 5, "name": "Noir\u001b]0;pwned\u0007 films", "created": "2026-01-01"}"#,
          #"{"id": -7, "name": "Negative", "created": "2026-01-01"}"#,
        ]
      ),
      (
        "list_items",
        [
          #"{"list_id": 5, "kind": "movie", "title_id": 550, "position": 1, "added": "2026-01-02"}"#,
          #"{"list_id": -7, "kind": "movie", "title_id": 550, "position": 1, "added": "2026-01-02"}"#,
        ]
      ),
      (
        "watch_events",
        [
          #"{"id": 1, "kind": "movie", "title_id": 550, "season": null, "episode": null, "watched": "2026-01-03", "recorded": "2026-01-03"}"#,
          #"{"id": 2, "kind": "movie", "title_id": 550, "season": null, "episode": null, "watched": "9999-99-99", "recorded": "2026-01-03"}"#,
          #"{"id": 3, "kind": "movie", "title_id": 550, "season": null, "episode": null, "watched": "0000-00-00", "recorded": "2026-01-03"}"#,
          #"{"id": 4, "kind": "tv", "title_id": 1399, "season": 1, "episode": 99999999, "watched": "2026-01-03", "recorded": "2026-01-03"}"#,
          #"{"id": 5, "kind": "movie", "title_id": 550, "season": null, "episode": null, "watched": "2026-08-01", "recorded": "2026-01-03"}"#,
        ]
      ),
      (
        "ratings",
        [#"{"kind": "movie", "title_id": 550, "season": -1, "episode": -1, "rating": 5.5, "rated": "2026-01-04"}"#]
      ),
      (
        "notes",
        [
          #"{"kind": "movie", "title_id": 550, "season": -1, "episode": -1, "text": "Good\u009d0;x\u009c\n\nfilm\u001b[2J", "noted": "2026-01-04"}"#
        ]
      ),
      (
        "title_providers",
        [
          #"{"kind": "movie", "title_id": 550, "region": "US", "provider_id": 8, "provider_name": "N", "offer": "stolen", "checked": "2026-01-04"}"#
        ]
      ),
    ])
    let library = try freshLibrary()
    let outcome = try library.importJSON(Array(text.utf8), name: "x.json", dryRun: false, today: "2026-06-01")
    #expect(outcome.invalid == 11, "\(outcome.problems)")
    #expect(outcome.already == 0, "a row refused is not one already there")
    #expect(
      outcome.added == ["titles": 2, "lists": 1, "list_items": 1, "watch_events": 1, "notes": 1], "\(outcome.added)")
    let places = outcome.problems.map { "\($0.place.file):\($0.place.line)" }
    #expect(
      places == [
        "titles:2", "titles:3", "titles:4", "lists:2", "list_items:2", "watch_events:2", "watch_events:3",
        "watch_events:4", "watch_events:5", "ratings:1",
      ], "the first ten, by table and entry")
    #expect(outcome.problems[0].problem.contains("2147483647"), "\(outcome.problems[0].problem)")
    #expect(outcome.problems[5].problem.contains("9999-99-99"))
    let title = try #require(try library.title(.film(550)))
    #expect(title.title == "Fight Club" && title.genres == ["Drama"], "\(title)")
    #expect(try library.lists().map(\.name).contains("Noir films"))
    #expect(try library.note(Subject(.film(550))) == "Good\n\nfilm")
    _ = try library.stats()
    let clean = try library.check()
    #expect(clean.isEmpty, "\(clean)")
  }

  /// A title whose details were looked up by a clock that ran ahead is taken, dated today, and so
  /// are the rows about it: the day it was looked up dates no watch. A watch still to come is not.
  @Test func aTitleLookedUpByAClockAheadIsTakenWithItsWatches() throws {
    let text = exportText([
      (
        "titles",
        [
          #"{"kind": "movie", "id": 550, "title": "Fight Club", "vote_count": 0, "genre_ids": "", "genres": "", "updated": "2026-06-09"}"#
        ]
      ),
      (
        "watch_events",
        [
          #"{"id": 1, "kind": "movie", "title_id": 550, "season": null, "episode": null, "watched": "2026-05-01", "recorded": "2026-05-01"}"#,
          #"{"id": 2, "kind": "movie", "title_id": 550, "season": null, "episode": null, "watched": "2026-06-09", "recorded": "2026-06-09"}"#,
        ]
      ),
      (
        "title_providers",
        [
          #"{"kind": "movie", "title_id": 550, "region": "US", "provider_id": 8, "provider_name": "N", "offer": "flatrate", "checked": "2026-06-09"}"#
        ]
      ),
    ])
    let library = try freshLibrary()
    let outcome = try library.importJSON(Array(text.utf8), name: "x.json", dryRun: false, today: "2026-06-01")
    #expect(outcome.added == ["titles": 1, "watch_events": 1, "title_providers": 1], "\(outcome.problems)")
    #expect(outcome.problems.map(\.problem) == ["watched is a day still to come: 2026-06-09"])
    #expect(try library.history().map(\.day) == ["2026-05-01"])
    #expect(try library.connection.scalar("SELECT updated FROM titles")?.string == "2026-06-01", "dated today")
    #expect(try library.connection.scalar("SELECT checked FROM title_providers")?.string == "2026-06-01")
    let problems = try library.check()
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func checkNamesBadRowsByTitleAndListAndFindsWhatTheAppDidNotMake() throws {
    let library = try freshLibrary()
    let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999, runtime: 139)
    try library.add(fightClub, to: "Sand", day: "2026-01-01")
    try library.watch(fightClub, on: "2026-01-02", recorded: "2026-01-02")
    try library.rate(Subject(.film(550)), 8, title: fightClub, day: "2026-01-02")
    let clean = try library.check()
    #expect(clean.isEmpty, "\(clean)")
    let sql = library.connection
    try sql.rows("UPDATE watch_events SET watched = '9999-99-99'")
    try sql.rows("UPDATE ratings SET rating = 5.5")
    try sql.rows("UPDATE titles SET runtime = 9223372036854775807")
    try sql.rows("PRAGMA foreign_keys = OFF")
    try sql.rows("INSERT INTO list_items VALUES (99, 'movie', 550, 1, '2026-01-03')")
    try sql.rows("INSERT INTO list_items VALUES (2, 'movie', 4242, 2, '2026-01-03')")
    try sql.rows("CREATE TABLE extra (x)")
    try sql.rows("CREATE VIEW seen AS SELECT * FROM watch_events")
    try sql.rows("CREATE TRIGGER spy AFTER INSERT ON notes BEGIN DELETE FROM ratings; END")
    let problems = try library.check()
    let expected = [
      "'Fight Club' (550) on the list #99 refers to a missing row of lists",
      "4242 on the list 'Sand' refers to a missing row of titles",
      "a table trending did not make: 'extra'", "a view trending did not make: 'seen'",
      "a trigger trending did not make: 'spy'",
      "the title 'Fight Club' (550): runtime is not a whole number from 0 to 100000: 9223372036854775807",
      "the watch of 'Fight Club' (550) on '9999-99-99': watched is not a day as YYYY-MM-DD: '9999-99-99'",
      "the rating of 'Fight Club' (550): rating is not a whole number from 1 to 10: 5.5",
    ]
    for line in expected {
      #expect(problems.contains { $0.hasSuffix(line) || $0 == line }, "\(line) in \(problems)")
    }
    #expect(!problems.contains { $0.contains("row ?") })
  }

  @Test(arguments: 0..<Schema.current)
  func aLibraryMigratedFromAnEarlierVersionChecksClean(version: Int) throws {
    let path = try libraryFolder().appendingPathComponent(Library.fileName)
    do {
      let connection = try SQLiteConnection(path: path.path, readOnly: false, create: true)
      try Library.migrate(connection, to: version)
      func fill() throws {
        try connection.rows(
          "INSERT INTO titles (kind, id, title, updated) VALUES ('movie', 550, 'Fight Club', '2026-01-01')")
        try connection.rows(
          "INSERT INTO watch_events (kind, title_id, watched, recorded) VALUES ('movie', 550, '2026-01-02', '2026-01-02')"
        )
      }
      // A file of a version with the change log has its rows in the log, as the app writes them.
      if version >= ChangeLog.version {
        try connection.transaction { try ChangeLog.recording(connection, "fill") { try fill() } }
      } else if version >= 1 {
        try fill()
      }
    }
    let library = try Library(path: path)
    let problems = try library.check()
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func aNoteLongerThanTheLongestIsRefusedWhole() throws {
    let library = try freshLibrary()
    let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
    try library.note(Subject(.film(550)), "Short.", title: fightClub, day: "2026-01-01")
    let long = String(repeating: "word ", count: 24_000)
    #expect(throws: LibraryError.self) {
      try library.note(Subject(.film(550)), long, title: fightClub, day: "2026-01-02")
    }
    #expect(try library.note(Subject(.film(550))) == "Short.", "nothing was changed")
    let exact = String(repeating: "x", count: Library.longestNote)
    try library.note(Subject(.film(550)), exact, title: fightClub, day: "2026-01-02")
    #expect(try library.note(Subject(.film(550)))?.count == Library.longestNote)
  }

  @Test func aReviewThatWouldMakeTheNoteTooLongIsSetAsideAndReported() throws {
    let library = try freshLibrary()
    let fightClub = ImportTarget(info: TitleInfo(media: .film(550), title: "Fight Club", year: 1999))
    let first = String(repeating: "a", count: 6_000)
    let second = String(repeating: "b", count: 6_000)
    func note(_ line: Int, _ text: String) -> PlannedChange {
      PlannedChange(
        place: RowPlace(file: "reviews.csv", line: line), target: fightClub, action: .note(text, day: "2026-01-01"))
    }
    var plan = ImportPlan(changes: [note(2, first), note(3, second), note(4, first)], unresolved: [])
    try plan.setAsideLongNotes { subject throws(LibraryError) in try library.note(subject) }
    #expect(plan.tooLong.map(\.place.line) == [3])
    let outcome = try library.apply(plan.changes, dryRun: false, recorded: "2026-01-01")
    #expect(outcome.added.count == 1 && outcome.already == 1, "the same review again is there already")
    #expect(try library.note(Subject(.film(550))) == first)
    // Once in the library, the next import sets it aside again.
    var again = ImportPlan(changes: [note(3, second)], unresolved: [])
    try again.setAsideLongNotes { subject throws(LibraryError) in try library.note(subject) }
    #expect(again.tooLong.count == 1 && again.changes.isEmpty)
  }

  @Test func oneBadElementOfATraktArrayCostsOnlyItself() throws {
    let folder = try importFolder()
    let entry =
      #"{"watched_at": "2024-03-01T20:00:00.000Z", "type": "movie", "movie": {"title": "Fight Club", "year": 1999, "ids": {"tmdb": 550}}}"#
    let negative =
      #"{"watched_at": "2024-03-01T20:00:00.000Z", "type": "episode", "show": {"ids": {"tmdb": 1399}}, "episode": {"season": -3, "number": 1}}"#
    try Data("[null, 5, \"s\", [], \(entry), \(negative)]".utf8).write(
      to: folder.appendingPathComponent("watched-history.json"))
    let rows = try ExportReader.read(.trakt, path: folder.path)
    #expect(rows.rows.map(\.reference) == [.tmdb(.film(550), episode: nil)])
    #expect(rows.skipped.map(\.place.line) == [1, 2, 3, 4, 6])
    #expect(rows.skipped.prefix(4).allSatisfy { $0.problem.contains("JSON object") }, "\(rows.skipped)")
    #expect(rows.skipped.last?.problem == "season -3, episode 1 is not an episode's place", "the series is known")
  }

  @Test func manyBadLinesKeepTenProblemsAndCountTheRest() throws {
    let folder = try importFolder()
    var diary = Array("Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n".utf8)
    diary += Array(repeating: [UInt8(0x78), 0x0a], count: 200_000).joined()
    try Data(diary).write(to: folder.appendingPathComponent("diary.csv"))
    let rows = try ExportReader.read(.letterboxd, path: folder.path)
    #expect(rows.skipped.count == ImportRows.namedSkips && rows.skippedCount == 200_000)
    #expect(rows.skipped.map(\.place.line) == Array(2...11))
  }

  @Test func aUTF16FileIsNamedAsUTF16() throws {
    let text = "Const,Your Rating,Date Rated,Title\ntt0137523,9,2024-01-01,Fight Club\n"
    let units = Array(text.utf16)
    let littleEndian: [UInt8] =
      [0xff, 0xfe] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xff), UInt8(unit >> 8)] }
    let bigEndianWithoutMark: [UInt8] = units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xff)] }
    for (kind, name, bytes) in [
      (ImportKind.imdb, "ratings.csv", littleEndian), (.imdb, "ratings.csv", bigEndianWithoutMark),
      (.letterboxd, "diary.csv", littleEndian),
    ] {
      let folder = try importFolder()
      try Data(bytes).write(to: folder.appendingPathComponent(name))
      do {
        _ = try ExportReader.read(kind, path: folder.path)
        Issue.record("\(kind) read a UTF-16 file")
      } catch let failure as ImportFailure {
        #expect(failure.message == "\(name) is UTF-16; save it as UTF-8", "\(failure.message)")
      }
    }
  }
}
