import Foundation
import Testing

@testable import TestSupport

/// Profiles through the real binary: two people in one data home, each with a library of their
/// own, the default library untouched, and names that would lead elsewhere refused.
@Suite("End to end: profiles")
struct ProfileEndToEndTests {
  /// A data home of its own.
  private func dataHome() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profile-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func run(_ arguments: [String], data: URL, profile: String? = nil) throws -> BinaryRunner.Outcome {
    var environment = ["XDG_DATA_HOME": data.path]
    if let profile { environment["TRENDING_PROFILE"] = profile }
    return try BinaryRunner.run(arguments, environment: environment)
  }

  /// The ids and days `history --json` lists.
  private func history(_ data: URL, _ options: [String] = [], profile: String? = nil) throws -> [String] {
    let outcome = try run(["history", "--json"] + options, data: data, profile: profile)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let watches = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]], "\(outcome.stdout)")
    return watches.map { "\($0["id"] ?? "?") \($0["watched"] ?? "?")" }.sorted()
  }

  /// Every file under `folder`, relative to it.
  private func files(_ folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var directory: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &directory),
        !directory.boolValue
      {
        found.append(path)
      }
    }
    return found.sorted()
  }

  @Test func twoProfilesKeepSeparateWatchesAndTheDefaultIsUntouched() throws {
    let data = try dataHome()
    // The default library first, as it was before profiles.
    #expect(try run(["seen", "13", "--on", "2026-10-01"], data: data).status == 0)
    let standard = data.appendingPathComponent("trending/demo/library.sqlite3")
    let before = try Data(contentsOf: standard)
    let defaultHistory = try history(data)
    #expect(defaultHistory.count == 1 && defaultHistory[0].hasPrefix("13 "), "\(defaultHistory)")

    let seen = try run(["--profile", "anna", "seen", "550", "--on", "2026-11-01"], data: data)
    #expect(seen.status == 0, "\(seen.stderr)")
    let anna = try history(data, ["--profile", "anna"])
    #expect(anna.count == 1 && anna[0] == "550 2026-11-01", "\(anna)")
    // The other profile, chosen by the variable, has no library: a read says so and makes none,
    // as does a change that only takes away (a name misspelt in an undo is caught).
    let trakt = Fixtures.exportsDirectory.appendingPathComponent("trakt").path
    for read in [
      ["history"], ["watchlist"], ["lists"], ["stats"], ["export", "json"], ["sync", "status"], ["pick", "--demo"],
      ["for-you", "--demo"], ["calendar", "--demo"], ["new", "--demo"], ["unseen", "550"], ["rate", "550", "--clear"],
      ["note", "550", "--clear"], ["unhide", "550"], ["watchlist", "remove", "550"], ["lists", "Sand", "delete"],
      ["lists", "Sand", "remove", "550"], ["lists", "Sand", "rename", "Dune"], ["sync", "forget", "x"],
      ["sync", "name", "x"],
    ] {
      let bob = try run(read, data: data, profile: "bob")
      #expect(bob.status == 1 && bob.stdout.isEmpty, "\(read): \(bob.status) \(bob.stdout)")
      #expect(bob.stderr.contains("The profile bob has no library yet. Profiles with one: anna."), "\(bob.stderr)")
    }
    // A dry run says so too, then counts what a first import would add, on an empty library of its own.
    let dry = try run(["import", "trakt", trakt, "--dry-run", "--demo"], data: data, profile: "bob")
    #expect(dry.status == 0 && dry.stderr.contains("The profile bob has no library yet."), "\(dry.stderr)")
    #expect(dry.stdout.contains("would"), "\(dry.stdout)")
    let bobsFolder = data.appendingPathComponent("trending/demo/profiles/bob")
    #expect(!FileManager.default.fileExists(atPath: bobsFolder.path), "a dry run makes no library")
    // The option beats the variable.
    #expect(try history(data, ["--profile", "anna"], profile: "bob") == anna)
    // The first mark makes the profile's library.
    #expect(try run(["watchlist", "add", "13"], data: data, profile: "bob").status == 0)
    #expect(try history(data, profile: "bob").isEmpty)
    // `default` is today's file, by name or by nothing at all.
    #expect(try history(data, ["--profile", "default"]) == defaultHistory)
    #expect(try history(data, profile: "default") == defaultHistory)
    #expect(try history(data) == defaultHistory)
    #expect(try Data(contentsOf: standard) == before, "the default library's file is not changed by a profile")

    let names = files(data.appendingPathComponent("trending/demo")).filter { $0.hasSuffix("library.sqlite3") }
    #expect(
      names == ["library.sqlite3", "profiles/anna/library.sqlite3", "profiles/bob/library.sqlite3"], "\(names)")
  }

  @Test func eachProfileKeepsItsOwnSyncFolder() throws {
    let data = try dataHome()
    let folder = data.appendingPathComponent("Sync")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let joined = try run(["--profile", "anna", "sync", "init", folder.path], data: data)
    #expect(joined.status == 0, "\(joined.stderr)")
    let annas = try run(["--profile", "anna", "sync", "status"], data: data)
    #expect(annas.status == 0 && annas.stdout.contains(folder.path), "\(annas.stdout) \(annas.stderr)")
    // Bob's library and the default one have not joined any folder.
    let bob = try run(["sync", "status"], data: data, profile: "bob")
    #expect(bob.status == 1 && bob.stderr.contains("The profile bob has no library yet"), "\(bob.stderr)")
    let standard = try run(["sync", "status"], data: data)
    #expect(standard.status == 1 && standard.stderr.contains("does not sync yet"), "\(standard.stderr)")
    #expect(!(bob.stdout + standard.stdout).contains(folder.path))
  }

  @Test func aNameThatIsNotAProfilesIsAUsageErrorAndMakesNothing() throws {
    let data = try dataHome()
    let bad: [(arguments: [String], variable: String?, source: String)] = [
      (["--profile", "../escape", "seen", "550"], nil, "--profile"),
      (["--profile", ".hidden", "history"], nil, "--profile"),
      (["--profile", "a/b", "watchlist", "add", "550"], nil, "--profile"),
      (["--profile", String(repeating: "x", count: 65), "history"], nil, "--profile"),
      (["seen", "550"], "../escape", "TRENDING_PROFILE"),
      (["doctor"], "a b", "TRENDING_PROFILE"),
      ([], "/tmp", "TRENDING_PROFILE"),
    ]
    for (arguments, variable, source) in bad {
      let outcome = try run(arguments, data: data, profile: variable)
      #expect(outcome.status == 2, "\(arguments) \(variable ?? ""): \(outcome.status) \(outcome.stderr)")
      #expect(
        outcome.stderr.contains("\(source) must be a name of 1 to 64 characters a-z, A-Z, 0-9"), "\(outcome.stderr)")
      #expect(outcome.stdout.isEmpty)
    }
    #expect(files(data).isEmpty, "nothing was made anywhere: \(files(data))")
    // Help needs no library, and is answered whatever the variable says.
    #expect(try run(["--help"], data: data, profile: "../escape").status == 0)
  }

  @Test func anImportThatCannotReadItsFileMakesNoLibrary() throws {
    let data = try dataHome()
    let bad = data.appendingPathComponent("bad.csv")
    try "x,y\n".write(to: bad, atomically: true, encoding: .utf8)
    let missing = try run(["--profile", "anna", "import", "letterboxd", data.path + "/none.zip"], data: data)
    #expect(missing.status == 1 && missing.stderr.contains("none.zip: no such file or folder"), "\(missing.stderr)")
    let unread = try run(["--profile", "anna", "import", "letterboxd", bad.path], data: data)
    #expect(unread.status == 1 && unread.stderr.contains("holds none of the files"), "\(unread.stderr)")
    #expect(files(data) == ["bad.csv"], "no library was made: \(files(data))")
    // So the misspelt profile is still said to have none.
    let history = try run(["--profile", "anna", "history"], data: data)
    #expect(history.stderr.contains("The profile anna has no library yet"), "\(history.stderr)")
  }

  @Test func doctorShowsTheProfileAndItsLibrary() throws {
    let data = try dataHome()
    let chosen = try run(["doctor", "--json", "--profile", "anna"], data: data, profile: "bob")
    // No key is a problem (exit 1); the profile is said all the same.
    #expect(chosen.status == 1, "\(chosen.stderr)")
    let facts = try #require(
      try JSONSerialization.jsonObject(with: Data(chosen.stdout.utf8)) as? [String: [String: Any]])
    #expect(
      facts["profile"]?["value"] as? String == "anna" && facts["profile"]?["why"] as? String == "--profile was given")
    #expect(facts["library"]?["value"] as? String == data.path + "/trending/demo/profiles/anna/library.sqlite3")
    #expect(facts["key"]?["problem"] as? Bool == true && facts["profile"]?["problem"] == nil)
    let variable = try run(["doctor"], data: data, profile: "bob")
    #expect(variable.stdout.contains("TRENDING_PROFILE is set"), "\(variable.stdout)")
    #expect(variable.stdout.contains(data.path + "/trending/demo/profiles/bob/library.sqlite3"), "\(variable.stdout)")
    let standard = try run(["doctor", "--json"], data: data)
    let plain = try #require(
      try JSONSerialization.jsonObject(with: Data(standard.stdout.utf8)) as? [String: [String: Any]])
    #expect(plain["profile"]?["value"] as? String == "default")
    #expect(plain["library"]?["value"] as? String == data.path + "/trending/demo/library.sqlite3")
  }
}

extension BrowserEndToEndTests {
  /// Nested in the serialized tmux suite, as the other browser tests are.
  @Suite("End to end: the browser on a profile")
  struct ProfileBrowserTests {
    @Test func theBrowserMarksTheProfilesLibraryAndNoOther() throws {
      let session = try TmuxSession(["--demo", "--profile", "anna"])
      try session.waitFor("1/20")
      try session.waitForIdle()
      // Whose library it is, in the header: two people at one terminal can tell.
      #expect(try session.capture().contains("Trending films · this week · demo · anna"))
      try session.send("a", "q")
      #expect(try session.waitForExit().status == 0)
      let data = ["XDG_DATA_HOME": session.home.appendingPathComponent("data").path]
      let anna = try BinaryRunner.run(["watchlist", "--json", "--profile", "anna"], environment: data)
      #expect(anna.stdout.contains("\"watchlist\" : true"), "\(anna.stdout) \(anna.stderr)")
      let standard = try BinaryRunner.run(["watchlist", "--json"], environment: data)
      #expect(standard.status == 0 && !standard.stdout.contains("\"watchlist\" : true"), "\(standard.stdout)")
      #expect(
        FileManager.default.fileExists(
          atPath: session.home.appendingPathComponent("data/trending/demo/profiles/anna/library.sqlite3").path))
    }

    @Test func aProfileWithNoLibraryIsSaidAndMadeByItsFirstMarkOnly() throws {
      let amodb = try FakeAmodb()
      let session = try TmuxSession(["--profile", "anan"], environment: amodb.environment)
      let library = session.home.appendingPathComponent("data/trending/demo/profiles/anan/library.sqlite3").path
      // Browsing a misspelt name says so, and makes nothing: not the library, nor its folder.
      try session.waitFor("The profile anan has no library yet. Its first mark makes it.")
      try session.waitForIdle()
      try session.press("6")
      try session.waitFor("Could not load “Watchlist”")
      #expect(try session.capture().contains("The profile anan has no library yet"))
      let profiles = session.home.appendingPathComponent("data/trending/demo/profiles").path
      #expect(!FileManager.default.fileExists(atPath: profiles))
      // The first mark makes it, and the tab reads it from then on.
      try session.press("1")
      try session.waitFor("Film 1")
      try session.press("a")
      try session.waitFor("Added Film 1 to the watchlist.")
      try session.press("6")
      try session.waitFor("1/1")
      #expect(FileManager.default.fileExists(atPath: library))
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
