import Foundation
import Testing

@testable import TestSupport

/// The library through the real binary: many processes at once, files it refuses, a newer file, a
/// full disk and a read-only one, all real SQLite files on real file systems.
@Suite("End to end: the library", .serialized)
struct LibraryEndToEndTests: LibraryEndToEnd {
  /// A small tmpfs mounted over a new folder (we are root in the test machine), unmounted by the caller.
  private func smallDisk(kibibytes: Int) throws -> URL? {
    let folder = try dataHome()
    let mounted = try BinaryRunner.program("mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k", "tmpfs", folder.path])
    return mounted.status == 0 ? folder : nil
  }

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
    #expect(
      change.status == 1 && change.stderr.contains("newer trending (schema 99; this one knows")
        && change.stderr.contains("it is only read, and nothing was changed."), "\(change.stderr)")
    #expect(!change.stderr.contains("opened read-only"), "the refusal says it once, not the read's notice too")
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
}
