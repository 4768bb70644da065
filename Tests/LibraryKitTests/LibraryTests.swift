import AmodbKit
import Foundation
import Localization
import TestSupport
import Testing

@testable import LibraryKit

/// A fresh folder for one test's library.
func libraryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A library in a fresh folder.
func freshLibrary() throws -> Library {
  try Library(path: libraryFolder().appendingPathComponent(Library.fileName))
}

@Suite("The library: a real SQLite file")
struct LibraryTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999, runtime: 139)

  @Test func sqliteIsLoadedOnFirstUseNotLinked() throws {
    #expect(SQLiteConnection.api != nil, "libsqlite3.so.0 and every function in the table")
    let dynamic = try BinaryRunner.program("readelf", ["-d", Fixtures.binary.path])
    #expect(dynamic.status == 0 && dynamic.stdout.contains("libncursesw"), "\(dynamic.stderr)")
    #expect(!dynamic.stdout.contains("sqlite"), "not among the libraries loaded at start")
  }

  @Test func aNewLibraryIsWALPrivateAndAtTheCurrentVersion() throws {
    let library = try freshLibrary()
    #expect(try library.connection.scalar("PRAGMA journal_mode")?.string == "wal")
    #expect(library.schemaVersion == Schema.current && Schema.current >= 2)
    #expect(try library.connection.scalar("PRAGMA foreign_keys")?.int == 1)
    let mode = try FileManager.default.attributesOfItem(atPath: library.path.path)[.posixPermissions] as? Int
    #expect((mode ?? 0) & 0o777 == 0o600)
    #expect(try library.lists() == [ListSummary(name: "watchlist", count: 0)])
    #expect(library.notice == nil && !library.isReadOnly)
  }

  @Test func theWatchlistAndSeenMarksComeFromListsAndEvents() throws {
    let library = try freshLibrary()
    #expect(try library.add(fightClub, to: Schema.watchlistName, day: "2026-11-01"))
    #expect(try !library.add(fightClub, to: Schema.watchlistName, day: "2026-11-02"), "already there")
    try library.watch(
      TitleInfo(media: .series(1399), title: "Game of Thrones"), on: "2026-11-03", recorded: "2026-11-03")
    let marks = try library.marks()
    #expect(marks[.film(550)]?.onWatchlist == true && marks[.film(550)]?.added == "2026-11-01")
    #expect(marks[.film(550)]?.seen == nil && marks[.film(550)]?.title == "Fight Club")
    #expect(marks[.series(1399)]?.onWatchlist == false && marks[.series(1399)]?.seen == "2026-11-03")
    // A title added later has a higher place on the watchlist, whatever its id.
    try library.add(TitleInfo(media: .film(12), title: "Later"), to: Schema.watchlistName, day: "2026-11-01")
    let order = try library.watchlistOrder()
    #expect(order.keys.sorted { $0.id < $1.id } == [.film(12), .film(550)] && order[.film(12)]! > order[.film(550)]!)
    #expect(try library.remove(.film(550), from: Schema.watchlistName))
    #expect(try library.marks()[.film(550)] == nil)
  }

  @Test func aRewatchIsASecondEventAndUnseenRemovesTheLatest() throws {
    let library = try freshLibrary()
    try library.watch(fightClub, on: "2025-01-01", recorded: "2026-11-01")
    try library.watch(fightClub, on: "2026-02-01", recorded: "2026-11-01")
    let history = try library.history()
    #expect(history.map(\.day) == ["2026-02-01", "2025-01-01"], "newest first")
    #expect(history.map(\.rewatch) == [true, false])
    #expect(try library.history(since: "2026-01-01").count == 1)
    #expect(try library.marks()[.film(550)]?.seen == "2026-02-01")
    #expect(try library.unwatch(.film(550), episodes: [nil]) == 1)
    #expect(try library.history().map(\.day) == ["2025-01-01"])
    #expect(try library.marks()[.film(550)]?.seen == "2025-01-01")
  }

  @Test func valuesAreBoundNeverSplicedIn() throws {
    let library = try freshLibrary()
    let hostile = "x'); DROP TABLE titles; --"
    try library.add(TitleInfo(media: .film(7), title: hostile), to: "it's \"mine\"", day: "2026-11-01")
    #expect(try library.list("it's \"mine\"")?.first?.title.title == hostile)
    #expect(try library.marks().isEmpty, "not on the watchlist, not seen")
  }

  @Test func ratingsNotesAndHiddenTitlesSetAndClear() throws {
    let library = try freshLibrary()
    let subject = Subject(.film(550))
    let episode = Subject(.series(1399), episode: EpisodeKey(season: 1, number: 9))
    #expect(try library.rate(subject, 9, title: fightClub, day: "2026-11-01"))
    #expect(try library.rate(subject, 7, title: fightClub, day: "2026-11-02"))
    #expect(try library.rating(subject) == 7, "a second rating replaces the first")
    try library.rate(episode, 10, title: TitleInfo(media: .series(1399), title: "GoT"), day: "2026-11-02")
    #expect(try library.rating(episode) == 10 && library.rating(Subject(.series(1399))) == nil)
    #expect(try library.rate(subject, nil, title: fightClub, day: "2026-11-03"))
    #expect(try library.rating(subject) == nil)
    #expect(try !library.rate(subject, nil, title: fightClub, day: "2026-11-03"), "nothing to clear")
    try library.note(subject, "Tyler\u{1B}[2J was here", title: fightClub, day: "2026-11-01")
    let kept = try library.note(subject)
    #expect(
      kept?.hasPrefix("Tyler") == true && kept?.hasSuffix("was here") == true && kept?.contains("\u{1B}") == false)
    try library.note(subject, nil, title: fightClub, day: "2026-11-01")
    #expect(try library.note(subject) == nil)
    #expect(try library.hide(fightClub, true, day: "2026-11-01"))
    #expect(try library.hiddenTitles() == [.film(550)])
    #expect(try library.hide(fightClub, false, day: "2026-11-01"))
    #expect(try library.hiddenTitles().isEmpty)
  }

  @Test func namedListsKeepTheirOrderAndTheWatchlistCannotBeDeleted() throws {
    let library = try freshLibrary()
    for id in [3, 1, 2] { try library.add(TitleInfo(media: .film(id), title: "F\(id)"), to: "Noir", day: "2026-11-01") }
    #expect(try library.list("Noir")?.map(\.title.media.id) == [3, 1, 2])
    #expect(try library.lists().map(\.name) == ["watchlist", "Noir"])
    #expect(try library.lists().last?.count == 3)
    #expect(try library.remove(.film(1), from: "Noir"))
    #expect(try library.list("Noir")?.map(\.title.media.id) == [3, 2])
    #expect(try !library.deleteList(Schema.watchlistName))
    #expect(try library.deleteList("noir"), "names are matched without case")
    #expect(try library.list("Noir") == nil)
  }

  @Test func listNamesMatchWhateverTheirCaseInAnyScript() throws {
    let library = try freshLibrary()
    try library.add(TitleInfo(media: .film(1), title: "F1"), to: "Ñoño", day: "2026-11-01")
    #expect(try library.add(TitleInfo(media: .film(2), title: "F2"), to: "ñOÑO", day: "2026-11-01"))
    try library.add(TitleInfo(media: .film(3), title: "F3"), to: "ФИЛЬМЫ", day: "2026-11-01")
    #expect(try library.add(TitleInfo(media: .film(4), title: "F4"), to: "фильмы", day: "2026-11-01"))
    #expect(try library.lists().map(\.name) == ["watchlist", "Ñoño", "ФИЛЬМЫ"])
    #expect(try library.listName("ÑOÑO") == "Ñoño")
    #expect(try library.list("ñoño")?.map(\.title.media.id) == [1, 2])
    #expect(try library.remove(.film(1), from: "ÑOÑO"))
    // Case only: an accent makes another name ("Ano" is not "Año").
    try library.add(TitleInfo(media: .film(5), title: "F5"), to: "Noño", day: "2026-11-01")
    #expect(try library.lists().count == 4)
    #expect(try library.deleteList("фильмы"))
  }

  /// A genre is one genre however it came: by the ids a list's row carried or the names a film's
  /// details gave in English, counted under one name in the interface's language.
  @Test func aGenreIsCountedOnceWhateverLanguageItCameIn() throws {
    let library = try freshLibrary()
    let fightClub = TitleInfo(media: .film(550), title: "Fight Club", genreIDs: [18], genres: ["Drama"])
    let thrones = TitleInfo(media: .series(1399), title: "Game of Thrones", genreIDs: [18, 10765])
    try library.watch(fightClub, on: "2026-03-01", recorded: "2026-03-01")
    try library.watch(thrones, on: "2026-03-02", recorded: "2026-03-02")
    let russian = try Translator.$override.withValue(Translator.catalogue(for: "ru")) {
      try library.stats(year: 2026).topGenres
    }
    #expect(russian.first?.count == 2 && russian.count == 2, "\(russian)")
    #expect(russian.first?.genre != "Drama", "named in the interface's language: \(russian)")
  }

  @Test func progressNamesTheNextEpisodeAndTheOneAfter() throws {
    let library = try freshLibrary()
    let series = TitleInfo(media: .series(1399), title: "Game of Thrones")
    let episodes = (1...4).map {
      EpisodeInfo(
        number: EpisodeKey(season: 1, number: $0), name: "E\($0)", airDate: "2026-0\($0)-01", runtime: 60)
    }
    try library.store(series: series, episodes: episodes, day: "2026-03-15")
    try library.watch(series: series, episodes: Array(episodes.prefix(2)), on: "2026-03-15", recorded: "2026-03-15")
    let progress = try #require(try library.progress(today: "2026-03-15").first)
    #expect(progress.seen == 2 && progress.aired == 3, "the fourth has not aired")
    #expect(progress.next?.number == EpisodeKey(season: 1, number: 3) && progress.next?.name == "E3")
    #expect(progress.after?.number == EpisodeKey(season: 1, number: 4))
    #expect(try library.seenEpisodes(1399).count == 2)
    // A rewatch is a watch, not another episode seen.
    try library.watch(series: series, episodes: [episodes[0]], on: "2026-03-16", recorded: "2026-03-16")
    #expect(
      try library.episodeDays(1399) == [
        EpisodeKey(season: 1, number: 1): "2026-03-16", EpisodeKey(season: 1, number: 2): "2026-03-15",
      ], "each episode's latest watch")
    let stats = try library.stats(year: 2026)
    #expect(stats.episodes == 2 && stats.episodeWatches == 3 && stats.series == 1 && stats.minutes == 180)
    #expect(stats.byMonth.map(\.month) == ["2026-03"])
    #expect(try library.stats(year: 2025).episodes == 0)
    // A series marked seen as a whole is a series seen too, with no episode, and no hours while
    // the library holds none of its episodes (not one episode's runtime).
    let breakingBad = TitleInfo(media: .series(1396), title: "Breaking Bad", runtime: 47)
    try library.watch(breakingBad, on: "2026-03-17", recorded: "2026-03-17")
    let whole = try library.stats(year: 2026)
    #expect(whole.series == 2 && whole.episodes == 2 && whole.films == 0 && whole.minutes == 180)
    #expect(whole.unmeasured == 1, "the series seen as a whole is a watch of unknown length")
    // Once its seasons are held, the whole series is their length.
    let pilot = EpisodeInfo(number: EpisodeKey(season: 1, number: 1), name: "Pilot", airDate: nil, runtime: 58)
    let second = EpisodeInfo(number: EpisodeKey(season: 1, number: 2), name: "Cat's", airDate: nil, runtime: nil)
    let special = EpisodeInfo(number: EpisodeKey(season: 0, number: 1), name: "Extra", airDate: nil, runtime: 10)
    try library.store(series: breakingBad, episodes: [pilot, second, special], day: "2026-03-17")
    let held = try library.stats(year: 2026)
    #expect(held.minutes == 180 + 58 + 47 && held.unmeasured == 0, "the pilot, the second at the series' runtime")
  }

  @Test func theExportHoldsEveryRowOfEveryTable() throws {
    let library = try freshLibrary()
    try library.add(fightClub, to: Schema.watchlistName, day: "2026-11-01")
    try library.watch(fightClub, on: "2026-11-02", recorded: "2026-11-02")
    try library.rate(Subject(.film(550)), 8, title: fightClub, day: "2026-11-02")
    try library.note(Subject(.film(550)), "line one\n\"two\"", title: fightClub, day: "2026-11-02")
    let json = try library.exportJSON(now: "2026-11-03")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "trending-library" && object["schema"] as? Int == Schema.current)
    let tables = try #require(object["tables"] as? [String: [[String: Any]]])
    for table in Library.exportedTables {
      let count = try library.connection.scalar("SELECT count(*) FROM \(table.name)")?.int
      #expect(tables[table.name]?.count == count, "\(table.name)")
    }
    #expect(tables["notes"]?.first?["text"] as? String == "line one\n\"two\"")
    #expect(tables["titles"]?.first?["runtime"] as? Int == 139)
    let diary = try library.diary()
    #expect(diary.count == 1 && diary[0].rating == 8 && diary[0].watched == "2026-11-02" && !diary[0].rewatch)
    // Watched before and since: the rating and the note go with the latest entry alone.
    try library.watch(fightClub, on: "2026-10-01", recorded: "2026-11-03")
    try library.watch(fightClub, on: "2026-11-20", recorded: "2026-11-20")
    let entries = try library.diary().map { ($0.watched ?? "", $0.rating, $0.note != nil, $0.rewatch) }
    #expect(entries.map(\.0) == ["2026-10-01", "2026-11-02", "2026-11-20"])
    #expect(entries.map(\.1) == [nil, nil, 8] && entries.map(\.2) == [false, false, true])
    #expect(entries.map(\.3) == [false, true, true])
    // A film only noted (never watched, never rated) is no entry: Letterboxd would mark it watched
    // and publish the note as a review.
    let chinatown = TitleInfo(media: .film(829), title: "Chinatown", year: 1974)
    try library.note(Subject(chinatown.media), "hated the trailer", title: chinatown, day: "2026-11-21")
    #expect(try !library.diary().contains { $0.title.media == chinatown.media })
  }

  @Test func checkFindsNothingAndABackupIsTheSameLibrary() throws {
    let library = try freshLibrary()
    try library.watch(fightClub, on: "2026-11-02", recorded: "2026-11-02")
    #expect(try library.check().isEmpty)
    let target = try libraryFolder().appendingPathComponent("copy.sqlite3")
    try library.backup(to: target)
    let copy = try Library(path: target)
    #expect(try copy.exportJSON(now: "x") == library.exportJSON(now: "x"))
    #expect(throws: LibraryError.self) { try library.backup(to: target) }
  }

  @Test func anEpisodesRatingAndNoteAreItsOwnInTheMarks() throws {
    let library = try freshLibrary()
    let severance = TitleInfo(media: .series(95396), title: "Severance", year: 2022)
    let second = Subject(.series(95396), episode: EpisodeKey(season: 1, number: 2))
    try library.rate(second, 9, title: severance, day: "2026-11-02")
    try library.note(second, "the cold open", title: severance, day: "2026-11-02")
    try library.rate(Subject(.series(95396)), 7, title: severance, day: "2026-11-02")
    let mark = try #require(try library.annotatedMarks()[.series(95396)])
    #expect(mark.rating == 7 && mark.note == nil, "the series' own, apart from its episode's")
    #expect(mark.episodes == [EpisodeKey(season: 1, number: 2): EpisodeNotes(rating: 9, note: "the cold open")])
    #expect(try library.rating(second) == 9 && library.note(second) == "the cold open")
    // The export's diary and the taste read the title's own rating only.
    try library.rate(Subject(.series(95396)), nil, title: severance, day: "2026-11-03")
    #expect(try library.annotatedMarks()[.series(95396)]?.rating == nil)
    #expect(try library.annotatedMarks()[.series(95396)]?.episodes.count == 1)
  }
}
