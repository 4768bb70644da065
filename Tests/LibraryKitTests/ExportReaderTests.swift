import AmodbKit
import Foundation
import Glibc
import TestSupport
import Testing

@testable import LibraryKit

/// A fresh folder for one test's files.
func importFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

@Suite("Import: the services' exports, folders and real zip archives")
struct ExportReaderTests {
  let exports = Fixtures.exportsDirectory

  @Test func letterboxdsFilesBecomeWatchesRatingsNotesAndLists() throws {
    let rows = try ExportReader.read(.letterboxd, path: exports.appendingPathComponent("letterboxd").path)
    #expect(
      Set(rows.files) == [
        "diary.csv", "watched.csv", "ratings.csv", "watchlist.csv", "reviews.csv", "lists/noir-favourites.csv",
      ])
    #expect(rows.skipped.isEmpty, "\(rows.skipped)")
    func actions(_ file: String) -> [ImportAction] { rows.rows.filter { $0.place.file == file }.map(\.action) }
    let diary = rows.rows.filter { $0.place.file == "diary.csv" }
    #expect(diary.first?.action == .loggedWatch(day: "2024-03-01") && diary.first?.place.line == 2, "the Watched Date")
    #expect(diary.contains { $0.action == .note("Tags: cinema, imax", day: "2024-03-01") })
    #expect(diary.contains { $0.action == .rate(9, day: "2024-03-01") }, "4.5 stars are 9")
    let crouching = diary.filter { $0.title == "Crouching Tiger, Hidden Dragon" }
    #expect(crouching.first?.action == .loggedWatch(day: "2022-11-05"), "no Watched Date: the day it was logged")
    #expect(crouching.first?.reference == .search(title: "Crouching Tiger, Hidden Dragon", year: 2000))
    #expect(actions("ratings.csv").contains(.rate(1, day: "2018-05-01")), "half a star is 1")
    #expect(actions("watched.csv").allSatisfy { if case .watchUnlessSeen = $0 { true } else { false } })
    #expect(actions("reviews.csv") == [.note("Better the second time.\nThe sandworm ride alone.", day: "2024-03-09")])
    let formula = rows.rows.first { $0.place.file == "watchlist.csv" && $0.place.line == 4 }
    #expect(formula?.title == "\"Weird\" Quotes, and =Formula", "kept as text, never evaluated or stripped")
    #expect(formula?.action == .list("watchlist", day: "2024-01-03"))
    let list = rows.rows.filter { $0.place.file == "lists/noir-favourites.csv" }
    #expect(list.map(\.title) == ["The Third Man", "Chinatown"])
    #expect(
      list.map(\.action) == [.list("Noir favourites", day: "2023-05-05"), .list("Noir favourites", day: "2023-05-05")])
    #expect(!rows.rows.contains { $0.place.file == "profile.csv" })
    #expect(rows.references.count < rows.rows.count, "one search a distinct title and year")
  }

  @Test func imdbsRatingsWithAByteOrderMarkAndCRLFAndItsWatchlist() throws {
    let rows = try ExportReader.read(.imdb, path: exports.appendingPathComponent("imdb").path)
    #expect(Set(rows.files) == ["ratings.csv", "watchlist.csv"] && rows.skipped.isEmpty)
    let fightClub = rows.rows.filter { $0.reference == .imdb("tt0137523") }
    #expect(fightClub.map(\.action) == [.watchUnlessSeen(day: "2018-05-01"), .rate(9, day: "2018-05-01")])
    #expect(
      rows.rows.contains { $0.reference == .imdb("tt0944947") && $0.action == .list("watchlist", day: "2024-01-02") })
  }

  @Test func traktsEntriesByTMDBIdsWithEpisodes() throws {
    let rows = try ExportReader.read(.trakt, path: exports.appendingPathComponent("trakt").path)
    #expect(rows.skipped.isEmpty)
    let episodes = rows.rows.compactMap { row -> EpisodeKey? in
      if case .tmdb(.series(1399), let episode) = row.reference { return episode }
      return nil
    }
    #expect(episodes == [EpisodeKey(season: 1, number: 1), EpisodeKey(season: 1, number: 2)])
    #expect(
      rows.rows.contains { $0.reference == .tmdb(.film(550), episode: nil) && $0.action == .rate(9, day: "2018-05-02") }
    )
  }

  @Test func aTimeNamingItsZoneIsDatedOnTheUsersClockAndADayIsTheDayItNames() {
    let utc = { (_: Date) in 0 }
    let tokyo = { (_: Date) in 9 * 3_600 }
    let newYork = { (_: Date) in -5 * 3_600 }
    #expect(ExportValues.day("2024-03-01T20:15:00.000Z", utcOffset: utc) == "2024-03-01")
    #expect(ExportValues.day("2024-03-01T20:15:00.000Z", utcOffset: tokyo) == "2024-03-02")
    #expect(ExportValues.day("2024-03-02T02:15:00Z", utcOffset: newYork) == "2024-03-01")
    #expect(ExportValues.day("2024-03-01T23:15:00+02:00", utcOffset: tokyo) == "2024-03-02")
    // No zone named: the day as written, whatever the clock.
    #expect(ExportValues.day("2024-03-01 23:15:00", utcOffset: tokyo) == "2024-03-01")
    #expect(ExportValues.day("2024-03-01", utcOffset: newYork) == "2024-03-01")
    #expect(ExportValues.day("2024-02-30T20:15:00Z", utcOffset: utc) == nil)
  }

  /// Only the days a library stores are days: the row of one still to come, or before 1870, is
  /// skipped with its reason (else `library check` would refuse it and a sync pass it over).
  @Test func aDayTheLibraryDoesNotStoreIsARowsProblem() throws {
    let now = try #require(ServerTime.iso8601("2026-12-06T12:00:00Z"))
    #expect(ExportValues.day("2026-12-07", now: now) == "2026-12-07", "a day ahead: some clock's today")
    #expect(ExportValues.day("2026-12-08", now: now) == nil)
    #expect(ExportValues.day("2099-01-01T10:00:00Z", now: now) == nil)
    #expect(ExportValues.day("1870-01-01", now: now) == "1870-01-01")
    #expect(ExportValues.day("1850-01-01", now: now) == nil)
    #expect(ExportValues.badDay("Date", "2099-01-01") == "Date is a day still to come: 2099-01-01")
    #expect(ExportValues.badDay("Date", "2026-12-08", now: now) == "Date is a day still to come: 2026-12-08")
    #expect(ExportValues.badDay("Date", "1850-01-01") == "Date is a day before 1870: 1850-01-01")
    #expect(ExportValues.badDay("Date", "soon") == "Date is not a day as YYYY-MM-DD: 'soon'")
    // `library check` and `import json` read a stored day by the same rule, in the same words.
    let today = ReleaseDate(day: now, utcOffset: 0)
    for (day, expected) in [
      ("2026-12-07", nil), ("2026-12-08", "watched is a day still to come: 2026-12-08"),
      ("1850-01-01", "watched is a day before 1870: 1850-01-01"),
    ] {
      var value = SQLValue.text(day)
      #expect(StoredValues.problem(.day, "watched", &value, today: today, cleaning: false) == expected, "\(day)")
    }
  }

  /// A Letterboxd list of the user's called "Watchlist" is a list of its own, not the watchlist.
  @Test func aLetterboxdListCalledWatchlistDoesNotJoinTheWatchlist() throws {
    let folder = try importFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("lists"), withIntermediateDirectories: true)
    let list = """
      Letterboxd list export v7
      Date,Name,Tags,URL,Description
      2024-01-01,Watchlist,,https://letterboxd.com/u/list/watchlist/,
      Position,Name,Year,URL,Description
      1,Fight Club,1999,https://letterboxd.com/film/fight-club/,

      """
    try Data(list.utf8).write(to: folder.appendingPathComponent("lists/watchlist.csv"))
    let rows = try ExportReader.read(.letterboxd, path: folder.path)
    #expect(rows.rows.map(\.action) == [.list("Watchlist (Letterboxd)", day: "2024-01-01")], "\(rows)")
  }

  @Test func badRowsCostOnlyThemselves() throws {
    let folder = try importFolder()
    var diary = Array("Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n".utf8)
    diary += Array("2024-13-40,Bad Day,2020,u,4,,,\n2024-01-01,Bad Year,20x0,u,,,,\n".utf8)
    diary += Array("2024-01-01,Too,Many,Cells,Here,,,,,\n2024-01-01,Bad Rating,2020,u,9,,,\n".utf8)
    diary += Array("2024-01-01,Caf".utf8) + [0xe9] + Array(",2020,u,,,,\n2024-01-02,Fine,2021,u,,,,\n".utf8)
    diary += Array("2024-01-01,Watched Later,2020,u,,,,2099-01-01\n".utf8)
    diary += Array("2024-01-01,Quarter Star,2020,u,4.25,,,\n".utf8)
    try Data(diary).write(to: folder.appendingPathComponent("diary.csv"))
    let rows = try ExportReader.read(.letterboxd, path: folder.path)
    #expect(rows.skipped.map(\.place.line) == [2, 3, 4, 6, 8])
    #expect(rows.skipped[0].problem.contains("YYYY-MM-DD") && rows.skipped[3].problem == "not valid UTF-8")
    #expect(rows.skipped[0].problem.hasPrefix("Date is"), "the day came from Date")
    #expect(rows.skipped[4].problem == "Watched Date is a day still to come: 2099-01-01", "named by its column")
    // A diary's watch stands without a rating that is no rating of Letterboxd's (never rounded).
    #expect(rows.partlyRead.map(\.place.line) == [5, 9] && rows.partlyReadCount == 2)
    #expect(rows.partlyRead[0].problem == "Rating '9' is not half a star to five stars in halves")
    #expect(rows.partlyRead[1].problem == "Rating '4.25' is not half a star to five stars in halves")
    #expect(rows.rows.map(\.title) == ["Bad Rating", "Fine", "Quarter Star"])
    #expect(rows.rows.allSatisfy { $0.action == .loggedWatch(day: "2024-01-01") || $0.title == "Fine" })
    // In ratings.csv a rating is all the row holds: the row is skipped.
    let ratings = "Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Bad Rating,2020,u,0\n"
    try Data(ratings.utf8).write(to: folder.appendingPathComponent("ratings.csv"))
    let again = try ExportReader.read(.letterboxd, path: folder.path)
    #expect(again.skipped.contains { $0.place.file == "ratings.csv" && $0.place.line == 2 })
  }

  /// Two exports unzipped side by side would add every row twice: refused, naming both files; the
  /// folder's other files are never opened (an unreadable one does not stop the import).
  @Test func twoExportsInOneFolderAreRefusedAndOtherFilesAreNotOpened() throws {
    let folder = try importFolder()
    let diary = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-01-01,Fight Club,1999,u,4,,,\n"
    for part in ["old", "new"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(part), withIntermediateDirectories: true)
      try Data(diary.utf8).write(to: folder.appendingPathComponent("\(part)/diary.csv"))
    }
    #expect {
      try ExportReader.read(.letterboxd, path: folder.path)
    } throws: { error in
      let text = String(describing: error)
      return text.contains("new/diary.csv") && text.contains("old/diary.csv") && text.contains("two exports")
    }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("old"))
    // A list of Letterboxd's named "Watched" is lists/watched.csv, not a second watched.csv.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("new/lists"), withIntermediateDirectories: true)
    let list =
      "Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-01-01,Watched,,u,\n\n"
      + "Position,Name,Year,URL,Description\n1,Heat,1995,u,\n"
    try Data(list.utf8).write(to: folder.appendingPathComponent("new/lists/watched.csv"))
    try Data("Date,Name,Year,Letterboxd URI\n2024-01-02,Alien,1979,u\n".utf8)
      .write(to: folder.appendingPathComponent("new/watched.csv"))
    let rows = try ExportReader.read(.letterboxd, path: folder.path)
    #expect(Set(rows.files) == ["new/diary.csv", "new/watched.csv", "new/lists/watched.csv"], "\(rows.files)")
    // A folder's file is opened when read, not when met: one that cannot be opened costs nothing
    // until an export's reading asks for it.
    var missing = OpenedOnRead(path: folder.appendingPathComponent("gone.csv").path)
    #expect(throws: ImportFailure.self) { _ = try missing.next() }
  }

  /// One Trakt play written twice is one watch, the second named.
  @Test func oneTraktPlayTwiceIsOneWatch() throws {
    let folder = try importFolder()
    let play =
      #"{"id":1,"watched_at":"2024-01-01T10:00:00.000Z","action":"watch","type":"movie","movie":{"title":"Fight Club","year":1999,"ids":{"tmdb":550}}}"#
    try Data("[\(play),\(play)]".utf8).write(to: folder.appendingPathComponent("watched-history.json"))
    let rows = try ExportReader.read(.trakt, path: folder.path)
    #expect(rows.rows.count == 1)
    #expect(rows.skipped.map(\.problem) == ["the same play (id 1) as entry 1"])
  }

  @Test func anExportZippedOnAMacIsReadAndTwoExportsAreRefused() throws {
    let folder = try importFolder()
    try Data("{}".utf8).write(to: folder.appendingPathComponent("library.json"))
    let mac = folder.appendingPathComponent("__MACOSX")
    try FileManager.default.createDirectory(at: mac, withIntermediateDirectories: true)
    try Data([0, 5, 22, 7]).write(to: mac.appendingPathComponent("._library.json"))
    let archive = try importFolder().appendingPathComponent("export.zip")
    try Fixtures.zip(folder, to: archive)
    let read = try ExportReader.exported(path: archive.path) { name, _ in name }
    #expect(read == "library.json", "Finder's resource fork is no second export")
    try Data("{}".utf8).write(to: folder.appendingPathComponent("desktop.json"))
    let two = try importFolder().appendingPathComponent("two.zip")
    try Fixtures.zip(folder, to: two)
    #expect(throws: ImportFailure.self) { try ExportReader.exported(path: two.path) { name, _ in name } }
  }

  @Test func aFileOfAnUnknownKindIsRefusedNamingWhatWasExpected() throws {
    let folder = try importFolder()
    try Data("Date Joined,Username\n".utf8).write(to: folder.appendingPathComponent("profile.csv"))
    #expect(throws: ImportFailure.self) { try ExportReader.read(.letterboxd, path: folder.path) }
    do {
      _ = try ExportReader.read(.trakt, path: folder.path)
    } catch let failure as ImportFailure {
      #expect(failure.message.contains("watched-history.json") && failure.message.contains(folder.path))
    }
    let imdb = exports.appendingPathComponent("letterboxd/diary.csv").path
    #expect(throws: ImportFailure.self) { try ExportReader.read(.imdb, path: imdb) }
  }

  /// An export's own file with nothing in it is a copy cut short, said as such: not a folder of
  /// some other export.
  @Test func anEmptyFileOfTheExportIsSaidToBeEmpty() throws {
    let folder = try importFolder()
    try Data().write(to: folder.appendingPathComponent("diary.csv"))
    do {
      _ = try ExportReader.read(.letterboxd, path: folder.path)
      Issue.record("an empty diary read")
    } catch let failure as ImportFailure {
      #expect(failure.message == "diary.csv holds nothing to read (an empty file, or a copy cut short?)")
    }
  }

  @Test func aZipReadsAsItsFolderDoesNothingExtracted() throws {
    let folder = try importFolder()
    let archive = folder.appendingPathComponent("letterboxd-someone-2026.zip")
    try Fixtures.zip(exports.appendingPathComponent("letterboxd"), to: archive)
    let zipped = try ExportReader.read(.letterboxd, path: archive.path)
    let unpacked = try ExportReader.read(.letterboxd, path: exports.appendingPathComponent("letterboxd").path)
    #expect(zipped.rows.count == unpacked.rows.count && Set(zipped.files) == Set(unpacked.files))
    #expect(Set(zipped.rows.map(\.reference)) == Set(unpacked.rows.map(\.reference)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [archive.lastPathComponent])
  }

  @Test func aZipCutShortOrAFileNamedZipThatIsNotOneIsSaidSo() throws {
    let folder = try importFolder()
    let archive = folder.appendingPathComponent("letterboxd.zip")
    try Fixtures.zip(exports.appendingPathComponent("letterboxd"), to: archive)
    let whole = try Data(contentsOf: archive)
    for kept in [30, whole.count / 2, whole.count - 10] {
      try whole.prefix(kept).write(to: archive)
      #expect {
        try ExportReader.read(.letterboxd, path: archive.path)
      } throws: { error in
        (error as? ImportFailure)?.message.contains("letterboxd.zip is cut short: the zip has no end") == true
      }
    }
    try Data("Date,Name,Year\n".utf8).write(to: archive)
    #expect {
      try ExportReader.read(.letterboxd, path: archive.path)
    } throws: { error in
      (error as? ImportFailure)?.message.contains("is named as a zip but is not one") == true
    }
  }

  @Test func anEntryOverTheCapIsRefusedBeforeItIsInflated() throws {
    let folder = try importFolder()
    let archive = folder.appendingPathComponent("bomb.zip")
    try Fixtures.zip(nil, to: archive, zeros: [("diary.csv", 70 << 20)])
    let size = try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int ?? 0
    #expect(size < 1 << 20, "70 MiB of zeros deflate to well under 1 MiB")
    do {
      _ = try ExportReader.read(.letterboxd, path: archive.path)
      Issue.record("an entry past 64 MiB was read")
    } catch let failure as ImportFailure {
      #expect(failure.message.contains("diary.csv is larger than 64 MiB unpacked"), "\(failure.message)")
    }
  }

  @Test func aZipBombThatLiesAboutItsSizesStopsAtTheCap() throws {
    let folder = try importFolder()
    let archive = folder.appendingPathComponent("liar.zip")
    try Fixtures.zip(nil, to: archive, zeros: [("a.csv", 8 << 20), ("b.csv", 8 << 20)], lying: true)
    let bytes = Array(try Data(contentsOf: archive))
    var largest = 0
    var refused: String?
    do {
      try ZipArchive.read(bytes, name: "liar.zip", entryCap: 1 << 20, totalCap: 3 << 20) { _, source in
        while let chunk = try source.next() {
          _ = chunk
          largest = max(largest, source.inflated)
        }
      }
    } catch let failure as ImportFailure {
      refused = failure.message
    }
    // libarchive may stop at the size the entry claims, or inflate on: either way never past the cap.
    #expect(largest <= (1 << 20) + 1, "inflated \(largest) bytes of an entry capped at 1 MiB")
    if let refused { #expect(refused.contains("larger than 1 MiB") || refused.contains("not a zip"), "\(refused)") }
    // Sizes told truthfully, the total cap refuses the archive before its first entry is inflated
    // (not once the earlier entries were read: five of 57 MiB each once took 1.3 GB on the way).
    let honest = folder.appendingPathComponent("honest.zip")
    try Fixtures.zip(nil, to: honest, zeros: [("a.csv", 2 << 20), ("b.csv", 2 << 20)])
    var read: [String] = []
    #expect(throws: ImportFailure.self) {
      try ZipArchive.read(Array(try Data(contentsOf: honest)), name: "honest.zip", entryCap: 3 << 20, totalCap: 3 << 20)
      {
        name, _ in read.append(name)
      }
    }
    #expect(read.isEmpty, "\(read)")
  }

  @Test func libarchiveIsLoadedOnFirstUseNotLinked() throws {
    #expect(ZipArchive.api != nil, "libarchive.so.13 and every function in the table")
    let dynamic = try BinaryRunner.program("readelf", ["-d", Fixtures.binary.path])
    #expect(dynamic.status == 0 && !dynamic.stdout.contains("libarchive"), "not among the libraries loaded at start")
  }
}
