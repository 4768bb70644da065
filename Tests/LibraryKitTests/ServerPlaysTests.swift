import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import LibraryKit

@Suite("Media servers: plays made into an import's rows, and what the library remembers of each server")
struct ServerPlaysTests {
  let march1 = Date(timeIntervalSince1970: 1_772_396_100)  // 2026-03-01T20:15:00Z
  let march3 = Date(timeIntervalSince1970: 1_772_564_700)  // 2026-03-03T19:05:00Z

  private func film(_ item: String, _ ids: ServerIDs, played: Date?) -> ServerPlay {
    ServerPlay(item: item, kind: .film, title: "Film \(item)", year: 1999, ids: ids, played: played)
  }

  @Test func tmdbIdsAreTakenAsTheyAreAndOutsideIdsThroughWhatFindAnswered() {
    let episode = ServerPlay(
      item: "e1", kind: .series, title: "Dark Water", year: 2011, ids: ServerIDs(imdb: "tt0944947", tvdb: 121361),
      episode: EpisodeKey(season: 1, number: 2), played: march3)
    let plays = [
      film("a", ServerIDs(tmdb: 550, imdb: "tt0137523"), played: march1),
      film("b", ServerIDs(imdb: "tt15398776"), played: march3), film("c", ServerIDs(), played: march3),
      film("d", ServerIDs(tmdb: 1793), played: nil), episode,
    ]
    #expect(
      ServerPlays.lookups(plays) == [
        ExternalID(source: .imdb, id: "tt15398776", kind: .film),
        ExternalID(source: .imdb, id: "tt0944947", kind: .series),
        ExternalID(source: .tvdb, id: "121361", kind: .series),
      ], "TMDB ids need nothing asked; a film's TVDB id is not asked")
    let thrones = TitleInfo(media: .series(1399), title: "Game of Thrones", year: 2011)
    let found: [ExternalID: TitleInfo] = [
      ExternalID(source: .imdb, id: "tt15398776", kind: .film): TitleInfo(
        media: .film(872585), title: "Oppenheimer", year: 2023),
      ExternalID(source: .tvdb, id: "121361", kind: .series): thrones,
    ]
    let made = ServerPlays(plays, server: .jellyfin, found: found)
    #expect(made.rows.rows.map(\.place.line) == [1, 2, 3, 5])
    #expect(made.rows.skipped.map(\.place) == [RowPlace(file: "Jellyfin", line: 4)], "no day played: skipped")
    let plan = ImportPlan.make(made.rows.rows) { made.targets[$0] }
    #expect(
      plan.changes.map { "\($0.target.info.media) \($0.target.episode?.code ?? "-") \($0.action)" } == [
        "550 - watch(day: \"2026-03-01\")", "872585 - watch(day: \"2026-03-03\")",
        "tv/1399 S01E02 watch(day: \"2026-03-03\")",
      ])
    #expect(plan.unresolved.map(\.title) == ["Film c"], "an item with no id is left for the user, never searched")
    #expect(made.matched == ["a": "Film a (1999)", "b": "Oppenheimer (2023)", "e1": "Game of Thrones (2011) S01E02"])
    #expect(
      made.targets.values.filter(\.asWritten).map(\.info.media) == [.film(550)],
      "the server's name for a TMDB id never renames a title; /find's are amodb's")
  }

  @Test func aServersNameForATitleTheLibraryKnowsLeavesItsName() throws {
    let library = try freshLibrary()
    try library.watch(
      TitleInfo(media: .film(348), title: "Alien", year: 1979), on: "2026-03-01", recorded: "2026-03-01")
    var renamed = film("a", ServerIDs(tmdb: 348), played: march3)
    renamed.title = "Alien RED fake line"
    let made = ServerPlays([renamed], server: .jellyfin, now: march3)
    let plan = ImportPlan.make(made.rows.rows) { made.targets[$0] }
    _ = try library.apply(plan.changes, dryRun: false, recorded: "2026-03-03")
    #expect(try library.history().map(\.title.title) == ["Alien", "Alien"], "a second watch, under amodb's name")
  }

  @Test func sinceLeavesOutEarlierPlaysAndTheirLookups() {
    let plays = [
      film("a", ServerIDs(imdb: "tt0000001"), played: march1), film("b", ServerIDs(imdb: "tt0000002"), played: march3),
    ]
    let since = march1.addingTimeInterval(3_600)
    #expect(ServerPlays.lookups(plays, since: since).map(\.id) == ["tt0000002"])
    #expect(ServerPlays(plays, server: .plex, since: since).rows.rows.map(\.place.line) == [2])
    let undated = plays + [film("c", ServerIDs(tmdb: 1793), played: nil)]
    #expect(ServerPlays(undated, server: .plex).rows.skipped.count == 1, "said on the first run")
    #expect(ServerPlays(undated, server: .plex, since: since).rows.skipped.isEmpty, "a cron job's later runs are quiet")
  }

  @Test func aPlayDatedAheadIsSkippedAndAPlayKeepsTheDayItWasFirstTakenAs() throws {
    let ahead = film("a", ServerIDs(tmdb: 550), played: march3.addingTimeInterval(3 * 86_400))
    let made = ServerPlays([ahead], server: .plex, now: march3)
    #expect(made.rows.rows.isEmpty)
    #expect(made.rows.skipped.map(\.problem) == ["Film a: viewedAt is a day still to come: 2026-03-06"])
    let play = film("b", ServerIDs(tmdb: 550), played: march3)
    let known = [try #require(play.key): "2026-03-04"]
    let again = ServerPlays([play], server: .plex, known: known, now: march3.addingTimeInterval(86_400))
    #expect(again.rows.rows.map(\.action) == [.loggedWatch(day: "2026-03-04")], "the day first taken, in any time zone")
    #expect(again.days == known)
  }

  @Test func twoPlexPlaysOfADayAreTwoWatchesAndAJellyfinItemsDayIsOne() throws {
    let library = try freshLibrary()
    let evening = march3.addingTimeInterval(3_600)
    let plays = [film("a", ServerIDs(tmdb: 550), played: march3), film("a", ServerIDs(tmdb: 550), played: evening)]
    for _ in 0..<2 {
      let made = ServerPlays(plays, server: .plex, now: evening)
      let plan = ImportPlan.make(made.rows.rows) { made.targets[$0] }
      _ = try library.apply(plan.changes, dryRun: false, recorded: "2026-03-03")
    }
    #expect(try library.history().count == 2, "a rewatch of the day is another watch; read again, nothing twice")
    let twice = ServerPlays(plays + [plays[1]], server: .plex, now: evening)
    #expect(twice.rows.rows.count == 2, "the same item at the same second met twice is one play")
    let jellyfin = ServerPlays(plays, server: .jellyfin, now: evening)
    #expect(jellyfin.rows.rows.map(\.action) == [.watch(day: "2026-03-03"), .watch(day: "2026-03-03")])
  }

  @Test func idsAreReadAsTheServersWriteThemAndCheckedForTheirForm() {
    let jellyfin = ServerIDs(pairs: [
      ("Tmdb", " 550 "), ("Imdb", "tt0137523"), ("Tvdb", "x81189"), ("TmdbCollection", "1"),
    ])
    #expect(jellyfin == ServerIDs(tmdb: 550, imdb: "tt0137523"))
    let plex = ServerIDs(guids: ["imdb://tt0944947", "tmdb://1399", "tvdb://121361", "plex://show/5d9c", "tmdb:1"])
    #expect(plex == ServerIDs(tmdb: 1399, imdb: "tt0944947", tvdb: 121361))
    #expect(ServerIDs(guids: ["imdb://nm0000093", "tmdb://-5", "tmdb://99999999999"]) == ServerIDs())
    // A legacy agent's item: its id, then its language and an episode's place.
    #expect(ServerIDs(guids: ["com.plexapp.agents.themoviedb://348?lang=en"]) == ServerIDs(tmdb: 348))
    #expect(ServerIDs(guids: ["com.plexapp.agents.imdb://tt0137523?lang=en"]) == ServerIDs(imdb: "tt0137523"))
    #expect(ServerIDs(guids: ["com.plexapp.agents.thetvdb://334824/1/5?lang=en"]) == ServerIDs(tvdb: 334824))
    #expect(ServerIDs(guids: ["com.plexapp.agents.hama://anidb-123?lang=en", "local://42"]) == ServerIDs())
  }

  @Test func theLibraryRemembersEachServersItemsAndLastRunApart() throws {
    let library = try freshLibrary()
    let base = "http://127.0.0.1:8096"
    #expect(try library.serverPlayed(.jellyfin, base: base).isEmpty)
    try library.recordServerPlayed(
      .jellyfin, base: base, adding: ["a": "Fight Club (1999)", "b": "Dune"], removing: [])
    try library.recordServerPlayed(.plex, base: base, adding: ["a": "Other"], removing: [])
    try library.recordServerPlayed(.jellyfin, base: base + "/other", adding: ["z": "Else"], removing: [])
    #expect(try library.serverPlayed(.jellyfin, base: base) == ["a": "Fight Club (1999)", "b": "Dune"])
    try library.recordServerPlayed(.jellyfin, base: base, adding: [:], days: ["b@100": "2026-03-01"], removing: [])
    try library.recordServerPlayed(.jellyfin, base: base, adding: [:], removing: ["b"])
    #expect(try library.serverPlayed(.jellyfin, base: base) == ["a": "Fight Club (1999)"])
    // An item no longer played keeps its plays' days: played again, or answered again after an
    // empty answer, in another time zone, its plays are the same watches.
    #expect(try library.serverDays(.jellyfin, base: base) == ["b@100": "2026-03-01"])
    // The same server at another address (`localhost`, `HTTP://`): its plays keep their days.
    try library.recordServerPlayed(
      .jellyfin, base: "http://localhost:8096", adding: [:], days: ["b@100": "2026-02-28", "c@7": "2026-03-02"],
      removing: [])
    #expect(try library.serverDays(.jellyfin, base: base) == ["b@100": "2026-03-01", "c@7": "2026-03-02"])
    #expect(
      try library.serverDays(.jellyfin, base: "HTTP://127.0.0.1:8096") == ["b@100": "2026-02-28", "c@7": "2026-03-02"])
    #expect(try library.serverDays(.plex, base: base).isEmpty, "another kind of server's plays are its own")
    #expect(try library.serverPlayed(.plex, base: base) == ["a": "Other"])
    #expect(try library.serverLastRun(.plex, base: base) == nil)
    try library.recordServerRun(.plex, base: base, at: march3)
    #expect(try library.serverLastRun(.plex, base: base) == march3)
    #expect(try library.serverLastRun(.jellyfin, base: base) == nil)
  }
}
