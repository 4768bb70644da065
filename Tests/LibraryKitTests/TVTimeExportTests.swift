import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import LibraryKit

/// TV Time's export read in each of its forms: its files by name and header, episodes and follows
/// by TVDB ids, films by title and year, and its protected zip opened with a passphrase.
@Suite("Import: TV Time's export in its forms, and its protected zip")
struct TVTimeExportTests {
  let exports = Fixtures.tvTimeDirectory

  /// The rows of one form's folder.
  func read(_ form: String) throws -> ImportRows {
    try ExportReader.read(.tvtime, path: exports.appendingPathComponent(form).path, today: "2026-07-20")
  }

  /// The actions of the rows about `reference`.
  func actions(_ rows: ImportRows, _ reference: TitleReference) -> [ImportAction] {
    rows.rows.filter { $0.reference == reference }.map(\.action)
  }

  @Test func theExportOf2024ReadsItsLogFollowsRatingsAndFilms() throws {
    let rows = try read("gdpr-data")
    #expect(
      Set(rows.files) == [
        "tracking-prod-records-v2.csv", "tracking-prod-records.csv", "followed_tv_show.csv", "user_tv_show_data.csv",
        "user_show_special_status.csv", "tv_show_rate.csv", "seen_episode_source.csv", "rewatched_episode.csv",
      ], "access_token.csv and user.csv are never read: \(rows.files)")
    let pilot = TitleReference.tvdb(81189, episode: EpisodeKey(season: 1, number: 1))
    #expect(
      actions(rows, pilot) == [
        .loggedWatch(day: "2024-01-01"), .loggedWatch(day: "2024-06-01"), .watch(day: "2024-06-01"),
      ], "v2's watch and rewatch, each a watch of its own, then rewatched_episode.csv's copy of the rewatch")
    #expect(!rows.rows.contains { $0.place.file == "tracking-prod-records.csv" && $0.reference == pilot }, "left to v2")
    let second = TitleReference.tvdb(81189, episode: EpisodeKey(season: 1, number: 2))
    #expect(actions(rows, second) == [.loggedWatch(day: "2024-01-02")], "a double tap is one watch")
    #expect(
      actions(rows, .tvdb(121361, episode: EpisodeKey(season: 0, number: 1))) == [.loggedWatch(day: "2023-05-05")])
    #expect(
      actions(rows, .tvdb(73244, episode: EpisodeKey(season: 2, number: 2))) == [.loggedWatch(day: "2023-03-04")])
    let watchlist = Schema.watchlistName
    #expect(
      actions(rows, .tvdb(81189, episode: nil)) == [
        .list(watchlist, day: "2023-12-31"), .list(watchlist, day: "2023-12-31"), .rate(10, day: "2024-01-03"),
      ], "followed in v2 and in followed_tv_show.csv, five stars; 'favorite' is not a status read")
    #expect(
      actions(rows, .tvdb(371980, episode: nil)) == [
        .list(watchlist, day: "2022-02-14"), .list(watchlist, day: "2022-02-14"),
      ],
      "for later, in v2 and in user_show_special_status.csv")
    #expect(
      actions(rows, .tvdb(357888, episode: nil)) == [
        .list(watchlist, day: "2019-03-15"), .list(watchlist, day: "2019-03-16"),
      ],
      "followed_tv_show.csv's day, then v2's row with no created_at: its followed_at")
    #expect(actions(rows, .tvdb(76156, episode: nil)).isEmpty, "archived")
    #expect(actions(rows, .tvdb(334824, episode: nil)).isEmpty, "no longer followed")
    #expect(actions(rows, .tvdb(79168, episode: nil)).isEmpty, "not active in followed_tv_show.csv; its 7 is skipped")
    #expect(actions(rows, .tvdb(73244, episode: nil)).contains(.rate(8, day: "2023-03-05")))
    #expect(
      actions(rows, .tvdb(79168, episode: EpisodeKey(season: 1, number: 1))) == [.watch(day: "2018-04-20")],
      "seen_episode_source.csv names Friends; followed_tv_show.csv gives its id")
    let fightClub = TitleReference.search(title: "Fight Club", year: 1999)
    #expect(
      actions(rows, fightClub) == [.watch(day: "2022-02-11"), .watch(day: "2024-02-11")], "a follow adds nothing")
    #expect(
      actions(rows, .search(title: "Oppenheimer", year: 2023)) == [.watch(day: "2023-07-22")],
      "watched: no longer to watch")
    #expect(actions(rows, .search(title: "Dune: Part Two", year: 2024)) == [.list(watchlist, day: "2024-01-15")])
    #expect(actions(rows, .search(title: "Spirited Away", year: nil)) == [.watch(day: "2021-08-01")], "0001-01-01")
    #expect(rows.rows.contains { $0.title == "Weird, \"Quoted\" =Title" }, "kept as text")
    #expect(rows.rows.first { $0.reference == .tvdb(357888, episode: nil) }?.title == "Love, Death & Robots")
    let skipped = rows.skipped.map { "\($0.place) \($0.problem)" }
    #expect(
      skipped == [
        "tracking-prod-records-v2.csv:18 s_id cannot be read: ''",
        "tracking-prod-records-v2.csv:19 created_at is not a day as YYYY-MM-DD: '2025-13-45 20:45:00'",
        "tv_show_rate.csv:4 rating cannot be read: '7'",
      ], "\(skipped)")
  }

  @Test func theOlderExportNamesEpisodesBySeriesAndFindsTheirIdsElsewhere() throws {
    let rows = try read("seen-episode")
    #expect(Set(rows.files) == ["seen_episode.csv", "followed_tv_show.csv", "user_tv_show_data.csv"])
    let scrubs = rows.rows.filter { $0.title == "Scrubs" }.map(\.reference)
    #expect(
      scrubs == [
        .tvdb(76156, episode: EpisodeKey(season: 1, number: 1)),
        .tvdb(76156, episode: EpisodeKey(season: 1, number: 2)),
      ], "user_tv_show_data.csv, read after seen_episode.csv, gives Scrubs its id")
    #expect(rows.rows.contains { $0.reference == .tvdb(78804, episode: EpisodeKey(season: 1, number: 1)) })
    #expect(
      rows.rows.first { $0.title == "Twin Peaks" }?.reference == .tvdbEpisode(9000101),
      "named nowhere else: the episode's own TVDB id")
    #expect(
      rows.rows.contains {
        $0.reference == .tvdb(78804, episode: nil) && $0.action == .list("watchlist", day: "2019-03-09")
      })
    let skipped = rows.skipped.map { "\($0.place) \($0.problem)" }
    #expect(skipped.count == 2, "\(skipped)")
    #expect(skipped.contains("seen_episode.csv:7 episode_season_number, episode_number cannot be read: 'x 3'"))
    #expect(skipped.contains { $0.hasPrefix("seen_episode.csv:6 ") && $0.contains("'A Show Without Ids'") })
  }

  @Test func theLogBeforeV2HasTheEpisodesWhenItIsAlone() throws {
    let rows = try read("tracking-v1")
    let dark = rows.rows.filter { $0.title == "Dark" && $0.action != .list("watchlist", day: "2020-06-27") }
    #expect(
      dark.map(\.reference) == [
        .tvdb(334824, episode: EpisodeKey(season: 1, number: 1)),
        .tvdb(334824, episode: EpisodeKey(season: 1, number: 2)),
      ])
    #expect(
      dark.map(\.action) == [.watch(day: "2020-06-27"), .watch(day: "2020-06-28")], "watch_date, then created_at")
    #expect(actions(rows, .search(title: "Fight Club", year: 1999)) == [.watch(day: "2021-10-17")])
    #expect(rows.skipped.isEmpty)
  }

  @Test func anIMDbIdInTheLogIsUsedAndUnixTimesAreDays() throws {
    let folder = try importFolder()
    try Data(
      """
      entity_type,type,movie_name,release_date,imdb_id,created_at,watch_date
      movie,watch,Fight Club,1999-10-15 00:00:00,tt0137523,2022-02-11 23:09:28,
      movie,towatch,Someone's Film,2010-01-01 00:00:00,not-an-id,2022-02-12 10:00:00,

      """.utf8
    ).write(to: folder.appendingPathComponent("tracking-prod-records.csv"))
    let rows = try ExportReader.read(.tvtime, path: folder.path)
    #expect(rows.rows.map(\.reference) == [.imdb("tt0137523"), .search(title: "Someone's Film", year: 2010)])
    let utc = { (_: Date) in 0 }
    #expect(TVTimeExport.day(unix: "1690069200", utcOffset: utc) == "2023-07-22", "seconds")
    #expect(TVTimeExport.day(unix: "1552694400123", utcOffset: utc) == "2019-03-16", "milliseconds")
    #expect(TVTimeExport.day(unix: "1552694400123456", utcOffset: utc) == "2019-03-16", "microseconds")
    // 23:40 UTC is the next morning in Tokyo, the evening before in New York at 19:40.
    #expect(TVTimeExport.day(unix: "1690069200", utcOffset: { _ in 9 * 3_600 }) == "2023-07-23")
    #expect(TVTimeExport.day(unix: "1690069200", utcOffset: { _ in -4 * 3_600 }) == "2023-07-22")
    #expect(TVTimeExport.day(unix: "-5") == nil && TVTimeExport.day(unix: "soon") == nil)
  }

  /// The newer log: a rewatch the day of the watch is a second watch; a second `watch` row of
  /// the same day is a double tap, one watch.
  @Test func aRewatchOfTheSameDayIsAnotherWatchAndADoubleTapIsNot() throws {
    let folder = try importFolder()
    try Data(
      """
      entity_type,type,s_id,series_name,season_number,episode_number,created_at,watch_date
      episode,watch,334824,Dark,1,1,2023-12-01 20:00:00,
      episode,rewatch,334824,Dark,1,1,2023-12-01 21:00:00,
      episode,watch,334824,Dark,1,2,2023-12-01 22:00:00,
      episode,watch,334824,Dark,1,2,2023-12-01 22:00:05,

      """.utf8
    ).write(to: folder.appendingPathComponent("tracking-prod-records-v2.csv"))
    let rows = try ExportReader.read(.tvtime, path: folder.path)
    let actions = { (number: Int) in
      rows.rows.filter { $0.reference == .tvdb(334824, episode: EpisodeKey(season: 1, number: number)) }.map(\.action)
    }
    #expect(actions(1) == [.loggedWatch(day: "2023-12-01"), .loggedWatch(day: "2023-12-01")])
    #expect(actions(2) == [.loggedWatch(day: "2023-12-01")])
  }

  @Test func aFileOfTheRightNameAndTheWrongHeaderIsRefusedNamingTheColumn() throws {
    let folder = try importFolder()
    try Data("user_id,name\n1,x\n".utf8).write(to: folder.appendingPathComponent("followed_tv_show.csv"))
    #expect {
      try ExportReader.read(.tvtime, path: folder.path)
    } throws: { error in
      (error as? ImportFailure)?.message
        == "followed_tv_show.csv is not TV Time's followed_tv_show.csv: its header has no tv_show_id"
    }
    let empty = try importFolder()
    #expect {
      try ExportReader.read(.tvtime, path: empty.path)
    } throws: { error in
      (error as? ImportFailure)?.message.contains("tracking-prod-records-v2.csv, tracking-prod-records.csv") == true
    }
  }

  @Test(arguments: [Fixtures.ZipEncryption.aes256, .zipCrypto])
  func aProtectedZipReadsAsItsFolderWithItsPassphraseAskedOnce(_ encryption: Fixtures.ZipEncryption) throws {
    let folder = try importFolder()
    let archive = folder.appendingPathComponent("gdpr-data.zip")
    try Fixtures.protectedZip(
      exports.appendingPathComponent("gdpr-data"), to: archive, passphrase: "correct horse 42", encryption: encryption,
      prefix: "gdpr-data/")
    var asked = 0
    let zipped = try ExportReader.read(
      .tvtime, path: archive.path,
      passphrase: {
        asked += 1
        return Array("correct horse 42".utf8)
      }, today: "2026-07-20")
    let unpacked = try read("gdpr-data")
    #expect(asked == 1)
    #expect(zipped.rows.map(\.reference) == unpacked.rows.map(\.reference))
    #expect(zipped.rows.map(\.action) == unpacked.rows.map(\.action))
    #expect(zipped.files.allSatisfy { $0.hasPrefix("gdpr-data/") } && zipped.files.count == unpacked.files.count)
    #expect {
      try ExportReader.read(.tvtime, path: archive.path, passphrase: { Array("wrong horse".utf8) })
    } throws: { error in
      (error as? ImportFailure)?.message.contains("gdpr-data.zip could not be decrypted with that passphrase") == true
    }
    #expect {
      try ExportReader.read(.letterboxd, path: archive.path)
    } throws: { error in
      (error as? ImportFailure)?.message.contains("gdpr-data.zip is protected by a passphrase") == true
    }
    let refusal = ImportFailure("no passphrase was typed; nothing was changed")
    #expect(throws: refusal) { try ExportReader.read(.tvtime, path: archive.path, passphrase: { throw refusal }) }
  }

  @Test func aZipOfMoreEntriesThanTheMostIsRefused() throws {
    let folder = try importFolder()
    let archive = folder.appendingPathComponent("many.zip")
    try Fixtures.zip(nil, to: archive, zeros: (1...5).map { ("f\($0).csv", 1) })
    var seen = 0
    #expect {
      try ZipArchive.read(Array(try Data(contentsOf: archive)), name: "many.zip", mostEntries: 4) { _, _ in seen += 1 }
    } throws: { error in
      (error as? ImportFailure)?.message == "many.zip holds more than 4 files: refused"
    }
    #expect(seen == 4)
  }
}
