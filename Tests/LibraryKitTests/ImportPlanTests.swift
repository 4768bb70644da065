import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import LibraryKit

@Suite("Import: the plan, one transaction, and export json read back")
struct ImportPlanTests {
  let dune = TitleInfo(media: .film(693134), title: "Dune: Part Two", year: 2024)
  let thrones = TitleInfo(media: .series(1399), title: "Game of Thrones", year: 2011)

  private func row(
    _ line: Int, _ reference: TitleReference, _ action: ImportAction, file: String = "diary.csv"
  ) -> ImportRow {
    ImportRow(
      place: RowPlace(file: file, line: line), reference: reference, title: "T\(line)", year: 2000, action: action)
  }

  /// Every table of the library with rows, the episodes and a provider too.
  private func fullLibrary() throws -> Library {
    let library = try freshLibrary()
    let fightClub = TitleInfo(
      media: .film(550), title: "Fight Club", year: 1999, posterPath: "/p.jpg", voteAverage: 8.4, voteCount: 30_000,
      genreIDs: [18], genres: ["Drama"], imdbID: "tt0137523", runtime: 139)
    try library.add(fightClub, to: Schema.watchlistName, day: "2026-01-01")
    try library.add(dune, to: "Sand", day: "2026-01-02")
    try library.add(fightClub, to: "Sand", day: "2026-01-03")
    try library.watch(fightClub, on: "2026-01-04", recorded: "2026-01-04")
    try library.watch(fightClub, on: "2026-02-04", recorded: "2026-02-04")
    let episodes = (1...2).map {
      EpisodeInfo(number: EpisodeKey(season: 1, number: $0), name: "E\($0)", airDate: "2011-04-1\($0)", runtime: 60)
    }
    try library.watch(series: thrones, episodes: episodes, on: "2026-03-01", recorded: "2026-03-01")
    try library.rate(Subject(.film(550)), 8, title: fightClub, day: "2026-01-05")
    try library.rate(
      Subject(.series(1399), episode: EpisodeKey(season: 1, number: 1)), 9, title: thrones, day: "2026-03-02")
    try library.note(Subject(.film(550)), "=SUM(A1)\nsecond \"line\"", title: fightClub, day: "2026-01-06")
    try library.hide(dune, true, day: "2026-01-07")
    try library.connection.rows(
      "INSERT INTO title_providers VALUES ('movie', 550, 'US', 8, 'Netflix', 'flatrate', '2026-01-08')")
    // Offers as the app stores them, each service known by its name.
    try library.storeOffers(
      fightClub, region: "GB", WatchProviders(subscription: ["Netflix"], rent: ["Apple TV"]), day: "2026-01-09")
    try library.connection.rows("INSERT INTO facts VALUES ('imported', 'yes')")
    return library
  }

  @Test func rowsAreMatchedAndWatchesComeFirst() {
    let rows = [
      row(2, .search(title: "Dune", year: 2024), .rate(9, day: "2024-03-01")),
      row(3, .search(title: "Nothing", year: 1999), .watch(day: "2019-12-31")),
      row(4, .search(title: "Dune", year: 2024), .watchUnlessSeen(day: "2024-03-02"), file: "watched.csv"),
      row(5, .search(title: "Dune", year: 2024), .watch(day: "2024-03-01")),
    ]
    let plan = ImportPlan.make(rows) { $0 == .search(title: "Dune", year: 2024) ? ImportTarget(info: dune) : nil }
    #expect(plan.unresolved.map(\.place.line) == [3])
    #expect(plan.changes.map(\.place.line) == [5, 4, 2], "the diary's watches, then watched.csv, then the rest")
  }

  @Test func applyingTwiceAddsNothingTheSecondTimeAndADryRunChangesNothing() throws {
    let library = try freshLibrary()
    let target = ImportTarget(info: dune)
    let episode = ImportTarget(info: thrones, episode: EpisodeKey(season: 1, number: 1))
    let changes = [
      PlannedChange(place: RowPlace(file: "a", line: 1), target: target, action: .watch(day: "2024-03-01")),
      PlannedChange(place: RowPlace(file: "a", line: 2), target: target, action: .watch(day: "2024-03-01")),
      PlannedChange(place: RowPlace(file: "a", line: 3), target: target, action: .watch(day: "2024-03-09")),
      PlannedChange(place: RowPlace(file: "a", line: 4), target: target, action: .watchUnlessSeen(day: "2024-05-01")),
      PlannedChange(place: RowPlace(file: "a", line: 5), target: target, action: .rate(9, day: "2024-03-01")),
      PlannedChange(
        place: RowPlace(file: "a", line: 6), target: target, action: .note("Tags: imax", day: "2024-03-01")),
      PlannedChange(place: RowPlace(file: "a", line: 7), target: target, action: .note("Loved it.", day: "2024-03-01")),
      PlannedChange(place: RowPlace(file: "a", line: 8), target: target, action: .list("watchlist", day: "2024-01-01")),
      PlannedChange(place: RowPlace(file: "a", line: 9), target: target, action: .list("Sand", day: "2024-01-01")),
      PlannedChange(place: RowPlace(file: "a", line: 10), target: episode, action: .watch(day: "2019-04-15")),
    ]
    let before = try library.exportJSON(now: "x")
    let dry = try library.apply(changes, dryRun: true, recorded: "2026-01-01")
    #expect(dry.added.count == 8 && dry.already == 2)
    #expect(try library.exportJSON(now: "x") == before, "a dry run changes nothing")
    let first = try library.apply(changes, dryRun: false, recorded: "2026-01-01")
    #expect(first == dry, "the dry run counted what the real run did")
    let again = try library.apply(changes, dryRun: false, recorded: "2026-01-01")
    #expect(again.added.isEmpty && again.already == changes.count)
    #expect(try library.history().count == 3)
    #expect(try library.note(Subject(dune.media)) == "Tags: imax\n\nLoved it.")
    #expect(try library.rating(Subject(dune.media)) == 9)
    #expect(try library.seenEpisodes(1399) == [EpisodeKey(season: 1, number: 1)])
    #expect(try library.list("Sand")?.map(\.title.media) == [dune.media])
  }

  /// A play a first import dated keeps that day in a later one that reads its moment as another
  /// day (another time zone); a dry run keeps no day, and only watches take one.
  @Test func aPlayKeepsTheDayItWasFirstTakenAs() throws {
    let library = try freshLibrary()
    let play = { (day: String) in
      var rows = ImportRows()
      rows.rows = [
        ImportRow(
          place: RowPlace(file: "h", line: 1), reference: .tmdb(.film(693134), episode: nil), title: "Dune",
          year: 2024, action: .loggedWatch(day: day), dayFact: "trakt.day:9001"),
        ImportRow(
          place: RowPlace(file: "r", line: 1), reference: .tmdb(.film(693134), episode: nil), title: "Dune",
          year: 2024, action: .rate(8, day: day), dayFact: "trakt.day:9001"),
      ]
      return rows
    }
    let apply = { (rows: ImportRows, dryRun: Bool) throws -> ImportOutcome in
      var rows = rows
      let days = try library.keepDays(of: &rows)
      let plan = ImportPlan.make(rows.rows) { _ in ImportTarget(info: self.dune) }
      return try library.apply(plan.changes, dryRun: dryRun, recorded: "2026-01-01", days: days)
    }
    _ = try apply(play("2024-03-02"), true)
    var fresh = play("2024-03-02")
    #expect(try library.keepDays(of: &fresh) == ["trakt.day:9001": "2024-03-02"], "a dry run keeps nothing")
    #expect(try apply(play("2024-03-01"), false).added.count == 2)
    var later = play("2024-03-02")
    #expect(try library.keepDays(of: &later).isEmpty, "the play's day is kept already")
    #expect(later.rows.map(\.action) == [.loggedWatch(day: "2024-03-01"), .rate(8, day: "2024-03-02")])
    #expect(try apply(play("2024-03-02"), false).added.isEmpty, "the watch of the 1st is there, the rating too")
    #expect(try library.history().map(\.day) == ["2024-03-01"])
  }

  /// A name only the file gives (Trakt's words) names a title the library knows by its id alone,
  /// and never renames one amodb named.
  @Test func aFilesOwnWordsNameAnUnnamedTitleAndRenameNone() throws {
    let library = try freshLibrary()
    try library.watch(TitleInfo(media: .film(550), title: "Fight Club", year: 1999), on: "2026-01-01", recorded: "x")
    try library.add(TitleInfo(media: .film(551), title: ""), to: Schema.watchlistName, day: "2026-01-01")
    let watch = { (id: Int) in
      PlannedChange(
        place: RowPlace(file: "h", line: id),
        target: ImportTarget(info: TitleInfo(media: .film(id), title: "x", year: 2000), asWritten: true),
        action: .loggedWatch(day: "2024-03-01"))
    }
    _ = try library.apply([watch(550), watch(551)], dryRun: false, recorded: "2026-01-02")
    let named = try library.history().map { "\($0.title.title) \($0.title.year.map(String.init) ?? "")" }
    #expect(Set(named) == ["Fight Club 1999", "x 2000"], "\(named)")
  }

  @Test func anImportedRatingNeverTakesBackANewerOne() throws {
    let library = try freshLibrary()
    let target = ImportTarget(info: dune)
    let rate = { (rating: Int, day: String) in
      [PlannedChange(place: RowPlace(file: "a", line: 1), target: target, action: .rate(rating, day: day))]
    }
    try library.rate(Subject(dune.media), 7, title: dune, day: "2026-12-04")
    // An export rated in 2018, imported today: the user's rating of today stays.
    #expect(try library.apply(rate(9, "2018-05-02"), dryRun: false, recorded: "2026-12-04").added.isEmpty)
    #expect(try library.rating(Subject(dune.media)) == 7)
    // A later rating in an export is the newer one, and replaces it; an older one after it does not.
    #expect(try library.apply(rate(8, "2026-12-05"), dryRun: false, recorded: "2026-12-05").added.count == 1)
    #expect(try library.apply(rate(1, "2018-05-01"), dryRun: false, recorded: "2026-12-05").added.isEmpty)
    #expect(try library.rating(Subject(dune.media)) == 8)
  }

  @Test func aRatingsWatchIsReplacedByTheDatedWatchItStoodForAndNotByALaterOne() throws {
    let library = try freshLibrary()
    let added = { (action: ImportAction) in try self.added(action, to: library) }
    // IMDb first: rated on the 5th, so seen by then.
    #expect(try added(.watchUnlessSeen(day: "2024-03-05")) == 1)
    // Letterboxd's diary says the 4th: that was the watch, not a second one.
    #expect(try added(.watch(day: "2024-03-04")) == 1)
    #expect(try library.history().map(\.day) == ["2024-03-04"])
    // Imported again, nothing changes; a diary entry after the rating is a rewatch.
    #expect(try added(.watchUnlessSeen(day: "2024-03-05")) == 0)
    #expect(try added(.watch(day: "2024-03-04")) == 0)
    #expect(try added(.watch(day: "2024-06-01")) == 1)
    #expect(try library.history().map(\.day).sorted() == ["2024-03-04", "2024-06-01"])
  }

  @Test func aRatingsWatchBeforeADatedOneStaysAnEarlierWatch() throws {
    let library = try freshLibrary()
    _ = try added(.watchUnlessSeen(day: "2020-01-10"), to: library)
    _ = try added(.watch(day: "2024-03-04"), to: library)
    #expect(try library.history().map(\.day).sorted() == ["2020-01-10", "2024-03-04"], "rated in 2020: seen by then")
    let problems = try library.check()
    #expect(problems.isEmpty, "\(problems)")
  }

  /// How many changes importing one action on Dune added.
  private func added(_ action: ImportAction, to library: Library) throws -> Int {
    let change = PlannedChange(place: RowPlace(file: "a", line: 1), target: ImportTarget(info: dune), action: action)
    return try library.apply([change], dryRun: false, recorded: "2026-12-05").added.count
  }

  @Test func aFailurePartWayChangesNothing() throws {
    let library = try freshLibrary()
    let before = try library.exportJSON(now: "x")
    // An episode of a film breaks a CHECK of the table: the change before it goes too.
    let film = ImportTarget(info: dune, episode: EpisodeKey(season: 1, number: 1))
    let changes = [
      PlannedChange(
        place: RowPlace(file: "a", line: 1), target: ImportTarget(info: dune), action: .watch(day: "2024-03-01")),
      PlannedChange(place: RowPlace(file: "a", line: 2), target: film, action: .watch(day: "2024-03-02")),
    ]
    #expect(throws: LibraryError.self) { try library.apply(changes, dryRun: false, recorded: "2026-01-01") }
    #expect(try library.exportJSON(now: "x") == before)
  }

  @Test func exportThenImportIntoAnEmptyLibraryGivesTheSameLibrary() throws {
    let library = try fullLibrary()
    let exported = try library.exportJSON(now: "2026-04-01")
    for table in Library.exportedTables {
      #expect(
        try library.connection.scalar("SELECT count(*) FROM \(table.name)")?.int ?? 0 > 0, "\(table.name) has rows")
    }
    let empty = try freshLibrary()
    // The same file saved again by an editor that puts a byte order mark first is the same file.
    let marked = try freshLibrary().importJSON([0xEF, 0xBB, 0xBF] + Array(exported.utf8), name: "x.json", dryRun: true)
    let dry = try empty.importJSON(Array(exported.utf8), name: "x.json", dryRun: true)
    #expect(marked == dry)
    #expect(try empty.list("Sand") == nil, "a dry run changes nothing")
    let outcome = try empty.importJSON(Array(exported.utf8), name: "x.json", dryRun: false)
    #expect(outcome == dry && outcome.added["watch_events"] == 4 && outcome.added["lists"] == 1)
    // Every field of every table, ids and days included.
    #expect(try empty.exportJSON(now: "2026-04-01") == exported)
    let again = try empty.importJSON(Array(exported.utf8), name: "x.json", dryRun: false)
    #expect(again.addedInAll == 0, "the same file twice adds nothing")
    #expect(try empty.exportJSON(now: "2026-04-01") == exported)
  }

  /// Two machines' libraries merged with `import json`: of a rating or note each holds otherwise,
  /// the newer stays, either way, and the outcome says which were taken and which kept.
  @Test func aMergeKeepsTheNewerOfTwoRatingsAndNotesAndSaysWhich() throws {
    // A rating is weighed by the moment it was given (as a sync weighs it), a note by its day.
    let desktop = try freshLibrary()
    try desktop.rate(Subject(.film(693134)), 7, title: dune, day: "2026-01-01")
    try desktop.note(Subject(.film(693134)), "desktop's newer note", title: dune, day: "2026-03-01")
    let laptop = try freshLibrary()
    try laptop.rate(Subject(.film(693134)), 9, title: dune, day: "2026-02-01")
    try laptop.note(Subject(.film(693134)), "laptop's older note", title: dune, day: "2026-01-01")
    // Given later, on the laptop, by a clock that moved on.
    try laptop.connection.rows("UPDATE ratings SET rated_at = rated_at + 60000")
    let outcome = try desktop.importJSON(
      Array(try laptop.exportJSON(now: "2026-04-01").utf8), name: "laptop.json", dryRun: false)
    #expect(outcome.replaced == 1 && outcome.keptYours == 1, "\(outcome)")
    let mark = try desktop.annotatedMarks()[.film(693134)]
    #expect(mark?.rating == 9, "the laptop's newer rating")
    #expect(mark?.note == "desktop's newer note", "the desktop's newer note")
    // The same file again: the same rating is there, the older note still not taken.
    let again = try desktop.importJSON(
      Array(try laptop.exportJSON(now: "2026-04-01").utf8), name: "laptop.json", dryRun: false)
    #expect(again.replaced == 0 && again.keptYours == 1)
    // A note of the same day as the library's, otherwise: the library's stays (a tie is kept).
    let other = try freshLibrary()
    try other.note(Subject(.film(693134)), "another note that day", title: dune, day: "2026-01-01")
    let tie = try other.importJSON(
      Array(try laptop.exportJSON(now: "2026-04-01").utf8), name: "laptop.json", dryRun: false)
    let kept = try other.annotatedMarks()[.film(693134)]?.note
    #expect(tie.keptYours == 1 && kept == "another note that day")
  }

  /// Two watches of one film on one day (a rewatch) come back as two; a library holding that day's
  /// watch under another id (its own import of the same diary) gets only the rewatch.
  @Test func aSameDayRewatchComesBackAndAWatchUnderAnotherIDIsNotDoubled() throws {
    let library = try freshLibrary()
    try library.watch(dune, on: "2024-03-01", recorded: "2024-03-01")
    try library.watch(dune, on: "2024-03-01", recorded: "2024-03-01")
    let exported = try library.exportJSON(now: "2026-04-01")
    let empty = try freshLibrary()
    #expect(try empty.importJSON(Array(exported.utf8), name: "x.json", dryRun: false).added["watch_events"] == 2)
    #expect(try empty.exportJSON(now: "2026-04-01") == exported)
    #expect(try empty.importJSON(Array(exported.utf8), name: "x.json", dryRun: false).addedInAll == 0)
    let other = try freshLibrary()
    try other.watch(dune, on: "2024-03-01", recorded: "2024-03-01")
    let outcome = try other.importJSON(Array(exported.utf8), name: "x.json", dryRun: false)
    #expect(outcome.added["watch_events"] == 1 && outcome.already >= 1, "\(outcome)")
    #expect(try other.history().filter { $0.title.media == dune.media }.count == 2)
  }

  /// A diary's or a history's two entries of one day are two watches (a rewatch), each with the id
  /// every machine derives for its place in the day; importing the file again adds none, and a
  /// library holding one of the day gets the other.
  @Test func aLoggedRewatchOfTheSameDayIsASecondWatchAndAgainAddsNothing() throws {
    let target = ImportTarget(info: dune)
    let changes = (1...2).map {
      PlannedChange(
        place: RowPlace(file: "diary.csv", line: $0), target: target, action: .loggedWatch(day: "2024-03-01"))
    }
    let library = try freshLibrary()
    #expect(try library.apply(changes, dryRun: false, recorded: "2026-01-01").added.count == 2)
    #expect(try library.history().filter { $0.title.media == dune.media }.count == 2)
    let again = try library.apply(changes, dryRun: false, recorded: "2026-01-01")
    #expect(again.added.isEmpty && again.already == 2)
    let other = try freshLibrary()
    try other.watch(dune, on: "2024-03-01", recorded: "2024-03-01")
    #expect(try other.apply(changes, dryRun: false, recorded: "2026-01-01").added.count == 1)
    // The same file imported on another machine: the same two ids, so a sync makes them one pair.
    let elsewhere = try freshLibrary()
    _ = try elsewhere.apply(changes, dryRun: false, recorded: "2026-01-01")
    let ids = { (library: Library) in
      try library.connection.rows("SELECT uid FROM watch_events ORDER BY uid").map { $0["uid"].string ?? "" }
    }
    #expect(try ids(library) == ids(elsewhere))
  }

  /// An older rating of another value is not taken, and is counted as such, not as "already there".
  @Test func anOlderRatingLosesToTheLibrarysAndIsCountedSo() throws {
    let library = try freshLibrary()
    _ = try library.rate(Subject(dune.media), 4, title: dune, day: "2026-11-01")
    func plan(_ rating: Int, _ day: String) -> [PlannedChange] {
      [
        PlannedChange(
          place: RowPlace(file: "ratings.csv", line: 2), target: ImportTarget(info: dune),
          action: .rate(rating, day: day))
      ]
    }
    let older = try library.apply(plan(10, "2018-03-04"), dryRun: false, recorded: "2026-11-02")
    #expect(older.keptNewer == 1 && older.already == 0 && older.added.isEmpty)
    let same = try library.apply(plan(4, "2018-03-04"), dryRun: false, recorded: "2026-11-02")
    #expect(same.already == 1 && same.keptNewer == 0)
    #expect(try library.rating(Subject(dune.media)) == 4)
  }

  /// A service known only by its name has an id made from the name, above `Int32.max`: the checks
  /// of `library check`, `import json` and sync take it as a value the app stores.
  @Test func aServiceKnownByItsNameIsAValueTheAppStores() throws {
    let library = try freshLibrary()
    try library.storeOffers(dune, region: "GB", WatchProviders(subscription: ["Netflix"]), day: "2026-01-09")
    #expect(try library.connection.scalar("SELECT provider_id FROM title_providers")?.int ?? 0 > Int(Int32.max))
    let problems = try library.check()
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func importingIntoALibraryWithRowsAddsOnlyWhatIsMissing() throws {
    let source = try fullLibrary()
    let exported = try source.exportJSON(now: "x")
    let target = try freshLibrary()
    try target.add(dune, to: "Other", day: "2025-01-01")
    try target.add(dune, to: "sand", day: "2025-01-01")
    try target.watch(thrones, on: "2025-01-01", recorded: "2025-01-01")
    _ = try target.importJSON(Array(exported.utf8), name: "x.json", dryRun: false)
    #expect(try target.list("Sand")?.count == 2, "the list matched by name, case aside")
    #expect(try target.history().count == 5)
    #expect(try target.check().isEmpty)
  }

  @Test func aFileThatIsNotAnExportOrIsNewerIsRefused() throws {
    let library = try freshLibrary()
    #expect(throws: ImportFailure.self) { try library.importJSON(Array("[1, 2]".utf8), name: "x", dryRun: false) }
    let newer = #"{"format": "trending-library", "version": 99, "schema": 1, "tables": {}}"#
    do {
      _ = try library.importJSON(Array(newer.utf8), name: "x.json", dryRun: false)
      Issue.record("a newer format was read")
    } catch let failure as ImportFailure {
      // Named whole: the schema the file gives, not "?" for a key read after the version.
      #expect(failure.message.contains("newer trending (export format 99, schema 1)"), "\(failure.message)")
    }
    let noSchema = #"{"format": "trending-library", "version": 99, "tables": {}}"#
    #expect(throws: ImportFailure.self) { try library.importJSON(Array(noSchema.utf8), name: "y", dryRun: false) }
  }

  @Test func anExactMatchIsOneFilmOfThatTitleAndYear() {
    func film(_ id: Int, _ title: String, _ year: Int, original: String? = nil) -> MediaSummary {
      MediaSummary(id: id, title: title, originalTitle: original, releaseDate: ReleaseDate("\(year)-01-01"))
    }
    let dunes = [film(438631, "Dune", 2021), film(841, "Dune", 1984), film(1, "Dune: Part Two", 2024)]
    #expect(TitleMatch.exact(title: "Dune", year: 2021, in: dunes)?.id == 438631)
    #expect(TitleMatch.exact(title: "dune", year: nil, in: dunes) == nil, "two films called Dune, no year: unresolved")
    #expect(TitleMatch.exact(title: "Dune", year: 2000, in: dunes) == nil)
    #expect(
      TitleMatch.exact(title: "Солярис", year: 1972, in: [film(593, "Solaris", 1972, original: "Солярис")])?.id == 593)
    #expect(TitleMatch.normalised("Crouching Tiger,  Hidden Dragon!") == "crouching tiger hidden dragon")
    #expect(TitleMatch.normalised("Fast & Furious") == "fast and furious")
    #expect(
      TitleMatch.exact(title: "Amelie", year: 2001, in: [film(194, "Amélie", 2001)])?.id == 194, "accents dropped")
    #expect(TitleMatch.normalised("Łódź Ærø A\u{0301}") == "lodz aero a", "as TextFold folds, for the filter too")
  }
}
