import Foundation
import Testing

@testable import TestSupport

/// The import's and the note's limits through the built binary: a note too long refused, a file of
/// bad lines summarised in a few lines, a refused import making no library, and `import json` of a
/// large export in bounded memory.
@Suite("End to end: the import's and the note's limits", .serialized)
struct ImportLimitsEndToEndTests {
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func environment(_ home: URL) -> [String: String] {
    ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path]
  }

  @Test func aNoteTooLongIsRefusedWithAMessageAndNothingSaved() throws {
    let home = try folder()
    let environment = environment(home)
    let short = try BinaryRunner.run(["note", "550", "Kept.", "--demo"], environment: environment)
    #expect(short.status == 0, "\(short.stderr)")
    let long = try BinaryRunner.run(
      ["note", "550", String(repeating: "x", count: 100_000), "--demo"], environment: environment)
    #expect(long.status == 2, "a usage error, as a rating of 11 is: \(long.stdout)")
    #expect(
      long.stderr.contains("a note is at most 10000 characters and this one has 100000: nothing was saved"),
      "\(long.stderr)")
    let export = try BinaryRunner.run(["export", "json"], environment: environment)
    #expect(export.stdout.contains("\"text\": \"Kept.\""), "the note before is kept: \(export.stdout)")
  }

  @Test func aRowWhoseOnlyReviewIsTooLongIsCountedSoNotAsThereAlready() throws {
    let home = try folder()
    let export = home.appendingPathComponent("letterboxd")
    try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
    let review = String(repeating: "A", count: 12_000)
    try Data(
      ("Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n"
        + "2018-05-01,Fight Club,1999,https://boxd.it/x,,,\(review),,\n").utf8
    ).write(to: export.appendingPathComponent("reviews.csv"))
    let outcome = try BinaryRunner.run(["import", "letterboxd", export.path, "--demo"], environment: environment(home))
    #expect(
      outcome.stdout.contains("already there 0") && outcome.stdout.contains("notes too long 1"), "\(outcome.stdout)")
  }

  @Test func aBackupGivenToImportJSONIsNamedAsOneWithHowToRestoreIt() throws {
    let home = try folder()
    #expect(try BinaryRunner.run(["seen", "550", "--demo"], environment: environment(home)).status == 0)
    let backup = home.appendingPathComponent("backup.sqlite3")
    #expect(
      try BinaryRunner.run(["library", "backup", backup.path, "--demo"], environment: environment(home)).status == 0)
    let other = try folder()
    let refused = try BinaryRunner.run(["import", "json", backup.path, "--demo"], environment: environment(other))
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is a library") && refused.stderr.contains("library.sqlite3"), "\(refused.stderr)")
  }

  @Test func aRefusedImportMakesNoLibrary() throws {
    let home = try folder()
    let notExport = home.appendingPathComponent("other.json")
    try Data(#"{"format": "something else", "tables": {}}"#.utf8).write(to: notExport)
    let cut = home.appendingPathComponent("cut.json")
    try Data(#"{"format": "trending-library", "version": 1, "schema": 1, "tables": {"titles": [["movie", 5"#.utf8)
      .write(to: cut)
    // Another program's JSON is named as not an export; an export cut short, as cut short.
    for (file, said) in [(notExport, "is not a file that 'trending export json' wrote"), (cut, "ends early")] {
      let refused = try BinaryRunner.run(["import", "json", file.path], environment: environment(home))
      #expect(refused.status == 1, "\(refused.stdout)")
      #expect(refused.stderr.contains(said), "\(refused.stderr)")
      let files = FileManager.default.enumerator(atPath: home.appendingPathComponent("data").path)
      let left = (files?.allObjects as? [String] ?? []).filter { $0.contains("library") }
      #expect(left.isEmpty, "a refused import leaves no library: \(left)")
    }
    let marked = try BinaryRunner.run(["seen", "550", "--demo"], environment: environment(home))
    #expect(marked.status == 0, "\(marked.stderr)")
    let kept = try BinaryRunner.run(["import", "json", cut.path], environment: environment(home))
    #expect(kept.status == 1, "\(kept.stdout)")
    let history = try BinaryRunner.run(["history"], environment: environment(home))
    #expect(history.stdout.contains("Fight Club"), "a library there before is kept: \(history.stdout)")
  }

  @Test func aFileOfBadLinesIsSummarisedInAFewLines() throws {
    let home = try folder()
    let export = home.appendingPathComponent("letterboxd")
    try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
    var diary = Data("Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n".utf8)
    diary.append(Data(String(repeating: "x\n", count: 100_000).utf8))
    try diary.write(to: export.appendingPathComponent("diary.csv"))
    let outcome = try BinaryRunner.run(
      ["import", "letterboxd", export.path, "--dry-run"], environment: environment(home))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.count <= 16, "\(lines.prefix(20))")
    #expect(outcome.stdout.contains("skipped 100000"), "\(outcome.stdout.prefix(500))")
    #expect(outcome.stdout.contains("  diary.csv:11  1 cells where the header has 8"))
    #expect(lines.last == "  and 99990 more", "\(lines.suffix(3))")
  }

  @Test func importJSONOfALargeExportStaysInBoundedMemory() throws {
    let home = try folder()
    let file = home.appendingPathComponent("export.json")
    // 120,000 watches of 6,000 films: 18 MB, every row as `export json` writes it.
    var text = #"{"format": "trending-library", "version": 1, "schema": 2, "exported": "2026-01-01", "#
    text += #""tables": {"titles": ["#
    for id in 1...6_000 {
      text += (id == 1 ? "" : ",") + #"{"kind": "movie", "id": \#(id), "title": "Film \#(id)", "year": 2000, "#
      text += #""poster_path": "/p\#(id).jpg", "vote_average": 7.5, "vote_count": 100, "genre_ids": "18", "#
      text += #""genres": "Drama", "imdb_id": null, "runtime": 100, "updated": "2025-01-01"}"#
    }
    text += #"], "lists": [], "list_items": [], "watch_events": ["#
    for id in 1...120_000 {
      let day = String(format: "20%02d-%02d-%02d", id % 25, 1 + id % 12, 1 + id % 28)
      text += (id == 1 ? "" : ",\n") + #"{"id": \#(id), "kind": "movie", "title_id": \#(1 + id % 6_000), "#
      text += #""season": null, "episode": null, "watched": "\#(day)", "recorded": "2025-01-01"}"#
    }
    text += "]}}\n"
    try Data(text.utf8).write(to: file)
    let size = text.utf8.count
    let measured = try BinaryRunner.measure(
      ["import", "json", file.path, "--dry-run"], environment: environment(home))
    #expect(measured.status == 0)
    // Read whole and decoded as a tree, it peaked at about eight times the file.
    #expect(measured.peakKiB * 1024 < size + (24 << 20), "peak \(measured.peakKiB) KiB for \(size >> 10) KiB")
  }
}
