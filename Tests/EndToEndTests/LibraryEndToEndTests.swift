import Foundation
import Testing

@testable import TestSupport

/// The library through the real binary: many processes at once, files it refuses, a newer file, a
/// full disk and a read-only one, all real SQLite files on real file systems.
@Suite("End to end: the library", .serialized)
struct LibraryEndToEndTests {
  /// A data home of its own.
  private func dataHome() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A small tmpfs mounted over a new folder (we are root in the test machine), unmounted by the caller.
  private func smallDisk(kibibytes: Int) throws -> URL? {
    let folder = try dataHome()
    let mounted = try BinaryRunner.program("mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k", "tmpfs", folder.path])
    return mounted.status == 0 ? folder : nil
  }

  private func run(_ arguments: [String], data: URL, environment: [String: String] = [:]) throws
    -> BinaryRunner.Outcome
  {
    try BinaryRunner.run(arguments, environment: environment.merging(["XDG_DATA_HOME": data.path]) { $1 })
  }

  private func library(_ data: URL) -> URL { data.appendingPathComponent("trending/demo/library.sqlite3") }

  @Test func eightyProcessesAddingAndMarkingAtOnceAllLand() throws {
    let data = try dataHome()
    var environment = BinaryRunner.environment(["XDG_DATA_HOME": data.path])
    environment["TRENDING"] = Fixtures.binary.path
    // 40 adds and 40 seen marks of the same 40 films, started at once (no key: nothing is asked).
    let commands = (1...40).flatMap {
      [["watchlist", "add", String($0)], ["seen", String($0), "--on", "2026-01-02"]]
    }
    // Each process's errors to a file of its own, so a failure says what it was.
    let errors = data.appendingPathComponent("errors")
    try FileManager.default.createDirectory(at: errors, withIntermediateDirectories: true)
    let pids = try commands.enumerated().map { index, command in
      try Spawn.start(
        ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>\(errors.path)/\(index)", Fixtures.binary.path] + command,
        environment: environment)
    }
    var failed: [String] = []
    for (index, pid) in pids.enumerated() {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1, errno == EINTR {}
      if status != 0 {
        let said = (try? String(contentsOf: errors.appendingPathComponent("\(index)"), encoding: .utf8)) ?? ""
        failed.append("\(commands[index].joined(separator: " ")) (status \(status)): \(said)")
      }
    }
    #expect(failed.isEmpty, "every process succeeded: \(failed)")
    let watchlist = try run(["watchlist", "--json"], data: data)
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(watchlist.stdout.utf8)) as? [[String: Any]])
    #expect(Set(entries.compactMap { $0["id"] as? Int }) == Set(1...40))
    #expect(entries.allSatisfy { $0["watchlist"] as? Bool == true && $0["seen"] as? String == "2026-01-02" })
    let history = try run(["history", "--json"], data: data)
    let watches = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    #expect(watches.count == 40)
    #expect(try run(["library", "check"], data: data).status == 0)
  }

  @Test func aFileThatIsNotALibraryIsRefusedByEveryCommandAndNeverChanged() throws {
    let data = try dataHome()
    let file = library(data)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let bytes = Data("this is a text file, not SQLite\n".utf8)
    try bytes.write(to: file)
    let commands: [[String]] = [
      ["watchlist"], ["watchlist", "add", "550"], ["watchlist", "--csv"], ["seen", "550"], ["unseen", "550"],
      ["rate", "550", "7"], ["note", "550", "x"], ["hide", "550"], ["unhide", "550"], ["history", "--json"],
      ["progress"], ["lists"], ["lists", "Noir", "add", "550"], ["stats"], ["export", "json"],
      ["export", "letterboxd"], ["library", "check"], ["library", "backup", data.appendingPathComponent("b").path],
    ]
    for arguments in commands {
      let outcome = try run(arguments, data: data)
      #expect(outcome.status == 1, "\(arguments): \(outcome.status) \(outcome.stderr)")
      #expect(outcome.stderr.contains(file.path) && outcome.stderr.contains("Move it aside"), "\(outcome.stderr)")
    }
    #expect(try Data(contentsOf: file) == bytes)
    let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
    #expect(names == ["library.sqlite3"], "no -wal, -shm or replacement beside it: \(names)")
  }

  @Test func aListThatIsNotThereIsNotFoundWhateverIsAskedOfIt() throws {
    let data = try dataHome()
    #expect(try run(["lists", "Noir", "add", "550", "--demo"], data: data).status == 0)
    for asked in [["lists", "Nior"], ["lists", "Nior", "remove", "550"], ["lists", "Nior", "delete"]] {
      let outcome = try run(asked, data: data)
      #expect(outcome.status == 6, "not found, as a season or an episode: \(asked) \(outcome.status)")
      #expect(outcome.stderr.contains("there is no list 'Nior'; 'trending lists' names them"), "\(outcome.stderr)")
    }
    let deleted = try run(["lists", "noir", "delete"], data: data)
    #expect(deleted.status == 0 && deleted.stdout.contains("deleted the list Noir"), "\(deleted.stderr)")
    #expect(try run(["lists", "Noir"], data: data).status == 6)
  }

  /// A watch dated before the latest is said as an earlier one, not "again".
  @Test func aWatchBeforeTheLatestIsSaidAsEarlier() throws {
    let data = try dataHome()
    #expect(try run(["seen", "550", "--on", "2026-01-01", "--demo"], data: data).stdout.contains("seen on 2026-01-01"))
    let earlier = try run(["seen", "550", "--on", "2025-07-07", "--demo"], data: data).stdout
    #expect(earlier.contains("seen on 2025-07-07 too, before its watch of 2026-01-01"), "\(earlier)")
    let again = try run(["seen", "550", "--on", "2026-02-01", "--demo"], data: data).stdout
    #expect(again.contains("seen again on 2026-02-01"), "\(again)")
  }

  @Test func aCheckOfALibraryThatIsNotThereMakesNone() throws {
    let data = try dataHome()
    let check = try run(["library", "check", "--profile", "typo"], data: data)
    #expect(check.status == 1 && check.stderr.contains("The profile typo has no library yet."), "\(check.stderr)")
    let standard = try run(["library", "check"], data: data)
    #expect(standard.status == 1 && standard.stderr.contains("There is no library at"), "\(standard.stderr)")
    let made = FileManager.default.enumerator(atPath: data.path)?.allObjects as? [String] ?? []
    #expect(!made.contains { $0.contains("typo") }, "\(made)")
  }

  @Test func aLibraryFromANewerVersionIsReadButNeverChanged() throws {
    try #require(BinaryRunner.has("sqlite3"), "make setup installs sqlite3")
    let data = try dataHome()
    #expect(try run(["watchlist", "add", "550"], data: data).status == 0)
    let file = library(data)
    #expect(try BinaryRunner.program("sqlite3", [file.path, "PRAGMA user_version = 99"]).status == 0)
    let before = try Data(contentsOf: file)
    let listed = try run(["watchlist", "--json"], data: data)
    #expect(listed.status == 0 && listed.stdout.contains("\"id\" : 550"), "\(listed.stdout)")
    #expect(listed.stderr.contains("made by a newer trending") && listed.stderr.contains("read-only"))
    let change = try run(["seen", "550"], data: data)
    #expect(change.status == 1 && change.stderr.contains("opened read-only: nothing was changed"), "\(change.stderr)")
    // A check says how far it could look: what this trending knows of the file.
    let check = try run(["library", "check"], data: data)
    #expect(check.status == 0 && check.stdout.contains("no problems found in what schema"), "\(check.stdout)")
    #expect(try Data(contentsOf: file) == before)
  }

  @Test func aFullDiskRollsTheChangeBackAndSaysSo() throws {
    let disk = try #require(try smallDisk(kibibytes: 512), "a tmpfs is mounted (the tests run as root)")
    defer { _ = try? BinaryRunner.program("umount", [disk.path]) }
    #expect(try run(["rate", "550", "8"], data: disk).status == 0)
    #expect(try run(["seen", "550", "--on", "2025-01-01"], data: disk).status == 0)
    // Fill what is left of the disk.
    let filler = disk.appendingPathComponent("filler")
    _ = try BinaryRunner.program("dd", ["if=/dev/zero", "of=\(filler.path)", "bs=4096"])
    let note = String(repeating: "a long note ", count: 800)
    let outcome = try run(["note", "550", note], data: disk)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("the disk is full: nothing was changed"), "\(outcome.stderr)")
    // With no room for WAL's index, what is there is still read, exported and copied elsewhere.
    let history = try run(["history"], data: disk)
    #expect(history.status == 0 && history.stdout.contains("2025-01-01\t550"), "\(history.stdout)\(history.stderr)")
    let full = try run(["export", "json"], data: disk)
    #expect(full.status == 0 && full.stdout.contains("\"rating\": 8"), "\(full.stderr)")
    let elsewhere = try dataHome().appendingPathComponent("copy.sqlite3")
    #expect(try run(["library", "backup", elsewhere.path], data: disk).status == 0)
    #expect(FileManager.default.fileExists(atPath: elsewhere.path))
    try FileManager.default.removeItem(at: filler)
    let exported = try run(["export", "json"], data: disk)
    #expect(exported.status == 0 && !exported.stdout.contains("a long note"), "the note was rolled back")
    #expect(exported.stdout.contains("\"rating\": 8"), "what was there is still there")
    #expect(try run(["library", "check"], data: disk).status == 0)
  }

  @Test func aReadOnlyFolderRollsTheChangeBackAndSaysSo() throws {
    let disk = try #require(try smallDisk(kibibytes: 1024), "a tmpfs is mounted (the tests run as root)")
    defer { _ = try? BinaryRunner.program("umount", [disk.path]) }
    #expect(try run(["watchlist", "add", "550"], data: disk).status == 0)
    #expect(try BinaryRunner.program("mount", ["-o", "remount,ro", disk.path]).status == 0)
    let outcome = try run(["seen", "550"], data: disk)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("cannot be written") && outcome.stderr.contains("nothing was changed"))
    #expect(try BinaryRunner.program("mount", ["-o", "remount,rw", disk.path]).status == 0)
    let history = try run(["history", "--json"], data: disk)
    let watches = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [Any]
    #expect(history.status == 0 && watches?.isEmpty == true, "the watch was rolled back: \(history.stdout)")
  }

  @Test func theOldWatchlistFileMovesInOnFirstUse() throws {
    let data = try dataHome()
    let folder = data.appendingPathComponent("trending/demo")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text = "550\tws\t2026-01-02\t2026-01-03\tFight Club\t1999\ntv/1399\tw\t2026-01-04\t\tGame of Thrones\t2011\n"
    try Data(text.utf8).write(to: folder.appendingPathComponent("watchlist"))
    let outcome = try run(["watchlist"], data: data)
    #expect(outcome.status == 0 && outcome.stderr.contains("Moved 2 titles"), "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Fight Club") && outcome.stdout.contains("tv/1399"))
    let kept = folder.appendingPathComponent("watchlist.moved-to-library")
    #expect(try String(contentsOf: kept, encoding: .utf8) == text)
    let again = try run(["watchlist"], data: data)
    #expect(!again.stderr.contains("Moved"), "only once")
  }

  @Test func showAndTvSayTheUsersOwnRatingNoteAndWatch() throws {
    let data = try dataHome()
    #expect(try !run(["show", "550", "--demo"], data: data).stdout.contains("your rating"))
    for arguments in [
      ["rate", "550", "9"], ["note", "550", "the soap scene"], ["seen", "550"], ["rate", "tv/1396", "10"],
    ] {
      #expect(try run(arguments + ["--demo"], data: data).status == 0)
    }
    let film = try run(["show", "550", "--demo"], data: data).stdout
    #expect(film.contains("your rating 9/10") && film.contains("the soap scene") && film.contains("✓ seen"), "\(film)")
    #expect(try run(["tv", "1396", "--demo"], data: data).stdout.contains("your rating 10/10"))
    // --json says the same for scripts, as `yours`: every key there, null where nothing is set.
    let yours = { (arguments: [String]) throws -> [String: Any]? in
      (try self.json(try self.run(arguments + ["--demo", "--json"], data: data)) as? [String: Any])?["yours"]
        as? [String: Any]
    }
    let filmYours = try #require(try yours(["show", "550"]))
    #expect(filmYours["rating"] as? Int == 9 && filmYours["note"] as? String == "the soap scene")
    #expect(filmYours["seen"] is String && filmYours["watchlist"] as? Bool == false, "\(filmYours)")
    #expect(try yours(["tv", "1396"])?["rating"] as? Int == 10)
    let none = try #require(try yours(["show", "603"]), "nothing held of it, and said so")
    #expect(none["watchlist"] as? Bool == false && none["not_interested"] as? Bool == false)
    #expect(none.keys.sorted() == ["not_interested", "note", "rating", "seen", "watchlist"], "\(none)")
    #expect(none["rating"] is NSNull && none["seen"] is NSNull && none["note"] is NSNull)
    let show = try self.json(try self.run(["show", "603", "--demo", "--json"], data: data)) as? [String: Any]
    #expect(show?["media_type"] as? String == "movie", "as tv --json says tv")
  }

  @Test func tvAndSeasonSayTheEpisodesSeenAndRatedAsTheBrowserDoes() throws {
    let data = try dataHome()
    #expect(try !run(["tv", "1396", "--demo"], data: data).stdout.contains("Watch next"))
    for arguments in [
      ["seen", "tv/1396", "--season", "1", "--through", "4"],
      ["rate", "tv/1396", "--season", "1", "--episode", "2", "9"],
    ] {
      #expect(try run(arguments + ["--demo"], data: data).status == 0)
    }
    let series = try run(["tv", "1396", "--demo"], data: data).stdout
    #expect(series.contains("Watch next   S01E05") && series.contains("Season 1  7 episodes · 4/7"), "\(series)")
    let season = try run(["season", "1396", "1", "--demo"], data: data).stdout.split(separator: "\n")
    #expect(season.filter { $0.hasPrefix("✓") }.count == 4, "\(season)")
    #expect(season.contains { $0.hasPrefix("✓  2") && $0.hasSuffix("★9") }, "\(season)")
    #expect(season.contains { $0.hasPrefix("   5") }, "the fifth not seen")
    // Letterboxd's CSV holds films: the series' episodes are left out, and that is said.
    let diary = try run(["export", "letterboxd"], data: data)
    #expect(diary.stderr.contains("left out 1 series: Letterboxd imports films only"), "\(diary.stderr)")
  }

  @Test func aHiddenTitleLeavesTheListsAndDiscoverButNotSearch() throws {
    let data = try dataHome()
    #expect(try run(["list", "--demo"], data: data).stdout.contains("Dune: Part Two"))
    #expect(try run(["hide", "693134", "--demo"], data: data).status == 0)
    let list = try run(["list", "--demo", "--json"], data: data)
    #expect(list.status == 0 && !list.stdout.contains("Dune: Part Two") && list.stdout.contains("Oppenheimer"))
    let discover = try run(["discover", "--demo", "--genre", "Science Fiction"], data: data)
    #expect(discover.status == 0 && !discover.stdout.contains("Dune: Part Two"), "\(discover.stdout)")
    // Searched for by name, it is found: that is where `unhide` is for.
    #expect(try run(["search", "dune", "--demo"], data: data).stdout.contains("Dune: Part Two"))
  }

  @Test func theAddToListLineCompletesTheLibrarysListNames() throws {
    let data = try dataHome()
    #expect(try run(["lists", "Film noir", "add", "603", "--demo"], data: data).status == 0)
    let session = try TmuxSession(["--demo"], environment: ["XDG_DATA_HOME": data.path], width: 120)
    try session.waitFor("1/20")
    try session.waitForIdle()
    // The names are read as the line opens; Tab completes "fi" to the list's own spelling.
    try session.press("L")
    try session.waitFor("(Tab completes, Esc cancels)")
    try session.press("-l", "fi")
    try session.press("Tab")
    try session.waitFor("Esc cancels): Film noir")
    try session.press("Enter")
    try session.waitFor("to the list Film noir")
    try session.send("q")
    _ = try session.waitForExit()
    let noir = try run(["lists", "Film noir"], data: data).stdout
    #expect(noir.contains("Dune: Part Two") && noir.contains("The Matrix"), "\(noir)")
  }

  @Test func theBrowserShowsWhatTheCommandLineStoredAndStartsOnADamagedLibraryWithANotice() throws {
    let data = try dataHome()
    #expect(try run(["watchlist", "add", "550", "--demo"], data: data).status == 0)
    let session = try TmuxSession(["--demo"], environment: ["XDG_DATA_HOME": data.path], width: 120)
    try session.waitFor("1/20")
    try session.waitForIdle()
    try session.press("6")
    try session.waitFor("Fight Club")
    try session.send("q")
    _ = try session.waitForExit()

    // A file that is not a library: the browser starts all the same, without marks, and says why.
    let damaged = try dataHome()
    let file = library(damaged)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let bytes = Data("not SQLite at all\n".utf8)
    try bytes.write(to: file)
    let browser = try TmuxSession(["--demo"], environment: ["XDG_DATA_HOME": damaged.path], width: 200)
    try browser.waitFor("is not a trending library or is damaged")
    try browser.waitForIdle()
    try browser.send("q")
    #expect(try browser.waitForExit().status == 0)
    #expect(try Data(contentsOf: file) == bytes, "never changed")
  }

  private func json(_ outcome: BinaryRunner.Outcome) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
  }

  @Test func progressAsksForTheSeasonsNeverMarkedAndNamesTheNextEpisode() throws {
    let data = try dataHome()
    let marked = try run(["seen", "tv/1399", "--season", "1", "--demo"], data: data)
    #expect(marked.status == 0 && marked.stdout.contains("marked 10 episodes of Game of Thrones"), "\(marked.stdout)")
    let progress = try run(["progress", "--json", "--demo"], data: data)
    let series = try #require(try json(progress) as? [[String: Any]], "\(progress.stdout)\(progress.stderr)")
    let next = series.first?["next"] as? [String: Any]
    #expect(series.first?["seen"] as? Int == 10)
    // Every season asked, the series is whole: seen of all 73 aired, and the next is season 2's first.
    #expect(series.first?["aired"] as? Int == 73, "\(series)")
    #expect(next?["season"] as? Int == 2 && next?["episode"] as? Int == 1, "the demo's next season: \(series)")
    let unseen = try run(["unseen", "tv/1399", "--season", "1", "--through", "3"], data: data)
    #expect(
      unseen.stdout.contains("took away the latest watch of 3 episodes of Game of Thrones (2011)"), "\(unseen.stdout)")
    // A run of episodes marks only those not seen (as "mark up to here" does); one named is a rewatch.
    let through = try run(["seen", "tv/1399", "--season", "1", "--through", "5", "--demo"], data: data)
    #expect(through.stdout.contains("marked 3 episodes of Game of Thrones"), "\(through.stdout)")
    let again = try run(["seen", "tv/1399", "--season", "1", "--through", "5", "--demo"], data: data)
    #expect(again.status == 0 && again.stdout.contains("Every aired episode up to S01E05 was already seen."))
    let none = try run(["seen", "tv/1399", "--season", "1", "--through", "0", "--demo"], data: data)
    #expect(none.status == 6 && none.stderr.contains("Game of Thrones (2011) has no episode up to S01E00"))
    // An episode still to air is left unmarked, and the command fails (exit 1), as no usage was wrong.
    let unaired = try run(["seen", "tv/990101", "--season", "1", "--episode", "8", "--demo"], data: data)
    #expect(unaired.status == 1 && unaired.stderr.contains("left 1 episode that has not aired unmarked"))
    let rewatch = try run(["seen", "tv/1399", "--season", "1", "--episode", "5", "--demo"], data: data)
    #expect(rewatch.stdout.contains("marked 1 episode of Game of Thrones"), "\(rewatch.stdout)")
    let whole = try run(["unseen", "tv/1399"], data: data).stdout
    #expect(whole.contains("has no watch as a whole: --season and --episode take its episodes' away"), "\(whole)")
    let noSeason = try run(["seen", "tv/1399", "--season", "99", "--demo"], data: data)
    #expect(noSeason.status == 6 && noSeason.stderr.contains("Game of Thrones (2011) has no season 99"))
    let noEpisode = try run(["seen", "tv/1399", "--season", "1", "--episode", "99", "--demo"], data: data)
    #expect(
      noEpisode.status == 6 && noEpisode.stderr.contains("Game of Thrones (2011) has no episode S01E99"),
      "a missing episode is not found, as a missing season is: \(noEpisode.stderr)")
    let history = try run(["history", "--json"], data: data)
    let watches = try #require(try json(history) as? [[String: Any]], "\(history.stdout)")
    #expect(watches.count == 11, "10 of season 1, 3 taken away, 3 again, 1 rewatch: \(watches.count)")
  }

  @Test func eachChangeSaysWhatBecameOfIt() throws {
    let data = try dataHome()
    let said = try [
      ["rate", "603", "8", "--demo"], ["rate", "603", "--clear", "--demo"], ["rate", "603", "--clear", "--demo"],
      ["note", "603", "x", "--demo"], ["note", "603", "--clear", "--demo"], ["note", "603", "--clear", "--demo"],
      ["hide", "603", "--demo"], ["unhide", "603", "--demo"], ["unhide", "603", "--demo"],
      ["seen", "603", "--on", "2026-01-02", "--demo"], ["seen", "603", "--on", "2026-01-03", "--demo"],
    ].map { try run($0, data: data).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(
      said == [
        "The Matrix (1999): 8/10", "The Matrix (1999): rating cleared", "The Matrix (1999) had no rating",
        "The Matrix (1999): note saved", "The Matrix (1999): note cleared", "The Matrix (1999) had no note",
        "The Matrix (1999): not interested", "The Matrix (1999): shown in lists again",
        "The Matrix (1999) was not hidden", "marked The Matrix (1999) seen on 2026-01-02",
        "marked The Matrix (1999) seen again on 2026-01-03",
      ])
    // A list's change is said on standard error; standard output is the list, for a pipe.
    let added = try run(["lists", "Noir", "add", "603", "--demo"], data: data)
    #expect(added.stderr.contains("added The Matrix (1999) to Noir") && added.stdout.contains("The Matrix"))
    let again = try run(["lists", "noir", "add", "603", "--demo"], data: data)
    #expect(
      again.status == 0 && again.stderr.contains("The Matrix (1999) was on Noir already"),
      "the list as the library spells it: \(again.stderr)")
    #expect(try run(["lists", "Noir", "remove", "603"], data: data).stderr.contains("took The Matrix (1999) off Noir"))
    #expect(
      try run(["lists", "Noir", "remove", "603"], data: data).stderr.contains("The Matrix (1999) was not on Noir"))
    // Offline, a title the library knows keeps its name and is not said to be kept without it.
    let refusing = try RefusingPort()
    let offline = try run(
      ["rate", "603", "7"], data: data,
      environment: ["AMODB_KEY": "k", "AMODB_BASE_URL": refusing.baseURL.absoluteString])
    #expect(
      offline.stdout.contains("The Matrix (1999): 7/10") && !offline.stderr.contains("without its title"),
      "\(offline.stderr)")
    // Without a key, a title the library does not know is kept by its id, and that is said.
    let keyless = try run(["seen", "155"], data: data)
    #expect(keyless.status == 0 && keyless.stdout.contains("Film #155"), "\(keyless.stdout)")
    #expect(keyless.stderr.contains("155 is kept without its title: No API key"), "\(keyless.stderr)")
  }

  /// A server that answers 550 with another film is not believed: the watch is 550's, by its id.
  @Test func anAnswerAboutAnotherTitleIsNotStoredAsTheOneAskedFor() throws {
    let data = try dataHome()
    let server = try LoopbackServer { request in
      request.path == "/3/movie/550"
        ? .json(#"{"id":999,"title":"Other film","release_date":"2001-01-01"}"#)
        : .json(#"{"status_code":34}"#, status: 404)
    }
    defer { server.stop() }
    let environment = ["AMODB_KEY": "k", "AMODB_BASE_URL": server.baseURL.absoluteString]
    let seen = try run(["seen", "550", "--no-cache"], data: data, environment: environment)
    #expect(seen.status == 0 && seen.stdout.contains("Film #550"), "\(seen.stdout)")
    #expect(
      seen.stderr.contains("550 is kept without its title: Could not read the answer (the answer is about id 999"),
      "\(seen.stderr)")
    let added = try run(["watchlist", "add", "550", "--no-cache"], data: data, environment: environment)
    #expect(!added.stdout.contains("Other film") && !added.stdout.contains("999"), "\(added.stdout)")
    let history = try run(["history"], data: data).stdout
    #expect(history.contains("550") && !history.contains("999") && !history.contains("Other film"), "\(history)")
  }

  /// A title marked while amodb could not be asked is kept by its id, and named by the first
  /// listing that can ask for it; offline, the listing shows it by its id, as before.
  @Test func aTitleKeptByItsIdIsNamedByTheNextListingThatCanAsk() throws {
    let data = try dataHome()
    let refusing = try RefusingPort()
    let offline = ["AMODB_KEY": "k", "AMODB_BASE_URL": refusing.baseURL.absoluteString]
    let seen = try run(["seen", "551", "--no-cache"], data: data, environment: offline)
    #expect(seen.status == 0 && seen.stdout.contains("Film #551"), "\(seen.stdout)")
    #expect(try run(["history"], data: data, environment: offline).stdout.contains("Film #551"))
    let server = try LoopbackServer { request in
      request.path == "/3/movie/551"
        ? .json(#"{"id":551,"title":"The Poseidon Adventure","release_date":"1972-12-01"}"#)
        : .json(#"{"status_code":34}"#, status: 404)
    }
    defer { server.stop() }
    let online = ["AMODB_KEY": "k", "AMODB_BASE_URL": server.baseURL.absoluteString]
    let history = try run(["history"], data: data, environment: online).stdout
    #expect(history.contains("The Poseidon Adventure (1972)"), "\(history)")
    #expect(try run(["history"], data: data).stdout.contains("The Poseidon Adventure"), "kept, read without a key")
    #expect(server.count("/3/movie/551") == 1)
  }

  @Test func statsAsksForTheRuntimeAndGenresOfTitlesMarkedWithoutThem() throws {
    let data = try dataHome()
    // No key: the film is kept by its id alone, as a mark from a list's row keeps no runtime.
    #expect(try run(["seen", "550", "--on", "2026-03-01"], data: data).status == 0)
    let bare = try run(["stats", "--year", "2026"], data: data).stdout
    #expect(
      bare.contains("hours: 0.0 (1 watch of unknown length not counted)") && !bare.contains("top genres"), "\(bare)")
    let bareJSON = try run(["stats", "--year", "2026", "--json"], data: data).stdout
    #expect(
      bareJSON.contains(#""unmeasured_watches":1"#) || bareJSON.contains(#""unmeasured_watches" : 1"#), "\(bareJSON)")
    let asked = try run(["stats", "--year", "2026", "--demo"], data: data).stdout
    #expect(asked.contains("hours: 2.3\n") && asked.contains("top genres: Drama ×1"), "\(asked)")
    // Kept now: asked once.
    #expect(try run(["stats", "--year", "2026"], data: data).stdout == asked)
    // A failing service is asked one batch, four at most, then left: stats is never held long.
    for id in 600..<610 { #expect(try run(["seen", String(id), "--on", "2026-03-02"], data: data).status == 0) }
    let failing = try LoopbackServer { _ in .json(#"{"status_message": "Down."}"#, status: 500) }
    let down = try run(
      ["stats", "--year", "2026"], data: data,
      environment: ["AMODB_KEY": "k", "AMODB_BASE_URL": failing.baseURL.absoluteString])
    #expect(down.status == 0 && down.stdout.contains("films seen: 11"), "\(down.stdout)\(down.stderr)")
    let films = Set(failing.requests.map(\.path).filter { $0.hasPrefix("/3/movie/") })
    #expect((1...4).contains(films.count), "\(films)")
  }

  @Test func everyCommandChangesOrReadsTheLibraryAndTheExportsHoldIt() throws {
    let data = try dataHome()
    let steps: [[String]] = [
      ["seen", "550", "--on", "2025-03-01", "--demo"], ["seen", "550", "--on", "2026-02-01", "--demo"],
      ["rate", "550", "9", "--demo"], ["note", "550", "=HYPERLINK(\"http://x.invalid\"),", "--demo"],
      ["lists", "Noir", "add", "603", "--demo"], ["lists", "Noir", "add", "550", "--demo"], ["hide", "238", "--demo"],
      ["seen", "603", "--on", "2024-12-31", "--demo"],
    ]
    for step in steps {
      let outcome = try run(step, data: data)
      #expect(outcome.status == 0, "\(step): \(outcome.stderr)")
    }
    let unseen = try run(["unseen", "603"], data: data).stdout
    #expect(unseen.contains("took away the watch of The Matrix (1999); it is not seen now"), "\(unseen)")
    let nothing = try run(["unseen", "603"], data: data)
    #expect(nothing.status == 0 && nothing.stdout.contains("The Matrix (1999) has no watch to take away"))
    let rewatched = try run(["unseen", "550"], data: data).stdout
    #expect(rewatched.contains("it is still seen, last on 2025-03-01"), "the earlier watch stays: \(rewatched)")
    _ = try run(["seen", "550", "--on", "2026-02-01", "--demo"], data: data)
    let history = try #require(
      try json(run(["history", "--since", "2025-01-01", "--json"], data: data)) as? [[String: Any]])
    #expect(history.map { $0["watched"] as? String } == ["2026-02-01", "2025-03-01"])
    #expect(history.map { $0["rewatch"] as? Bool } == [true, false])
    let letterboxd = try run(["export", "letterboxd"], data: data).stdout.split(separator: "\n")
    #expect(letterboxd.first == "tmdbID,imdbID,Title,Year,Rating10,WatchedDate,Rewatch,Tags,Review")
    // One row a watch; the rating and the review go with the latest (Letterboxd keeps them per entry).
    #expect(letterboxd.dropFirst().first == "550,tt0137523,Fight Club,1999,,2025-03-01,false,Noir,", "\(letterboxd)")
    #expect(
      letterboxd.last
        == #"550,tt0137523,Fight Club,1999,9,2026-02-01,true,Noir,"'=HYPERLINK(""http://x.invalid""),""#,
      "\(letterboxd)")
    #expect(letterboxd.count == 3, "one row a watch")
    let lists = try #require(try json(run(["lists", "--json"], data: data)) as? [[String: Any]])
    #expect(lists.map { $0["name"] as? String } == ["watchlist", "Noir"] && lists.last?["count"] as? Int == 2)
    let noir = try run(["lists", "Noir", "--csv"], data: data).stdout
    #expect(noir == "Position,tmdbID,Title,Year\n1,603,The Matrix,1999\n2,550,Fight Club,1999\n", "\(noir)")
    // A series on the list is left out of Letterboxd's CSV, and said, as the watchlist's is.
    #expect(try run(["lists", "Noir", "add", "tv/1396", "--demo"], data: data).status == 0)
    let mixed = try run(["lists", "Noir", "--csv"], data: data)
    #expect(mixed.stdout == noir, "\(mixed.stdout)")
    #expect(mixed.stderr.contains("left out 1 series: Letterboxd imports films only"), "\(mixed.stderr)")
    let stats = try #require(try json(run(["stats", "--year", "2026", "--json"], data: data)) as? [String: Any])
    #expect(stats["films"] as? Int == 1 && stats["film_watches"] as? Int == 1)
    let words = try run(["stats", "--year", "2026"], data: data).stdout
    #expect(words.contains("films seen: 1 (1 watch)") && words.contains("ratings: ★9 ×1"), "\(words)")
    let export = try #require(try json(run(["export", "json"], data: data)) as? [String: Any])
    let tables = try #require(export["tables"] as? [String: [[String: Any]]])
    #expect(tables["hidden"]?.first?["title_id"] as? Int == 238 && tables["watch_events"]?.count == 2)
    let backup = data.appendingPathComponent("copy.sqlite3")
    #expect(try run(["library", "backup", backup.path], data: data).status == 0)
    #expect(try run(["library", "backup", backup.path], data: data).status == 1, "never replaced")
    // Into a folder, as cp puts a file: a file named by the moment.
    let folder = data.appendingPathComponent("backups")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let into = try run(["library", "backup", folder.path], data: data)
    #expect(into.status == 0 && into.stdout.contains(folder.path + "/trending-library-"), "\(into.stdout)")
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(made.count == 1 && made.first?.hasSuffix("Z.sqlite3") == true, "\(made)")
    // Another at once is another copy, never a refusal nor a file replaced.
    #expect(try run(["library", "backup", folder.path], data: data).status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
    #expect(try run(["library", "check"], data: data).stdout.contains("no problems found"))
    let copy = try BinaryRunner.program("sqlite3", [backup.path, "SELECT count(*) FROM watch_events"])
    #expect(copy.stdout == "2\n")
    let bad = try run(["rate", "550", "0"], data: data)
    #expect(bad.status == 2 && bad.stderr.contains("not '0'"))
  }
}
