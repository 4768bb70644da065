import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// What merges when machines meet late: a library joining months after its last use, an old
/// export imported on one machine.
@Suite("Sync: late joins and old imports take back nothing newer")
struct SyncMergeTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999, runtime: 139)
  let heat = TitleInfo(media: .film(949), title: "Heat", year: 1995)

  private func pair() throws -> (SyncDevice, SyncDevice) { try syncPair() }

  @Test func aLibraryJoiningLateTakesBackNothingTheFolderChangedSince() throws {
    let (old, current) = try pair()
    // Months ago, on the old machine: a watch, a rating, a note, a title hidden.
    try old.library.watch(fightClub, on: "2025-01-05", recorded: "2025-01-05")
    _ = try old.library.rate(Subject(fightClub.media), 5, title: fightClub, day: "2025-01-05")
    _ = try old.library.note(Subject(fightClub.media), "old note", title: fightClub, day: "2025-01-05")
    _ = try old.library.hide(heat, true, day: "2025-01-05")
    // Later (its clock a second ahead), the machine in use: the same watch, then taken back, a
    // new rating and note, the title hidden and shown again.
    let then = try #require(try old.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try current.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(then + 1_000)])
    try current.library.watch(fightClub, on: "2025-01-05", recorded: "2025-01-05")
    try current.join()
    #expect(try current.library.unwatch(fightClub.media, episodes: [nil]) == 1)
    _ = try current.library.rate(Subject(fightClub.media), 9, title: fightClub, day: "2026-11-01")
    _ = try current.library.note(Subject(fightClub.media), "new note", title: fightClub, day: "2026-11-01")
    _ = try current.library.hide(heat, true, day: "2026-11-01")
    _ = try current.library.hide(heat, false, day: "2026-11-01")
    _ = try current.sync()
    // The old machine joins later still (its clock past the other's): its past travels, dated as
    // it was made, and loses to every later change.
    let changed = try #require(try current.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try old.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(changed + 1_000)])
    try old.join()
    _ = try current.sync()
    for device in [old, current] {
      #expect(try device.library.marks()[fightClub.media]?.seen == nil)
      #expect(try device.library.rating(Subject(fightClub.media)) == 9)
      #expect(try device.library.note(Subject(fightClub.media)) == "new note")
      #expect(try device.library.hiddenTitles().isEmpty)
    }
    #expect(try old.export() == current.export())
  }

  @Test func whatWasDeletedBeforeJoiningStaysDeletedOnEveryMachine() throws {
    let (laptop, desktop) = try pair()
    // One past on both machines before either joined: a watch, a rating, a note, a list.
    for device in [laptop, desktop] {
      try device.library.watch(fightClub, on: "2026-01-01", recorded: "2026-01-01")
      _ = try device.library.rate(Subject(fightClub.media), 7, title: fightClub, day: "2026-01-01")
      _ = try device.library.note(Subject(fightClub.media), "old note", title: fightClub, day: "2026-01-01")
      _ = try device.library.add(heat, to: "Noir", day: "2026-01-01")
    }
    try desktop.join()
    // The laptop takes it all back, then joins: its deletions are later than the desktop's rows.
    let then = try #require(try desktop.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try laptop.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(then + 1_000)])
    #expect(try laptop.library.unwatch(fightClub.media, episodes: [nil]) == 1)
    _ = try laptop.library.rate(Subject(fightClub.media), nil, title: fightClub, day: "2026-01-02")
    _ = try laptop.library.note(Subject(fightClub.media), nil, title: fightClub, day: "2026-01-02")
    #expect(try laptop.library.deleteList("Noir"))
    try laptop.join()
    _ = try desktop.sync()
    for device in [laptop, desktop] {
      #expect(try device.library.marks()[fightClub.media]?.seen == nil)
      #expect(try device.library.rating(Subject(fightClub.media)) == nil)
      #expect(try device.library.note(Subject(fightClub.media)) == nil)
      #expect(try device.library.list("Noir") == nil)
    }
    #expect(try laptop.export() == desktop.export())
  }

  @Test func oneOfTwoWatchesOfADayDeletedBeforeJoiningTakesOnlyItself() throws {
    let (laptop, desktop) = try pair()
    // Seen twice on one day on both machines, then twice more on another; the laptop takes back
    // one of the first day's and both of the second's before it joins.
    for device in [laptop, desktop] {
      for day in ["2024-05-01", "2024-05-01", "2024-05-02", "2024-05-02"] {
        try device.library.watch(fightClub, on: day, recorded: day)
      }
    }
    try desktop.join()
    let then = try #require(try desktop.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try laptop.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(then + 1_000)])
    #expect(try laptop.library.unwatch(fightClub.media, episodes: [nil, nil, nil]) == 3)
    try laptop.join()
    _ = try desktop.sync()
    for device in [laptop, desktop] {
      let days = try device.library.connection.rows("SELECT watched FROM watch_events").compactMap {
        $0["watched"].string
      }
      #expect(days == ["2024-05-01"], "\(days)")
    }
    #expect(try laptop.export() == desktop.export())
  }

  @Test func aTitlesRecordsTakenInAnyOrderEndAlike() throws {
    let table = try #require(SyncTable.byName["titles"])
    func record(_ wall: Int64, _ title: String, votes: Int) -> SyncRecord {
      let values: [String: SQLValue] = [
        "kind": .text("movie"), "id": .integer(550), "title": .text(title), "vote_count": .integer(Int64(votes)),
        "genre_ids": .text(""), "genres": .text(""), "updated": .text("2026-11-01"),
      ]
      return SyncRecord(
        clock: HybridClock(wall: wall, counter: 0, device: "d"), table: "titles", key: [.text("movie"), .integer(550)],
        row: table.rowColumns.map { values[$0] ?? .null })
    }
    // Two named versions, then one made offline (no name) after both.
    let (older, newer, offline) = (
      record(1_000, "Old Name", votes: 10), record(2_000, "New Name", votes: 20), record(3_000, "", votes: 0)
    )
    var ends: Set<String> = []
    for order in [
      [older, newer, offline], [older, offline, newer], [offline, older, newer], [offline, newer, older],
      [newer, offline, older], [newer, older, offline],
    ] {
      let library = try freshLibrary()
      let apply = SyncApply(
        connection: library.connection, folder: SyncFolder(root: "/nowhere.invalid", device: "me"), now: Date())
      for record in order { _ = try apply.apply(record) }
      let row = try #require(try library.connection.rows("SELECT title, vote_count FROM titles").first)
      ends.insert("\(row["title"].string ?? "")|\(row["vote_count"].int ?? -1)")
    }
    #expect(ends == ["New Name|20"])
  }

  @Test func aTitleMarkedOfflineOnOneMachineEndsNamedOnEvery() throws {
    let (online, offline) = try pair()
    try online.join()
    try offline.join()
    try online.library.watch(fightClub, on: "2026-11-01", recorded: "2026-11-01")
    // Later, offline elsewhere: the same film known only by its id.
    let then = try #require(try online.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try offline.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(then + 1_000)])
    _ = try offline.library.rate(
      Subject(fightClub.media), 8, title: TitleInfo(media: fightClub.media, title: ""), day: "2026-11-02")
    _ = try offline.sync()
    _ = try online.sync()
    _ = try offline.sync()
    for device in [online, offline] {
      let title = try device.library.title(fightClub.media)
      #expect(
        title?.title == "Fight Club" && title?.year == 1999 && title?.runtime == 139, "\(String(describing: title))")
    }
    #expect(try online.export() == offline.export())
  }

  @Test func aMachinesOwnFactsStayOnIt() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    try laptop.library.record(Library.newsMarkerFact, "2026-12-01")
    try laptop.library.record(Library.playFolderFact + "/media/films//heat", "movie:949")
    try laptop.library.record("jellyfin.played:http://nas.invalid item", "movie:949")
    _ = try laptop.sync()
    _ = try desktop.sync()
    #expect(try desktop.library.fact(Library.newsMarkerFact) == nil, "each machine's cron says its own news")
    #expect(try desktop.library.fact(Library.playFolderFact + "/media/films//heat") == nil)
    #expect(
      try desktop.library.fact("jellyfin.played:http://nas.invalid item") == "movie:949", "what a server played travels"
    )
    // A stamp an older trending gave such a fact is not sent either, by a first send that sends all.
    try laptop.library.connection.rows(
      "INSERT INTO sync_rows (tbl, key, wall, counter, device, deleted) VALUES ('facts', ?, 5, 0, ?, 0)",
      [.text(SyncTable.keyText([.text(Library.newsMarkerFact)])), .text(laptop.id)])
    let moved = try syncView().appendingPathComponent("moved")
    try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
    _ = try laptop.library.joinSync(folder: moved.path, name: nil, now: Date())
    let own = moved.appendingPathComponent(laptop.id)
    let sent = try FileManager.default.contentsOfDirectory(atPath: own.path)
      .map { try String(contentsOf: own.appendingPathComponent($0), encoding: .utf8) }.joined()
    #expect(!sent.contains(Library.newsMarkerFact) && sent.contains("jellyfin.played"), "\(sent)")
  }

  @Test func aRatingChangedAfterOneFromAMachineWhoseClockRunsAheadWinsEverywhere() throws {
    let (fast, laptop) = try pair()
    try fast.join()
    try laptop.join()
    // The fast machine's clock is two minutes ahead (within the five taken in at once): its
    // rating's moment and clock are too.
    let ahead = SyncClock.milliseconds(Date()) + 120_000
    try fast.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(ahead)])
    _ = try fast.library.rate(Subject(fightClub.media), 5, title: fightClub, day: "2026-11-01")
    try fast.library.connection.rows("UPDATE ratings SET rated_at = ?", [.integer(ahead)])
    _ = try fast.sync()
    _ = try laptop.sync()
    // Seen here, then changed: the later rating, though this machine's clock is behind.
    _ = try laptop.library.rate(Subject(fightClub.media), 9, title: fightClub, day: "2026-11-01")
    _ = try laptop.sync()
    _ = try fast.sync()
    for device in [fast, laptop] { #expect(try device.library.rating(Subject(fightClub.media)) == 9) }
    #expect(try fast.export() == laptop.export())
  }

  @Test func anOldRatingImportedOnOneMachineNeverTakesBackANewerOneGivenOnAnother() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    _ = try laptop.library.rate(Subject(heat.media), 4, title: heat, day: "2026-11-01")
    _ = try laptop.sync()
    // The desktop imports an export of 2018 later (its clock ahead), rating 10 on a day of 2018.
    let rated = try #require(try laptop.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try desktop.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(rated + 1_000)])
    let plan = [
      PlannedChange(
        place: RowPlace(file: "ratings.csv", line: 2), target: ImportTarget(info: heat),
        action: .rate(10, day: "2018-03-04"))
    ]
    _ = try desktop.library.apply(plan, dryRun: false, recorded: "2026-11-02")
    _ = try desktop.sync()
    _ = try laptop.sync()
    _ = try desktop.sync()
    for device in [laptop, desktop] { #expect(try device.library.rating(Subject(heat.media)) == 4) }
    // Cleared later on the desktop: the clearing is the newest change, everywhere.
    _ = try desktop.library.rate(Subject(heat.media), nil, title: heat, day: "2026-11-03")
    _ = try desktop.sync()
    _ = try laptop.sync()
    for device in [laptop, desktop] { #expect(try device.library.rating(Subject(heat.media)) == nil) }
    #expect(try laptop.export() == desktop.export())
  }

  /// A member's `export json`, imported on a new machine that then joins: one history, and what
  /// was taken away after the export stays away (the import is a copy, as old as the export).
  @Test func anExportOfAMemberImportedBeforeJoiningTakesBackNothingAndDoublesNothing() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try laptop.library.watch(heat, on: "2025-06-02", recorded: "2025-06-02")
    let copy = try copiedThenTakenAway(laptop)
    _ = try laptop.sync()
    // Later, the new machine (its clock ahead) takes the copy in, then joins.
    let then = try #require(try laptop.library.connection.scalar("SELECT clock_wall FROM device")?.integer)
    try desktop.library.connection.rows("UPDATE device SET clock_wall = ?", [.integer(then + 1_000)])
    _ = try desktop.library.importJSON(copy, name: "copy.json", dryRun: false)
    try desktop.join()
    _ = try laptop.sync()
    for device in [laptop, desktop] {
      #expect(try device.library.connection.scalar("SELECT count(*) FROM watch_events")?.int == 1)
      try expectNothingTakenAway(device.library)
    }
    #expect(try laptop.export() == desktop.export())
    // A member taking the old copy in again gets back nothing taken away since: not the watch,
    // not the rating, not the list and its item.
    let outcome = try desktop.library.importJSON(copy, name: "copy.json", dryRun: false)
    #expect(outcome.takenAway == 4 && outcome.invalid == 0, "\(outcome)")
    try expectNothingTakenAway(desktop.library)
  }

  /// Fight Club seen, Heat on the list Old and rated, synced; then the copy, then all of it taken away.
  private func copiedThenTakenAway(_ device: SyncDevice) throws -> [UInt8] {
    try device.library.watch(fightClub, on: "2025-06-01", recorded: "2025-06-01")
    _ = try device.library.add(heat, to: "Old", day: "2025-06-02")
    _ = try device.library.rate(Subject(heat.media), 7, title: heat, day: "2025-06-02")
    _ = try device.sync()
    let copy = Array(try device.library.exportJSON(now: "2025-06-03").utf8)
    _ = try device.library.rate(Subject(heat.media), nil, title: heat, day: "2025-06-04")
    #expect(try device.library.unwatch(fightClub.media, episodes: [nil]) == 1)
    #expect(try device.library.deleteList("Old"))
    return copy
  }

  /// What `copiedThenTakenAway` took away is still away.
  private func expectNothingTakenAway(_ library: Library) throws {
    #expect(try library.rating(Subject(heat.media)) == nil)
    #expect(try library.marks()[fightClub.media]?.seen == nil)
    #expect(try library.list("Old") == nil)
  }

  /// A member's own old copy, taken in before the next sync: what was taken away here since (not
  /// yet sent) stays away too.
  @Test func anOldCopyTakenInBeforeTheNextSyncBringsBackNothingTakenAwaySince() throws {
    let (laptop, _) = try pair()
    try laptop.join()
    let copy = try copiedThenTakenAway(laptop)
    let outcome = try laptop.library.importJSON(copy, name: "copy.json", dryRun: false)
    #expect(outcome.takenAway == 4 && outcome.addedInAll == 0, "\(outcome)")
    try expectNothingTakenAway(laptop.library)
  }

  /// One machine's rating import says "seen by 1 May" and the other's diary says "seen on 1 April":
  /// after a sync both hold the one dated watch, as one import of both would.
  @Test func aWatchKnownOnlyByADayGivesWayToAnotherMachinesDatedWatch() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    try laptop.library.write {
      for title in [fightClub, heat] {
        try Titles.upsert(laptop.library.connection, title, day: "2026-12-01")
        try Events.insert(
          laptop.library.connection, title.media, episode: nil, day: "2018-05-01", recorded: "2026-12-01",
          identity: .seenBy)
      }
    }
    try desktop.library.watch(fightClub, on: "2018-04-01", recorded: "2026-12-01")
    // A watch after the day is a rewatch: it replaces nothing.
    try desktop.library.watch(heat, on: "2019-06-01", recorded: "2026-12-01")
    _ = try laptop.sync()
    _ = try desktop.sync()
    _ = try laptop.sync()
    _ = try desktop.sync()
    for device in [laptop, desktop] {
      let history = try device.library.history()
      let days = { (title: TitleInfo) in history.filter { $0.title.media == title.media }.map(\.day).sorted() }
      #expect(days(fightClub) == ["2018-04-01"], "one watch, the dated one")
      #expect(days(heat) == ["2018-05-01", "2019-06-01"])
    }
    #expect(try laptop.export() == desktop.export())
    #expect(try laptop.library.changeLogProblems() == [])
  }

  /// A sync that takes this machine's newest watch away and brings a dated one in gives the new
  /// watch the old one's row: it still replaces the watch known only by a day.
  @Test func aDatedWatchInTheRowOfOneTakenAwayStillReplacesOneKnownByADay() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    try laptop.library.write {
      try Titles.upsert(laptop.library.connection, fightClub, day: "2026-12-01")
      try Events.insert(
        laptop.library.connection, fightClub.media, episode: nil, day: "2018-05-01", recorded: "2026-12-01",
        identity: .seenBy)
    }
    try laptop.library.watch(heat, on: "2020-01-01", recorded: "2026-12-01")
    _ = try laptop.sync()
    _ = try desktop.sync()
    #expect(try desktop.library.unwatch(heat.media, episodes: [nil]) == 1)
    try desktop.library.watch(fightClub, on: "2018-04-01", recorded: "2026-12-01")
    _ = try desktop.sync()
    _ = try laptop.sync()
    let history = try laptop.library.history()
    #expect(history.map(\.day) == ["2018-04-01"], "\(history.map(\.day))")
    #expect(try laptop.library.changeLogProblems() == [])
  }

  /// Names told apart by case in any script, as the library tells them here: "Été" made on one
  /// machine and "été" on another are one list, reached by either, added to and deleted as one.
  @Test func aListNamedInAnotherCaseOfAnyScriptIsOneList() throws {
    let (laptop, desktop) = try pair()
    try laptop.join()
    try desktop.join()
    _ = try laptop.library.add(fightClub, to: "Été", day: "2026-11-01")
    _ = try desktop.library.add(heat, to: "été", day: "2026-11-01")
    _ = try laptop.sync()
    _ = try desktop.sync()
    _ = try laptop.sync()
    for device in [laptop, desktop] {
      #expect(try device.library.lists().filter { $0.name.lowercased() == "été" }.count == 1)
      #expect(Set(try device.library.list("ÉTÉ")?.map(\.title.media) ?? []) == [fightClub.media, heat.media])
    }
    #expect(try laptop.export() == desktop.export())
    #expect(try desktop.library.deleteList("été"))
    _ = try desktop.sync()
    _ = try laptop.sync()
    #expect(try laptop.library.list("Été") == nil)
    #expect(try laptop.export() == desktop.export())
  }

  /// A member's watch from before it joined (an id derived from its day) imported on a machine
  /// that saw the film again that day: joining keeps the one, gives the other the next id, and
  /// fails on no unique id.
  @Test func aKeptWatchAndAnotherOfItsDayJoinAsTwo() throws {
    let (laptop, desktop) = try pair()
    try laptop.library.watch(fightClub, on: "2025-06-01", recorded: "2025-06-01")
    try laptop.join()
    _ = try laptop.sync()
    let copy = Array(try laptop.library.exportJSON(now: "2025-06-03").utf8)
    _ = try desktop.library.importJSON(copy, name: "copy.json", dryRun: false)
    try desktop.library.watch(fightClub, on: "2025-06-01", recorded: "2025-06-04")
    try desktop.join()
    _ = try laptop.sync()
    for device in [laptop, desktop] {
      #expect(try device.library.connection.scalar("SELECT count(*) FROM watch_events")?.int == 2)
    }
    #expect(try laptop.export() == desktop.export())
  }
}
